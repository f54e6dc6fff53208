# SPDX-License-Identifier: GPL-3.0-or-later
"""Events with reminders in the shapes Google, Thunderbird, Outlook and Apple write them (written
here from their documented and observed exports), imported as alarms at the instants those
programs remind (issue 23 §4). Google's floating times are in the calendar's X-WR-TIMEZONE."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

pytestmark = pytest.mark.agent

NOW = {"MOSCOWTIME_NOW": "2026-11-22T12:00:00Z", "LANG": "C.UTF-8", "LANGUAGE": ""}  # Sunday

GOOGLE = """BEGIN:VCALENDAR
PRODID:-//Google Inc//Google Calendar 70.9054//EN
VERSION:2.0
CALSCALE:GREGORIAN
METHOD:PUBLISH
X-WR-CALNAME:Work
X-WR-TIMEZONE:Asia/Tokyo
X-WR-CALDESC:
BEGIN:VEVENT
DTSTART:20261201T090000
DTEND:20261201T093000
DTSTAMP:20261120T080000Z
UID:0a1b2c3d4e5f@google.com
CREATED:20261120T075959Z
LAST-MODIFIED:20261120T075959Z
SEQUENCE:0
STATUS:CONFIRMED
SUMMARY:Standup
TRANSP:OPAQUE
BEGIN:VALARM
ACTION:DISPLAY
DESCRIPTION:This is an event reminder
TRIGGER:-P0DT0H10M0S
END:VALARM
END:VEVENT
BEGIN:VEVENT
DTSTART:20261124T190000
DTEND:20261124T200000
RRULE:FREQ=WEEKLY;BYDAY=TU,TH
DTSTAMP:20261120T080000Z
UID:6f5e4d3c2b1a@google.com
CREATED:20261120T075959Z
LAST-MODIFIED:20261120T075959Z
SEQUENCE:0
STATUS:CONFIRMED
SUMMARY:Yoga
TRANSP:OPAQUE
BEGIN:VALARM
ACTION:DISPLAY
DESCRIPTION:This is an event reminder
TRIGGER:-P0DT0H30M0S
END:VALARM
END:VEVENT
END:VCALENDAR
"""

THUNDERBIRD = """BEGIN:VCALENDAR
PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN
VERSION:2.0
BEGIN:VTIMEZONE
TZID:Europe/Moscow
BEGIN:STANDARD
TZOFFSETFROM:+0300
TZOFFSETTO:+0300
TZNAME:MSK
DTSTART:19700101T000000
END:STANDARD
END:VTIMEZONE
BEGIN:VEVENT
CREATED:20261120T090000Z
LAST-MODIFIED:20261120T090100Z
DTSTAMP:20261120T090100Z
UID:5b4f7e2a-1c3d-4e5f-8a9b-0c1d2e3f4a5b
SUMMARY:Зарядка
RRULE:FREQ=DAILY
DTSTART;TZID=Europe/Moscow:20261123T080000
DTEND;TZID=Europe/Moscow:20261123T081500
TRANSP:OPAQUE
X-MOZ-GENERATION:1
SEQUENCE:0
BEGIN:VALARM
ACTION:DISPLAY
TRIGGER;VALUE=DURATION:-PT15M
DESCRIPTION:Default Mozilla Description
END:VALARM
END:VEVENT
END:VCALENDAR
"""

OUTLOOK = """BEGIN:VCALENDAR
PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN
VERSION:2.0
METHOD:PUBLISH
X-MS-OLK-FORCEINSPECTOROPEN:TRUE
BEGIN:VTIMEZONE
TZID:Russian Standard Time
BEGIN:STANDARD
DTSTART:16010101T000000
TZOFFSETFROM:+0300
TZOFFSETTO:+0300
END:STANDARD
END:VTIMEZONE
BEGIN:VEVENT
CLASS:PUBLIC
CREATED:20261120T101500Z
DESCRIPTION:\\n
DTEND;TZID="Russian Standard Time":20261125T150000
DTSTAMP:20261120T101500Z
DTSTART;TZID="Russian Standard Time":20261125T140000
LAST-MODIFIED:20261120T101500Z
PRIORITY:5
SEQUENCE:0
SUMMARY;LANGUAGE=ru:Совещание
TRANSP:OPAQUE
UID:040000008200E00074C5B7101A82E00800000000D0B7F7C1A95BDA01000000000000000010000000
X-MICROSOFT-CDO-BUSYSTATUS:BUSY
X-MICROSOFT-CDO-IMPORTANCE:1
X-MICROSOFT-DISALLOW-COUNTER:FALSE
X-MS-OLK-AUTOFILLLOCATION:FALSE
X-MS-OLK-CONFTYPE:0
BEGIN:VALARM
TRIGGER:-PT15M
ACTION:DISPLAY
DESCRIPTION:Reminder
END:VALARM
END:VEVENT
END:VCALENDAR
"""

APPLE = """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//Apple Inc.//macOS 14.1//EN
CALSCALE:GREGORIAN
BEGIN:VTIMEZONE
TZID:Europe/Moscow
BEGIN:STANDARD
TZOFFSETFROM:+0300
DTSTART:20110327T020000
TZNAME:GMT+3
TZOFFSETTO:+0300
END:STANDARD
END:VTIMEZONE
BEGIN:VEVENT
CREATED:20261120T110000Z
DTEND;TZID=Europe/Moscow:20261127T073000
DTSTAMP:20261120T110001Z
DTSTART;TZID=Europe/Moscow:20261127T063000
LAST-MODIFIED:20261120T110000Z
RRULE:FREQ=WEEKLY;BYDAY=FR
SEQUENCE:0
SUMMARY:Бассейн
TRANSP:OPAQUE
UID:8D2A3C1E-4B5F-4E6A-9C7D-1E2F3A4B5C6D
X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC
BEGIN:VALARM
ACTION:AUDIO
ATTACH;VALUE=URI:Chord
TRIGGER:-PT1H
UID:1A2B3C4D-5E6F-4A7B-8C9D-0E1F2A3B4C5D
X-APPLE-DEFAULT-ALARM:TRUE
X-WR-ALARMUID:1A2B3C4D-5E6F-4A7B-8C9D-0E1F2A3B4C5D
END:VALARM
BEGIN:VALARM
ACTION:NONE
TRIGGER;VALUE=DATE-TIME:19760401T005545Z
X-WR-ALARMUID:2B3C4D5E-6F7A-4B8C-9D0E-1F2A3B4C5D6E
UID:2B3C4D5E-6F7A-4B8C-9D0E-1F2A3B4C5D6E
X-APPLE-LOCAL-DEFAULT-ALARM:TRUE
X-APPLE-DEFAULT-ALARM:TRUE
END:VALARM
END:VEVENT
END:VCALENDAR
"""


def imported(cli, sandbox, name: str, text: str):
    path = Path(sandbox.env["HOME"]) / name
    path.write_bytes(text.replace("\n", "\r\n").encode())
    r = cli(["import", str(path)], env=NOW)
    assert r.rc == 0, r.stderr
    alarms = json.loads(cli(["list", "--json"], env=NOW).stdout)
    return r, {a["label"]: a["schedule"] for a in alarms}


def test_google_floating_times_are_in_the_calendars_x_wr_timezone(cli, sandbox):
    r, got = imported(cli, sandbox, "google.ics", GOOGLE)
    assert "warning" not in r.stdout, r.stdout
    # 09:00 in Tokyo is 03:00 in Moscow; the reminder 10 minutes before (not 08:50 Moscow).
    assert got["Standup"] == {"kind": "once", "date": "2026-12-01", "time": "02:50"}
    assert got["Yoga"] == {"kind": "weekly", "time": "12:30", "days": ["tue", "thu"]}
    nxt = json.loads(cli(["next", "--json"], env=NOW).stdout)
    assert nxt[0]["at"] == "2026-11-24T12:30:00+03:00", nxt


def test_an_unknown_x_wr_timezone_is_said_and_read_in_ours(cli, sandbox):
    r, got = imported(cli, sandbox, "google.ics", GOOGLE.replace("Asia/Tokyo", "Mars/Olympus"))
    assert "the calendar's time zone X-WR-TIMEZONE:Mars/Olympus is not one this computer knows; its floating times are read in Europe/Moscow" in r.stdout, r.stdout
    assert got["Standup"] == {"kind": "once", "date": "2026-12-01", "time": "08:50"}


@pytest.mark.parametrize("name,text,label,schedule", [
    ("thunderbird.ics", THUNDERBIRD, "Зарядка",
     # Its first reminder is Monday's: the series starts then, not today (a Sunday).
     {"kind": "weekly", "time": "07:45", "days": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], "from": "2026-11-23"}),
    ("outlook.ics", OUTLOOK, "Совещание", {"kind": "once", "date": "2026-11-25", "time": "13:45"}),
    # Apple's ACTION:NONE alarm (its "no alert" placeholder, in 1976) is no reminder.
    ("apple.ics", APPLE, "Бассейн", {"kind": "weekly", "time": "05:30", "days": ["fri"]}),
])
def test_other_programs_shapes_become_alarms_at_their_reminders(cli, sandbox, name, text, label, schedule):
    r, got = imported(cli, sandbox, name, text)
    assert "warning" not in r.stdout, r.stdout
    assert got == {label: schedule}
