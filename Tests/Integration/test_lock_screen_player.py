# SPDX-License-Identifier: GPL-3.0-or-later
"""Stopping an alarm from the lock screen (issue 21 §3): while an alarm rings the agent is the MPRIS
player org.mpris.MediaPlayer2.MoscowTime (lock screens show its controls, media keys reach it);
Stop/Pause/PlayPause stop the alarm shown, Next snoozes it, and the name is gone when nothing rings.
Other players that play are paused at the ring and resumed after it (harness/fake_player.py).
The buttons are pressed with `gdbus call`, as a lock screen's D-Bus call would be."""
from __future__ import annotations

import time

import pytest

from harness import BusMonitor, wait_until
from harness.agent import REPO_ROOT
from harness.alarms import parse_iso, utc_now
from harness.fake_player import FakePlayer

pytestmark = pytest.mark.agent

NAME = "org.mpris.MediaPlayer2.MoscowTime"
PATH = "/org/mpris/MediaPlayer2"
ROOT = "org.mpris.MediaPlayer2"
PLAYER = "org.mpris.MediaPlayer2.Player"
PROPS = "org.freedesktop.DBus.Properties"


def press(rig, method: str) -> None:
    """`gdbus call` on our player, as a lock screen's button or a media key does."""
    r = rig.sandbox.run(["gdbus", "call", "--session", "--dest", NAME, "--object-path", PATH,
                         "--method", f"{PLAYER}.{method}"], timeout=5)
    assert r.returncode == 0, r.stderr


def player_props(rig, interface: str = PLAYER) -> dict:
    return rig.bus.call(NAME, PATH, PROPS, "GetAll", interface)


def title(rig) -> str:
    return player_props(rig)["Metadata"].get("xesam:title")


def switched_off(rig, alarm_id):
    a = rig.alarm(alarm_id)
    return a if not a["enabled"] else None


def test_while_ringing_the_agent_is_a_player_showing_the_alarm(rig):
    agent = rig.start_agent()
    assert not rig.bus.has_owner(NAME), "the player exists before anything rings"
    t = rig.timer(1, "Wake up")
    rig.wait_for_ring(t.label, timeout=4)
    rig.bus.wait_for_name(NAME, timeout=5)

    root = player_props(rig, ROOT)
    assert root == {"CanQuit": False, "CanRaise": False, "HasTrackList": False, "Identity": "MoscowTime",
                    "DesktopEntry": "org.moscowtime.Agent", "SupportedUriSchemes": [], "SupportedMimeTypes": []}
    p = player_props(rig)
    meta = p.pop("Metadata")
    assert p == {"PlaybackStatus": "Playing", "Rate": 1.0, "MinimumRate": 1.0, "MaximumRate": 1.0,
                 "Volume": 1.0, "Position": 0, "CanControl": True, "CanPlay": True, "CanPause": True,
                 "CanGoNext": True, "CanGoPrevious": False, "CanSeek": False}
    assert meta["xesam:title"] == "Wake up" and meta["xesam:artist"] == ["MoscowTime"]
    # the build tree's ringing icon (installed: the hicolor theme's)
    assert meta["mpris:artUrl"] == (REPO_ROOT / "data" / "icons" / "org.moscowtime.Agent-ringing.svg").as_uri()
    trackid = rig.bus.conn.call_blocking(NAME, PATH, PROPS, "Get", "ss", (PLAYER, "Metadata"))["mpris:trackid"]
    assert type(trackid).__name__ == "ObjectPath" and not str(trackid).startswith("/org/mpris")

    # Play does nothing (it plays already); Previous, Seek and the like do nothing either.
    press(rig, "Play")
    press(rig, "Previous")
    r = rig.sandbox.run(["gdbus", "call", "--session", "--dest", NAME, "--object-path", PATH,
                         "--method", f"{PLAYER}.Seek", "1000000"])
    assert r.returncode == 0, r.stderr
    r = rig.sandbox.run(["gdbus", "call", "--session", "--dest", NAME, "--object-path", PATH,
                         "--method", f"{PROPS}.Set", PLAYER, "Volume", "<0.5>"])
    assert r.returncode != 0 and "PropertyReadOnly" in r.stderr
    assert [r["id"] for r in rig.cli_json("status")["ringing"]] == [t.id] and rig.bus.has_owner(NAME)
    assert "silenced" not in agent.stderr_text()


