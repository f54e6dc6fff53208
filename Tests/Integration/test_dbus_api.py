# SPDX-License-Identifier: GPL-3.0-or-later
"""org.moscowtime.Agent1, method by method and signal by signal, on a private session bus with
dbusmock's notification daemon. The client is dbus-python (blocking calls); signals are read from
a dbus-monitor log, so their order and arguments are exactly what went over the bus."""
from __future__ import annotations

import json
import os
import re
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any, Optional

import dbus
import pytest

from harness import BusMonitor, wait_until
from harness.agent import REPO_ROOT
from harness.alarms import (AGENT_BUS_NAME, MISSED_CATEGORY, hhmm, iso_z, moscow, parse_iso, store_document,
                            timer_alarm, utc_now, weekly_alarm)

pytestmark = pytest.mark.agent

PATH = "/org/moscowtime/Agent"
IFACE = "org.moscowtime.Agent1"
ERR = "org.moscowtime.Agent1.Error."
INTERFACE_FILE = REPO_ROOT / "data" / "dbus" / "org.moscowtime.Agent1.xml"

STATUS_TYPES = {
    "running-since": dbus.Int64, "version": dbus.String, "zone": dbus.String, "paused-until": dbus.Int64,
    "ringing": dbus.UInt32, "snoozed": dbus.UInt32, "alarms": dbus.UInt32, "next-trigger": dbus.Int64,
    "next-label": dbus.String, "next-id": dbus.String, "notification-server": dbus.String,
    "notification-capabilities": dbus.Array, "sound-backend": dbus.String, "store": dbus.String,
    "store-problem": dbus.String, "tray": dbus.String, "next-calendar-reminder": dbus.Int64,
    "next-calendar-summary": dbus.String, "next-calendar-name": dbus.String,
}


# -- signals from dbus-monitor --------------------------------------------------------------------

@dataclass(frozen=True)
class Signal:
    member: str
    args: tuple


_ARG = re.compile(r'^\s+(string|int64|int32|uint32|boolean|object path) (.*)$')


def parse_signals(text: str, interface: str = IFACE) -> list[Signal]:
    """The signals of `interface` in dbus-monitor's output, with their arguments as Python values."""
    signals: list[Signal] = []
    member: Optional[str] = None
    args: list[Any] = []

    def flush():
        if member is not None:
            signals.append(Signal(member, tuple(args)))

    for line in text.splitlines():
        if not line.startswith(" "):
            flush()
            member, args = None, []
            m = re.search(r"interface=([\w.]+); member=(\w+)", line)
            if line.startswith("signal ") and m and m.group(1) == interface:
                member = m.group(2)
            continue
        m = _ARG.match(line)
        if member is not None and m:
            kind, value = m.groups()
            if kind in ("string", "object path"):
                args.append(value[1:-1])
            elif kind == "boolean":
                args.append(value == "true")
            else:
                args.append(int(value))
    flush()
    return signals


class AgentApi:
    """A running agent under test plus a dbus-python client and a signal log."""

    def __init__(self, rig, sandbox, bus):
        self.rig, self.bus = rig, bus
        self.monitor = BusMonitor(sandbox, bus, f"type='signal',interface='{IFACE}'", name="agent-signals")

    def start(self, *extra: str):
        self.agent = self.rig.start_agent(*extra)
        return self.agent

    def raw(self, method: str, *args: Any, signature: Optional[str] = None):
        """The reply as dbus-python types (to check the wire types)."""
        return self.bus.conn.call_blocking(AGENT_BUS_NAME, PATH, IFACE, method, signature, args, timeout=5)

    def call(self, method: str, *args: Any, signature: Optional[str] = None):
        return self.bus.call(AGENT_BUS_NAME, PATH, IFACE, method, *args, signature=signature)

    def error(self, method: str, *args: Any, signature: Optional[str] = None) -> dbus.DBusException:
        with pytest.raises(dbus.DBusException) as info:
            self.call(method, *args, signature=signature)
        return info.value

    def status(self) -> dict:
        return self.call("GetStatus")

    def signals(self, member: Optional[str] = None) -> list[Signal]:
        return [s for s in parse_signals(self.monitor.text()) if member is None or s.member == member]

    def wait_signal(self, member: str, *args_prefix: Any, timeout: float = 5.0) -> Signal:
        def find():
            return next((s for s in self.signals(member) if s.args[:len(args_prefix)] == args_prefix), None)
        return wait_until(find, timeout, f"signal {member}{args_prefix}")

    def wait_ringing(self, alarm_id: str, timeout: float = 5.0) -> Signal:
        return self.wait_signal("AlarmRinging", alarm_id, timeout=timeout)


