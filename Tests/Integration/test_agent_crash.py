# SPDX-License-Identifier: GPL-3.0-or-later
"""A ring cut short by a crash, kill -9, --replace or a restart was never stopped by the user: the
next agent rings it on for what is left of its ring duration, or reports it once as missed when
that has run out. The dead agent's notification is closed by id (CloseNotification on the
dbusmock server), and a stopped or snoozed ring never rings twice."""
from __future__ import annotations

import json
import os
import signal
import time
from datetime import timedelta

import pytest

from harness import wait_until
from harness.alarms import AGENT_BUS_NAME, hhmm, iso_z, utc_now
from harness.preload import build_preload, shim

pytestmark = pytest.mark.agent


def _ring_state(rig, alarm_id: str) -> dict:
    return wait_until(lambda: rig.state().get("ringing", {}).get(alarm_id), 2, "the ring in the state file")


def _notification_ids(rig) -> dict:
    return rig.state().get("notifications", {}).get("ids", {})


def test_kill_9_mid_ring_the_next_agent_closes_the_orphan_and_rings_on_for_the_rest(rig):
    first = rig.start_agent()
    a = rig.timer(1, "Crash mid-ring")
    call = rig.wait_for_ring(a.label, timeout=4)
    ring = _ring_state(rig, a.id)
    wait_until(lambda: _notification_ids(rig) == {a.id: call.id}, 2, "the notification id in the state file")
    assert rig.state()["notifications"]["server"].startswith(":")

    os.kill(first.pid, signal.SIGKILL)
    first.child.wait(5)
    assert rig.mock.close_calls() == [], "a killed agent closes nothing"
    rig.bus.wait_for_name_gone(AGENT_BUS_NAME)

    rig.start_agent()
    again = rig.wait_for_ring(a.label, count=2, timeout=4)
    # The orphan (its buttons reach no one) is closed by id; the new ring is a new notification.
    rig.wait_for_close(call.id, timeout=2)
    assert again.id != call.id and again.replaces_id == 0
    # Same occurrence, same end: only what was left of the ring duration.
    after = _ring_state(rig, a.id)
    assert after["due"] == ring["due"] and after["endsAt"] == ring["endsAt"]
    wait_until(lambda: _notification_ids(rig) == {a.id: again.id}, 2, "the new notification id saved")
    assert rig.missed_reports() == []
    time.sleep(0.3)  # and not rung a third time (a window is the point here)
    assert len(rig.rings(a.label)) == 2


def test_kill_9_and_back_after_the_ring_duration_reports_it_once_as_missed(rig):
    first = rig.start_agent()
    a = rig.timer(1, "Ran out while down")
    call = rig.wait_for_ring(a.label, timeout=4)
    _ring_state(rig, a.id)
    # The notification id is saved just after the Notify: kill only once it is on disk.
    wait_until(lambda: _notification_ids(rig) == {a.id: call.id}, 2, "the notification id in the state file")
    os.kill(first.pid, signal.SIGKILL)
    first.child.wait(5)
    rig.bus.wait_for_name_gone(AGENT_BUS_NAME)
    # The agent stays down past the ring's end (the state says when that is).
    state = rig.state()
    state["ringing"][a.id]["endsAt"] = iso_z(utc_now())
    rig.state_path.write_text(json.dumps(state))

    second = rig.start_agent()
    report = rig.wait_for_missed_report(timeout=4)
    assert report.body.endswith("(its ring was cut short: the agent stopped)"), report.body
    rig.wait_for_close(call.id, timeout=2)
    assert len(rig.rings(a.label)) == 1, "not rung again"
    wait_until(lambda: "ringing" not in rig.state(), 2, "the ring gone from the state")
    wait_until(lambda: rig.alarm(a.id)["enabled"] is False, 2, "the timer switched off")

    # Reported once: yet another restart says nothing more.
    second.stop()
    # start_agent returns once the start's evaluation is carried out: a ring or a report would be logged.
    third = rig.start_agent()
    assert "missed alarm" not in third.stderr_text() and "ringing alarm" not in third.stderr_text()
    assert len(rig.missed_reports()) == 1 and len(rig.rings(a.label)) == 1


def test_replace_mid_ring_hands_the_ring_over(rig):
    first = rig.start_agent()
    a = rig.timer(1, "Handed over")
    call = rig.wait_for_ring(a.label, timeout=4)
    ring = _ring_state(rig, a.id)
    rig.start_agent("--replace", wait=False)
    wait_until(lambda: not first.alive(), 5, "the replaced agent to exit")
    again = rig.wait_for_ring(a.label, count=2, timeout=4)
    rig.wait_for_close(call.id, timeout=2)
    # The old agent's close signal, taken for the successor's notification, would close it at
    # once: nothing within half a second (a window is the point here).
    time.sleep(0.5)
    # The successor's notification stays on screen; the ring goes on, same end.
    assert again.id not in rig.mock.close_calls()
    assert len(rig.rings(a.label)) == 2
    assert rig.state()["ringing"][a.id]["endsAt"] == ring["endsAt"]
    wait_until(lambda: _notification_ids(rig) == {a.id: again.id}, 2, "the successor's id saved")


