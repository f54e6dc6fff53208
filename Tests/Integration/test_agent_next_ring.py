# SPDX-License-Identifier: GPL-3.0-or-later
"""What `next` promises is what the running agent does (the core's one rule, `NextRing`), in the
cases where they used to disagree: an edit stamped by another clock, a one-time alarm moved while it
rang, a restored backup, a changed zone, a pause. Each absence is asserted after a sentinel timer,
created later, has rung: the agent took the change in before it."""
from __future__ import annotations

import os
import signal
from datetime import timedelta

import dbus
import pytest

from harness import BusMonitor, wait_until
from harness.alarms import (AGENT_BUS_NAME, iso_z, minute_floor, moscow, once_alarm, parse_iso, store_document,
                            timer_alarm, utc_now, weekly_alarm)

pytestmark = pytest.mark.agent

PATH = "/org/moscowtime/Agent"
IFACE = "org.moscowtime.Agent1"


def _sentinel(rig):
    """A timer created now rings in 2 s; returns once it has (the agent has seen what came before)."""
    rig.timer(2, "Sentinel")
    rig.wait_for_ring("Sentinel", timeout=8)


def _taken_in(rig, alarm: dict) -> None:
    """Waits until the agent has taken in this version of the alarm (its state says so)."""
    wait_until(lambda: rig.state().get("seen", {}).get(alarm["id"], {}).get("modified") == alarm["modified"], 5,
               f"the agent to take in {alarm['label']!r} as modified {alarm['modified']}")


def _next_at(rig, alarm_id: str):
    entry = rig.next_for(alarm_id)
    return parse_iso(entry["at"]) if entry else None


def test_an_edit_stamped_by_a_clock_ten_minutes_fast_rings_when_next_said(rig):
    rig.start_agent()
    now = utc_now()
    due = (now + timedelta(seconds=4)).replace(microsecond=0)
    alarm = timer_alarm("Fast clock", due, modified=now + timedelta(minutes=10))
    rig.write_store(store_document([alarm]), written=now)
    assert _next_at(rig, alarm["id"]) == due
    call = rig.wait_for_ring("Fast clock", timeout=10)
    assert call.summary == "Fast clock"


def test_an_edit_stamped_by_a_clock_ten_minutes_slow_does_not_ring_the_past(rig):
    rig.start_agent()
    now = utc_now()
    past = minute_floor(now - timedelta(minutes=5))
    alarm = weekly_alarm("Slow clock", past, modified=now - timedelta(minutes=10))
    rig.write_store(store_document([alarm]), written=now)
    promised = _next_at(rig, alarm["id"])
    assert promised is not None and promised - now > timedelta(hours=23)
    _sentinel(rig)
    assert rig.rings("Slow clock") == [] and rig.missed_reports() == []
    assert _next_at(rig, alarm["id"]) == promised


def test_a_timer_due_before_its_command_finished_writing_still_rings(rig):
    """`timer 1s` on a loaded machine: the command stamped the timer, then took past the timer's own
    second to read, encode and write the store. It rings (late), it is not taken as come and gone."""
    rig.start_agent()
    now = utc_now().replace(microsecond=0)
    alarm = timer_alarm("Slow write", now - timedelta(seconds=1), duration=1, modified=now - timedelta(seconds=2))
    rig.write_store(store_document([alarm]), written=now)
    call = rig.wait_for_ring("Slow write", timeout=10)
    assert call.summary == "Slow write" and rig.missed_reports() == []


def test_a_one_time_alarm_moved_to_tomorrow_while_ringing_stays_on_when_stopped(rig):
    now = utc_now()
    alarm = once_alarm("Move me", now, modified=now - timedelta(hours=1))
    rig.write_store(store_document([alarm]))
    rig.start_agent()
    rig.wait_for_ring("Move me", timeout=5)
    tomorrow = minute_floor(now + timedelta(days=1))
    moved = once_alarm("Move me", tomorrow, modified=utc_now(), alarm_id=alarm["id"])
    rig.write_store(store_document([moved]), written=utc_now())
    _taken_in(rig, moved)
    assert _next_at(rig, alarm["id"]) == tomorrow
    rig.cli("stop", alarm["id"])
    wait_until(lambda: "ringing" not in rig.state(), 5, "the ring to be stopped")
    assert rig.alarm(alarm["id"])["enabled"] is True
    assert _next_at(rig, alarm["id"]) == tomorrow


