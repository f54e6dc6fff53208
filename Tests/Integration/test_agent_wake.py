# SPDX-License-Identifier: GPL-3.0-or-later
"""The agent keeps exactly one wake-up from suspend armed through moscowtime-wake: the earliest ring
of a wake-enabled alarm less 60 s, re-armed on every change and cleared when none is left. The
helper runs with the test-only `--clock realtime`; a tee records every line the agent sends it."""
from __future__ import annotations

import json
import os
import signal
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from harness import wait_until
from harness.agent import binary

pytestmark = pytest.mark.agent
MOSCOW = ZoneInfo("Europe/Moscow")


@pytest.fixture
def wake_log(rig, sandbox):
    helper = binary("moscowtime-wake")
    log = sandbox.path("wake-commands.log")
    log.write_text("")
    wrapper = sandbox.path("moscowtime-wake-test")
    wrapper.write_text(f"#!/bin/sh\ntee -a '{log}' | '{helper}' --clock realtime\n")
    wrapper.chmod(0o755)
    sandbox.env["MOSCOWTIME_WAKE_HELPER"] = str(wrapper)
    return log


def _commands(log) -> list[str]:
    return log.read_text().splitlines()


def _wait_last(log, expected: str, what: str) -> None:
    wait_until(lambda: _commands(log)[-1:] == [expected], 5, f"{what}: {expected!r} (sent so far: {_commands(log)})")


def _next_local(hh: int, mm: int, after: datetime) -> datetime:
    local = after.astimezone(MOSCOW)
    t = local.replace(hour=hh, minute=mm, second=0, microsecond=0)
    return t if t > local else (t + timedelta(days=1)).replace(hour=hh, minute=mm)


def test_one_wake_up_follows_every_change(rig, wake_log):
    agent = rig.start_agent()
    assert _commands(wake_log) == [], "nothing to wake for yet"
    now = datetime.now(timezone.utc)
    # Two hours ahead on the hour, in Moscow: every day, so the zone database decides the instant.
    at = (now.astimezone(MOSCOW) + timedelta(hours=2))
    hh, mm = at.hour, at.minute
    alarm = rig.cli_json("add", f"{hh:02d}:{mm:02d}", "--days", "everyday", "--label", "Wake", "--json")
    ring = _next_local(hh, mm, now)
    _wait_last(wake_log, f"arm {int(ring.timestamp()) - 60}", "armed a minute before the ring")

    # A timer does not wake by default; with --wake it does, and it is earlier.
    rig.cli("timer", "30m", "Quiet")
    timer = rig.cli_json("timer", "20m", "Loud", "--wake", "--json")
    timer_at = int(datetime.fromisoformat(timer["schedule"]["at"].replace("Z", "+00:00")).timestamp())
    _wait_last(wake_log, f"arm {timer_at - 60}", "re-armed for the earlier wake-enabled timer")
    rig.cli("rm", timer["id"])
    _wait_last(wake_log, f"arm {int(ring.timestamp()) - 60}", "back to the alarm after rm")

    # Pause over the alarm: the wake-up moves to the first ring after the pause.
    rig.cli("pause", "--for", "3h")
    _wait_last(wake_log, f"arm {int((ring + timedelta(days=1)).timestamp()) - 60}", "the paused ring is not woken for")
    rig.cli("resume")
    _wait_last(wake_log, f"arm {int(ring.timestamp()) - 60}", "resume re-arms")

    # --no-wake on the last wake-enabled alarm clears it; the setting does the same for the default.
    rig.cli("edit", alarm["id"], "--no-wake")
    _wait_last(wake_log, "clear", "cleared when no alarm wants waking")
    rig.cli("edit", alarm["id"], "--use-defaults")
    _wait_last(wake_log, f"arm {int(ring.timestamp()) - 60}", "default on again")
    rig.cli("settings", "wake", "off")
    _wait_last(wake_log, "clear", "the wake setting off")

    sent = _commands(wake_log)
    assert all(a != b for a, b in zip(sent, sent[1:])), f"only changes are sent: {sent}"
    # The agent stops: the helper sees its stdin close and exits (the wake-up goes with it).
    agent.child.send_signal(signal.SIGTERM)
    agent.child.wait(10)
    wait_until(lambda: not [p for p in os.listdir("/proc") if p.isdigit() and _is_helper(p)], 5, "the helper to exit")


def _is_helper(pid: str) -> bool:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            cmd = f.read().split(b"\0")
    except OSError:
        return False
    return len(cmd) > 1 and cmd[0].endswith(b"moscowtime-wake") and b"realtime" in cmd


def test_status_and_log_when_the_helper_cannot_wake(rig, sandbox):
    agent = rig.start_agent()
    agent.wait_for_log("alarms cannot wake the computer from suspend: the wake helper moscowtime-wake is not installed")
    r = rig.cli("status")
    assert r.rc == 0
    [line] = [l for l in r.stdout.splitlines() if l.startswith("wake:")]
    assert "cannot be woken from suspend" in line and "not installed" in line, line
