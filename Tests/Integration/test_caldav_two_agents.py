# SPDX-License-Identifier: GPL-3.0-or-later
"""Two machines, each with its own HOME, private session bus, notification server and running agent,
synced through one real Radicale: what is added on one rings on the other."""
from __future__ import annotations

import json
import time

import pytest

from harness import NotificationMock, PrivateBus, Sandbox
from harness.alarms import AgentRig
from test_caldav_sync import radicale  # noqa: F401 (fixture)

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


def test_an_alarm_added_on_one_machine_rings_on_the_other_with_both_agents_running(laptop, rig, radicale):
    desktop = rig
    set_up_sync(laptop, radicale)
    set_up_sync(desktop, radicale)
    laptop.start_agent()
    desktop.start_agent()

    # On the laptop only agent-cli is used: its running agent sends the change by itself (debounced).
    laptop.cli("timer", "45s", "С ноутбука")
    deadline = time.monotonic() + 30
    while "С ноутбука" not in alarm_labels(desktop):
        assert time.monotonic() < deadline, "the laptop's agent did not send the new alarm to the server"
        desktop.cli("sync")
        time.sleep(1)

    # The desktop's running agent reads what the sync wrote and rings it; so does the laptop's.
    ring = desktop.wait_for_ring("С ноутбука", timeout=60)
    assert ring.summary == "С ноутбука"
    laptop.wait_for_ring("С ноутбука", timeout=10)
    # Once on each machine, not once per sync.
    time.sleep(3)
    assert len(desktop.rings("С ноутбука")) == 1
    assert len(laptop.rings("С ноутбука")) == 1
    assert "Last attempt failed" not in desktop.cli("sync", "status").stdout
    assert "Last attempt failed" not in laptop.cli("sync", "status").stdout
