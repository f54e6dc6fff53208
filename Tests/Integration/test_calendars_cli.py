# SPDX-License-Identifier: GPL-3.0-or-later
"""`agent-cli calendars` (issue 38 §3): the local calendar folders vdirsyncer writes for khal and
todoman (~/.calendars/*/, ~/.local/share/calendars/*/) and the folders the user adds, each
quiet until `calendars remind`, kept in the store's settings; and `agent-cli next` naming the
next reminder of a calendar that rings, with its calendar, from events khal itself wrote."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from harness.khal import Khal

pytestmark = pytest.mark.agent

NOW = {"MOSCOWTIME_NOW": "2026-11-28T10:00:00Z", "LANG": "C.UTF-8", "LANGUAGE": ""}  # Saturday
RU = {**NOW, "LANG": "ru_RU.UTF-8"}


def ok(cli, *args, env=NOW):
    r = cli(list(args), env=env)
    assert r.rc == 0, (args, r.stdout, r.stderr)
    return r.stdout


def listed(cli) -> dict[str, dict]:
    return {c["name"]: c for c in json.loads(ok(cli, "calendars", "--json"))}


def collection(folder: Path, name: str | None = None) -> Path:
    folder.mkdir(parents=True)
    if name:
        (folder / "displayname").write_text(name + "\n")
    return folder


def khal(sandbox, folder: Path, *args):
    Khal(sandbox, folder, sandbox.path("khal"))(*args)


def test_collections_are_found_quiet_and_remind_is_kept_in_the_settings(cli, sandbox):
    home = sandbox.xdg.home
    work = collection(home / ".calendars" / "work", "Work")
    (work / "a.ics").write_text("")
    collection(sandbox.xdg.data / "calendars" / "tasks")
    (sandbox.xdg.data / "calendars" / "tasks" / "t.ics").write_text("")
    (home / ".calendars" / "not-a-calendar").mkdir()  # no .ics, no displayname
    got = listed(cli)
    assert sorted(got) == ["Work", "tasks"]
    assert got["Work"] == {"name": "Work", "source": "local", "folder": str(work), "items": 1, "color": None, "remind": False,
                           "writeAcknowledgements": False}

    assert "Work: reminders ring." in ok(cli, "calendars", "remind", "work")  # by name, in any case
    assert listed(cli)["Work"]["remind"] is True and listed(cli)["tasks"]["remind"] is False
    store = json.loads((sandbox.xdg.data / "moscowtime" / "store.json").read_text())
    assert store["settings"]["remindedCalendars"] == [str(work)]

    assert "Work: reminders are quiet." in ok(cli, "calendars", "quiet", str(work) + "/")  # by folder
    assert listed(cli)["Work"]["remind"] is False
    table = ok(cli, "calendars", env=RU)
    assert "не напоминать" in table and "КАЛЕНДАРЬ" in table


def test_added_folders_are_listed_and_forgotten(cli, sandbox):
    synced = sandbox.path("Sync")
    collection(synced / "family", "Family")
    (synced / "family" / "x.ics").write_text("")
    single = collection(sandbox.path("single"))
    (single / "y.ics").write_text("")
    assert "calendars in it: Family." in ok(cli, "calendars", "add", str(synced))
    ok(cli, "calendars", "add", str(single))
    assert sorted(listed(cli)) == ["Family", "single"]
    ok(cli, "calendars", "remind", "Family")
    assert f"Forgot {synced}." in ok(cli, "calendars", "rm", str(synced))
    assert sorted(listed(cli)) == ["single"]
    store = json.loads((sandbox.xdg.data / "moscowtime" / "store.json").read_text())
    assert store["settings"]["calendarFolders"] == [str(single)] and "remindedCalendars" not in store["settings"]

    r = cli(["calendars", "add", str(sandbox.path("missing"))], env=NOW)
    assert r.rc != 0 and "is not a folder" in r.stderr


def test_a_name_that_is_no_calendar_or_several_is_said(cli, sandbox):
    collection(sandbox.xdg.home / ".calendars" / "a", "Work")
    collection(sandbox.xdg.data / "calendars" / "b", "Work")
    r = cli(["calendars", "remind", "Work"], env=NOW)
    assert r.rc != 0 and "several calendars are called Work" in r.stderr
    r = cli(["calendars", "remind", "Nope"], env=NOW)
    assert r.rc != 0 and "no calendar called Nope" in r.stderr
    r = cli(["calendars", "remind", "Nope"], env=RU)
    assert "календаря «Nope» нет" in r.stderr


def test_next_names_the_next_reminder_of_a_calendar_that_rings(cli, sandbox):
    folder = collection(sandbox.xdg.home / ".calendars" / "home", "Home")
    # khal's own events: Monday 09:00 Berlin with 15 minutes' notice (10:45 Moscow), and a later one.
    khal(sandbox, folder, "new", "--alarms", "15m", "2026-11-30", "09:00", "10:00", "Dentist")
    khal(sandbox, folder, "new", "--alarms", "1h", "2026-12-01", "12:00", "13:00", "Lunch")
    ok(cli, "add", "07:00", "--label", "Wake")
    assert "calendar reminder" not in ok(cli, "next")  # quiet until asked
    ok(cli, "calendars", "remind", "Home")
    out = ok(cli, "next")
    assert "Next calendar reminder: Mon 2026-11-30 10:45" in out and "Dentist — Home" in out
    assert "Wake" in out
    # Dismissed in Thunderbird (X-MOZ-LASTACK after the reminder): the next one is named.
    [dentist] = [p for p in folder.glob("*.ics") if "Dentist" in p.read_text()]
    dentist.write_text(dentist.read_text().replace("BEGIN:VALARM", "X-MOZ-LASTACK:20261130T080000Z\r\nBEGIN:VALARM", 1))
    assert "Lunch — Home" in ok(cli, "next")
    assert "Ближайшее напоминание календаря" in ok(cli, "next", env=RU)
    ok(cli, "calendars", "quiet", "Home")
    assert "calendar reminder" not in ok(cli, "next")


EMAIL_ONLY = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Test//EN
BEGIN:VEVENT
UID:mail@moscowtime.test
DTSTAMP:20261101T000000Z
SUMMARY:Report
DTSTART:20261201T090000Z
BEGIN:VALARM
ACTION:EMAIL
SUMMARY:Report
DESCRIPTION:Report due
ATTENDEE:mailto:me@example.org
TRIGGER:-PT1H
END:VALARM
END:VEVENT
END:VCALENDAR
"""


def test_calendars_says_what_is_not_rung_and_a_garbage_file_stops_nothing(cli, sandbox):
    folder = collection(sandbox.xdg.home / ".calendars" / "home", "Home")
    khal(sandbox, folder, "new", "--alarms", "15m", "2026-11-30", "09:00", "10:00", "Dentist")
    (folder / "mail.ics").write_text(EMAIL_ONLY)
    (folder / "broken.ics").write_text("BEGIN:VCALENDAR\nBEGIN:VALARM\nnot iCalendar\n")
    assert "e-mail" not in ok(cli, "calendars")  # said only for a calendar that rings
    ok(cli, "calendars", "remind", "Home")
    out = ok(cli, "calendars")
    assert "Home: 1 reminder sends e-mail or runs a program; it is not rung here" in out
    assert f"Home: 1 file cannot be read and is skipped ({folder / 'broken.ics'})" in out
    assert "1 напоминание отправляет почту" in ok(cli, "calendars", env=RU)
    assert "Dentist — Home" in ok(cli, "next")
