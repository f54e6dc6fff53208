# SPDX-License-Identifier: GPL-3.0-or-later
"""Self-tests of the harness against the real components it drives."""
from __future__ import annotations

import os
import signal
import stat
import subprocess
from pathlib import Path

import pytest

from harness import (CLOSED_DISMISSED, BusMonitor, Child, DesktopStack, group_members, pid_alive,
                     wait_until)
from harness.gui import HERE as HARNESS_DIR
from harness.screen import _TXT_PIXEL, cross_near_top_right

BELL = "/usr/share/sounds/freedesktop/stereo/bell.oga"


# -- sandbox and buses --------------------------------------------------------------------------

def test_sandbox_environment_points_into_the_temp_dir(sandbox, xdg_home):
    env = sandbox.env
    for var in ("HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_RUNTIME_DIR"):
        assert Path(env[var]).is_dir() and Path(env[var]).is_relative_to(sandbox.root), var
    assert stat.S_IMODE(os.stat(env["XDG_RUNTIME_DIR"]).st_mode) == 0o700
    for leaked in ("DBUS_SESSION_BUS_ADDRESS", "DISPLAY", "PULSE_SERVER"):
        assert leaked not in env
    assert env["DBUS_SYSTEM_BUS_ADDRESS"] == f"unix:path={sandbox.root}/no-system-bus"
    assert env["LANGUAGE"] == "en"


def test_private_bus_starts_no_installed_services(sandbox, session_bus):
    assert str(sandbox.root) in session_bus.address
    # A stock session bus would auto-start the installed dunst here.
    r = sandbox.run(["gdbus", "call", "--session", "-d", "org.freedesktop.Notifications",
                     "-o", "/org/freedesktop/Notifications",
                     "-m", "org.freedesktop.Notifications.GetServerInformation"])
    assert r.returncode != 0 and "ServiceUnknown" in r.stderr


# -- notification mock --------------------------------------------------------------------------

def test_notify_send_on_mock_is_parsed(sandbox, notify_mock):
    r = sandbox.run(["notify-send", "-u", "critical", "-a", "moscowtime", "-i", "alarm-clock",
                     "-h", "string:sound-name:alarm-clock-elapsed", "-t", "5000",
                     "Подъём", "Пора вставать"])
    assert r.returncode == 0, r.stderr
    [call] = notify_mock.wait_for_notify(1)
    assert (call.id, call.app_name, call.icon, call.summary, call.body) == (
        1, "moscowtime", "alarm-clock", "Подъём", "Пора вставать")
    assert call.hints["sound-name"] == "alarm-clock-elapsed"
    assert call.urgency == 2 and call.timeout == 5000 and call.actions == []
    assert "actions" in notify_mock.capabilities_reply()


def test_mock_signals_reach_a_libnotify_client(sandbox, notify_mock):
    waiting = sandbox.spawn("notify-send", ["notify-send", "-A", "snooze=Snooze 10 min", "-A", "stop=Stop",
                                            "--wait", "Alarm", "ringing"])
    [call] = notify_mock.wait_for_notify(1)
    assert call.actions == [("snooze", "Snooze 10 min"), ("stop", "Stop")]
    assert call.action_label("stop") == "Stop"
    notify_mock.emit_action_invoked(call.id, "snooze")
    notify_mock.emit_closed(call.id, CLOSED_DISMISSED)
    assert waiting.wait(5) == 0
    assert waiting.stdout_text().strip() == "snooze"


def test_mock_close_signal_ends_the_wait(sandbox, notify_mock):
    waiting = sandbox.spawn("notify-send", ["notify-send", "-A", "stop=Stop", "--wait", "Alarm", "x"])
    [call] = notify_mock.wait_for_notify(1)
    notify_mock.emit_closed(call.id)
    assert waiting.wait(5) == 0 and waiting.stdout_text() == ""


def test_mock_restart_forgets_calls(sandbox, session_bus, notify_mock):
    assert sandbox.run(["notify-send", "one"]).returncode == 0
    notify_mock.wait_for_notify(1)
    notify_mock.restart()
    assert session_bus.has_owner("org.freedesktop.Notifications")
    assert notify_mock.notify_calls() == []
    assert sandbox.run(["notify-send", "two"]).returncode == 0
    assert [c.summary for c in notify_mock.wait_for_notify(1)] == ["two"]
    notify_mock.stop()
    assert not session_bus.has_owner("org.freedesktop.Notifications")


