# SPDX-License-Identifier: GPL-3.0-or-later
"""pytest fixtures over the harness package: each test gets its own sandbox and private stack."""
from __future__ import annotations

import os
import sys

import pytest

try:
    import dbus  # noqa: F401  (python3-dbus comes with python3-dbusmock)
    import dbusmock  # noqa: F401
except ImportError:  # pragma: no cover - wrong interpreter
    pytest.exit(f"{sys.executable} lacks python3-dbusmock; run: /usr/bin/python3 -m pytest Tests/Integration",
                returncode=4)

from harness import (AgentProcess, CliResult, Dunst, LogindMock, NotificationMock, PrivateBus,
                     PulseServer, Recorder, Sandbox, VirtualDisplay, XdgHome, binaries_present,
                     bin_dir, run_cli, start_agent)


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: takes half a minute or more of real time; started first under "
                            "pytest-xdist (deselect with -m 'not slow')")


@pytest.hookimpl(trylast=True)  # after -k and -m have deselected
def pytest_collection_modifyitems(config, items):
    _start_slow_tests_first(config, items)
    if binaries_present() or os.environ.get("MOSCOWTIME_REQUIRE_AGENT"):
        return
    skip = pytest.mark.skip(reason=f"agent binaries not built in {bin_dir()} (set MOSCOWTIME_BIN_DIR)")
    for item in items:
        if "agent" in item.keywords:
            item.add_marker(skip)


def _start_slow_tests_first(config, items) -> None:
    """Under pytest-xdist (`-n`), puts one test marked slow at the head of each worker's first
    batch: xdist's load scheduling hands every worker a run of consecutive tests first, then the
    rest in order as workers free up, and a slow test picked up last would be the stage's tail.
    Every worker reorders alike (xdist checks that they collected the same list)."""
    workers = getattr(config, "workerinput", {}).get("workercount")
    slow = [item for item in items if item.get_closest_marker("slow")]
    if not workers or not slow:
        return
    rest = [item for item in items if not item.get_closest_marker("slow")]
    chunk = max(len(items) // workers // 4, 2)  # xdist's LoadScheduling: each worker's first batch
    ordered = []
    for _ in range(workers):
        head = [slow.pop(0)] if slow else []
        take = chunk - len(head)
        ordered += head + rest[:take]
        del rest[:take]
    items[:] = ordered + slow + rest


@pytest.fixture
def sandbox():
    """Temp dir + scrubbed environment + temporary XDG home; everything in it is torn down after the test."""
    with Sandbox() as sb:
        yield sb


@pytest.fixture
def xdg_home(sandbox) -> XdgHome:
    """The sandbox's HOME/XDG_* directories (XDG_RUNTIME_DIR is 0700)."""
    return sandbox.xdg


@pytest.fixture
def session_bus(sandbox) -> PrivateBus:
    """A private dbus-daemon; DBUS_SESSION_BUS_ADDRESS of every child points at it."""
    return PrivateBus(sandbox, "session")


@pytest.fixture
def system_bus(sandbox) -> PrivateBus:
    """A second private dbus-daemon exported as DBUS_SYSTEM_BUS_ADDRESS."""
    return PrivateBus(sandbox, "system")


@pytest.fixture
def notify_mock(sandbox, session_bus) -> NotificationMock:
    """dbusmock notification daemon with capabilities "body body-markup actions persistence"."""
    return NotificationMock(sandbox, session_bus)


@pytest.fixture
def logind_mock(sandbox, system_bus) -> LogindMock:
    """dbusmock logind on the private system bus."""
    return LogindMock(sandbox, system_bus)


@pytest.fixture
def display(sandbox) -> VirtualDisplay:
    """Xvfb with a black root window; DISPLAY exported."""
    return VirtualDisplay(sandbox)


@pytest.fixture
def dunst(sandbox, session_bus, display) -> Dunst:
    """The real dunst on the private bus and display, with the harness's dunstrc and menu picker."""
    return Dunst(sandbox, session_bus, display)


@pytest.fixture
def gui(dunst) -> Dunst:
    """Alias: the whole GUI stack (bus + Xvfb + dunst); `gui.display` takes screenshots."""
    return dunst


@pytest.fixture
def pulse(sandbox) -> PulseServer:
    """A private PulseAudio with a null sink; PULSE_SERVER etc. exported."""
    return PulseServer(sandbox)


@pytest.fixture
def recorder(pulse) -> Recorder:
    """A running recording of the null sink's monitor."""
    return pulse.record()


@pytest.fixture
def cli(sandbox):
    """cli(args, **kw) -> CliResult(rc, stdout, stderr): runs agent-cli in the sandbox."""
    def run(args, **kwargs) -> CliResult:
        return run_cli(sandbox, args, **kwargs)
    return run


@pytest.fixture
def agent_starter(sandbox):
    """agent_starter(extra_args=(), env=None) -> AgentProcess, stopped at teardown."""
    def start(extra_args=(), env=None) -> AgentProcess:
        return start_agent(sandbox, extra_args, env)
    return start


@pytest.fixture
def rig(sandbox, session_bus, notify_mock):
    """harness.alarms.AgentRig over the dbusmock notification daemon: store, state, CLI, agent,
    and a dbus-monitor log of the agent's calls to the notification server (microsecond times)."""
    from harness.alarms import AgentRig
    return AgentRig(sandbox, session_bus, notify_mock)


@pytest.fixture
def dav():
    """harness.hostile_dav.HostileDAV: the tests' own misbehaving CalDAV server on 127.0.0.1."""
    from harness.hostile_dav import HostileDAV
    d = HostileDAV()
    yield d
    d.close()
