# SPDX-License-Identifier: GPL-3.0-or-later
"""Helpers for the agent's end-to-end tests (test_agent_*.py): the user's store and the agent's
state as the tests see them, hand-written store documents, Moscow wall-clock arithmetic, and a
`dbus-monitor` log of the calls the agent makes to the notification server with microsecond
timestamps (dbusmock's own GetMethodCalls timestamps are whole seconds).

    rig = AgentRig(sandbox, session_bus, notify_mock)
    agent = rig.start_agent()
    timer = rig.timer(2, "Tea")            # agent-cli timer 2s Tea --json
    call = rig.wait_for_ring("Tea")        # the Notify the mock received for it
    assert rig.notify_times("Tea")[0] - timer.due.timestamp() < 1.0
"""
from __future__ import annotations

import json
import os
import re
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Iterable, Mapping, Optional, Sequence
from zoneinfo import ZoneInfo

from . import agent as _agent
from .bus import BusMonitor, PrivateBus
from .clock import binaries_now
from .mocks import NOTIFY_NAME, NotificationMock, NotifyCall
from .procs import wait_until
from .sandbox import Sandbox

MOSCOW = ZoneInfo("Europe/Moscow")
AGENT_BUS_NAME = "org.moscowtime.Agent"
ALL_DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
RING_CATEGORY = "x-moscowtime.alarm"
MISSED_CATEGORY = "x-moscowtime.alarm.missed"
URGENCY_NORMAL, URGENCY_CRITICAL = 1, 2

# -- time ---------------------------------------------------------------------------------------


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


def moscow(t: datetime) -> datetime:
    return t.astimezone(MOSCOW)


def iso_z(t: datetime) -> str:
    """The store's instant format: 2026-11-21T18:44:00Z (whole seconds, UTC)."""
    return t.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def hhmm(t: datetime) -> str:
    """The Moscow wall-clock time of `t` as the agent prints it (07:05)."""
    return moscow(t).strftime("%H:%M")


def clock_texts(start: datetime, end: datetime, zone: ZoneInfo = MOSCOW) -> set[str]:
    """Every HH:MM the wall clock of `zone` shows from `start` to `end`: what a notification may
    print as "now" when it was made at an instant only known to lie between the two."""
    t, out = minute_floor(start.astimezone(zone)), set()
    while t <= end.astimezone(zone):
        out.add(t.strftime("%H:%M"))
        t += timedelta(minutes=1)
    return out


def date_line(t: datetime) -> str:
    """The English long date of `t` in Moscow, as in the ring body: "Sunday, 22 November 2026"."""
    m = moscow(t)
    return f"{m.strftime('%A')}, {m.day} {m.strftime('%B')} {m.year}"


def minute_floor(t: datetime) -> datetime:
    return t.replace(second=0, microsecond=0)