# -- Xvfb + dunst -------------------------------------------------------------------------------

def test_dunst_shows_screenshots_and_presses_a_named_action(sandbox, dunst, tmp_path):
    assert dunst.display.screenshot(tmp_path / "empty.png").blank
    waiting = sandbox.spawn("notify-send", [
        "notify-send", "-A", "snooze=Snooze 10 min", "-A", "stop=Stop", "--wait", "Будильник", "07:30"])
    assert dunst.wait_for_displayed(1) == 1
    shot = dunst.display.wait_for_nonblank_screenshot(tmp_path / "shot.png")
    assert not shot.blank and shot.colours > 2, shot
    assert dunst.count("displayed") == 1

    chosen = dunst.invoke_action("Stop")
    assert chosen.startswith("#Stop (Будильник) [") and chosen.endswith(",stop]")
    assert waiting.wait(5) == 0
    assert waiting.stdout_text().strip() == "stop"
    dunst.wait_for_none_displayed()


def test_dunst_menu_pick_prefers_listed_order_and_reports_misses(sandbox, dunst):
    waiting = sandbox.spawn("notify-send", [
        "notify-send", "-A", "snooze=Snooze 10 min", "-A", "stop=Stop", "--wait", "T", "B"])
    dunst.wait_for_displayed(1)
    with pytest.raises(LookupError, match="Snooze 10 min"):
        dunst.invoke_action(["Отложить", "Snoo"])  # a partial word does not match
    assert dunst.invoke_action(["Отложить", "Snooze"]).endswith(",snooze]")
    assert waiting.wait(5) == 0 and waiting.stdout_text().strip() == "snooze"


def test_dunstctl_close_sends_notification_closed(sandbox, session_bus, dunst):
    monitor = BusMonitor(sandbox, session_bus, "type='signal',interface='org.freedesktop.Notifications'")
    waiting = sandbox.spawn("notify-send", ["notify-send", "-A", "stop=Stop", "--wait", "T", "B"])
    dunst.wait_for_displayed(1)
    dunst.close()
    assert waiting.wait(5) == 0 and waiting.stdout_text() == ""
    # reason 2 = dismissed by the user; dunst sends it only to the client, dbus-monitor still sees it
    monitor.wait_for(r"member=NotificationClosed\s+uint32 \d+\s+uint32 2")
    assert [n["summary"] for n in dunst.history()] == ["T"]


def test_dunstctl_default_action(sandbox, dunst):
    waiting = sandbox.spawn("notify-send", ["notify-send", "-A", "default=Open", "--wait", "T", "B"])
    dunst.wait_for_displayed(1)
    dunst.default_action()
    assert waiting.wait(5) == 0 and waiting.stdout_text().strip() == "default"


def test_menu_picker_script_alone(tmp_path):
    pick = tmp_path / "pick"
    menu = "#Snooze 10 min (Подъём) [3,snooze]\n#Stop (Подъём) [3,stop]\n#Остановить (x) [4,stop]"

    def choose(words):
        pick.write_text(words)
        r = subprocess.run(["/bin/sh", str(HARNESS_DIR / "pick-menu-entry")], input=menu, text=True,
                           capture_output=True, env={"MOSCOWTIME_MENU_PICK_FILE": str(pick)})
        assert r.returncode == 0, r.stderr
        assert (tmp_path / "pick.chosen").read_text().strip() == r.stdout.strip()
        return r.stdout.strip()

    assert choose("Stop") == "#Stop (Подъём) [3,stop]"
    assert choose("Остановить") == "#Остановить (x) [4,stop]"   # also the last line without newline
    assert choose("Nope\nSnooze 10") == "#Snooze 10 min (Подъём) [3,snooze]"
    assert choose("Sto") == ""
    assert (tmp_path / "pick.menu").read_text() == menu


# -- PulseAudio ---------------------------------------------------------------------------------

