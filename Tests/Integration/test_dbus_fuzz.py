# SPDX-License-Identifier: GPL-3.0-or-later
"""Seeded fuzz of org.moscowtime.Agent1 on a private session bus: random and hostile arguments
(Int64 and UInt32 extremes, instants far in the past and future, huge, empty and escape-laden ids,
wrong signatures). Properties: every call answers within its timeout, with a reply or one of the
documented error names; the agent stays alive; a refused call leaves the store and the agent's
state byte-identical. Bounded: a fixed number of calls, well under a minute."""
from __future__ import annotations

import random
import time
from datetime import timedelta

import dbus
import pytest

from harness.alarms import AGENT_BUS_NAME, hhmm, utc_now
from harness.procs import wait_until

pytestmark = pytest.mark.agent

PATH, IFACE = "/org/moscowtime/Agent", "org.moscowtime.Agent1"
ERR = "org.moscowtime.Agent1.Error."
DOCUMENTED = {ERR + "UnknownAlarm", ERR + "NotRinging", ERR + "InvalidArgument",
              # GDBus refuses a wrong signature before the agent sees the call
              "org.freedesktop.DBus.Error.InvalidArgs", "org.freedesktop.DBus.Error.UnknownMethod"}
INT64_MIN, INT64_MAX, UINT32_MAX = -2**63, 2**63 - 1, 2**32 - 1
CALLS = 400
SEED = 20261122


def _hostile_int64(rng: random.Random) -> int:
    now = int(time.time())
    return rng.choice([0, -1, 1, INT64_MIN, INT64_MAX, INT64_MAX - 1, INT64_MIN + 1, now, now - 1, now + 1,
                       now + 31 * 86_400, now + 31 * 86_400 + 1, now + 10**12, 2**32, -2**32,
                       rng.randint(INT64_MIN, INT64_MAX), now + rng.randint(-10**6, 10**8)])


def _hostile_uint32(rng: random.Random) -> int:
    return rng.choice([0, 1, 5, 120, 121, 1000, 1001, 2**31, UINT32_MAX, rng.randint(0, UINT32_MAX)])


def _hostile_string(rng: random.Random, known: list[str]) -> str:
    return rng.choice(["", " ", "\x1b[31mred\x1b[0m", "a\nb", "Подъём", "*", "../../etc/passwd", "%s%n",
                       "x" * 64, "x" * 65, "x" * 100_000, rng.choice(known), rng.choice(known)[:4],
                       "".join(chr(rng.randint(1, 0xD7FF)) for _ in range(rng.randint(1, 40)))])


def _random_call(rng: random.Random, known: list[str]):
    method = rng.choice(["GetStatus", "ListRinging", "ListSnoozed", "NextTriggers", "Snooze", "Stop",
                         "Pause", "Resume", "Reload", "Frobnicate"])
    if rng.random() < 0.15:  # a wrong signature
        sig, args = rng.choice([("s", ["x"]), ("x", [dbus.Int64(1)]), ("uu", [dbus.UInt32(1), dbus.UInt32(2)]),
                                ("", []), ("ss", ["a", "b"]), ("i", [dbus.Int32(-5)])])
        return method, sig, args
    if method == "NextTriggers":
        return method, "u", [dbus.UInt32(_hostile_uint32(rng))]
    if method == "Snooze":
        return method, "su", [_hostile_string(rng, known), dbus.UInt32(_hostile_uint32(rng))]
    if method == "Stop":
        return method, "s", [_hostile_string(rng, known)]
    if method == "Pause":
        return method, "x", [dbus.Int64(_hostile_int64(rng))]
    return method, "", []


def test_hostile_calls_get_documented_errors_and_refusals_change_nothing(rig):
    agent = rig.start_agent(verbose=False)
    idle = rig.cli_json("add", hhmm(utc_now() + timedelta(hours=3)), "--label", "Idle")
    rig.cli("pause", "--for", "2h")  # a state file exists from the start
    known = [idle["id"]]
    # The agent records when it took the new alarm in (`seen`), from its directory watcher, which
    # may come after the pause on a loaded machine: wait for it, so that a refused call in the
    # fuzz is not blamed for that write.
    wait_until(lambda: idle["id"] in rig.state().get("seen", {}), 10, "the agent to take the new alarm in")
    conn = rig.bus.conn
    rng = random.Random(SEED)
    started = time.monotonic()
    seen_errors: dict[str, int] = {}
    for i in range(CALLS):
        method, sig, args = _random_call(rng, known)
        store_before, state_before = rig.store_path.read_bytes(), rig.state_path.read_bytes()
        t0 = time.monotonic()
        try:
            conn.call_blocking(AGENT_BUS_NAME, PATH, IFACE, method, sig, args, timeout=5)
            refused = None
        except dbus.DBusException as e:
            refused = e.get_dbus_name()
        took = time.monotonic() - t0
        what = f"call {i}: {method}({sig}) {[str(a)[:40] for a in args]!r}"
        assert took < 3, f"{what} took {took:.1f} s"
        assert agent.alive(), f"{what} killed the agent:\n{agent.stderr_text()[-2000:]}"
        if refused is not None:
            assert refused in DOCUMENTED, f"{what}: undocumented error {refused}"
            seen_errors[refused] = seen_errors.get(refused, 0) + 1
            assert rig.store_path.read_bytes() == store_before, f"{what} was refused but changed the store"
            assert rig.state_path.read_bytes() == state_before, f"{what} was refused but changed the state"
    # Every kind of refusal was exercised, and the whole run stayed bounded.
    assert {ERR + "InvalidArgument", ERR + "UnknownAlarm", ERR + "NotRinging",
            "org.freedesktop.DBus.Error.InvalidArgs"} <= set(seen_errors), seen_errors
    assert time.monotonic() - started < 60
    status = rig.bus.call(AGENT_BUS_NAME, PATH, IFACE, "GetStatus")
    assert status["alarms"] == 1
    assert status["paused-until"] == 0 or 0 < status["paused-until"] - time.time() <= 31 * 86_400 + 5


def test_pause_at_the_int64_limits_is_refused_and_the_agent_lives(rig):
    agent = rig.start_agent()
    for until in (INT64_MAX, INT64_MIN, int(time.time()) + 31 * 86_400 + 10):
        with pytest.raises(dbus.DBusException) as info:
            rig.bus.call(AGENT_BUS_NAME, PATH, IFACE, "Pause", dbus.Int64(until))
        assert info.value.get_dbus_name() == ERR + "InvalidArgument"
    assert agent.alive()
    # The longest accepted pause is 31 days.
    until = int(time.time()) + 31 * 86_400 - 5
    rig.bus.call(AGENT_BUS_NAME, PATH, IFACE, "Pause", dbus.Int64(until))
    assert rig.bus.call(AGENT_BUS_NAME, PATH, IFACE, "GetStatus")["paused-until"] == until