def parse_iso(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


# -- hand-written store documents -----------------------------------------------------------------


def new_alarm_id() -> str:
    return secrets.token_hex(4)


def weekly_alarm(label: str, at: datetime, days: Sequence[str] = ALL_DAYS, *,
                 modified: Optional[datetime] = None, alarm_id: Optional[str] = None,
                 enabled: bool = True, **extra: Any) -> dict:
    """A weekly alarm at the Moscow wall-clock minute of `at` (seconds are dropped)."""
    modified = modified or utc_now() - timedelta(hours=1)
    return {"id": alarm_id or new_alarm_id(), "label": label, "enabled": enabled,
            "schedule": {"kind": "weekly", "time": hhmm(at), "days": list(days)},
            **extra, "created": iso_z(modified), "modified": iso_z(modified)}


def once_alarm(label: str, at: datetime, *, modified: Optional[datetime] = None,
               alarm_id: Optional[str] = None, enabled: bool = True, **extra: Any) -> dict:
    """A one-time alarm on the Moscow date and minute of `at`."""
    modified = modified or utc_now() - timedelta(hours=1)
    m = moscow(at)
    return {"id": alarm_id or new_alarm_id(), "label": label, "enabled": enabled,
            "schedule": {"kind": "once", "time": m.strftime("%H:%M"), "date": m.date().isoformat()},
            **extra, "created": iso_z(modified), "modified": iso_z(modified)}


def timer_alarm(label: str, at: datetime, *, duration: int = 60, modified: Optional[datetime] = None,
                alarm_id: Optional[str] = None, **extra: Any) -> dict:
    """A countdown timer firing at `at` (whole seconds)."""
    modified = modified or at - timedelta(seconds=duration)
    return {"id": alarm_id or new_alarm_id(), "label": label, "enabled": True,
            "schedule": {"kind": "timer", "at": iso_z(at), "durationSeconds": duration},
            **extra, "created": iso_z(modified), "modified": iso_z(modified)}


def store_document(alarms: Iterable[dict], **settings: Any) -> dict:
    """A schema-1 store document; `settings` use the file's names (lateWindowMinutes=1, ...)."""
    return {"schemaVersion": 1, "settings": dict(settings), "alarms": list(alarms), "habits": []}


# -- what the agent called on the notification server ------------------------------------------------

_CALL_RX = re.compile(r"^method call time=(\d+\.\d+) .*?member=(\w+)$", re.M)


@dataclass(frozen=True)
class MonitoredCall:
    time: float          # Unix seconds with microseconds, as dbus-monitor printed it
    member: str          # Notify, CloseNotification, GetCapabilities, ...
    args: str            # dbus-monitor's rendering of the arguments (indented lines)

    @property
    def summary(self) -> Optional[str]:
        """Notify's summary (its 4th argument); None for other calls."""
        if self.member != "Notify":
            return None
        strings = re.findall(r'^   string "(.*?)"$', self.args, re.M)
        return strings[2] if len(strings) >= 3 else None


class NotificationCallLog:
    """`dbus-monitor` of method calls to org.freedesktop.Notifications, parsed."""

    RULE = f"type='method_call',interface='{NOTIFY_NAME}'"

    def __init__(self, sandbox: Sandbox, bus: PrivateBus, name: str = "notify-calls"):
        self.monitor = BusMonitor(sandbox, bus, self.RULE, name=name)

    def calls(self, member: Optional[str] = None) -> list[MonitoredCall]:
        text = self.monitor.text()
        heads = list(_CALL_RX.finditer(text))
        out = []
        for i, m in enumerate(heads):
            end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
            call = MonitoredCall(float(m.group(1)), m.group(2), text[m.end():end])
            if member is None or call.member == member:
                out.append(call)
        return out

    def notify_times(self, summary: Optional[str] = None) -> list[float]:
        return [c.time for c in self.calls("Notify") if summary is None or c.summary == summary]


# -- the rig ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CreatedAlarm:
    id: str
    label: str
    due: datetime        # the instant it should ring (aware, UTC)
    json: dict


class AgentRig:
    """One agent under test with its store, state and notification server (a dbusmock by default)."""

    def __init__(self, sandbox: Sandbox, session_bus: PrivateBus,
                 notify_mock: Optional[NotificationMock] = None):
        self.sandbox, self.bus, self.mock = sandbox, session_bus, notify_mock
        self.calls = NotificationCallLog(sandbox, session_bus)
        self.agents: list[_agent.AgentProcess] = []

    # paths and files
    @property
    def store_path(self) -> Path:
        return self.sandbox.xdg.data / "moscowtime" / "store.json"

    @property
    def state_path(self) -> Path:
        return self.sandbox.xdg.state / "moscowtime" / "agent-state.json"

    def write_store(self, doc: dict, written: Optional[datetime] = None) -> None:
        """Replaces the user's document atomically (as the CLI and editors do). The file's time is
        when it was written on this machine, which the agent counts a change from: `written`, or by
        default the newest `modified` stamp in it (as agent-cli would have written it then), or now
        when that is in the future."""
        self.store_path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.store_path.with_name("store.json.test-tmp")
        tmp.write_text(json.dumps(doc, ensure_ascii=False, indent=2))
        if written is None:
            stamps = [parse_iso(item["modified"]) for key in ("alarms", "habits") for item in doc.get(key, [])
                      if isinstance(item, dict) and isinstance(item.get("modified"), str)]
            written = min(max(stamps), binaries_now(self.sandbox)) if stamps else None
        if written is not None:
            os.utime(tmp, (written.timestamp(), written.timestamp()))
        tmp.replace(self.store_path)

    def state(self) -> dict:
        """The agent's persisted state ({} before it wrote one): the state file, its `handled` and
        `seen` completed with the records file it names (agent-records-N.json), as the agent reads it."""
        try:
            state = json.loads(self.state_path.read_text())
        except FileNotFoundError:
            return {}
        if "records" in state:
            records = json.loads(self.state_path.with_name(f"agent-records-{state['records']}.json").read_text())
            for key in ("handled", "seen"):
                state[key] = {**records.get(key, {}), **state.get(key, {})}
        return state

    # the CLI
    def cli(self, *args: str, env: Optional[dict] = None) -> _agent.CliResult:
        r = _agent.run_cli(self.sandbox, list(args), env=env)
        assert r.rc == 0, f"agent-cli {' '.join(args)} failed ({r.rc}): {r.stderr}"
        return r

    def cli_json(self, *args: str, env: Optional[dict] = None) -> Any:
        return json.loads(self.cli(*args, "--json", env=env).stdout)

    def list_json(self) -> list[dict]:
        return self.cli_json("list")

    def alarm(self, alarm_id: str) -> dict:
        [a] = [a for a in self.list_json() if a["id"] == alarm_id]
        return a

    def next_json(self, count: int = 20) -> list[dict]:
        return self.cli_json("next", "--count", str(count))

    def next_for(self, alarm_id: str) -> Optional[dict]:
        return next((e for e in self.next_json() if e["id"] == alarm_id), None)

    def timer(self, seconds: int, label: str, *extra: str) -> CreatedAlarm:
        j = self.cli_json("timer", f"{seconds}s", label, *extra)
        return CreatedAlarm(j["id"], j["label"], parse_iso(j["schedule"]["at"]), j)

    # the agent
    def start_agent(self, *extra: str, verbose: bool = True, wait: bool = True,
                    env: Optional[Mapping[str, str]] = None) -> _agent.AgentProcess:
        """Starts the agent (with `env` added to its environment); with `wait`, returns once it owns
        its bus name and watches the store."""
        args = (["--verbose"] if verbose else []) + list(extra)
        agent = _agent.start_agent(self.sandbox, args, env)
        self.agents.append(agent)
        if wait:
            wait_until(lambda: self.bus.has_owner(AGENT_BUS_NAME) or not agent.alive(), 10,
                       "the agent to own its bus name")
            assert agent.alive(), agent.child.describe()
            agent.wait_for_log(" running; zone ")
        return agent

    # notifications
    def rings(self, label: Optional[str] = None) -> list[NotifyCall]:
        """Notify calls of ringing alarms (category x-moscowtime.alarm), optionally for one label."""
        assert self.mock is not None
        return [c for c in self.mock.notify_calls() if c.hints.get("category") == RING_CATEGORY
                and (label is None or c.summary == label)]

    def missed_reports(self) -> list[NotifyCall]:
        assert self.mock is not None
        return [c for c in self.mock.notify_calls() if c.hints.get("category") == MISSED_CATEGORY]

    def wait_for_ring(self, label: str, count: int = 1, timeout: float = 5.0) -> NotifyCall:
        """Waits for the `count`-th Notify of the alarm labelled `label`; returns it."""
        try:
            calls = wait_until(lambda: (lambda c: c if len(c) >= count else None)(self.rings(label)),
                               timeout, f"{count} ring notification(s) for {label!r}")
        except TimeoutError as missed:
            # Say what the agent was doing: a late ring on a loaded machine and a lost one differ here.
            raise TimeoutError(f"{missed}\n{self._agents_log_tail()}") from None
        return calls[count - 1]

    def _agents_log_tail(self, lines: int = 40) -> str:
        tails = []
        for agent in self.agents:
            log = agent.stderr_text().splitlines()[-lines:]
            state = "running" if agent.alive() else "exited"
            tails.append(f"agent pid {agent.pid} ({state}), last {len(log)} log lines:\n" + "\n".join(log))
        return "\n".join(tails) or "no agent was started"

    def wait_for_missed_report(self, count: int = 1, timeout: float = 5.0) -> NotifyCall:
        calls = wait_until(lambda: (lambda c: c if len(c) >= count else None)(self.missed_reports()),
                           timeout, f"{count} missed-alarm notification(s)")
        return calls[count - 1]

    def wait_for_close(self, notification_id: int, timeout: float = 2.0) -> None:
        assert self.mock is not None
        wait_until(lambda: notification_id in self.mock.close_calls(), timeout,
                   f"CloseNotification({notification_id})")

    def notify_times(self, summary: Optional[str] = None) -> list[float]:
        return self.calls.notify_times(summary)
