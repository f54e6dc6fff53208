# SPDX-License-Identifier: GPL-3.0-or-later
"""The ring is heard: libcanberra plays into a private PulseAudio null sink, recorded from its
monitor. Loud while ringing (RMS > 0.01), digital silence (RMS 0) within a second of Stop,
Snooze or dismissal, and it stays silent."""
from __future__ import annotations

import json
import os
import time

import pytest

from harness import CLOSED_DISMISSED, wait_until

pytestmark = pytest.mark.agent

BELL = "/usr/share/sounds/freedesktop/stereo/bell.oga"  # 0.14 s: a loop shows as continuous sound
LOUD = 0.01


@pytest.fixture
def audio_rig(rig, pulse, recorder):
    """The rig with a private PulseAudio (exported before the agent starts) being recorded."""
    rig.recorder, rig.pulse = recorder, pulse
    rig.cli("settings", "ramp", "0")  # full volume at once: these tests judge the level from the start
    return rig


def _press(rig, call, how):
    if how == "dismiss":
        rig.mock.emit_closed(call.id, CLOSED_DISMISSED)
    else:
        rig.mock.emit_action_invoked(call.id, how)


@pytest.mark.parametrize("how", ["stop", "snooze", "dismiss"])
def test_the_alarm_sound_plays_while_ringing_and_stops_within_a_second(audio_rig, how):
    rig, rec = audio_rig, audio_rig.recorder
    rig.start_agent()
    rec.wait_for_more(200)
    assert rec.rms() == 0.0, "nothing may play before the alarm"
    t = rig.timer(1, f"Sound then {how}")  # the default theme sound, alarm-clock-elapsed
    call = rig.wait_for_ring(t.label, timeout=4)
    ring_ms = rec.captured_ms()
    rec.wait_for_sound(LOUD, window_ms=200, timeout=2)
    rec.wait_for_ms(ring_ms + 1500)
    assert rec.rms(ring_ms) > LOUD

    _press(rig, call, how)
    pressed_ms, pressed = rec.captured_ms(), time.monotonic()
    rec.wait_for_silence(window_ms=300, timeout=1.0)
    assert time.monotonic() - pressed < 1.0
    rec.wait_for_ms(pressed_ms + 1800)
    assert rec.rms(pressed_ms + 800) == 0.0, f"sound came back after {how}"
    # and no playback stream is left behind on the server
    wait_until(lambda: rig.pulse.sink_inputs() == 0, 2, "no playback stream on the sound server")


def test_a_sound_file_loops_for_as_long_as_the_alarm_rings(audio_rig):
    rig, rec = audio_rig, audio_rig.recorder
    rig.start_agent()
    t = rig.timer(1, "Bell loop", "--sound", BELL)
    call = rig.wait_for_ring(t.label, timeout=4)
    rec.wait_for_sound(LOUD, window_ms=100, timeout=2)
    start = rec.captured_ms()
    rec.wait_for_ms(start + 2500)
    # one play lasts 0.14 s: sound in every half second means it is repeated
    windows = [rec.rms(start + i * 500, start + (i + 1) * 500) for i in range(5)]
    assert all(w > LOUD for w in windows), windows

    rig.mock.emit_action_invoked(call.id, "stop")
    rec.wait_for_silence(window_ms=300, timeout=1.0)
    wait_until(lambda: rig.alarm(t.id)["enabled"] is False, 2, "the timer to be switched off")


