# SPDX-License-Identifier: GPL-3.0-or-later
"""The agent degrades instead of failing: no notification server (sound still plays, shown when a
server appears), a server restart (shown again), a server without buttons (CLI hint), and a
damaged store (the last good schedule keeps ringing; the fixed file is picked up)."""
from __future__ import annotations

import json
import time
from datetime import timedelta

import pytest

from harness import NotificationMock, run_cli, wait_until
from harness.alarms import AgentRig, store_document, timer_alarm, utc_now

pytestmark = pytest.mark.agent

BELL = "/usr/share/sounds/freedesktop/stereo/bell.oga"


def test_without_a_notification_server_it_sounds_and_shows_the_alarm_once_one_appears(
        sandbox, session_bus, pulse, recorder):
    rig = AgentRig(sandbox, session_bus, None)
    agent = rig.start_agent()
    t = rig.timer(1, "No server yet", "--sound", BELL, "--ramp", "0")  # a short sound: its loop sounds continuous
    agent.wait_for_log('ringing alarm', timeout=4)
    recorder.wait_for_sound(0.01, window_ms=200, timeout=2)
    agent.wait_for_log("cannot show notifications", timeout=2)
    # A window is the point here: the first retry (after 1 s) goes by, so that a show within a
    # second of the server's arrival below can only be the agent answering that arrival.
    time.sleep(1.2)
    assert agent.alive()

    rig.mock = NotificationMock(sandbox, session_bus)
    started = time.time()
    call = rig.wait_for_ring(t.label, timeout=2)
    [arrived] = wait_until(lambda: rig.notify_times(t.label), 2, "the Notify in dbus-monitor")
    assert arrived - started < 1.0, "shown when the server appeared, not at the next retry"
    assert call.action_keys == ["snooze", "stop"]
    assert recorder.rms_last(500) > 0.01, "still ringing"
    # the buttons of the late-shown notification work
    rig.mock.emit_action_invoked(call.id, "stop")
    recorder.wait_for_silence(window_ms=300, timeout=1.0)
    wait_until(lambda: rig.alarm(t.id)["enabled"] is False, 2, "the timer to be switched off")
    time.sleep(0.3)  # and not shown again (a window is the point here)
    assert len(rig.mock.notify_calls()) == 1


def test_a_restarted_notification_server_shows_the_ringing_alarm_again(rig):
    rig.start_agent()
    t = rig.timer(1, "Survives a server restart")
    rig.wait_for_ring(t.label, timeout=15)
    rig.mock.restart()  # its calls are forgotten: what follows is the new server's
    restarted = time.time()
    call = rig.wait_for_ring(t.label, timeout=2)
    assert time.time() - restarted < 1.5
    assert call.replaces_id == 0 and call.action_keys == ["snooze", "stop"]
    assert call.body.startswith("Alarm · ")
    time.sleep(0.3)  # shown once, not once more at the next retry (a window is the point here)
    assert len(rig.mock.notify_calls()) == 1
    # the new server's signals reach it
    rig.mock.emit_action_invoked(call.id, "snooze")
    rig.wait_for_close(call.id, timeout=1)
    wait_until(lambda: t.id in rig.state().get("snoozes", {}), 2, "the snooze")


def _capless_rig(sandbox, session_bus):
    return AgentRig(sandbox, session_bus, NotificationMock(sandbox, session_bus, capabilities="body"))


def test_a_server_without_actions_gets_no_buttons_and_a_cli_hint(sandbox, session_bus):
    rig = _capless_rig(sandbox, session_bus)
    rig.start_agent()
    t = rig.timer(1, "No <buttons> & co")
    call = rig.wait_for_ring(t.label, timeout=15)
    assert call.actions == []
    lines = call.body.split("\n")
    assert lines[-1] == f"To snooze: agent-cli snooze {t.id} · to stop: agent-cli stop {t.id}", call.body
    assert "&amp;" not in call.body and "&lt;" not in call.body  # no body-markup: plain text
    assert call.hints["urgency"] == 2 and call.summary == t.label