def test_a_clean_restart_closes_its_notification_and_the_next_agent_rings_on(rig):
    first = rig.start_agent()
    a = rig.timer(1, "Restarted")
    call = rig.wait_for_ring(a.label, timeout=4)
    _ring_state(rig, a.id)
    assert first.stop() == 0
    assert call.id in rig.mock.close_calls(), "closed on a clean exit"
    assert a.id in rig.state()["ringing"] and _notification_ids(rig) == {}
    rig.start_agent()
    rig.wait_for_ring(a.label, count=2, timeout=4)


def test_a_stopped_or_snoozed_ring_never_rings_again_after_kill_9(rig):
    first = rig.start_agent()
    stopped = rig.timer(1, "Stopped")
    snoozed = rig.timer(1, "Snoozed")
    rig.wait_for_ring(stopped.label, timeout=4)
    rig.wait_for_ring(snoozed.label, timeout=4)
    rig.cli("stop", stopped.id)
    rig.cli("snooze", snoozed.id, "--minutes", "5")
    wait_until(lambda: rig.state().get("ringing") is None and snoozed.id in rig.state().get("snoozes", {}), 2,
               "the state to show nothing ringing")
    os.kill(first.pid, signal.SIGKILL)
    first.child.wait(5)
    rig.bus.wait_for_name_gone(AGENT_BUS_NAME)
    # start_agent returns once the start's evaluation is carried out: a ring or a report would be logged.
    second = rig.start_agent()
    assert "ringing alarm" not in second.stderr_text() and "missed alarm" not in second.stderr_text()
    assert len(rig.rings(stopped.label)) == 1 and len(rig.rings(snoozed.label)) == 1
    assert rig.missed_reports() == []


def _reminder_calls(rig) -> list:
    return [c for c in rig.mock.notify_calls() if c.hints.get("category") == "x-moscowtime.habit"]


def test_kill_9_with_a_habit_reminder_on_screen_the_next_agent_closes_it_and_asks_again(rig):
    # A reminder at this minute, added "two minutes ago": due now, shown as soon as the agent starts.
    now = utc_now()
    habit = rig.cli_json("habit", "add", "Read", "--remind", hhmm(now),
                         env={"MOSCOWTIME_NOW": iso_z(now - timedelta(minutes=2))})
    first = rig.start_agent()
    [shown] = wait_until(lambda: _reminder_calls(rig) or None, 4, "the habit reminder")
    wait_until(lambda: rig.state().get("notifications", {}).get("reminders") == {habit["id"]: shown.id}, 2,
               "the reminder's notification id in the state file")
    assert habit["id"] in rig.state()["habitReminders"]["open"]

    os.kill(first.pid, signal.SIGKILL)
    first.child.wait(5)
    rig.bus.wait_for_name_gone(AGENT_BUS_NAME)

    rig.start_agent()
    # The orphan (Done/Skip/Later reach no one) is closed; the same question is asked again, with
    # buttons that work.
    rig.wait_for_close(shown.id, timeout=4)
    again = wait_until(lambda: [c for c in _reminder_calls(rig) if c.id != shown.id] or None, 4, "the reminder again")
    assert len(again) == 1 and again[0].replaces_id == 0
    rig.mock.emit_action_invoked(again[0].id, "done")
    wait_until(lambda: rig.cli_json("habit", "show", "Read")["today"]["state"] == "done" or None, 4,
               "the day logged as done")
    wait_until(lambda: habit["id"] not in rig.state()["habitReminders"].get("open", {}) or None, 2, "the reminder answered")


KILL_IN_FSYNC = shim(r"""
int fsync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    if (fd_path_contains(fd, getenv("KILL_FSYNC_MATCH"))) raise(SIGKILL);
    return real(fd);
}
""")


def test_killed_while_writing_the_alarms_records_the_state_stays_whole_and_the_next_agent_rings_once(rig, tmp_path):
    # A state file as agents before the records file wrote it (every alarm's record in it): the
    # first save splits it, writing agent-records-1.json first, and the agent is killed in that
    # write's fsync, before the state file names it.
    a = rig.timer(5, "Records cut short")
    handled = {"0badc0de": "2026-01-01T05:00:00Z"}
    rig.state_path.parent.mkdir(parents=True, exist_ok=True)
    rig.state_path.write_text(json.dumps({"schemaVersion": 1, "handled": handled, "snoozes": {}}))
    shim = build_preload(tmp_path, "kill_fsync", KILL_IN_FSYNC)
    first = rig.start_agent(wait=False, env={"LD_PRELOAD": str(shim), "KILL_FSYNC_MATCH": "agent-records-"})
    wait_until(lambda: not first.alive(), 10, "the agent killed in its fsync of the records file")
    assert "records" not in rig.state() and rig.state()["handled"] == handled, "the old state file, whole"

    rig.start_agent()
    rig.wait_for_ring(a.label, timeout=10)
    state = wait_until(lambda: rig.state() if "records" in rig.state() else None, 2, "the state file split")
    records = json.loads(rig.state_path.with_name(f"agent-records-{state['records']}.json").read_text())
    assert a.id in records["handled"] or a.id in state["handled"], "the ring's occurrence recorded as handled"
    time.sleep(0.3)  # and not rung twice (a window is the point here)
    assert len(rig.rings(a.label)) == 1
