# SPDX-License-Identifier: GPL-3.0-or-later
"""The agent writes a calendar reminder's Dismiss, Snooze and Done into its calendar file when the
calendar is written back (`calendars remind NAME --write-acknowledgements`), through
`moscowtime-calendar acknowledge` in a child process: the real agent and the dbusmock
notification server, the buttons pressed as a user would. A second home sharing the folder
(its own settings, its own `calendar-next`) is silent for the occurrence dismissed in the first
and names the next one; a write that fails stays local and costs nothing else."""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from harness import bin_dir, wait_until
from harness.alarms import parse_iso
from test_agent_calendar_reminders import ledger, soon, stamp, wait_for_reminder

pytestmark = pytest.mark.agent


def daily(uid: str, summary: str, reminder_at: datetime) -> str:
    """A daily series whose first occurrence's VALARM rings at `reminder_at` (10 minutes before)."""
    start = reminder_at + timedelta(minutes=10)
    return "\r\n".join([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VEVENT", f"UID:{uid}",
        "DTSTAMP:20261101T000000Z", f"DTSTART:{stamp(start)}", f"DTEND:{stamp(start + timedelta(minutes=30))}",
        "RRULE:FREQ=DAILY", f"SUMMARY:{summary}", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:reminder",
        "TRIGGER:-PT10M", "END:VALARM", "END:VEVENT", "END:VCALENDAR", ""])


def todo(uid: str, summary: str, reminder_at: datetime, *more: str) -> str:
    due = reminder_at + timedelta(minutes=30)
    return "\r\n".join([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO", f"UID:{uid}",
        "DTSTAMP:20261101T000000Z", f"DUE:{stamp(due)}", f"SUMMARY:{summary}", "STATUS:NEEDS-ACTION", *more,
        "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:reminder", "TRIGGER;RELATED=END:-PT30M", "END:VALARM",
        "END:VTODO", "END:VCALENDAR", ""])


def written_back(rig, name: str, write: bool = True) -> Path:
    folder = rig.sandbox.xdg.home / ".calendars" / name.lower()
    folder.mkdir(parents=True)
    (folder / "displayname").write_text(name + "\n")
    rig.cli("calendars", "remind", name, *(["--write-acknowledgements"] if write else []))
    return folder


def other_home(rig, folder: Path) -> dict:
    """Home B: its own settings, sharing `folder`, set to remind it (not written back)."""
    root = rig.sandbox.path("home-b")
    env = {"HOME": str(root), "XDG_CONFIG_HOME": str(root / ".config"), "XDG_DATA_HOME": str(root / ".local/share"),
           "XDG_STATE_HOME": str(root / ".local/state"), "XDG_CACHE_HOME": str(root / ".cache")}
    for d in env.values():
        Path(d).mkdir(parents=True, exist_ok=True)
    for args in (["calendars", "add", str(folder)], ["calendars", "remind", str(folder)]):
        r = rig.sandbox.run([str(bin_dir() / "agent-cli"), *args], env=env)
        assert r.returncode == 0, r.stderr
    return env


def next_in(rig, env: dict) -> list[dict]:
    r = rig.sandbox.run([str(bin_dir() / "moscowtime-calendar"), "calendar-next", "3"], env=env, timeout=30)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)["reminders"]


def test_dismiss_in_one_home_silences_that_occurrence_in_the_other_and_the_next_rings(rig):
    folder = written_back(rig, "Team")
    at = soon(5)
    path = folder / "standup.ics"
    path.write_text(daily("standup@test", "Standup", at))
    home_b = other_home(rig, folder)
    assert next_in(rig, home_b)[0]["at"].startswith(at.astimezone(timezone(timedelta(hours=3))).strftime("%Y-%m-%dT%H:%M"))
    agent = rig.start_agent()

    call = wait_for_reminder(rig, "Standup")
    assert call.action_keys == ["snooze", "dismiss"]  # Done is for to-dos
    rig.mock.emit_action_invoked(call.id, "dismiss")
    agent.wait_for_log('calendar reminder: dismiss of "Standup"', timeout=10)
    assert "ACKNOWLEDGED:" in path.read_text() and "X-MOZ-LASTACK:" in path.read_text()
    # The file rules now: the ledger keeps that it rang, not a dismissal of its own.
    entry = wait_until(lambda: (e := ledger(rig).get("standup@test|" + stamp(at + timedelta(minutes=10)) + "|0")) and
                       not e["dismissed"] and e, 5, "the ledger entry written")
    assert entry["snoozedUntil"] is None

    # Home B, which never saw the notification, skips that occurrence and names tomorrow's.
    first = next_in(rig, home_b)[0]
    assert parse_iso(first["at"]) == at + timedelta(days=1) and first["uid"] == "standup@test"
    status = json.loads(rig.cli("status", "--json").stdout)["nextCalendarReminder"]
    assert parse_iso(status["at"]) == at + timedelta(days=1)