@pytest.fixture
def api(rig, sandbox, session_bus) -> AgentApi:
    return AgentApi(rig, sandbox, session_bus)


def _ids(alarms):
    return [a[0] for a in alarms]


# -- methods ----------------------------------------------------------------------------------------

def test_get_status_keys_types_and_values_and_the_version_property(api):
    far = api.rig.cli_json("add", hhmm(utc_now() + timedelta(hours=3)), "--label", "Подъём")
    started = time.time()
    api.start()
    reply = api.raw("GetStatus")
    assert isinstance(reply, dbus.Dictionary) and reply.signature == "sv"
    assert set(reply) == set(STATUS_TYPES)
    for key, kind in STATUS_TYPES.items():
        assert isinstance(reply[key], kind), (key, type(reply[key]))
    assert reply["notification-capabilities"].signature == "s"

    s = api.status()
    version = api.rig.cli("--version").stdout.strip()
    assert s["version"] and s["version"] in version
    assert abs(s["running-since"] - started) < 5
    assert s["zone"] == "Europe/Moscow"
    assert (s["paused-until"], s["ringing"], s["snoozed"], s["alarms"]) == (0, 0, 0, 1)
    assert (s["next-id"], s["next-label"]) == (far["id"], "Подъём")
    assert s["next-trigger"] == int(parse_iso(api.rig.next_json()[0]["at"]).timestamp())
    assert s["notification-server"] and not s["notification-server"].startswith("none"), s["notification-server"]
    assert "actions" in s["notification-capabilities"]
    assert s["store"] == str(api.rig.store_path) and s["store-problem"] == ""
    assert s["sound-backend"]
    # No StatusNotifierWatcher on this private bus (known once the bus has answered).
    assert s["tray"] in ("pending", "no-watcher")
    wait_until(lambda: api.status()["tray"] == "no-watcher", 3, "the tray state no-watcher")

    assert api.bus.call(AGENT_BUS_NAME, PATH, "org.freedesktop.DBus.Properties", "Get", IFACE, "Version") == s["version"]
    assert api.bus.call(AGENT_BUS_NAME, PATH, "org.freedesktop.DBus.Properties", "GetAll", IFACE) == {"Version": s["version"]}


def test_ringing_snoozed_and_next_triggers_through_snooze_and_stop(api):
    api.start()
    later = api.rig.cli_json("add", hhmm(utc_now() + timedelta(hours=2)), "--label", "Later")
    a = api.rig.timer(1, "Tea")
    b = api.rig.timer(1, "Coffee")
    for t in (a, b):
        api.wait_ringing(t.id)
    ringing = api.call("ListRinging")
    assert _ids(ringing) == sorted([a.id, b.id])
    row = next(r for r in ringing if r[0] == a.id)
    assert row[1] == "Tea" and row[2] == int(a.due.timestamp()) and row[4] is False
    assert row[3] - time.time() == pytest.approx(5 * 60, abs=10)  # rings for the ring-minutes setting
    assert api.status()["ringing"] == 2
    assert api.call("ListSnoozed") == []
    assert api.wait_signal("AlarmRinging", a.id).args == (a.id, "Tea", int(a.due.timestamp()), False)

    pressed = time.time()
    assert api.call("Snooze", a.id, dbus.UInt32(5)) == [a.id]
    until = api.wait_signal("AlarmSnoozed", a.id).args[1]
    assert until - pressed == pytest.approx(300, abs=3)
    assert _ids(api.call("ListRinging")) == [b.id]
    assert api.call("ListSnoozed") == [[a.id, "Tea", until, int(a.due.timestamp())]]
    triggers = api.call("NextTriggers", dbus.UInt32(2))
    assert triggers == [[a.id, "Tea", until, True], [later["id"], "Later", triggers[1][2], False]]
    assert api.call("NextTriggers", dbus.UInt32(0)) == []
    s = api.status()
    assert (s["ringing"], s["snoozed"], s["next-id"]) == (1, 1, a.id)

    # Stop: a ringing alarm (signal), then a pending snooze (cancelled)
    assert api.call("Stop", b.id) == [b.id]
    assert api.wait_signal("AlarmStopped", b.id).args == (b.id, "stopped")
    assert api.call("Stop", a.id) == [a.id]
    assert api.call("ListRinging") == [] and api.call("ListSnoozed") == []
    assert _ids(api.call("NextTriggers", dbus.UInt32(5))) == [later["id"]] * 5


