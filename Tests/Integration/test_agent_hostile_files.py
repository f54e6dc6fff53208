# SPDX-License-Identifier: GPL-3.0-or-later
"""Hostile files against the agent: a FIFO in place of store.json or agent-state.json must not hang
it (it starts, answers on D-Bus, exits on SIGTERM); a damaged part of agent-state.json is set aside
while the record of handled occurrences is kept, so a stopped alarm never rings again."""
from __future__ import annotations

import json
import os
import signal
import time

import pytest

from harness import wait_until
from harness.alarms import iso_z, store_document, timer_alarm, utc_now

pytestmark = pytest.mark.agent


@pytest.mark.parametrize("which", ["store", "state", "both"])
def test_a_fifo_in_place_of_a_data_file_does_not_hang_the_agent(rig, which):
    for path in ([rig.store_path] if which != "state" else []) + ([rig.state_path] if which != "store" else []):
        path.parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(path)
    agent = rig.start_agent()  # waits for the bus name: a hang at start fails here
    # It answers on D-Bus and names the problem (agent-cli itself refuses the FIFO store, exit 1).
    status = rig.bus.call("org.moscowtime.Agent", "/org/moscowtime/Agent", "org.moscowtime.Agent1", "GetStatus")
    text = json.dumps(status, ensure_ascii=False)
    if which != "state":
        assert "named pipe" in text, text
    else:
        assert rig.cli("status").rc == 0
    started = time.monotonic()
    agent.child.send_signal(signal.SIGTERM)
    assert agent.child.wait(5) == 0
    assert time.monotonic() - started < 5


def test_a_bad_pause_in_the_state_keeps_the_handled_record(rig):
    due = utc_now().replace(microsecond=0) - __import__("datetime").timedelta(seconds=30)
    alarm = timer_alarm("Stopped", due)
    rig.write_store(store_document([alarm]))
    rig.state_path.parent.mkdir(parents=True, exist_ok=True)
    # What `pause --for 999999h` used to leave, next to the record that the timer was handled.
    rig.state_path.write_text(json.dumps({"schemaVersion": 1, "handled": {alarm["id"]: iso_z(due)},
                                          "snoozes": {}, "pausedUntil": "+999999-01-01T00:00:00Z"}))
    agent = rig.start_agent()
    agent.wait_for_log("set aside what was damaged")
    # start_agent returns once the start's evaluation is carried out: a ring or a report would be logged.
    assert "ringing alarm" not in agent.stderr_text(), "a handled occurrence rang again"
    assert "missed alarm" not in agent.stderr_text()
    assert rig.rings("Stopped") == []
    assert rig.missed_reports() == []
    assert rig.state()["handled"][alarm["id"]] == iso_z(due)
    assert rig.state_path.with_name("agent-state.json.damaged").exists()


def test_pause_over_dbus_is_range_checked_and_the_agent_survives(rig):
    import dbus
    rig.start_agent()
    now = int(time.time())
    for bad in (2**63 - 1, now + 32 * 86400, -2**63, 0):
        with pytest.raises(dbus.exceptions.DBusException) as e:
            rig.bus.call("org.moscowtime.Agent", "/org/moscowtime/Agent", "org.moscowtime.Agent1", "Pause", bad, signature="x")
        assert e.value.get_dbus_name() == "org.moscowtime.Agent1.Error.InvalidArgument", e.value
    assert rig.cli_json("status", "--json")["pausedUntil"] is None, "nothing was paused"
    rig.bus.call("org.moscowtime.Agent", "/org/moscowtime/Agent", "org.moscowtime.Agent1", "Pause", now + 3600, signature="x")
    assert rig.cli_json("status", "--json")["pausedUntil"] is not None


def test_dbus_fuzz_answers_as_documented_and_never_kills_the_agent(rig):
    """Random and hostile arguments to every method (Quit and Resume aside): each call is answered,
    with a reply or one of the documented error names; the agent stays up; the store is unchanged."""
    import random

    import dbus
    agent = rig.start_agent()
    rig.cli("add", "07:30", "--label", "Fuzz")
    before = rig.store_path.read_bytes()
    documented = {"org.moscowtime.Agent1.Error.UnknownAlarm", "org.moscowtime.Agent1.Error.NotRinging",
                  "org.moscowtime.Agent1.Error.InvalidArgument", "org.freedesktop.DBus.Error.InvalidArgs",
                  "org.freedesktop.DBus.Error.UnknownMethod"}
    strings = ["", "x", "\x1b[2J", "a" * 10000, "ffffffff", "Fuzz", "../..", "\u202e", "0" * 8]
    ints = [0, 1, -1, 2**31 - 1, 2**32 - 1, 2**63 - 1, -2**63, int(time.time()) + 3600]
    methods = [("NextTriggers", "u"), ("Snooze", "su"), ("Stop", "s"), ("Pause", "x"), ("GetStatus", ""),
               ("ListRinging", ""), ("ListSnoozed", ""), ("Reload", ""), ("Snooze", "s"), ("Pause", "s"),
               ("Stop", "x"), ("NoSuchMethod", "")]
    rng = random.Random(20261122)

    def value(code):
        if code == "s":
            return rng.choice(strings)
        if code == "u":
            return rng.choice([i for i in ints if 0 <= i < 2**32])
        return rng.choice(ints)

    outcomes = {}
    for _ in range(300):
        method, sig = rng.choice(methods)
        args = [value(c) for c in sig]
        try:
            rig.bus.call("org.moscowtime.Agent", "/org/moscowtime/Agent", "org.moscowtime.Agent1", method, *args,
                         signature=sig, timeout=5)
            outcome = "ok"
        except dbus.exceptions.DBusException as e:
            outcome = e.get_dbus_name()
            assert outcome in documented, (method, args, outcome, str(e))
        outcomes[outcome] = outcomes.get(outcome, 0) + 1
        if method == "Pause" and outcome == "ok":
            rig.bus.call("org.moscowtime.Agent", "/org/moscowtime/Agent", "org.moscowtime.Agent1", "Resume")
    assert agent.child.alive(), "the agent died"
    assert outcomes.get("ok", 0) > 20 and outcomes.get("org.moscowtime.Agent1.Error.InvalidArgument", 0) > 5, outcomes
    assert rig.cli_json("status", "--json")["running"] is True
    assert rig.store_path.read_bytes() == before
