# SPDX-License-Identifier: GPL-3.0-or-later
"""The agent rings the reminders of local calendar folders set to remind (issue 38): at their
instant, as normal-urgency notifications with Snooze and Dismiss, each occurrence's VALARM once;
a quiet calendar never; a file written while the agent runs is read within a second; a garbage
file or a helper that cannot read never delays an alarm. The dbusmock notification daemon records
what the agent showed, and `harness.alarms.NotificationCallLog` when (microseconds)."""
from __future__ import annotations

import json
import math
import os
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from harness import bin_dir, pid_alive, wait_until
from harness.alarms import parse_iso
from harness.preload import build_preload, shim, start_agent_held_at_gate

pytestmark = pytest.mark.agent

CATEGORY = "x-moscowtime.calendar.reminder"
NORMAL = 1
#: How late a reminder may be shown on a loaded machine (the timer itself is exact to the second).
SLACK = 1.5


def stamp(t: datetime) -> str:
    return t.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def event(uid: str, summary: str, reminder_at: datetime, *, location: str = "", alarm: str = "") -> str:
    """A khal-shaped VEVENT of 30 minutes whose VALARM rings 10 minutes before it, at `reminder_at`."""
    start = reminder_at + timedelta(minutes=10)
    return "\r\n".join([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VEVENT", f"UID:{uid}",
        f"DTSTAMP:{stamp(reminder_at)}", f"DTSTART:{stamp(start)}", f"DTEND:{stamp(start + timedelta(minutes=30))}",
        f"SUMMARY:{summary}", *([f"LOCATION:{location}"] if location else []),
        "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:reminder", "TRIGGER:-PT10M",
        *(alarm.split("\n") if alarm else []),
        "END:VALARM", "END:VEVENT", "END:VCALENDAR", ""])


def soon(seconds: int) -> datetime:
    """A whole second `seconds` or so ahead (the reminder's instant)."""
    return datetime.fromtimestamp(math.ceil(time.time()) + seconds, timezone.utc)


def calendar(rig, name: str, remind: bool = True) -> Path:
    folder = rig.sandbox.xdg.home / ".calendars" / name.lower()
    folder.mkdir(parents=True)
    (folder / "displayname").write_text(name + "\n")
    if remind:
        rig.cli("calendars", "remind", name)
    return folder


def reminders(rig, summary: str | None = None):
    return [c for c in rig.mock.notify_calls()
            if c.hints.get("category") == CATEGORY and (summary is None or c.summary == summary)]


def wait_for_reminder(rig, summary: str, count: int = 1, timeout: float = 10.0):
    calls = wait_until(lambda: (lambda c: c if len(c) >= count else None)(reminders(rig, summary)), timeout,
                       f"{count} calendar reminder(s) {summary!r}")
    return calls[count - 1]


def shown_at(rig, summary: str, count: int = 1) -> float:
    times = wait_until(lambda: (lambda t: t if len(t) >= count else None)(rig.notify_times(summary)), 3,
                       f"the Notify of {summary!r} in the call log")
    return times[count - 1]


def ledger(rig) -> dict:
    path = rig.sandbox.xdg.state / "moscowtime" / "calendar-reminders.json"
    try:
        return {e["key"]: e for e in json.loads(path.read_text())["reminders"]}
    except FileNotFoundError:
        return {}


def next_reminder(rig) -> dict | None:
    """The calendar reminder `agent-cli next --json` names after the alarms."""
    return next((e for e in json.loads(rig.cli("next", "--json").stdout) if "calendar" in e), None)


