# SPDX-License-Identifier: GPL-3.0-or-later
"""Issue 20 §1 across two homes: an edit made on a machine whose clock runs 10 minutes fast, or 10
minutes slow, reaches this machine through a real Radicale; this machine's running agent does what
its `next` promised — it counts the change from when it arrived here, never from the stamp the
other clock wrote."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from harness.alarms import hhmm, parse_iso
from harness.clock import pin_clock
from test_caldav_sync import Machine, radicale, server_clock  # noqa: F401 (fixtures)
from test_caldav_two_agents import set_up_sync

pytestmark = pytest.mark.agent


def _here_at_next_minute(rig, seconds_before: int) -> datetime:
    """Pins this machine's clock `seconds_before` a whole minute; returns that minute."""
    now = datetime.now(timezone.utc)
    minute = (now + timedelta(minutes=2)).replace(second=0, microsecond=0)
    pin_clock(rig.sandbox, minute - timedelta(seconds=seconds_before))
    return minute


def _synced_from_laptop(rig, cli, sandbox, radicale, label: str, at: datetime, laptop_now: datetime) -> dict:
    """The laptop, its clock reading `laptop_now`, adds an every-day alarm at `at`'s minute and
    syncs; this machine's agent starts and this machine syncs. Returns the alarm as it is here."""
    laptop = Machine(cli, sandbox, "laptop")
    stamp = laptop_now.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    laptop("add", hhmm(at), "--days", "everyday", "--label", label, at=stamp)
    laptop.setup(radicale, at=stamp)
    laptop("sync", at=stamp)
    set_up_sync(rig, radicale)
    rig.start_agent()
    rig.cli("sync")
    [alarm] = [a for a in rig.list_json() if a["label"] == label]
    return alarm


def test_an_edit_from_a_clock_ten_minutes_fast_rings_here_when_next_said(rig, cli, sandbox, radicale):
    minute = _here_at_next_minute(rig, 25)
    here_now = minute - timedelta(seconds=25)
    alarm = _synced_from_laptop(rig, cli, sandbox, radicale, "Fast laptop", minute, here_now + timedelta(minutes=10))
    assert parse_iso(rig.next_for(alarm["id"])["at"]) == minute
    ring = rig.wait_for_ring("Fast laptop", timeout=40)
    assert ring.summary == "Fast laptop"


def test_an_edit_from_a_clock_ten_minutes_slow_does_not_ring_a_past_occurrence_here(rig, cli, sandbox, radicale):
    minute = _here_at_next_minute(rig, 25)
    here_now = minute - timedelta(seconds=25)
    past = minute - timedelta(minutes=5)  # ahead for the slow laptop, 4.5 minutes ago here
    alarm = _synced_from_laptop(rig, cli, sandbox, radicale, "Slow laptop", past, here_now - timedelta(minutes=10))
    promised = parse_iso(rig.next_for(alarm["id"])["at"])
    assert promised == past + timedelta(days=1)
    rig.timer(4, "Sentinel")
    rig.wait_for_ring("Sentinel", timeout=10)
    assert rig.rings("Slow laptop") == [] and rig.missed_reports() == []
    assert parse_iso(rig.next_for(alarm["id"])["at"]) == promised
