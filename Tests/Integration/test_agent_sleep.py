# SPDX-License-Identifier: GPL-3.0-or-later
"""logind's PrepareForSleep (python-dbusmock logind on a private system bus): nothing rings through
a suspend, what was ringing is reported as missed, and the schedule is re-evaluated on resume."""
from __future__ import annotations

import os
import signal
import time

import pytest

from harness import BusMonitor, wait_until
from harness.alarms import URGENCY_NORMAL, hhmm, moscow

pytestmark = pytest.mark.agent


@pytest.fixture
def sleepy_rig(rig, system_bus, logind_mock, pulse, recorder):
    rig.logind, rig.recorder = logind_mock, recorder
    rig.cli("settings", "ramp", "0")  # full volume at once: the level is judged from the start
    # dbus-monitor sees the agent's AddMatch for PrepareForSleep: after it, the signal reaches it.
    rig.system_monitor = BusMonitor(rig.sandbox, system_bus, name="system-monitor")
    return rig


def _wait_subscribed(rig):
    rig.system_monitor.wait_for(r"member=AddMatch\s+string \"[^\"]*member='PrepareForSleep'", timeout=5)


def test_sleep_silences_and_reports_the_ringing_alarm_and_resume_rings_what_came_due(sleepy_rig):
    rig, rec = sleepy_rig, sleepy_rig.recorder
    agent = rig.start_agent()
    _wait_subscribed(rig)
    a = rig.timer(1, "Ringing at suspend")
    call = rig.wait_for_ring(a.label, timeout=4)
    rec.wait_for_sound(0.01, window_ms=200, timeout=2)

    rig.logind.emit_prepare_for_sleep(True)
    rig.wait_for_close(call.id, timeout=1)
    rec.wait_for_silence(window_ms=300, timeout=1.0)
    report = rig.wait_for_missed_report(timeout=2)
    assert report.summary == "Missed alarm" and report.hints["urgency"] == URGENCY_NORMAL
    due = moscow(a.due)
    assert report.body == (f"{a.label} — due {due.strftime('%a')} {due.date().isoformat()} {hhmm(a.due)}"
                           " (while the computer slept)")
    wait_until(lambda: rig.alarm(a.id)["enabled"] is False, 2, "the one-time alarm to be switched off")
    assert rig.rings(a.label) == [call], "not shown again while asleep"

    # "Asleep": the process is frozen while an alarm comes due; on resume it rings once.
    b = rig.timer(2, "Due during sleep")
    agent.wait_for_log(f"timer armed for {moscow(b.due).isoformat()}", timeout=2)
    os.kill(agent.pid, signal.SIGSTOP)
    try:
        wait_until(lambda: time.time() > b.due.timestamp() + 1.2, 4, "the alarm to come due")
        assert rig.rings(b.label) == []
        rig.logind.emit_prepare_for_sleep(False)
    finally:
        os.kill(agent.pid, signal.SIGCONT)
    rig.wait_for_ring(b.label, timeout=2)
    agent.wait_for_log("evaluating (resumed from sleep)", timeout=2)
    time.sleep(0.5)  # a window is the point here: no second ring after the resume's evaluation
    assert len(rig.rings(b.label)) == 1, "the timer and the resume must not both ring it"
    assert len(rig.missed_reports()) == 1
    rec.wait_for_sound(0.01, window_ms=200, timeout=2)

    # Asleep again while it rings: the missed notification still on screen is updated in place.
    rig.logind.emit_prepare_for_sleep(True)
    second = rig.wait_for_missed_report(count=2, timeout=2)
    assert second.replaces_id == report.id
    assert second.summary == "Missed alarms"
    assert second.body.split("\n")[0] == report.body
    assert second.body.split("\n")[1].startswith(f"{b.label} — due ")
    rec.wait_for_silence(window_ms=300, timeout=1.0)


def test_a_sleep_delay_inhibitor_is_held_and_released_only_after_the_ring_is_silenced_and_saved(sleepy_rig):
    rig = sleepy_rig
    agent = rig.start_agent()
    inhibitors = lambda: [tuple(row[:4]) for row in rig.logind.list_inhibitors()]  # noqa: E731
    held = ("sleep", "MoscowTime Agent", "Silence a ringing alarm and save its state before sleep", "delay")
    wait_until(lambda: inhibitors() == [held], 5, "the agent's sleep delay inhibitor")

    a = rig.timer(1, "Ringing at suspend")
    call = rig.wait_for_ring(a.label, timeout=4)
    wait_until(lambda: a.id in rig.state().get("ringing", {}), 2, "the ring in the state file")
    rig.logind.emit_prepare_for_sleep(True)
    # logind may suspend once the inhibitor is gone; by then the ring is silenced and saved.
    wait_until(lambda: inhibitors() == [], 2, "the inhibitor to be released")
    assert "ringing" not in rig.state(), "saved before the inhibitor went"
    assert call.id in rig.mock.close_calls()
    agent.wait_for_log("sleep delay inhibitor released")
    log = agent.stderr_text()
    assert log.index("system is going to sleep") < log.index("sleep delay inhibitor released")

    rig.logind.emit_prepare_for_sleep(False)
    wait_until(lambda: inhibitors() == [held], 3, "the inhibitor taken again after resume")
    # Only one, however many sleeps.
    rig.logind.emit_prepare_for_sleep(True)
    wait_until(lambda: inhibitors() == [], 2, "released again")
    rig.logind.emit_prepare_for_sleep(False)
    wait_until(lambda: inhibitors() == [held], 3, "taken again")
    time.sleep(0.3)  # a window is the point here: no second inhibitor follows
    assert inhibitors() == [held]
