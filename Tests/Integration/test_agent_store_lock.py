# SPDX-License-Identifier: GPL-3.0-or-later
"""Another process holding the store's lock (an import reading a large calendar, a stuck command)
never stops the agent: it answers D-Bus, rings the next timer, and writes what it had to record (a
stopped one-time timer switched off) once the lock is free."""
from __future__ import annotations

import fcntl
import time
from datetime import timedelta

import pytest

from harness import wait_until
from harness.alarms import once_alarm, store_document, utc_now

pytestmark = pytest.mark.agent

AGENT = ("org.moscowtime.Agent", "/org/moscowtime/Agent", "org.moscowtime.Agent1")


def test_a_held_store_lock_never_stops_ringing_or_dbus(rig):
    rig.start_agent()
    first = rig.timer(2, "Held first")
    second = rig.timer(5, "Held second")
    lock_path = rig.store_path.with_name("store.json.lock")
    with open(lock_path, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        call = rig.wait_for_ring(first.label, timeout=6)
        rig.bus.call(*AGENT, "Stop", first.id, signature="s", timeout=2)
        rig.wait_for_close(call.id, timeout=2)
        # The agent wants to switch the finished timer off in the store and cannot: it still answers
        # at once and rings the next timer.
        started = time.monotonic()
        status = rig.bus.call(*AGENT, "GetStatus", timeout=2)
        assert time.monotonic() - started < 1.0 and status
        rig.wait_for_ring(second.label, timeout=8)
        assert rig.alarm(first.id)["enabled"] is True, "written while another process held the lock"
        fcntl.flock(lock, fcntl.LOCK_UN)
    wait_until(lambda: rig.alarm(first.id)["enabled"] is False, 5, "the stopped timer switched off once the lock is free")


def test_a_finished_one_time_alarm_changed_by_another_writer_meanwhile_stays_on(rig):
    """The agent decides to switch off a one-time alarm that rang and was stopped, but the store is
    locked; meanwhile another program (not agent-cli, so no Reload) moves it to tomorrow under the
    lock. The agent's write, made once the lock is free, checks the decision against the version
    the store holds then: tomorrow's ring stays on (issue 36 §2)."""
    now = utc_now()
    alarm = once_alarm("Moved meanwhile", now, modified=now - timedelta(hours=1))
    rig.write_store(store_document([alarm]))
    agent = rig.start_agent()
    call = rig.wait_for_ring(alarm["label"], timeout=5)
    lock_path = rig.store_path.with_name("store.json.lock")
    with open(lock_path, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        rig.bus.call(*AGENT, "Stop", alarm["id"], signature="s", timeout=2)
        rig.wait_for_close(call.id, timeout=2)
        tomorrow = once_alarm("Moved meanwhile", now + timedelta(days=1), modified=utc_now(), alarm_id=alarm["id"])
        rig.write_store(store_document([tomorrow]), written=utc_now())
        fcntl.flock(lock, fcntl.LOCK_UN)
    agent.wait_for_log("changed in the store since it rang", timeout=5)
    assert rig.alarm(alarm["id"])["enabled"] is True
    assert rig.next_for(alarm["id"]) is not None
