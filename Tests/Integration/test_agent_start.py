# SPDX-License-Identifier: GPL-3.0-or-later
"""An alarm saved is an alarm that will ring: after a change that rings, agent-cli starts an agent
when none owns org.moscowtime.Agent — through the D-Bus activation file as the desktop would, or the
moscowtime-agent beside it — and says so; with no session bus it warns and still exits 0."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import time

import pytest

from harness import run_cli, wait_until
from harness.agent import binary
from harness.alarms import AGENT_BUS_NAME
from harness.bus import PrivateBus
from harness.mocks import NotificationMock

pytestmark = pytest.mark.agent

START = {"MOSCOWTIME_NO_AGENT_START": "0"}


def _owner_pid(bus: PrivateBus) -> int:
    return int(bus.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                        "GetConnectionUnixProcessID", AGENT_BUS_NAME, signature="s"))


def _stop_agent(bus: PrivateBus) -> None:
    if bus.has_owner(AGENT_BUS_NAME):
        pid = _owner_pid(bus)
        os.kill(pid, signal.SIGTERM)
        wait_until(lambda: not bus.has_owner(AGENT_BUS_NAME), 10, "the started agent to exit")


def _activation_bus(sandbox) -> PrivateBus:
    services = sandbox.path("dbus-services")
    services.mkdir()
    (services / "org.moscowtime.Agent.service").write_text(
        f"[D-BUS Service]\nName={AGENT_BUS_NAME}\nExec={binary('moscowtime-agent')}\n")
    return PrivateBus(sandbox, "session", service_dir=services)


def test_a_timer_rings_through_the_activation_file_when_no_agent_runs(sandbox):
    bus = _activation_bus(sandbox)
    mock = NotificationMock(sandbox, bus)
    sandbox.add_cleanup(lambda: _stop_agent(bus))
    assert not bus.has_owner(AGENT_BUS_NAME)
    r = run_cli(sandbox, ["timer", "3s", "Тест", "--json"], env=START)
    assert r.rc == 0, r
    json.loads(r.stdout)  # stdout stays the command's result; the notice is on stderr
    assert r.stderr.count("\n") == 1 and "started the agent" in r.stderr and "activation" in r.stderr, r.stderr
    assert bus.has_owner(AGENT_BUS_NAME)
    calls = wait_until(lambda: [c for c in mock.notify_calls() if c.summary == "Тест"], 8, "the timer to ring")
    assert len(calls) == 1
    # The agent runs now: the next change says nothing and starts nothing.
    pid = _owner_pid(bus)
    r = run_cli(sandbox, ["add", "07:30"], env=START)
    assert r.rc == 0 and r.stderr == "", r
    assert _owner_pid(bus) == pid


def test_without_an_activation_file_the_agent_beside_agent_cli_is_started(sandbox, session_bus, notify_mock):
    sandbox.add_cleanup(lambda: _stop_agent(session_bus))
    r = run_cli(sandbox, ["add", "07:30", "--label", "Wake"], env=START)
    assert r.rc == 0, r
    assert "started the agent" in r.stderr and str(binary("moscowtime-agent").resolve()) in r.stderr, r.stderr
    assert session_bus.has_owner(AGENT_BUS_NAME)
    # The agent answers and is not a child of agent-cli's session (it outlived the command).
    assert run_cli(sandbox, ["status"]).rc == 0
    assert os.getsid(_owner_pid(session_bus)) != os.getsid(0)


def test_the_started_agent_keeps_none_of_the_callers_descriptors(sandbox, session_bus, notify_mock):
    """A panel script that reads agent-cli's output through a pipe, or hands it one more descriptor,
    must see the end of it when agent-cli exits, not when the agent it started does: the agent gets
    stdio on /dev/null, no other descriptor of agent-cli's, and `/` as its folder."""
    sandbox.add_cleanup(lambda: _stop_agent(session_bus))
    extra_read, extra_write = os.pipe()
    try:
        r = subprocess.run([str(binary("agent-cli")), "add", "07:30"], env={**sandbox.env, **sandbox.binary_env, **START},
                           stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=30,
                           pass_fds=(extra_write,))
        os.close(extra_write)
        assert r.returncode == 0 and "started the agent" in r.stderr, r
        pid = _owner_pid(session_bus)
        held = {os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")}
        assert f"pipe:[{os.fstat(extra_read).st_ino}]" not in held, held
        assert os.read(extra_read, 1) == b""  # the write end is closed everywhere: end of file at once
        assert [os.readlink(f"/proc/{pid}/fd/{fd}") for fd in (0, 1, 2)] == ["/dev/null"] * 3
        assert os.readlink(f"/proc/{pid}/cwd") == "/"
    finally:
        os.close(extra_read)


def test_nothing_is_started_by_commands_that_do_not_ring(sandbox, session_bus):
    for args in (["add", "07:30", "--disabled"], ["list"], ["settings", "snooze", "5"], ["next"]):
        r = run_cli(sandbox, args, env=START)
        assert r.rc == 0 and "started" not in r.stderr, (args, r)
    assert not session_bus.has_owner(AGENT_BUS_NAME)


def test_without_a_session_bus_the_change_is_saved_with_a_warning(sandbox):
    env = {**START, "DBUS_SESSION_BUS_ADDRESS": f"unix:path={sandbox.path('no-session-bus')}"}
    r = run_cli(sandbox, ["timer", "3s", "Tea"], env=env)
    assert r.rc == 0, r
    assert r.stdout.startswith("Timer ")
    [line] = r.stderr.splitlines()
    assert "saved" in line and "nothing rings until the agent runs" in line and "moscowtime-agent" in line, line
    listed = json.loads(run_cli(sandbox, ["list", "--json"], env=env).stdout)
    assert [a["label"] for a in listed] == ["Tea"]


def test_status_does_not_advise_enabling_autostart_that_is_enabled(sandbox, session_bus):
    # XDG method: a user autostart entry makes autostart "enabled".
    assert run_cli(sandbox, ["autostart", "enable", "--method", "xdg"]).rc == 0
    assert "Autostart is enabled." in run_cli(sandbox, ["autostart", "status", "--method", "xdg"]).stdout
    r = run_cli(sandbox, ["status"], env={"PATH": "/usr/bin:/bin"})
    assert r.rc == 3
    assert "autostart is enabled" in r.stderr and "autostart enable" not in r.stderr.replace("autostart is enabled", ""), r.stderr


def test_a_failing_activation_falls_back_to_the_agent_beside_agent_cli(sandbox):
    services = sandbox.path("dbus-services")
    services.mkdir()
    (services / "org.moscowtime.Agent.service").write_text(
        f"[D-BUS Service]\nName={AGENT_BUS_NAME}\nExec={sandbox.path('no-such-agent')}\n")
    bus = PrivateBus(sandbox, "session", service_dir=services)
    NotificationMock(sandbox, bus)
    sandbox.add_cleanup(lambda: _stop_agent(bus))
    r = run_cli(sandbox, ["add", "07:30"], env=START)
    assert r.rc == 0, r
    assert "started the agent (" in r.stderr and str(binary("moscowtime-agent").resolve()) in r.stderr, r.stderr
    assert bus.has_owner(AGENT_BUS_NAME)