def test_played_sound_is_recorded_and_silence_is_zero(sandbox, pulse, recorder):
    recorder.wait_for_more(300)
    assert recorder.rms() == 0.0  # nothing played yet

    start = recorder.captured_ms()
    r = sandbox.run(["paplay", BELL])
    assert r.returncode == 0, r.stderr
    assert recorder.wait_for_sound(0.01, timeout=3) > 0.01
    assert recorder.rms(start_ms=start) > 0.01

    # The bell is ~0.2 s long; once its faint tail has left the window, a null sink records exact
    # digital zeros (waiting only for the harness's usual 1e-4 let that tail still be in it).
    recorder.wait_for_silence(window_ms=300, timeout=3, threshold=0.0)
    assert recorder.rms_last(300) == 0.0
    wav = recorder.save_wav(sandbox.path("bell.wav"))
    assert wav.read_bytes()[:4] == b"RIFF"


def test_pulse_writes_nothing_into_the_sandbox_home(sandbox, pulse, recorder):
    assert sandbox.run(["paplay", BELL]).returncode == 0
    assert not (Path(sandbox.env["HOME"]) / ".config" / "pulse").exists()
    assert not (Path(sandbox.env["XDG_RUNTIME_DIR"]) / "pulse").exists()


# -- logind mock --------------------------------------------------------------------------------

def test_logind_mock_emits_prepare_for_sleep(sandbox, system_bus, logind_mock):
    monitor = BusMonitor(sandbox, system_bus, "type='signal',member='PrepareForSleep'")
    logind_mock.emit_prepare_for_sleep(True)
    monitor.wait_for(r"interface=org.freedesktop.login1.Manager; member=PrepareForSleep\s+boolean true")
    logind_mock.emit_prepare_for_sleep(False)
    monitor.wait_for(r"PrepareForSleep\s+boolean true.*PrepareForSleep\s+boolean false")
    r = sandbox.run(["gdbus", "call", "--system", "-d", "org.freedesktop.login1",
                     "-o", "/org/freedesktop/login1", "-m", "org.freedesktop.login1.Manager.CanSuspend"])
    assert r.returncode == 0, r.stderr


# -- binaries under test (with stand-ins, so this runs before the Swift build exists) --------------

@pytest.fixture
def stub_bin_dir(tmp_path, monkeypatch):
    d = tmp_path / "bin"
    d.mkdir()
    (d / "agent-cli").write_text('#!/bin/sh\necho "args:$*"; echo "home:$XDG_DATA_HOME" >&2; exit 3\n')
    # The stub agent ignores SIGTERM when asked to, to exercise the SIGKILL fallback.
    (d / "moscowtime-agent").write_text(
        '#!/bin/sh\n[ "$1" = --stubborn ] && trap "" TERM\necho "started $*" >&2\n'
        'while :; do sleep 0.05; done\n')
    for f in d.iterdir():
        f.chmod(0o755)
    monkeypatch.setenv("MOSCOWTIME_BIN_DIR", str(d))
    return d


def test_cli_runner_uses_the_sandbox(stub_bin_dir, sandbox, cli):
    rc, out, err = cli(["timer", "4s", "Чай"])
    assert (rc, out) == (3, "args:timer 4s Чай\n")
    assert err == f"home:{sandbox.env['XDG_DATA_HOME']}\n"


def test_agent_starter_captures_stderr_and_stops(stub_bin_dir, agent_starter):
    agent = agent_starter(["--verbose"])
    agent.wait_for_log("started --verbose")
    assert agent.stop(timeout=5) == -signal.SIGTERM
    stubborn = agent_starter(["--stubborn"])
    stubborn.wait_for_log("started --stubborn")
    assert stubborn.stop(timeout=0.3) == -signal.SIGKILL
    assert not pid_alive(agent.pid) and not pid_alive(stubborn.pid)


# -- teardown -----------------------------------------------------------------------------------

def _children_of(pid: int) -> list[int]:
    kids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat_line = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            fields = stat_line[stat_line.rindex(")") + 2:].split()
            if int(fields[1]) == pid and fields[0] not in "ZX":
                kids.append(int(entry))
    return kids


def test_teardown_leaves_no_process_and_no_files():
    first = len(Child.started_pids)
    with DesktopStack(notifications="dunst", audio=True, logind=True, keep=False) as stack:
        root = stack.sandbox.root
        stack.pulse.record()
        BusMonitor(stack.sandbox, stack.session_bus)
        stack.sandbox.spawn("notify-send", ["notify-send", "-A", "stop=Stop", "--wait", "left", "open"])
        stack.dunst.wait_for_displayed(1)
        started = Child.started_pids[first:]
        assert len(started) >= 8  # 2 buses, logind, pulse, Xvfb, dunst, parec, monitor, notify-send
        assert all(pid_alive(pid) for pid in started)
    assert [pid for pid in started if pid_alive(pid)] == []
    assert [pid for pid in started if group_members(pid)] == []
    assert _children_of(os.getpid()) == []
    assert not root.exists()