def test_a_reminder_rings_at_its_instant_and_dismiss_silences_its_repetitions(rig):
    home = calendar(rig, "Home")
    at = soon(5)
    (home / "dentist.ics").write_text(
        event("dentist@test", "Dentist", at, location="Clinic, room 4", alarm="DURATION:PT3S\nREPEAT:2"))
    (calendar(rig, "Quiet", remind=False) / "q.ics").write_text(event("quiet@test", "Quiet one", at))
    rig.start_agent()

    call = wait_for_reminder(rig, "Dentist")
    assert shown_at(rig, "Dentist") >= at.timestamp() - 0.05, "rang before its instant"
    assert shown_at(rig, "Dentist") <= at.timestamp() + SLACK, "rang late"
    assert call.urgency == NORMAL
    assert call.action_keys == ["snooze", "dismiss"] and call.action_label("dismiss") == "Dismiss"
    lines = call.body.split("\n")
    assert "Clinic, room 4" in lines and "Calendar: Home" in lines and "Snooze: 5 min" in lines

    rig.mock.emit_action_invoked(call.id, "dismiss")
    wait_until(lambda: (ledger(rig).get("dentist@test||0") or {}).get("dismissed"), 3, "the dismissal in the ledger")
    # `next` reads the agent's ledger: a repetition of what was dismissed is not coming.
    assert next_reminder(rig) is None
    # Its repetitions (3 s and 6 s later) stay silent; the quiet calendar's never rings.
    deadline = at.timestamp() + 6 + 2 * SLACK
    while time.time() < deadline:
        time.sleep(0.2)
    assert len(reminders(rig, "Dentist")) == 1 and reminders(rig, "Quiet one") == []


def test_snooze_rings_again_at_the_snooze_and_survives_a_restart(rig):
    home = calendar(rig, "Home")
    rig.cli("settings", "reminder-snooze", "1")
    at = soon(4)
    (home / "call.ics").write_text(event("call@test", "Call Anna", at))
    agent = rig.start_agent()
    call = wait_for_reminder(rig, "Call Anna")
    assert call.body.split("\n")[-1] == "Snooze: 1 min"

    pressed = datetime.now(timezone.utc)
    rig.mock.emit_action_invoked(call.id, "snooze")
    entry = wait_until(lambda: (ledger(rig).get("call@test||0") or {}).get("snoozedUntil"), 3, "the snooze")
    until = parse_iso(entry)
    assert timedelta(seconds=58) <= until - pressed <= timedelta(seconds=62)
    agent.wait_for_log("calendar reminder timer armed for", timeout=3)
    coming = next_reminder(rig)
    assert coming and coming["snoozed"] and parse_iso(coming["at"]) == until, coming
    assert "(snoozed)" in rig.cli("next").stdout
    status = json.loads(rig.cli("status", "--json").stdout)["nextCalendarReminder"]
    assert parse_iso(status["at"]) == until and (status["summary"], status["calendar"]) == ("Call Anna", "Home")
    text = rig.cli("status").stdout.splitlines()
    assert any(line.startswith("reminder:") and "Call Anna — Home" in line for line in text), text

    assert agent.stop() == 0
    restarted = rig.start_agent()
    restarted.wait_for_log("(\"Call Anna\", Home)", timeout=10)  # armed for the snooze after a restart
    again = wait_for_reminder(rig, "Call Anna", count=2, timeout=75)
    assert shown_at(rig, "Call Anna", 2) >= until.timestamp() - 0.05
    assert again.urgency == NORMAL
    wait_until(lambda: "snoozedUntil" in (e := ledger(rig).get("call@test||0") or {}) and e["snoozedUntil"] is None, 3,
               "the snooze rung in the ledger")


def test_pause_silences_calendar_reminders_too(rig):
    home = calendar(rig, "Home")
    agent = rig.start_agent()
    rig.cli("pause", "--for", "1h")
    at = soon(3)
    (home / "paused.ics").write_text(event("paused@test", "While paused", at))
    agent.wait_for_log('calendar reminder "While paused" not shown: paused', timeout=3 + 5)
    assert reminders(rig, "While paused") == []