def test_sigterm_silences_a_ringing_alarm(audio_rig):
    rig, rec = audio_rig, audio_rig.recorder
    agent = rig.start_agent()
    t = rig.timer(1, "Ringing at exit", "--sound", BELL)
    rig.wait_for_ring(t.label, timeout=4)
    rec.wait_for_sound(LOUD, window_ms=100, timeout=2)
    assert agent.stop() == 0
    stopped = rec.captured_ms()
    rec.wait_for_silence(window_ms=300, timeout=1.0)
    rec.wait_for_ms(stopped + 1200)
    assert rec.rms(stopped + 500) == 0.0


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "directory"])
def test_a_sound_file_that_would_hang_the_agent_is_replaced_by_the_theme_sound(audio_rig, kind):
    """`mkfifo ~/a.oga; timer 2s T --sound ~/a.oga; timer 5s U` froze the agent at the first ring.
    agent-cli refuses such files now, so the store is edited by hand, as a user could."""
    rig, rec = audio_rig, audio_rig.recorder
    bad = {"fifo": rig.sandbox.path("a.oga"), "dev-zero": "/dev/zero", "directory": rig.sandbox.path("dir.oga")}[kind]
    if kind == "fifo":
        os.mkfifo(bad)
    elif kind == "directory":
        os.mkdir(bad)
    agent = rig.start_agent()
    t = rig.timer(2, "T")
    doc = json.loads(rig.store_path.read_text())
    for a in doc["alarms"]:
        if a["id"] == t.id:
            a["sound"] = str(bad)
    rig.store_path.write_text(json.dumps(doc))
    rig.cli("reload")
    u = rig.timer(4, "U")
    rig.wait_for_ring("T", timeout=6)
    rec.wait_for_sound(LOUD, window_ms=100, timeout=3)  # the theme's alarm sound instead
    assert rig.cli_json("status", "--json")["running"] is True  # D-Bus still answers
    rig.wait_for_ring("U", timeout=6)
    agent.wait_for_log("playing the theme sound alarm-clock-elapsed instead")


def _sound_children(parent: int) -> list[int]:
    """moscowtime-sound processes whose parent is `parent`."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = open(f"/proc/{entry}/stat").read()
        except OSError:
            continue
        name, rest = stat[stat.index("(") + 1:stat.rindex(")")], stat[stat.rindex(")") + 2:].split()
        if name == "moscowtime-soun" and int(rest[1]) == parent:  # comm: the first 15 bytes
            found.append(int(entry))
    return found


def _gone(pid: int) -> bool:
    try:
        state = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return True
    return state == "Z"


def test_the_sound_plays_in_a_child_that_dies_with_the_agent(audio_rig):
    """The agent plays through moscowtime-sound: libpulse never loads into the agent, and a
    SIGKILLed agent leaves no child playing on (its stdin pipe closes; PR_SET_PDEATHSIG)."""
    rig, rec = audio_rig, audio_rig.recorder
    agent = rig.start_agent()
    t = rig.timer(1, "Killed while ringing", "--sound", BELL)
    rig.wait_for_ring(t.label, timeout=4)
    rec.wait_for_sound(LOUD, window_ms=100, timeout=2)
    wait_until(lambda: _sound_children(agent.pid), 2, "a moscowtime-sound child of the agent")
    maps = open(f"/proc/{agent.pid}/maps").read()
    # libcanberra.so itself is linked in (the fallback without the helper, ~60 kB); its sound-server
    # driver module and libpulse, the megabytes, are loaded only by the child.
    assert "libpulse" not in maps and "libcanberra-" not in maps, "sound server libraries loaded into the agent"
    children = set()
    for _ in range(3):  # a loop is one child per play: collect a few, sampled three times 0.2 s apart
        children.update(_sound_children(agent.pid))
        time.sleep(0.2)
    os.kill(agent.pid, 9)
    agent.child.wait(5)
    killed = rec.captured_ms()
    wait_until(lambda: all(_gone(p) for p in children), 2, "the sound children to exit with the agent")
    rec.wait_for_silence(window_ms=300, timeout=1.0)
    rec.wait_for_ms(killed + 1500)
    assert rec.rms(killed + 800) == 0.0, "sound went on after the agent died"
    wait_until(lambda: rig.pulse.sink_inputs() == 0, 2, "no playback stream on the sound server")