def test_a_change_made_with_agent_cli_is_the_agents_before_the_command_returns(rig):
    """`edit P --once tomorrow && stop P` on a ringing one-time alarm: the edit returns once the
    running agent has taken it in, so the stop acts on tomorrow's alarm and leaves it on (issue 36:
    the agent decided on the version before the edit and switched the alarm off)."""
    now = utc_now()
    alarm = once_alarm("Move me", now, modified=now - timedelta(hours=1))
    rig.write_store(store_document([alarm]))
    rig.start_agent()
    rig.wait_for_ring("Move me", timeout=5)
    rig.cli("edit", alarm["id"], "--once", "tomorrow")
    rig.cli("stop", alarm["id"])
    assert rig.alarm(alarm["id"])["enabled"] is True
    assert _next_at(rig, alarm["id"]) == minute_floor(now + timedelta(days=1))
    # A new timer is the agent's next ring as soon as `timer` returns: `status` never says "never".
    tea = rig.timer(120, "Tea")
    assert rig.cli_json("status")["next"]["id"] == tea.id


def test_disable_until_tomorrow_silences_a_ringing_alarm_at_once_and_reports_nothing(rig):
    """`disable A --until tomorrow` while A rings: it says "off until …", and A stops ringing now,
    is not reported unanswered later (AlarmEngineTests follows it past its ring time), and rings
    again tomorrow (issue 36)."""
    now = utc_now()
    alarm = weekly_alarm("Off till tomorrow", now, modified=now - timedelta(hours=1))
    rig.write_store(store_document([alarm]))
    rig.start_agent()
    call = rig.wait_for_ring("Off till tomorrow", timeout=5)
    rig.cli("disable", alarm["id"], "--until", "tomorrow")
    rig.wait_for_close(call.id, timeout=5)
    assert "ringing" not in rig.state() and rig.cli_json("status")["ringing"] == []
    assert _next_at(rig, alarm["id"]) == minute_floor(now + timedelta(days=1))
    assert rig.missed_reports() == []


def test_skip_while_snoozed_takes_the_snooze_next_shows_first(rig):
    """`skip A` while A is snoozed skips what `next` shows first, the snooze: the agent withdraws
    it at once (no ring at its end), `next` and `status` say tomorrow, and the day after stays on
    (issue 36 §2)."""
    now = utc_now()
    alarm = weekly_alarm("Snoozed then skipped", now, modified=now - timedelta(hours=1))
    rig.write_store(store_document([alarm]))
    rig.start_agent()
    rig.wait_for_ring("Snoozed then skipped", timeout=5)
    rig.cli("snooze", alarm["id"], "--minutes", "5")
    wait_until(lambda: (rig.next_for(alarm["id"]) or {}).get("snoozed"), 5, "the snooze in agent-cli next")
    said = rig.cli("skip", alarm["id"]).stdout
    assert "skips 1 ring" in said, said
    assert rig.alarm(alarm["id"])["skipped"] == [rig.alarm(alarm["id"])["skipped"][0]]
    wait_until(lambda: "snoozes" not in rig.state() or not rig.state()["snoozes"], 5, "the agent to withdraw the snooze")
    assert rig.cli_json("status")["snoozed"] == []
    assert _next_at(rig, alarm["id"]) == minute_floor(now + timedelta(days=1))
    assert not rig.next_for(alarm["id"])["snoozed"]


def test_an_alarm_edited_while_the_agent_is_stopped_rings_though_another_write_follows(rig):
    """The agent is stopped (SIGSTOP: a debugger, a hung main loop) while an alarm is added, and
    another write of the store follows more than a minute later. Resumed, the agent dates the
    alarm by the write that brought it, not by the last write: its ring, passed meanwhile, rings
    late (within the late window) instead of never (issue 36 §2)."""
    now = utc_now()
    rig.write_store(store_document([]))
    agent = rig.start_agent()
    edited = now - timedelta(minutes=3)
    due = minute_floor(now - timedelta(minutes=1))
    os.kill(agent.pid, signal.SIGSTOP)
    try:
        at = {"MOSCOWTIME_NOW": iso_z(edited)}
        rig.cli("add", moscow(due).strftime("%H:%M"), "--once", moscow(due).date().isoformat(), "--label", "While stopped", env=at)
        rig.cli("add", "04:00", "--label", "Another, later", env={"MOSCOWTIME_NOW": iso_z(now)})
    finally:
        os.kill(agent.pid, signal.SIGCONT)
    rig.wait_for_ring("While stopped", timeout=5)
    assert rig.missed_reports() == []