def test_one_calendar_reminded_from_two_folders_rings_once(rig):
    """vdirsyncer's folder and the CalDAV mirror of the same collection, both reminded: the same
    event's reminder is one notification, and its Dismiss silences both."""
    at = soon(5)
    for name in ("Work", "Work mirror"):
        (calendar(rig, name) / "standup.ics").write_text(event("standup@test", "Standup", at, alarm="DURATION:PT3S\nREPEAT:1"))
    rig.start_agent()
    call = wait_for_reminder(rig, "Standup")
    time.sleep(1)  # a second notification of the same instant would be shown by now
    assert len(reminders(rig, "Standup")) == 1
    rig.mock.emit_action_invoked(call.id, "dismiss")
    wait_until(lambda: (ledger(rig).get("standup@test||0") or {}).get("dismissed"), 3, "the dismissal in the ledger")
    deadline = at.timestamp() + 3 + 2 * SLACK  # its repetition, from neither folder
    while time.time() < deadline:
        time.sleep(0.2)
    assert len(reminders(rig, "Standup")) == 1


def test_a_reading_begun_before_the_calendar_was_quieted_rings_nothing_of_it(rig, tmp_path):
    """The helper read the calendar while it was still reminded and answers after `calendars
    quiet` (held at one file by a preloaded read()): its answer is not planned."""
    home = calendar(rig, "Home")
    (home / "gate.ics").write_text(event("gate@test", "Gate", soon(7200)))
    (home / "quieted.ics").write_text(event("quieted@test", "Quieted", soon(3600)))
    agent, gate = start_agent_held_at_gate(rig, tmp_path)
    rig.cli("calendars", "quiet", "Home")
    agent.wait_for_log("calendar reminders: no calendar is reminded", timeout=10)
    (gate / "open").touch()
    agent.wait_for_log("calendar reminders: 2 read", timeout=10)
    assert json.loads(rig.cli("status", "--json").stdout).get("nextCalendarReminder") is None
    assert '("Quieted", Home)' not in agent.stderr_text()


def test_a_calendar_set_to_remind_while_the_agent_runs_rings(rig):
    home = calendar(rig, "Home", remind=False)
    at = soon(5)
    (home / "later.ics").write_text(event("later@test", "Now reminded", at))
    agent = rig.start_agent()
    assert "calendar reminders: reading" not in agent.stderr_text()  # nothing runs for a quiet calendar
    rig.cli("calendars", "remind", "Home")
    wait_for_reminder(rig, "Now reminded")
    assert at.timestamp() - 0.05 <= shown_at(rig, "Now reminded") <= at.timestamp() + SLACK


def test_a_file_written_while_the_agent_runs_rings_in_time(rig):
    home = calendar(rig, "Home")
    agent = rig.start_agent()
    agent.wait_for_log("calendar reminder timer armed for", timeout=10)  # the folder is read and watched
    at = soon(3)
    tmp = home / ".new.tmp"
    tmp.write_text(event("late-add@test", "Added now", at))
    tmp.rename(home / "added.ics")
    wait_for_reminder(rig, "Added now")
    assert at.timestamp() - 0.05 <= shown_at(rig, "Added now") <= at.timestamp() + SLACK


def test_a_garbage_file_delays_no_alarm_and_no_other_reminder(rig):
    home = calendar(rig, "Home")
    (home / "garbage.ics").write_bytes(b"BEGIN:VCALENDAR\r\n\x00\xff" * 1000)
    (home / "empty.ics").write_text("")
    at = soon(5)
    (home / "good.ics").write_text(event("good@test", "Still rings", at))
    rig.start_agent()
    t = rig.timer(3, "Tea")
    rig.wait_for_ring(t.label, timeout=6)
    assert rig.notify_times("Tea")[0] <= t.due.timestamp() + SLACK
    wait_for_reminder(rig, "Still rings")
    assert shown_at(rig, "Still rings") <= at.timestamp() + SLACK


STUCK_READ = shim(r"""
ssize_t read(int fd, void *buf, size_t count) {
    static ssize_t (*real)(int, void *, size_t);
    if (!real) real = (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
    if (fd_path_contains(fd, "stuck.ics")) sleep(120);
    return real(fd, buf, count);
}
""")


