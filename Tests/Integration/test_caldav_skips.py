# SPDX-License-Identifier: GPL-3.0-or-later
"""Skips, "off until" and working-days alarms between two machines through a real Radicale (issue
21 §2: they survive sync), and what another calendar program reading the server sees."""
from __future__ import annotations

import json
from datetime import datetime
from zoneinfo import ZoneInfo

import icalendar
import recurring_ical_events

from test_caldav_sync import Machine, machines, radicale, server_clock  # noqa: F401 (fixtures)

MSK = ZoneInfo("Europe/Moscow")


def next_days(m: Machine, label: str, at: str) -> list[str]:
    alarm_id = m.alarms()[label]["id"]
    out = json.loads(m("next", "--count", "10", "--json", at=at).stdout)
    return [e["at"][:10] for e in out if e["id"] == alarm_id]


def server_alarm_files(sandbox) -> list:
    folder = sandbox.path("radicale") / "collections" / "collection-root" / "alice" / "moscowtime-alarms"
    return sorted(folder.glob("*.ics"))


def server_alarms(sandbox) -> list[icalendar.Calendar]:
    """Every alarm resource Radicale stores, read as another calendar program would."""
    return [icalendar.Calendar.from_ical(p.read_bytes()) for p in server_alarm_files(sandbox)]


def test_a_skip_an_off_until_and_working_days_reach_the_other_machine(machines, radicale):
    a, b = machines
    at = "2026-11-25T09:00:00Z"
    a("add", "07:00", "--days", "everyday", "--label", "Run", at=at)
    a("add", "06:30", "--days", "workdays", "--label", "Work", at=at)
    a("skip", "Run", "--count", "2", at=at)
    a("disable", "Work", "--until", "2026-12-07", at=at)
    a.setup(radicale, at=at)
    a("sync", at=at)
    b.setup(radicale, at=at)
    b("sync", at=at)
    run, work = b.alarms()["Run"], b.alarms()["Work"]
    assert run["skipped"] == ["2026-11-26", "2026-11-27"]
    assert work["schedule"] == {"kind": "workdays", "time": "06:30"} and work["offUntil"] == "2026-12-07"
    assert next_days(b, "Run", at)[:2] == ["2026-11-28", "2026-11-29"]
    assert next_days(b, "Work", at)[:1] == ["2026-12-07"]
    # Undone on the other machine, it comes back here.
    b("unskip", "Run", at="2026-11-25T09:01:00Z")
    b("sync", at="2026-11-25T09:01:00Z")
    a("sync", at="2026-11-25T09:02:00Z")
    assert "skipped" not in a.alarms()["Run"]
    assert next_days(a, "Run", "2026-11-25T09:02:00Z")[:1] == ["2026-11-26"]


def test_other_calendar_programs_see_no_event_on_a_skipped_day(machines, radicale, sandbox):
    a, _ = machines
    at = "2026-11-25T09:00:00Z"
    a("add", "07:00", "--days", "everyday", "--label", "Run", at=at)
    a("skip", "Run", at=at)
    a.setup(radicale, at=at)
    a("sync", at=at)
    cals = server_alarms(sandbox)
    assert len(cals) == 1
    days = sorted({e["DTSTART"].dt.astimezone(MSK).date().isoformat() for c in cals
                   for e in recurring_ical_events.of(c).between(datetime(2026, 11, 25, 12, tzinfo=MSK), datetime(2026, 11, 29, tzinfo=MSK))})
    assert days == ["2026-11-27", "2026-11-28"]


def test_an_empty_text_property_written_by_another_program_syncs(machines, radicale, sandbox):
    """Issue 23 §1 on a real server: python icalendar writes `DESCRIPTION:` for an empty string and
    Google's export carries `LOCATION:`; such an item syncs like any other, and so does the rest."""
    import base64
    from urllib.request import Request, urlopen
    a, b = machines
    at = "2026-11-25T09:00:00Z"
    a("add", "07:00", "--days", "everyday", "--label", "Run", at=at)
    a("habit", "add", "Water", at=at)
    a.setup(radicale, at=at)
    a("sync", at=at)
    [path] = server_alarm_files(sandbox)
    cal = icalendar.Calendar.from_ical(path.read_bytes())
    [event] = cal.walk("VEVENT")
    event["DESCRIPTION"] = ""
    event["LOCATION"] = ""
    body = cal.to_ical()
    assert b"\r\nDESCRIPTION:\r\n" in body and b"\r\nLOCATION:\r\n" in body
    url = radicale.rstrip("/") + "/alice/moscowtime-alarms/" + path.name
    auth = base64.b64encode(b"alice:secret").decode()
    with urlopen(Request(url, data=body, method="PUT", headers={"Content-Type": "text/calendar", "Authorization": "Basic " + auth})) as r:
        assert r.status in (201, 204)
    b.setup(radicale, at=at)
    r = b("sync", at=at)
    assert "Run" in b.alarms() and b.habit("Water")["name"] == "Water"
    assert "skipped" not in r.stdout.lower() and "warning" not in r.stdout.lower(), r.stdout
