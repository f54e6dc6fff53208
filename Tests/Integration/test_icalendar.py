# SPDX-License-Identifier: GPL-3.0-or-later
"""`agent-cli export --ics` / `import`: checked with an iCalendar reader no one here wrote (Python's
icalendar + recurring-ical-events) and instants from Python's zoneinfo."""
from __future__ import annotations

import json
from datetime import date, datetime, time, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import icalendar
import pytest
import recurring_ical_events

pytestmark = pytest.mark.agent

NOW = {"MOSCOWTIME_NOW": "2026-11-22T12:00:00Z", "LANG": "C.UTF-8", "LANGUAGE": ""}  # Sunday
MSK = ZoneInfo("Europe/Moscow")


def store(env_or_sandbox) -> Path:
    env = env_or_sandbox if isinstance(env_or_sandbox, dict) else env_or_sandbox.env
    return Path(env["XDG_DATA_HOME"]) / "moscowtime" / "store.json"


def make_alarms(cli):
    for args in (["add", "7:30", "--days", "weekdays", "--label", "Подъём, всем; \\ ура"],
                 ["add", "6:45", "--every", "2", "--label", "Через день"],
                 ["add", "9:00", "--once", "2026-12-31", "--label", "Новый год"],
                 ["add", "23:50", "--days", "sat,sun", "--label", "Поздно"],
                 ["timer", "25m", "Чай"],
                 ["habit", "add", "Water", "--numeric", "--unit", "glasses", "--target", "8", "--remind", "10:00,16:00"],
                 ["habit", "done", "Water", "--amount", "3", "--note", 'a, b; "c" \\ d'],
                 ["habit", "add", "Зарядка", "--days", "mon,wed,fri"],
                 ["habit", "skip", "Зарядка", "--note", "болею"]):
        r = cli(args, env=NOW)
        assert r.rc == 0, (args, r.stderr)


def occurrences(cal, uid_prefix, start, end):
    """Instants (UTC) of the events whose UID starts with uid_prefix, as another calendar expands them."""
    out = {}
    for ev in recurring_ical_events.of(cal).between(start, end):
        dt = ev["DTSTART"].dt
        out.setdefault(str(ev["SUMMARY"]), []).append(dt.astimezone(timezone.utc))
    return {k: sorted(v) for k, v in out.items()}


def test_independent_reader_sees_recurring_events_at_moscow_times(cli, sandbox):
    make_alarms(cli)
    path = Path(sandbox.env["HOME"]) / "out.ics"
    r = cli(["export", "--ics", str(path)], env=NOW)
    assert r.rc == 0, r.stderr
    assert r.stdout.strip() == f"Exported to {path}: 5 alarms, 2 habits."
    cal = icalendar.Calendar.from_ical(path.read_bytes())
    tz = [c for c in cal.walk("VTIMEZONE")]
    assert [str(c["TZID"]) for c in tz] == ["Europe/Moscow"]
    start = datetime(2026, 11, 23, tzinfo=MSK)
    end = datetime(2026, 12, 7, tzinfo=MSK)
    got = occurrences(cal, "alarm-", start, end)

    def moscow(days, hh, mm):
        return [datetime.combine(d, time(hh, mm), MSK).astimezone(timezone.utc) for d in days]

    all_days = [date(2026, 11, 23) + timedelta(days=k) for k in range(14)]
    assert got["Подъём, всем; \\ ура"] == moscow([d for d in all_days if d.weekday() < 5], 7, 30)
    # every 2 days from today (Sunday 22 November)
    assert got["Через день"] == moscow([d for d in all_days if (d - date(2026, 11, 22)).days % 2 == 0], 6, 45)
    assert got["Поздно"] == moscow([d for d in all_days if d.weekday() >= 5], 23, 50)
    assert "Новый год" not in got
    later = occurrences(cal, "alarm-", datetime(2026, 12, 30, tzinfo=MSK), datetime(2027, 1, 2, tzinfo=MSK))
    assert later["Новый год"] == moscow([date(2026, 12, 31)], 9, 0)
    timer = [e for e in cal.walk("VEVENT") if str(e["SUMMARY"]) == "Чай"][0]
    assert timer["DTSTART"].dt == datetime(2026, 11, 22, 12, 25, tzinfo=timezone.utc)
    # Every alarm carries a reminder at its start, and the habits are to-dos with their days.
    for ev in cal.walk("VEVENT"):
        alarms = ev.walk("VALARM")
        assert len(alarms) == 1 and alarms[0]["TRIGGER"].dt == timedelta(0)
    todos = {str(t["SUMMARY"]): t for t in cal.walk("VTODO")}
    assert set(todos) == {"Water", "Зарядка"}
    assert str(todos["Зарядка"]["RRULE"].to_ical(), "ascii") == "FREQ=WEEKLY;BYDAY=MO,WE,FR"
    assert todos["Water"]["X-MOSCOWTIME-DAY-NOTE"] == 'a, b; "c" \\ d'


def test_berlin_zone_follows_daylight_saving_time(cli, sandbox):
    """With another configured zone the events carry that zone: 07:00 Berlin is 06:00 UTC in winter, 05:00 in summer."""
    assert cli(["settings", "zone", "Europe/Berlin"], env=NOW).rc == 0
    assert cli(["add", "7:00", "--days", "everyday", "--label", "Berlin"], env=NOW).rc == 0
    text = cli(["export", "--ics"], env=NOW).stdout
    cal = icalendar.Calendar.from_ical(text)
    got = occurrences(cal, "alarm-", datetime(2027, 3, 27, tzinfo=timezone.utc), datetime(2027, 3, 30, tzinfo=timezone.utc))["Berlin"]
    berlin = ZoneInfo("Europe/Berlin")
    assert got == [datetime.combine(date(2027, 3, d), time(7, 0), berlin).astimezone(timezone.utc) for d in (27, 28, 29)]
    assert [g.hour for g in got] == [6, 5, 5]


