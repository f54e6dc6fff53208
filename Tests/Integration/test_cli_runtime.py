# SPDX-License-Identifier: GPL-3.0-or-later
"""agent-cli's runtime commands (status, snooze, stop, pause, resume, reload) against a running
agent, and what each says when there is no agent: exit status 3 and how to start it."""
from __future__ import annotations

import json
import time
from datetime import datetime, timedelta

import pytest

from harness import run_cli, wait_until
from harness.alarms import MOSCOW, hhmm, parse_iso, utc_now

pytestmark = pytest.mark.agent

NOT_RUNNING = 3
RUNTIME_COMMANDS = [["status"], ["status", "--json"], ["snooze"], ["stop", "--all"], ["pause", "--for", "1h"],
                    ["pause", "--until", "07:00"], ["resume"], ["reload"]]


def _status(rig) -> dict:
    return rig.cli_json("status")


def _snoozed(rig, alarm_id):
    entry = rig.next_for(alarm_id)
    return entry if entry and entry["snoozed"] else None


def test_status_text_and_json(rig):
    rig.start_agent()
    nxt = rig.cli_json("add", hhmm(utc_now() + timedelta(hours=3)), "--label", "Подъём")
    tea = rig.timer(1, "Tea")
    rig.wait_for_ring("Tea")

    r = rig.cli("status")
    lines = r.stdout.splitlines()
    assert lines[0].startswith("agent:         running since ") and "(version " in lines[0]
    assert "zone:          Europe/Moscow" in lines
    assert any(l.startswith("next:          ") and "Подъём" in l and nxt["id"] in l for l in lines), r.stdout
    assert any(l.startswith("ringing:       Tea [") and tea.id in l for l in lines), r.stdout
    assert any(l.startswith("notifications: ") and "actions" in l for l in lines), r.stdout
    assert not any(l.startswith("paused until:") for l in lines)

    s = _status(rig)
    assert set(s) == {"running", "version", "runningSince", "zone", "pausedUntil", "ringing", "snoozed", "next",
                      "notificationServer", "notificationCapabilities", "soundBackend", "store", "storeProblem",
                      "wakeFromSuspend", "calendarMissingYear", "tray", "sync",
                      "nextCalendarReminder"}
    assert s["sync"] == {"on": False}  # no sync set up in this rig
    assert s["calendarMissingYear"] is None  # no working-days alarm here
    assert s["nextCalendarReminder"] is None  # no calendar set to remind
    assert s["running"] is True and s["zone"] == "Europe/Moscow" and s["pausedUntil"] is None
    assert [(x["id"], x["label"], x["late"]) for x in s["ringing"]] == [(tea.id, "Tea", False)]
    assert parse_iso(s["ringing"][0]["due"]) == tea.due
    assert s["snoozed"] == [] and s["storeProblem"] is None
    assert (s["next"]["id"], s["next"]["label"]) == (nxt["id"], "Подъём")
    assert s["store"] == str(rig.store_path)


def test_snooze_by_default_the_ringing_alarm_and_by_label_with_minutes(rig):
    rig.start_agent()
    one, two = rig.timer(1, "One"), rig.timer(1, "Two")
    rig.wait_for_ring("One"), rig.wait_for_ring("Two")

    # Two ring: without an id it says which, and snoozes neither.
    r = run_cli(rig.sandbox, ["snooze"])
    assert r.rc == 2 and "several alarms are ringing" in r.stderr, r
    assert f'{one.id} "One"' in r.stderr and f'{two.id} "Two"' in r.stderr and "--all" in r.stderr
    assert sorted(x["id"] for x in _status(rig)["ringing"]) == sorted([one.id, two.id])

    pressed = time.time()
    r = rig.cli("snooze", "One", "--minutes", "3")
    assert r.stdout.strip() == f"snoozed {one.id}"
    entry = wait_until(lambda: _snoozed(rig, one.id), 2, "One snoozed in agent-cli next --json")
    assert parse_iso(entry["at"]).timestamp() - pressed == pytest.approx(180, abs=3)

    r = rig.cli("snooze")  # no id: the one that rings (only Two is left)
    assert r.stdout.strip() == f"snoozed {two.id}"
    entry = wait_until(lambda: _snoozed(rig, two.id), 2, "Two snoozed")
    assert parse_iso(entry["at"]).timestamp() - pressed == pytest.approx(600, abs=3)  # its own 10 min
    s = _status(rig)
    assert s["ringing"] == [] and sorted(x["id"] for x in s["snoozed"]) == sorted([one.id, two.id])

    # nothing rings now: snooze is refused with the agent's reason
    r = run_cli(rig.sandbox, ["snooze"])
    assert r.rc == 2 and "no alarm is ringing" in r.stderr