def test_snooze_and_stop_with_an_empty_id_act_on_every_ringing_alarm(api):
    api.rig.cli("settings", "snooze", "3")
    api.start()
    timers = [api.rig.timer(1, label) for label in ("One", "Two")]
    for t in timers:
        api.wait_ringing(t.id)
    ids = sorted(t.id for t in timers)
    pressed = time.time()
    assert api.call("Snooze", "", dbus.UInt32(0)) == ids  # 0: the alarm's own snooze minutes
    for t in timers:
        assert api.wait_signal("AlarmSnoozed", t.id).args[1] - pressed == pytest.approx(180, abs=3)
    assert _ids(api.call("ListSnoozed")) == ids
    assert api.error("Snooze", "", dbus.UInt32(0)).get_dbus_name() == ERR + "NotRinging"

    third = api.rig.timer(1, "Three")
    api.wait_ringing(third.id)
    assert api.call("Stop", "") == sorted(ids + [third.id])  # ringing and snoozed alike
    assert api.wait_signal("AlarmStopped", third.id).args == (third.id, "stopped")
    assert api.call("ListRinging") == [] and api.call("ListSnoozed") == []
    assert api.error("Stop", "").get_dbus_name() == ERR + "NotRinging"


def test_pause_reports_a_due_alarm_as_missed_and_resume_rings_again(api):
    api.start()
    until = int(time.time()) + 3600
    api.call("Pause", dbus.Int64(until))
    assert api.status()["paused-until"] == until
    quiet = api.rig.timer(1, "Quiet")
    missed = api.wait_signal("AlarmMissed", quiet.id)
    assert missed.args == (quiet.id, "Quiet", int(quiet.due.timestamp()), "paused")
    report = api.rig.wait_for_missed_report()
    assert "Quiet" in report.body and report.hints["category"] == MISSED_CATEGORY
    assert api.signals("AlarmRinging") == [] and api.rig.rings() == []

    api.call("Resume")
    assert api.status()["paused-until"] == 0
    loud = api.rig.timer(1, "Loud")
    api.wait_ringing(loud.id)
    assert api.rig.wait_for_ring("Loud").summary == "Loud"
    assert [s.args[0] for s in api.signals("AlarmMissed")] == [quiet.id]


def test_reload_reads_a_change_the_file_watcher_cannot_see(api, sandbox):
    """The store is a hard link to a file elsewhere; writing through that other name changes the
    document without an event in the watched directory, so only Reload can pick it up."""
    elsewhere = sandbox.path("elsewhere")
    elsewhere.mkdir()
    hidden = elsewhere / "store.json"
    one = weekly_alarm("One", utc_now() + timedelta(hours=2))
    api.rig.write_store(store_document([one]))
    api.rig.store_path.rename(hidden)
    os.link(hidden, api.rig.store_path)
    api.start()
    assert api.status()["alarms"] == 1

    two = weekly_alarm("Two", utc_now() + timedelta(hours=1))
    with open(hidden, "r+") as f:  # in place, through the other directory
        f.truncate(0)
        f.write(json.dumps(store_document([one, two]), ensure_ascii=False))
    time.sleep(0.3)  # the premise: no watcher sees this write (a window is the point here)
    assert api.status()["alarms"] == 1, "the agent saw the write (the test's premise is broken)"
    api.call("Reload")
    s = api.status()
    assert (s["alarms"], s["next-label"], s["next-id"]) == (2, "Two", two["id"])


def test_quit_replies_and_exits_with_status_zero(api):
    agent = api.start()
    api.call("Quit")  # a reply, not NoReply: it goes out before the agent exits
    wait_until(lambda: not agent.alive(), 5, "the agent to exit after Quit")
    assert agent.child.returncode == 0
    api.bus.wait_for_name_gone(AGENT_BUS_NAME, timeout=2)
    assert "D-Bus Quit" in agent.stderr_text()


# -- introspection ----------------------------------------------------------------------------------

def interface_shape(xml_text: str, name: str) -> dict:
    """Methods, signals and properties of interface `name`, with argument names and types."""
    root = ET.fromstring(xml_text)
    [iface] = [i for i in root.iter("interface") if i.get("name") == name]
    def args(el):
        return [(a.get("name"), a.get("type"), a.get("direction", "in" if el.tag == "method" else "out"))
                for a in el.findall("arg")]
    return {
        "methods": {m.get("name"): args(m) for m in iface.findall("method")},
        "signals": {s.get("name"): [(n, t) for n, t, _ in args(s)] for s in iface.findall("signal")},
        "properties": {p.get("name"): (p.get("type"), p.get("access")) for p in iface.findall("property")},
    }