def test_round_trip_into_another_home_is_exact(cli, sandbox):
    make_alarms(cli)
    assert cli(["disable", "Поздно"], env=NOW).rc == 0
    path = Path(sandbox.env["HOME"]) / "all.ics"
    assert cli(["export", "--ics", str(path)], env=NOW).rc == 0
    other = {**NOW, "XDG_DATA_HOME": str(Path(sandbox.env["HOME"]) / "machine-b")}
    r = cli(["import", str(path)], env=other)
    assert r.rc == 0, r.stderr
    assert "5 new alarms" in r.stdout and "2 new habits" in r.stdout
    a = json.loads(store(sandbox).read_text())
    b = json.loads(store(other).read_text())
    assert b["alarms"] == a["alarms"] and b["habits"] == a["habits"]
    # Importing again changes nothing, byte for byte.
    before = store(other).read_bytes()
    r = cli(["import", str(path)], env=other)
    assert r.stdout.endswith(": 5 alarms unchanged; 2 habits unchanged.\n"), r.stdout
    assert store(other).read_bytes() == before


def test_other_calendars_events_with_reminders_become_alarms(cli, sandbox):
    """A calendar written by Python's icalendar, not by us."""
    cal = icalendar.Calendar()
    cal.add("prodid", "-//pytest//other//EN")
    cal.add("version", "2.0")

    def event(uid, summary, start, rrule=None, trigger=timedelta(minutes=-10)):
        ev = icalendar.Event()
        ev.add("uid", uid)
        ev.add("dtstamp", datetime(2026, 11, 1, tzinfo=timezone.utc))
        ev.add("summary", summary)
        ev.add("dtstart", start)
        if rrule:
            ev.add("rrule", rrule)
        al = icalendar.Alarm()
        al.add("action", "DISPLAY")
        al.add("description", "reminder")
        al.add("trigger", trigger)
        ev.add_component(al)
        cal.add_component(ev)

    event("standup@example", "Стендап", datetime(2026, 11, 23, 10, 0, tzinfo=timezone.utc), {"freq": "weekly", "byday": ["mo", "tu", "we", "th", "fr"]})
    event("monthly@example", "Отчёт", datetime(2026, 12, 1, 9, 0, tzinfo=timezone.utc), {"freq": "monthly"})
    path = Path(sandbox.env["HOME"]) / "other.ics"
    path.write_bytes(cal.to_ical())
    r = cli(["import", str(path)], env=NOW)
    assert r.rc == 0, r.stderr
    warnings = [l for l in r.stdout.splitlines() if l.startswith("warning:")]
    assert len(warnings) == 1 and '"Отчёт" (UID monthly@example)' in warnings[0] and "FREQ=MONTHLY" in warnings[0]
    alarms = json.loads(cli(["list", "--json"], env=NOW).stdout)
    assert [(a["label"], a["schedule"]) for a in alarms] == [
        ("Стендап", {"kind": "weekly", "time": "12:50", "days": ["mon", "tue", "wed", "thu", "fri"]})]
    # The agent's own schedule rings at the instants the other reader expands, 10 minutes early.
    nxt = json.loads(cli(["next", "--count", "5", "--json"], env=NOW).stdout)
    ours = [datetime.fromisoformat(n["at"]).astimezone(timezone.utc) for n in nxt]
    theirs = [e["DTSTART"].dt - timedelta(minutes=10)
              for e in recurring_ical_events.of(cal).between(datetime(2026, 11, 22, tzinfo=timezone.utc), datetime(2026, 12, 1, tzinfo=timezone.utc))
              if str(e["SUMMARY"]) == "Стендап"][:5]
    assert ours == theirs


@pytest.mark.parametrize("damage,line", [
    (lambda lines: lines.__setitem__(6, "DTSTART;TZID=Europe/Moscow:2026-11-23 07:30"), 7),
    (lambda lines: lines.__setitem__(3, "SUMMARY"), 4),
    (lambda lines: lines.pop(), None),
])
def test_malformed_file_changes_nothing_and_names_the_line(cli, sandbox, damage, line):
    make_alarms(cli)
    before = store(sandbox).read_bytes()
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "SUMMARY:Wake", "UID:x", "DTSTAMP:20261101T000000Z",
             "DTSTART;TZID=Europe/Moscow:20261123T073000", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:x",
             "TRIGGER:PT0S", "END:VALARM", "END:VEVENT", "END:VCALENDAR"]
    damage(lines)
    path = Path(sandbox.env["HOME"]) / "bad.ics"
    path.write_text("\r\n".join(lines) + "\r\n")
    r = cli(["import", str(path)], env=NOW)
    assert r.rc == 2
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    expected_line = line if line is not None else 1  # an unclosed VCALENDAR names its BEGIN line
    assert f"{path}, line {expected_line}:" in r.stderr, r.stderr
    assert store(sandbox).read_bytes() == before
    ru = cli(["import", str(path)], env={**NOW, "LANG": "ru_RU.UTF-8"})
    assert f"{path}, строка {expected_line}:" in ru.stderr, ru.stderr


def test_export_needs_a_format_and_a_missing_file_is_one_line(cli, sandbox):
    r = cli(["export"], env=NOW)
    assert r.rc == 2 and "--ics" in r.stderr
    r = cli(["import", "/nonexistent/x.ics"], env=NOW)
    assert r.rc == 2 and "cannot read /nonexistent/x.ics" in r.stderr