def test_stop_one_by_id_and_all(rig):
    rig.start_agent()
    a, b, c = (rig.timer(1, label) for label in ("A", "B", "C"))
    for t in (a, b, c):
        rig.wait_for_ring(t.label)
    rig.cli("snooze", b.id)

    r = rig.cli("stop", a.id[:5])  # a unique id prefix
    assert r.stdout.strip() == f"stopped {a.id}"
    assert r.rc == 0
    r = rig.cli("stop", "--all")  # the ringing one and the snoozed one
    assert sorted(r.stdout.split()) == sorted(["stopped", b.id, "stopped", c.id])
    s = _status(rig)
    assert s["ringing"] == [] and s["snoozed"] == []
    wait_until(lambda: all(not rig.alarm(t.id)["enabled"] for t in (a, b, c)), 2, "the timers to be switched off")

    r = run_cli(rig.sandbox, ["stop", "--all"])
    assert r.rc == 2 and "no alarm is ringing or snoozed" in r.stderr
    r = run_cli(rig.sandbox, ["stop"])
    assert r.rc == 2 and "no alarm is ringing" in r.stderr and "--all" in r.stderr


def test_stop_and_snooze_without_an_id_act_on_the_one_ringing_alarm(rig):
    rig.start_agent()
    a, b = rig.timer(1, "A"), rig.timer(1, "B")
    rig.wait_for_ring("A"), rig.wait_for_ring("B")
    r = run_cli(rig.sandbox, ["stop"])
    assert r.rc == 2 and "several alarms are ringing" in r.stderr and a.id in r.stderr and b.id in r.stderr, r
    assert len(_status(rig)["ringing"]) == 2

    r = rig.cli("snooze", "--all")
    assert sorted(r.stdout.split()) == sorted(["snoozed", a.id, "snoozed", b.id])
    c = rig.timer(1, "C")
    rig.wait_for_ring("C")
    r = rig.cli("stop")  # C is the one that rings; the snoozed A and B stay snoozed
    assert r.stdout.strip() == f"stopped {c.id}"
    s = _status(rig)
    assert s["ringing"] == [] and sorted(x["id"] for x in s["snoozed"]) == sorted([a.id, b.id])
    assert run_cli(rig.sandbox, ["snooze", "A", "--all"]).rc == 2  # an id or --all, not both


def test_pause_for_and_until_then_resume(rig):
    rig.start_agent()
    before = time.time()
    r = rig.cli("pause", "--for", "2h")
    assert r.stdout.startswith("paused until ")
    until = parse_iso(_status(rig)["pausedUntil"])
    assert until.timestamp() - before == pytest.approx(7200, abs=3)
    assert "paused until:" in rig.cli("status").stdout

    target = (datetime.now(MOSCOW) + timedelta(minutes=30)).replace(second=0, microsecond=0)
    r = rig.cli("pause", "--until", target.strftime("%H:%M"))
    assert parse_iso(_status(rig)["pausedUntil"]) == target
    assert r.stdout.strip() == f"paused until {target.isoformat()}"
    # a time already past today means tomorrow
    past = (datetime.now(MOSCOW) - timedelta(minutes=5)).replace(second=0, microsecond=0)
    rig.cli("pause", "--until", past.strftime("%H:%M"))
    assert parse_iso(_status(rig)["pausedUntil"]) == past + timedelta(days=1)

    assert rig.cli("resume").stdout.strip() == "resumed"
    assert _status(rig)["pausedUntil"] is None
    for bad in (["pause"], ["pause", "--for", "soon"], ["pause", "--until", "25:00"]):
        r = run_cli(rig.sandbox, bad)
        assert r.rc == 2, (bad, r)


def test_status_leaves_out_a_snooze_the_pause_silences(rig):
    """`next`, `list`, `status` and the tray leave out what a pause silences (pause's help): a
    snooze ending inside the pause is reported missed then, not rung, so status does not list it."""
    rig.start_agent()
    tea = rig.timer(1, "Tea")
    rig.wait_for_ring("Tea")
    rig.cli("snooze", tea.id, "--minutes", "5")
    assert [x["id"] for x in _status(rig)["snoozed"]] == [tea.id]
    rig.cli("pause", "--for", "1h")
    s = _status(rig)
    assert s["snoozed"] == [] and s["next"] is None, s
    assert rig.next_for(tea.id) is None
    rig.cli("resume")
    assert [x["id"] for x in _status(rig)["snoozed"]] == [tea.id]
    assert rig.next_for(tea.id)["snoozed"] is True