@pytest.mark.parametrize("method", ["Stop", "Pause", "PlayPause"])
def test_stop_pause_and_play_pause_stop_the_alarm_as_its_stop_button(rig, method):
    agent = rig.start_agent()
    t = rig.timer(1, f"{method} me")
    call = rig.wait_for_ring(t.label, timeout=4)
    rig.bus.wait_for_name(NAME, timeout=5)

    press(rig, method)
    rig.wait_for_close(call.id, timeout=5)
    agent.wait_for_log(f"alarm {t.id} silenced: stopped", timeout=5)
    a = wait_until(lambda: switched_off(rig, t.id), 5, "the stopped timer to be switched off")
    assert a["next"] is None  # kept, switched off: exactly what the Stop button does
    assert t.id not in rig.state().get("snoozes", {})
    assert rig.cli_json("status")["ringing"] == []
    rig.bus.wait_for_name_gone(NAME, timeout=5)


def test_next_snoozes_the_alarm(rig):
    agent = rig.start_agent()
    t = rig.timer(1, "Snooze me", "--snooze", "5")
    call = rig.wait_for_ring(t.label, timeout=4)
    rig.bus.wait_for_name(NAME, timeout=5)

    pressed = utc_now()
    press(rig, "Next")
    rig.wait_for_close(call.id, timeout=5)
    agent.wait_for_log(f"alarm {t.id} silenced: snoozed", timeout=5)
    snooze = wait_until(lambda: rig.state().get("snoozes", {}).get(t.id), 5, "the snooze in agent-state.json")
    until = parse_iso(snooze["until"])
    assert 295 <= (until - pressed).total_seconds() <= 302 and snooze["count"] == 1
    status = rig.cli_json("status")
    assert status["ringing"] == [] and [(s["id"], parse_iso(s["until"])) for s in status["snoozed"]] == [(t.id, until)]
    entry = rig.next_for(t.id)
    assert entry["snoozed"] and parse_iso(entry["at"]) == until
    assert rig.alarm(t.id)["enabled"] is True  # snoozing is not stopping
    rig.bus.wait_for_name_gone(NAME, timeout=5)


def test_two_alarms_the_player_shows_the_latest_and_stop_stops_that_one(rig):
    agent = rig.start_agent()
    monitor = BusMonitor(rig.sandbox, rig.bus, f"type='signal',interface='{PROPS}',path='{PATH}'", name="mpris-signals")
    first, second = rig.timer(1, "First alarm"), rig.timer(3, "Second alarm")
    rig.wait_for_ring(first.label, timeout=4)
    rig.bus.wait_for_name(NAME, timeout=5)
    assert title(rig) == "First alarm"
    second_call = rig.wait_for_ring(second.label, timeout=5)
    wait_until(lambda: title(rig) == "Second alarm", 5, "the player to show the latest alarm")
    monitor.wait_for(r'string "org.mpris.MediaPlayer2.Player".*string "Metadata".*string "Second alarm"')

    press(rig, "Stop")
    rig.wait_for_close(second_call.id, timeout=5)
    agent.wait_for_log(f"alarm {second.id} silenced: stopped", timeout=5)
    assert f"alarm {first.id} silenced" not in agent.stderr_text()
    wait_until(lambda: title(rig) == "First alarm", 5, "the player to show the alarm still ringing")
    assert rig.bus.has_owner(NAME)

    press(rig, "Stop")
    agent.wait_for_log(f"alarm {first.id} silenced: stopped", timeout=5)
    rig.bus.wait_for_name_gone(NAME, timeout=5)


@pytest.mark.parametrize("late_signal", [False, True], ids=["signal-first", "answer-first"])
@pytest.mark.parametrize("answer", ["stop", "snooze"])
def test_music_playing_is_paused_while_the_alarm_rings_and_resumed_after(rig, answer, late_signal):
    agent = rig.start_agent()
    monitor = BusMonitor(rig.sandbox, rig.bus, f"type='signal',interface='{PROPS}',path='{PATH}'", name="mpris-signals")
    music = FakePlayer(rig.sandbox, rig.bus, "music", status="Playing", late_signal=late_signal)
    t = rig.timer(1, "Over the music")
    call = rig.wait_for_ring(t.label, timeout=4)
    wait_until(lambda: music.control_calls() == ["Pause"], 5, "the playing player to be paused")
    assert music.status() == "Paused"
    # Once the music said Paused (before or after answering), ours says Playing again: GNOME's
    # media keys then come to us (desktops/test_desktop_sessions.py).
    monitor.wait_for(r'string "PlaybackStatus"\s+variant\s+string "Paused".*'
                     r'string "PlaybackStatus"\s+variant\s+string "Playing"', timeout=5)

    # the agent-cli's path here; the notification's buttons and the player's are the same action
    rig.cli(answer, t.id)
    rig.wait_for_close(call.id, timeout=5)
    wait_until(lambda: music.control_calls() == ["Pause", "Play"], 5, "the player to be resumed")
    assert music.status() == "Playing"
    rig.bus.wait_for_name_gone(NAME, timeout=5)
    assert "media players: resuming org.mpris.MediaPlayer2.music" in agent.stderr_text()


