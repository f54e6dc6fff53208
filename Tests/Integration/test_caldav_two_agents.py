# SPDX-License-Identifier: GPL-3.0-or-later
"""Two machines synced through one real Radicale, each with its own HOME, private session bus,
notification server and running agent: what is added on one rings on the other, also when the
other was asleep meanwhile."""
from __future__ import annotations

import json
import time

import pytest

from harness import BusMonitor, NotificationMock, PrivateBus, Sandbox, wait_until
from harness.alarms import AgentRig
from test_caldav_sync import Machine, radicale, server_clock  # noqa: F401 (fixtures)

pytestmark = pytest.mark.agent


@pytest.fixture
def laptop():
    """Machine A: a second sandbox (HOME, XDG dirs) with its own private bus, dbusmock notification
    server and agent, torn down after the test."""
    with Sandbox(prefix="moscowtime-it-laptop-") as sb:
        bus = PrivateBus(sb, "session")
        yield AgentRig(sb, bus, NotificationMock(sb, bus))


def set_up_sync(machine: AgentRig, url: str) -> None:
    secret = machine.sandbox.path("caldav-password")
    secret.write_text("secret\n")
    machine.cli("sync", "setup", url, "--user", "alice", "--password-command", f"cat {secret}")


def alarm_labels(machine: AgentRig) -> set[str]:
    return {a["label"] for a in json.loads(machine.store_path.read_text())["alarms"]}


@pytest.mark.slow
def test_an_alarm_added_on_one_machine_rings_on_the_other_with_both_agents_running(laptop, rig, radicale):
    desktop = rig
    set_up_sync(laptop, radicale)
    set_up_sync(desktop, radicale)
    laptop.start_agent()
    desktop.start_agent()

    # On the laptop only agent-cli is used: its running agent sends the change by itself (debounced).
    laptop.cli("timer", "45s", "С ноутбука")
    def on_the_desktop():
        desktop.cli("sync")
        return "С ноутбука" in alarm_labels(desktop)
    wait_until(on_the_desktop, 30, "the laptop's agent to send the new alarm to the server", interval=1)

    # The desktop's running agent reads what the sync wrote and rings it; so does the laptop's.
    ring = desktop.wait_for_ring("С ноутбука", timeout=60)
    assert ring.summary == "С ноутбука"
    laptop.wait_for_ring("С ноутбука", timeout=10)
    # Once on each machine, not once per sync: a window is the point here, long enough for the
    # agents' own debounced syncs after the ring.
    time.sleep(3)
    assert len(desktop.rings("С ноутбука")) == 1
    assert len(laptop.rings("С ноутбука")) == 1
    assert "Last attempt failed" not in desktop.cli("sync", "status").stdout
    assert "Last attempt failed" not in laptop.cli("sync", "status").stdout


@pytest.mark.slow
def test_after_a_resume_the_agent_syncs_at_once_and_rings_what_the_other_machine_added(
        rig, cli, sandbox, system_bus, logind_mock, radicale):
    """The agent's interval timer counts only time awake: a resume must bring a sync by itself."""
    monitor = BusMonitor(sandbox, system_bus, name="system-monitor")
    set_up_sync(rig, radicale)
    rig.start_agent()
    monitor.wait_for(r"member=AddMatch\s+string \"[^\"]*member='PrepareForSleep'", timeout=5)
    # The agent's own first sync, shortly after start.
    wait_until(lambda: "never" not in rig.cli("sync", "status").stdout, 30, "the agent's first sync", interval=0.5)

    laptop = Machine(cli, sandbox, "laptop")
    laptop("timer", "40s", "Пока спал", at=None)
    laptop.setup(radicale, at=None)
    laptop("sync", at=None)
    logind_mock.emit_prepare_for_sleep(True)
    logind_mock.emit_prepare_for_sleep(False)

    ring = rig.wait_for_ring("Пока спал", timeout=60)
    assert ring.summary == "Пока спал"
    assert rig.agents[-1].alive()