def test_reload(rig):
    agent = rig.start_agent()
    assert rig.cli("reload").stdout.strip() == "reloaded"
    wait_until(lambda: "evaluating" in agent.stderr_text(), 2, "an evaluation after reload")
    assert agent.alive()


def test_unknown_ids_and_bad_minutes_exit_2(rig):
    rig.start_agent()
    idle = rig.cli_json("add", hhmm(utc_now() + timedelta(hours=2)), "--label", "Idle")
    for args in (["snooze", "nosuch"], ["stop", "nosuch"], ["snooze", "--minutes", "500"], ["snooze", "--minutes", "0"]):
        r = run_cli(rig.sandbox, args)
        assert r.rc == 2, (args, r)
        assert r.stderr.startswith("agent-cli: "), r.stderr
    wait_until(lambda: _status(rig)["next"] is not None, 2, "the agent to read the new alarm")
    r = run_cli(rig.sandbox, ["snooze", idle["id"]])
    assert r.rc == 2 and "is not ringing" in r.stderr


def test_without_an_agent_runtime_commands_exit_3_and_editing_still_works(sandbox, session_bus):
    r = run_cli(sandbox, ["add", "07:30", "--label", "Wake", "--json"])
    assert r.rc == 0
    alarm = json.loads(r.stdout)
    for args in RUNTIME_COMMANDS + [["snooze", alarm["id"]], ["stop", alarm["id"]]]:
        r = run_cli(sandbox, args)
        assert r.rc == NOT_RUNNING, (args, r)
        assert "the agent is not running" in r.stderr, (args, r.stderr)
        assert "moscowtime-agent" in r.stderr and "autostart enable" in r.stderr, r.stderr
        assert r.stdout == ""
    r = run_cli(sandbox, ["list", "--json"])
    assert r.rc == 0 and [a["id"] for a in json.loads(r.stdout)] == [alarm["id"]]
    assert run_cli(sandbox, ["next"]).rc == 0
    # an unknown id is reported as such, agent or not
    assert run_cli(sandbox, ["stop", "nosuch"]).rc == 2


def test_without_a_session_bus_runtime_commands_exit_3(sandbox):
    env = {"DBUS_SESSION_BUS_ADDRESS": f"unix:path={sandbox.path('no-session-bus')}"}
    for args in RUNTIME_COMMANDS:
        r = run_cli(sandbox, args, env=env)
        assert r.rc == NOT_RUNNING, (args, r)
        assert "session bus" in r.stderr and "moscowtime-agent" in r.stderr, r.stderr
    assert run_cli(sandbox, ["add", "07:30", "--label", "Wake"], env=env).rc == 0
    assert run_cli(sandbox, ["list"], env=env).rc == 0


def test_labels_beyond_latin_are_listed_alike_in_several_zones(cli):
    """Alarms with Cyrillic, CJK and emoji labels are added and listed in three zones (zones read from
    their TZif files, widths from agent-cli's own table): every row keeps its label and rings at
    07:30 on the zone's own clock, and the short commands run."""
    env = {"LANG": "C.UTF-8", "LANGUAGE": "", "MOSCOWTIME_NOW": "2026-11-21T12:00:00Z"}
    labels = ["Подъём", "起床 🏃", "Gym"]
    for label in labels:
        r = cli(["add", "07:30", "--label", label, "--days", "mon,thu"], env=env)
        assert r.rc == 0, r
    # 2026-11-21T12:00Z is a Saturday in all three zones: the next ring is Monday's.
    for zone in ["America/New_York", "Europe/Dublin", "Australia/Lord_Howe"]:
        assert cli(["settings", "zone", zone], env=env).rc == 0
        listed = cli(["list"], env=env)
        rows = listed.stdout.splitlines()[1:]
        assert listed.rc == 0 and len(rows) == 3, listed
        assert sorted(label for row in rows for label in labels if row.endswith("  " + label)) == sorted(labels), rows
        assert all("Mon 2026-11-23 07:30" in row for row in rows), (zone, rows)
    for args in (["next", "--count", "5"], ["now"], ["--version"]):
        r = cli(args, env=env)
        assert r.rc == 0 and r.stdout, (args, r)