def test_introspection_matches_the_interface_file(api):
    api.start()
    text = api.bus.call(AGENT_BUS_NAME, PATH, "org.freedesktop.DBus.Introspectable", "Introspect")
    exported = interface_shape(text, IFACE)
    documented = interface_shape(INTERFACE_FILE.read_text(), IFACE)
    assert exported == documented
    assert sorted(exported["methods"]) == ["GetStatus", "ListRinging", "ListSnoozed", "NextTriggers", "Pause",
                                           "Quit", "Reload", "Resume", "Skip", "Snooze", "Stop"]
    assert sorted(exported["signals"]) == ["AchievementEarned", "AlarmMissed", "AlarmRinging", "AlarmSnoozed", "AlarmStopped",
                                           "HabitReminderShown"]
    # and the copy compiled into the agent is the file, byte for byte (the value of the multi-line
    # literal: Swift removes the closing delimiter's indentation from every line)
    swift = (REPO_ROOT / "Sources" / "AgentControl" / "AgentInterfaceXML.swift").read_text().splitlines()
    opening = next(i for i, line in enumerate(swift) if line.rstrip().endswith('#"""'))
    closing = next(i for i in range(opening + 1, len(swift)) if swift[i].strip() == '"""#')
    indent = swift[closing][:len(swift[closing]) - len(swift[closing].lstrip())]
    assert all(line.startswith(indent) or not line.strip() for line in swift[opening + 1:closing])
    value = "\n".join(line[len(indent):] for line in swift[opening + 1:closing])
    assert value == INTERFACE_FILE.read_text().strip()


# -- errors -----------------------------------------------------------------------------------------

def test_errors_name_the_problem(api):
    api.start()
    idle = api.rig.cli_json("add", hhmm(utc_now() + timedelta(hours=2)), "--label", "Idle")
    wait_until(lambda: api.status()["alarms"] == 1, 2, "the agent to read the new alarm")
    e = api.error("Snooze", "nosuch00", dbus.UInt32(0))
    assert e.get_dbus_name() == ERR + "UnknownAlarm" and "nosuch00" in e.get_dbus_message()
    assert api.error("Stop", "nosuch00").get_dbus_name() == ERR + "UnknownAlarm"
    assert api.error("Snooze", idle["id"], dbus.UInt32(0)).get_dbus_name() == ERR + "NotRinging"
    assert api.error("Stop", idle["id"]).get_dbus_name() == ERR + "NotRinging"
    e = api.error("Snooze", idle["id"], dbus.UInt32(500))
    assert e.get_dbus_name() == ERR + "InvalidArgument" and "1–120" in e.get_dbus_message()
    for until in (int(time.time()) - 60, 0):
        assert api.error("Pause", dbus.Int64(until)).get_dbus_name() == ERR + "InvalidArgument"
    assert api.status()["paused-until"] == 0
    # GDBus checks argument types against the interface before the agent sees the call
    invalid = "org.freedesktop.DBus.Error.InvalidArgs"
    assert api.error("Snooze", dbus.Int32(1), "x", signature="is").get_dbus_name() == invalid
    assert api.error("Snooze", idle["id"], signature="s").get_dbus_name() == invalid
    assert api.error("Pause", "tomorrow", signature="s").get_dbus_name() == invalid
    assert api.error("NextTriggers", dbus.Int64(3), signature="x").get_dbus_name() == invalid
    assert api.error("GetStatus", "extra", signature="s").get_dbus_name() == invalid
    assert api.error("Frobnicate").get_dbus_name() == "org.freedesktop.DBus.Error.UnknownMethod"
    assert api.agent.alive()


def test_the_interface_is_on_the_private_session_bus_only(rig, system_bus, logind_mock, api):
    api.start()
    assert AGENT_BUS_NAME in api.bus.names()
    assert AGENT_BUS_NAME not in system_bus.names()
    # No connection on the system bus exports the interface (the agent is there only for logind).
    for name in system_bus.names():
        if name.startswith(":") and name != system_bus.conn.get_unique_name():
            try:
                xml_text = system_bus.call(name, PATH, "org.freedesktop.DBus.Introspectable", "Introspect", timeout=2)
            except dbus.DBusException:
                continue
            assert IFACE not in xml_text, name


# -- signals not covered above ----------------------------------------------------------------------

def test_late_ring_and_withdrawal_signals(api):
    """A timer due a minute before the agent starts (within the late window) rings late at once;
    deleting it while it rings withdraws it."""
    due = utc_now() - timedelta(seconds=90)
    late = timer_alarm("Late tea", due)
    api.rig.write_store(store_document([late]))
    api.start()
    ringing = api.wait_ringing(late["id"])
    assert ringing.args == (late["id"], "Late tea", int(parse_iso(late["schedule"]["at"]).timestamp()), True)
    api.rig.cli("rm", late["id"])
    assert api.wait_signal("AlarmStopped", late["id"]).args == (late["id"], "withdrawn")