def test_the_cli_hint_of_a_server_without_actions_works(sandbox, session_bus):
    rig = _capless_rig(sandbox, session_bus)
    rig.start_agent()
    t = rig.timer(1, "Snooze from the CLI")
    call = rig.wait_for_ring(t.label, timeout=15)
    # "To snooze: agent-cli snooze <id> · to stop: agent-cli stop <id>": run exactly what it says
    snooze_cmd, stop_cmd = (part.split(": ", 1)[1].split() for part in call.body.split("\n")[-1].split(" · "))
    assert snooze_cmd[0] == stop_cmd[0] == "agent-cli"
    r = run_cli(sandbox, snooze_cmd[1:])
    assert r.rc == 0, r.stderr
    rig.wait_for_close(call.id, timeout=1)
    wait_until(lambda: t.id in rig.state().get("snoozes", {}), 2, "the snooze")
    r = run_cli(sandbox, stop_cmd[1:])  # cancels the snooze; the timer is done
    assert r.rc == 0, r.stderr
    wait_until(lambda: t.id not in rig.state().get("snoozes", {}), 2, "the snooze to be cancelled")
    wait_until(lambda: rig.alarm(t.id)["enabled"] is False, 2, "the timer to be switched off")


def test_a_damaged_store_keeps_the_last_good_schedule_until_it_is_fixed(rig):
    agent = rig.start_agent()
    kept = rig.timer(3, "Kept through damage")
    agent.wait_for_log("timer armed for", timeout=2)  # the good version with the timer was read
    good = rig.store_path.read_text()
    rig.store_path.write_text('{"schemaVersion": 1, "alarms": [ this is not JSON')
    log = agent.wait_for_log("keeping the last good schedule", timeout=2)
    [line] = [l for l in log.splitlines() if "keeping the last good schedule" in l]
    assert line.startswith("error: ") and str(rig.store_path) in line

    rig.wait_for_ring(kept.label, timeout=4)
    assert agent.alive()
    assert rig.store_path.read_text().endswith("this is not JSON"), "the damaged file must be left alone"

    # fixed: the new document is read, with an alarm only it has
    due = utc_now().replace(microsecond=0) + timedelta(seconds=2)
    fixed = json.loads(good)
    fixed["alarms"].append(timer_alarm("After the fix", due))
    rig.write_store(fixed)
    agent.wait_for_log("is readable again", timeout=2)
    rig.wait_for_ring("After the fix", timeout=4)
    assert agent.stderr_text().count("keeping the last good schedule") == 1  # said once


def test_a_store_damaged_before_start_is_replaced_by_its_backup(rig):
    due = utc_now().replace(microsecond=0) + timedelta(seconds=2)
    rig.write_store(store_document([timer_alarm("From the backup", due)]))
    rig.store_path.replace(rig.store_path.with_name("store.json.bak"))
    rig.store_path.write_text("garbage")
    agent = rig.start_agent()
    log = agent.stderr_text()
    assert f"starting from the backup {rig.store_path}.bak" in log
    assert any(l.startswith("error: ") and str(rig.store_path) in l for l in log.splitlines())
    rig.wait_for_ring("From the backup", timeout=4)
    assert rig.store_path.read_text() == "garbage"


def test_a_damaged_agent_state_is_kept_aside_and_a_fresh_one_written(rig):
    rig.state_path.parent.mkdir(parents=True, exist_ok=True)
    rig.state_path.write_text("{ not the agent's state")
    agent = rig.start_agent()
    damaged = rig.state_path.with_name("agent-state.json.damaged")
    assert damaged.read_text() == "{ not the agent's state"
    [line] = [l for l in agent.stderr_text().splitlines() if "starting with a fresh state" in l]
    assert line.startswith("error: ") and str(rig.state_path) in line and str(damaged) in line
    t = rig.timer(1, "After a fresh state")
    rig.wait_for_ring(t.label, timeout=15)
    assert rig.state()["handled"] == {t.id: t.json["schedule"]["at"]}
