# SPDX-License-Identifier: GPL-3.0-or-later
"""Another process holding the store's lock (an import reading a large calendar, a stuck command)
never stops the agent: it answers D-Bus, rings the next timer, and writes what it had to record (a
stopped one-time timer switched off) once the lock is free."""
from __future__ import annotations

import fcntl
import time

import pytest

from harness import wait_until

pytestmark = pytest.mark.agent

AGENT = ("org.moscowtime.Agent", "/org/moscowtime/Agent", "org.moscowtime.Agent1")


def test_a_held_store_lock_never_stops_ringing_or_dbus(rig):
    rig.start_agent()
    first = rig.timer(2, "Held first")
    second = rig.timer(5, "Held second")
    lock_path = rig.store_path.with_name("store.json.lock")
    with open(lock_path, "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        call = rig.wait_for_ring(first.label, timeout=6)
        rig.bus.call(*AGENT, "Stop", first.id, signature="s", timeout=2)
        rig.wait_for_close(call.id, timeout=2)
        # The agent wants to switch the finished timer off in the store and cannot: it still answers
        # at once and rings the next timer.
        started = time.monotonic()
        status = rig.bus.call(*AGENT, "GetStatus", timeout=2)
        assert time.monotonic() - started < 1.0 and status
        rig.wait_for_ring(second.label, timeout=8)
        assert rig.alarm(first.id)["enabled"] is True, "written while another process held the lock"
        fcntl.flock(lock, fcntl.LOCK_UN)
    wait_until(lambda: rig.alarm(first.id)["enabled"] is False, 5, "the stopped timer switched off once the lock is free")