def test_a_one_time_alarm_made_daily_while_ringing_stays_on_when_the_lid_closes(rig, system_bus, logind_mock):
    logind_calls = BusMonitor(rig.sandbox, system_bus, name="system-monitor")
    now = utc_now()
    alarm = once_alarm("Daily now", now, modified=now - timedelta(hours=1))
    rig.write_store(store_document([alarm]))
    rig.start_agent()
    logind_calls.wait_for(r"member=AddMatch\s+string \"[^\"]*member='PrepareForSleep'", timeout=5)
    rig.wait_for_ring("Daily now", timeout=5)
    daily = weekly_alarm("Daily now", now, modified=utc_now(), alarm_id=alarm["id"])
    rig.write_store(store_document([daily]), written=utc_now())
    _taken_in(rig, daily)
    logind_mock.emit_prepare_for_sleep(True)
    rig.wait_for_missed_report(timeout=5)
    assert rig.alarm(alarm["id"])["enabled"] is True
    assert _next_at(rig, alarm["id"]) - now > timedelta(hours=23)


def test_a_restored_backup_rings_nothing_late_and_reports_nothing_missed(rig, tmp_path):
    now = utc_now()
    lately = weekly_alarm("Five minutes past", minute_floor(now - timedelta(minutes=5)), modified=now - timedelta(days=7))
    yesterday = once_alarm("Yesterday", now - timedelta(days=1), modified=now - timedelta(days=8))
    rig.write_store(store_document([lately, yesterday]))
    backup = tmp_path / "backup.ics"
    rig.cli("export", "--ics", str(backup))
    rig.write_store(store_document([]), written=utc_now())
    rig.start_agent()
    rig.cli("import", str(backup))
    _sentinel(rig)
    assert [c.summary for c in rig.rings()] == ["Sentinel"] and rig.missed_reports() == []


def test_a_changed_zone_rings_nothing_at_once_and_reports_nothing_missed(rig):
    # Samara is an hour ahead of Moscow: an alarm 55 minutes ahead here is 5 minutes past there.
    now = utc_now()
    alarm = weekly_alarm("Other zone", minute_floor(now + timedelta(minutes=55)), modified=now - timedelta(hours=1))
    rig.write_store(store_document([alarm]))
    rig.start_agent()
    rig.cli("settings", "zone", "Europe/Samara")
    promised = _next_at(rig, alarm["id"])
    _sentinel(rig)
    assert rig.rings("Other zone") == [] and rig.missed_reports() == []
    assert promised - now > timedelta(hours=23) and _next_at(rig, alarm["id"]) == promised


def test_a_pause_is_in_what_next_the_tray_and_d_bus_promise(rig):
    now = utc_now()
    alarm = weekly_alarm("Paused", minute_floor(now + timedelta(hours=1)), modified=now - timedelta(hours=1))
    rig.write_store(store_document([alarm]))
    rig.start_agent()
    today = minute_floor(now + timedelta(hours=1))
    assert _next_at(rig, alarm["id"]) == today
    rig.cli("pause", "--for", "2h")
    promised = _next_at(rig, alarm["id"])
    assert promised == today + timedelta(days=1), promised
    triggers = rig.bus.call(AGENT_BUS_NAME, PATH, IFACE, "NextTriggers", dbus.UInt32(1), signature="u")
    assert [(t[0], t[2]) for t in triggers] == [(alarm["id"], int(promised.timestamp()))]
    status = rig.cli_json("status")
    assert status["next"]["id"] == alarm["id"] and parse_iso(status["next"]["at"]) == promised, status


def test_a_label_edited_while_ringing_is_shown_at_once(rig):
    rig.start_agent()
    t = rig.timer(1, "Tea")
    first = rig.wait_for_ring("Tea", timeout=5)
    rig.cli("edit", t.id, "--label", "Green tea")
    shown = rig.wait_for_ring("Green tea", timeout=5)
    assert shown.summary == "Green tea" and shown.id != first.id
    rig.wait_for_close(first.id, timeout=3)
    [ringing] = rig.cli_json("status")["ringing"]
    assert ringing["id"] == t.id and ringing["label"] == "Green tea"
    assert rig.rings("Tea") == [first]  # rung once: the new label is the same ring