def test_too_late_alarm_is_reported_by_alarm_missed(api):
    old = timer_alarm("Old tea", utc_now() - timedelta(minutes=30))
    api.rig.write_store(store_document([old]))
    api.start()
    missed = api.wait_signal("AlarmMissed", old["id"])
    assert missed.args[1:] == ("Old tea", int(parse_iso(old["schedule"]["at"]).timestamp()), "tooLate")


def test_habit_reminder_shown_signal(api):
    # A reminder at this minute, added "two minutes ago": due now (a few seconds late at most,
    # well inside the late window), so the agent shows it as soon as it starts.
    now = utc_now()
    pinned = {"MOSCOWTIME_NOW": iso_z(now - timedelta(minutes=2))}
    habit = api.rig.cli_json("habit", "add", "Read", "--remind", hhmm(now), env=pinned)
    api.start()
    shown = api.wait_signal("HabitReminderShown", habit["id"], timeout=4)
    due = shown.args[2]
    assert shown.args[:2] == (habit["id"], "Read")
    assert hhmm(now) == time.strftime("%H:%M", time.gmtime(due + 3 * 3600))
    # Done on the reminder logs the day and earns the first completion: announced as a signal.
    [reminder] = [c for c in api.rig.mock.notify_calls() if c.hints.get("category") == "x-moscowtime.habit"]
    api.rig.mock.emit_action_invoked(reminder.id, "done")
    earned = api.wait_signal("AchievementEarned", habit["id"])
    assert earned.args[1:3] == ("Read", "first")


def test_a_long_history_counts_in_the_reminder_and_in_what_done_earns(api):
    # The agent keeps only the habits' recent days; the reminder's streak and what a Done earns
    # still count the whole history, read from the store: 364 days done before today.
    now = utc_now()
    pinned = {"MOSCOWTIME_NOW": iso_z(now - timedelta(minutes=2))}
    habit = api.rig.cli_json("habit", "add", "Read", "--remind", hhmm(now), env=pinned)
    doc = json.loads(api.rig.store_path.read_text())
    today = moscow(now).date()
    [h] = doc["habits"]
    h["start"] = (today - timedelta(days=364)).isoformat()
    h["entries"] = {(today - timedelta(days=k)).isoformat(): "done" for k in range(1, 365)}
    api.rig.write_store(doc)
    api.start()
    api.wait_signal("HabitReminderShown", habit["id"], timeout=4)
    [reminder] = [c for c in api.rig.mock.notify_calls() if c.hints.get("category") == "x-moscowtime.habit"]
    assert "Streak: 364 days" in reminder.body
    api.rig.mock.emit_action_invoked(reminder.id, "done")
    earned = api.wait_signal("AchievementEarned", habit["id"], "Read", "streak-365")
    assert earned.args[3] == today.isoformat()
    assert api.rig.cli_json("habit", "show", "Read")["today"]["state"] == "done"


def test_achievement_earned_from_the_cli_is_announced_once(api):
    # A habit logged with agent-cli while the agent runs: the agent sees the document change,
    # shows one normal-urgency notification and emits AchievementEarned; a second change that
    # earns nothing announces nothing; with the setting off, nothing is announced.
    habit = api.rig.cli_json("habit", "add", "Read")
    api.rig.cli_json("habit", "add", "Run")
    api.start()
    api.rig.cli("habit", "done", "Read")
    earned = api.wait_signal("AchievementEarned", habit["id"])
    assert earned.args[1:3] == ("Read", "first")
    assert earned.args[3] == api.rig.cli_json("habit", "today")["date"]

    def shown():
        return [c for c in api.rig.mock.notify_calls() if c.hints.get("category") == "x-moscowtime.habit.achievement"]
    [note] = wait_until(lambda: shown() or None, 5, "the achievement notification")
    assert note.hints["urgency"] == 1 and note.actions == []
    assert note.summary == "Achievement earned" and note.body == "First completion — Read"

    api.rig.cli("habit", "undo", "Read")
    api.rig.cli("habit", "done", "Read")  # redo: already earned, not news
    api.rig.cli("settings", "achievement-notifications", "off")
    api.rig.cli("habit", "done", "Run")   # earns "first" with announcements off
    api.call("Reload")
    # Neither the redo nor the silenced achievement is announced: nothing within half a second
    # (a window is the point here).
    time.sleep(0.5)
    assert len(api.signals("AchievementEarned")) == 1
    assert len(shown()) == 1