def test_stack_is_torn_down_when_a_test_body_raises():
    with pytest.raises(KeyError):
        with DesktopStack(notifications="mock", audio=False) as stack:
            pids = [stack.session_bus.child.pid, stack.notify_mock.child.pid]
            raise KeyError("boom")
    assert not any(pid_alive(pid) for pid in pids)
    assert _children_of(os.getpid()) == []


def _pixels_of(tmp_path: Path, draw: list[str]) -> dict:
    """Pixels of a 75×70 light image (the colours of lxqt-notificationd) with `draw` on it."""
    image = tmp_path / "corner.png"
    subprocess.run(["convert", "-size", "75x70", "xc:#EFEFEF", "-fill", "#333333", "-stroke", "#333333",
                    *draw, str(image)], check=True, capture_output=True, timeout=20)
    out = subprocess.run(["convert", str(image), "-depth", "8", "txt:-"], check=True, capture_output=True,
                         text=True, timeout=20).stdout
    return {(int(m[1]), int(m[2])): (int(m[3]), int(m[4]), int(m[5])) for m in _TXT_PIXEL.finditer(out)}


CROSS = ["-strokewidth", "1.5", "-draw", "line 48,24 55,31", "-draw", "line 55,24 48,31"]
FONT = ["-font", "DejaVu-Sans", "-pointsize", "13", "-strokewidth", "0"]


@pytest.mark.parametrize("text", ["25", "ноября 2026", "Wednesday", "x х X Х", "ж Ж к К"])
def test_the_close_glyph_is_found_by_its_shape_beside_any_text(tmp_path, text):
    """The text the body wraps into the corner varies with the date and the language: the × is
    found by its shape and never pulled towards the text (as a centroid of dark pixels was)."""
    found = cross_near_top_right(_pixels_of(tmp_path, [*CROSS, *FONT, "-draw", f"text 2,66 '{text}'",
                                                       "-draw", f"text 2,46 '{text}'"]))
    assert found is not None and abs(found[0] - 51) <= 1 and abs(found[1] - 27) <= 1, found


@pytest.mark.parametrize("text", ["25", "ноября 2026", "Wednesday", "1 7 4 8"])
def test_text_alone_is_not_taken_for_a_close_glyph(tmp_path, text):
    assert cross_near_top_right(_pixels_of(tmp_path, [*FONT, "-draw", f"text 2,30 '{text}'"])) is None


@pytest.mark.agent
def test_a_pinned_clock_reaches_the_project_binaries_and_runs_on(sandbox):
    """harness/clock.py: agent-cli sees the pinned day (and its arguments: libfaketime must not
    hide argv from the Swift runtime), and the clock runs from the pinned instant."""
    from datetime import datetime
    from harness import run_cli
    from harness.clock import pin_clock
    pin_clock(sandbox, datetime.fromisoformat("2031-02-09T23:59:58+03:00"))
    first = run_cli(sandbox, ["now"])
    assert first.rc == 0, first.stderr
    assert first.stdout.startswith("23:59:5") and "Sunday, 9 February 2031" in first.stdout, first.stdout
    wait_until(lambda: "Monday, 10 February 2031" in run_cli(sandbox, ["now"]).stdout, 10,
               "the pinned clock to pass midnight")


def test_stale_faketime_segments_of_dead_processes_are_removed(tmp_path):
    """A killed faked process leaves /dev/shm/faketime_shm_<pid>; a later one with that pid would
    exit at once. The harness removes those of dead processes only."""
    import os
    from harness.clock import remove_stale_faketime_shm
    dead = max(int(p) for p in os.listdir("/proc") if p.isdigit()) + 100000  # no such process
    for name in (f"faketime_shm_{dead}", f"sem.faketime_sem_{dead}", f"faketime_shm_{os.getpid()}", "other_1"):
        (tmp_path / name).write_bytes(b"x")
    remove_stale_faketime_shm(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"faketime_shm_{os.getpid()}", "other_1"]