def test_snooze_is_written_as_a_snooze_alarm_and_rings_from_the_file(rig):
    folder = written_back(rig, "Team")
    rig.cli("settings", "reminder-snooze", "1")
    at = soon(4)
    path = folder / "call.ics"
    path.write_text(daily("call@test", "Call Anna", at))
    agent = rig.start_agent()
    call = wait_for_reminder(rig, "Call Anna")
    pressed = datetime.now(timezone.utc)
    rig.mock.emit_action_invoked(call.id, "snooze")
    agent.wait_for_log('calendar reminder: snooze of "Call Anna"', timeout=10)
    text = path.read_text()
    assert "RELATED-TO;RELTYPE=SNOOZE:" in text and "TRIGGER;VALUE=DATE-TIME:" in text
    # Armed for the file's snooze alarm; the ledger holds no snooze of its own (it would ring twice).
    status = wait_until(lambda: (s := json.loads(rig.cli("status", "--json").stdout)["nextCalendarReminder"])
                        and parse_iso(s["at"]) < at + timedelta(hours=1) and s, 5, "armed for the snooze alarm")
    until = parse_iso(status["at"])
    assert timedelta(seconds=58) <= until - pressed <= timedelta(seconds=62)
    assert all(e["snoozedUntil"] is None for e in ledger(rig).values())
    wait_for_reminder(rig, "Call Anna", count=2, timeout=75)
    assert len([c for c in rig.mock.notify_calls() if c.summary == "Call Anna"]) == 2


def test_done_completes_the_todo_in_its_file_and_a_failed_write_stays_local(rig):
    tasks = written_back(rig, "Tasks")
    quiet_back = written_back(rig, "Local", write=False)
    at = soon(5)
    (tasks / "rent.ics").write_text(todo("rent@test", "Pay rent", at))
    (quiet_back / "milk.ics").write_text(todo("milk@test", "Buy milk", at))
    (tasks / "gone.ics").write_text(daily("gone@test", "Vanishing", at))
    plants = todo("plants@test", "Water plants", at, "RRULE:FREQ=WEEKLY")
    (tasks / "plants.ics").write_text(plants)
    agent = rig.start_agent()

    rent = wait_for_reminder(rig, "Pay rent")
    assert rent.action_keys == ["done", "snooze", "dismiss"] and rent.action_label("done") == "Done"
    assert wait_for_reminder(rig, "Buy milk").action_keys == ["snooze", "dismiss"]  # not written back: no Done
    rig.mock.emit_action_invoked(rent.id, "done")
    agent.wait_for_log('calendar reminder: done of "Pay rent"', timeout=10)
    text = (tasks / "rent.ics").read_text()
    assert "STATUS:COMPLETED" in text and "PERCENT-COMPLETE:100" in text and "COMPLETED:" in text

    # A repeating to-do: Done completes this occurrence by an override; the series stays as it was.
    weekly = wait_for_reminder(rig, "Water plants")
    assert weekly.action_keys == ["done", "snooze", "dismiss"]
    rig.mock.emit_action_invoked(weekly.id, "done")
    agent.wait_for_log('calendar reminder: done of "Water plants"', timeout=10)
    text = (tasks / "plants.ics").read_text()
    assert text.startswith(plants.replace("\r\n", "\n").split("END:VCALENDAR")[0])
    assert f"RECURRENCE-ID:{stamp(at + timedelta(minutes=30))}" in text and text.count("STATUS:COMPLETED") == 1

    # The item goes from its file before Dismiss: not written, said, and kept dismissed here.
    gone = wait_for_reminder(rig, "Vanishing")
    (tasks / "gone.ics").write_text(daily("other@test", "Vanishing", at + timedelta(hours=2)))
    rig.mock.emit_action_invoked(gone.id, "dismiss")
    agent.wait_for_log('calendar reminder: dismiss of "Vanishing"', timeout=10)
    assert "not written" in agent.stderr_text() and "kept on this computer" in agent.stderr_text()
    key = "gone@test|" + stamp(at + timedelta(minutes=10)) + "|0"
    assert wait_until(lambda: (ledger(rig).get(key) or {}).get("dismissed"), 3, "kept dismissed locally")


def test_turning_write_back_on_while_the_agent_runs_takes_effect_for_what_it_read(rig):
    tasks = written_back(rig, "Tasks", write=False)
    at = soon(6)
    (tasks / "bins.ics").write_text(todo("bins@test", "Take the bins out", at))
    agent = rig.start_agent()
    agent.wait_for_log("calendar reminder timer armed for", timeout=20)
    rig.cli("calendars", "remind", "Tasks", "--write-acknowledgements")  # the file itself unchanged
    bins = wait_for_reminder(rig, "Take the bins out", timeout=20)
    assert bins.action_keys == ["done", "snooze", "dismiss"]
    rig.mock.emit_action_invoked(bins.id, "done")
    agent.wait_for_log('calendar reminder: done of "Take the bins out"', timeout=10)
    assert "STATUS:COMPLETED" in (tasks / "bins.ics").read_text()