def test_a_player_not_playing_or_started_again_is_left_alone(rig):
    """Only players that play are paused; only those still Paused at the end are resumed."""
    rig.start_agent()
    paused = FakePlayer(rig.sandbox, rig.bus, "paused", status="Paused")
    stopped = FakePlayer(rig.sandbox, rig.bus, "stopped", status="Stopped")
    restarted = FakePlayer(rig.sandbox, rig.bus, "restarted", status="Playing")
    t = rig.timer(1, "Quiet please")
    call = rig.wait_for_ring(t.label, timeout=4)
    wait_until(lambda: restarted.control_calls() == ["Pause"], 5, "the playing player to be paused")
    restarted.set_status("Playing")  # the user started it again from the player itself

    rig.mock.emit_action_invoked(call.id, "stop")
    rig.wait_for_close(call.id, timeout=5)
    rig.bus.wait_for_name_gone(NAME, timeout=5)
    # Each was asked again at the end, at most; time for a Play to arrive, were one sent.
    wait_until(lambda: restarted.calls().count("Get PlaybackStatus") >= 2, 5, "the end's look at the player")
    time.sleep(0.3)
    assert paused.control_calls() == [] and stopped.control_calls() == []
    assert restarted.control_calls() == ["Pause"]


def test_a_hung_player_does_not_delay_the_ring_or_the_stop(rig):
    agent = rig.start_agent()
    hung = FakePlayer(rig.sandbox, rig.bus, "hung", status="Playing", hung=True)
    t = rig.timer(2, "Ring on time")
    call = rig.wait_for_ring(t.label, timeout=5)
    [rung] = wait_until(lambda: rig.notify_times(t.label), 5, "the Notify in dbus-monitor")
    assert 0 <= rung - t.due.timestamp() < 1.0
    wait_until(lambda: "Get PlaybackStatus" in hung.calls(), 5, "the agent to ask the hung player")

    # The agent answers at once while the player still owes its answer.
    started = time.monotonic()
    rig.bus.wait_for_name(NAME, timeout=5)
    press(rig, "Stop")
    rig.wait_for_close(call.id, timeout=5)
    assert time.monotonic() - started < 1.5
    agent.wait_for_log(f"alarm {t.id} silenced: stopped", timeout=5)
    rig.bus.wait_for_name_gone(NAME, timeout=5)
    assert "Pause" not in hung.calls()  # it never said it plays
    assert rig.cli_json("status")["ringing"] == []


def test_music_is_not_resumed_when_the_ring_ends_for_sleep(rig, system_bus, logind_mock):
    """The lid closed on a ringing alarm: music must not start by itself at wake-up."""
    system_monitor = BusMonitor(rig.sandbox, system_bus, name="system-monitor")
    agent = rig.start_agent()
    system_monitor.wait_for(r"member=AddMatch\s+string \"[^\"]*member='PrepareForSleep'", timeout=5)
    music = FakePlayer(rig.sandbox, rig.bus, "music", status="Playing")
    t = rig.timer(1, "Ringing at suspend")
    call = rig.wait_for_ring(t.label, timeout=4)
    wait_until(lambda: music.control_calls() == ["Pause"], 5, "the playing player to be paused")

    logind_mock.emit_prepare_for_sleep(True)
    rig.wait_for_close(call.id, timeout=5)
    agent.wait_for_log(f"alarm {t.id} silenced: sleep", timeout=5)
    rig.bus.wait_for_name_gone(NAME, timeout=5)
    logind_mock.emit_prepare_for_sleep(False)
    agent.wait_for_log("evaluating (resumed from sleep)", timeout=5)
    time.sleep(0.3)  # time for a Play to arrive, were one sent
    assert music.control_calls() == ["Pause"] and music.status() == "Paused"