def helpers_of(pid: int) -> list[int]:
    """The agent's children reading calendars."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            if entry.name.isdigit() and b"calendar-next" in (entry / "cmdline").read_bytes():
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                if ppid == pid:
                    found.append(int(entry.name))
        except (OSError, ValueError):
            continue
    return found


def test_a_calendar_reader_that_hangs_delays_no_alarm(rig, tmp_path):
    """A file whose read never ends (a preloaded read() that sleeps, as a stuck network folder
    would) hangs the calendar helper: the agent's main loop goes on, and the alarm rings on time."""
    home = calendar(rig, "Home")
    (home / "stuck.ics").write_text(event("stuck@test", "Stuck", soon(60)))
    shim = build_preload(tmp_path, "stuck_read", STUCK_READ)
    agent = rig.start_agent(env={"LD_PRELOAD": str(shim)})
    wait_until(lambda: helpers_of(agent.pid), 5, "the calendar helper, stuck")
    t = rig.timer(3, "Tea")
    rig.wait_for_ring(t.label, timeout=6)
    assert rig.notify_times("Tea")[0] <= t.due.timestamp() + SLACK
    stuck = helpers_of(agent.pid)
    assert stuck, "the helper was to be still stuck while the alarm rang"
    assert agent.stop() == 0
    wait_until(lambda: not any(pid_alive(p) for p in stuck), 3, "the stuck helper ended with the agent")


FAKE_HELPER = """#!/bin/sh
# The first answer: the soonest 200 (a cut answer) are all of a VALARM dismissed here; the next
# answer, read from past `through`, names the reminder after them.
n=$(cat "$0.count" 2>/dev/null || echo 0); echo $((n + 1)) > "$0.count"; echo "$@" >> "$0.args"
if [ "$n" = 0 ]; then cat "$0.first"; else cat "$0.then"; fi
"""


def test_past_a_cut_answer_of_reminders_dismissed_here_the_next_one_is_read_and_rings(rig):
    """The helper lists the soonest 200; when none of them is still to ring, the agent reads again
    from past the last (`through`) rather than sleeping a day over what lies beyond."""
    calendar(rig, "Home")
    now = math.ceil(time.time())
    iso = lambda t: datetime.fromtimestamp(t, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")  # noqa: E731
    ring = lambda at, uid, summary: {"at": iso(at), "calendar": "Home", "uid": uid, "summary": summary,  # noqa: E731
                                     "alarm": 0, "start": iso(at + 600), "end": iso(at + 1200)}
    repeated = [ring(now - 400 + k, "rep@test", "Repeated") for k in range(200)]
    after = soon(4)
    bindir = rig.sandbox.path("bin")
    bindir.mkdir()
    helper = bindir / "moscowtime-calendar"
    helper.write_text(FAKE_HELPER)
    helper.chmod(0o755)
    helper.with_name(helper.name + ".first").write_text(json.dumps(
        {"reminders": repeated, "through": iso(now - 201), "calendars": []}))
    helper.with_name(helper.name + ".then").write_text(json.dumps(
        {"reminders": [ring(after.timestamp(), "next@test", "After them")], "through": iso(now + 7 * 86400),
         "calendars": []}))
    state = rig.sandbox.xdg.state / "moscowtime"
    state.mkdir(parents=True, exist_ok=True)
    (state / "calendar-reminders.json").write_text(json.dumps({"reminders": [
        {"key": "rep@test||0", "through": iso(now - 400), "dismissed": True, "item": repeated[0]}]}))
    agent_copy = bindir / "moscowtime-agent"
    agent_copy.write_bytes((bin_dir() / "moscowtime-agent").read_bytes())
    agent_copy.chmod(0o755)
    rig.sandbox.spawn("agent-copy", [str(agent_copy), "--verbose"], env=rig.sandbox.binary_env)

    wait_for_reminder(rig, "After them", timeout=15)
    assert not reminders(rig, "Repeated")
    assert helper.with_name(helper.name + ".args").read_text().count("calendar-next") >= 2
