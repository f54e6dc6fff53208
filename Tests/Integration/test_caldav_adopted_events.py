# SPDX-License-Identifier: GPL-3.0-or-later
"""Events other programs made in the alarms collection and the agent took as alarms (issue 36 §1):
their server copy stays theirs. Python `icalendar` writes them in the shapes Thunderbird and a phone
save (and khal makes one), with stamps ahead of and behind the server's clock; `icalendar` parses the
server copy before and after each change made here, and only the properties that change means differ."""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import icalendar
import pytest
import recurring_ical_events

from test_caldav_other_programs import KhalOnVdirsyncer, alarms_collection
from test_caldav_sync import machines, radicale, server_clock  # noqa: F401 (fixtures)
from test_ical_text import dav

pytestmark = pytest.mark.agent

STAMPS = {"VEVENT": {"SEQUENCE", "LAST-MODIFIED", "DTSTAMP"}}
LONG = ("Второй этаж, кабинет 5; взять полис, паспорт и выписку из карты — регистратура "
        "напоминает, что опоздание больше чем на 10 минут переносит приём")


def vtimezone_moscow() -> icalendar.Timezone:
    tz = icalendar.Timezone()
    tz.add("tzid", "Europe/Moscow")
    std = icalendar.TimezoneStandard()
    std.add("tzname", "MSK")
    std.add("dtstart", datetime(1970, 1, 1))
    std.add("tzoffsetfrom", timedelta(hours=3))
    std.add("tzoffsetto", timedelta(hours=3))
    tz.add_component(std)
    return tz


def thunderbird_event(uid: str, stamp: datetime) -> bytes:
    """Thunderbird's shape: its VTIMEZONE, X-MOZ-*, a long folded DESCRIPTION, an attendee whose
    quoted CN holds a comma, TRIGGER;VALUE=DURATION, a weekly series with an end."""
    cal = icalendar.Calendar()
    cal.add("prodid", "-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN")
    cal.add("version", "2.0")
    cal.add_component(vtimezone_moscow())
    ev = icalendar.Event()
    ev.add("created", datetime(2026, 11, 20, 8, 0, tzinfo=timezone.utc))
    ev.add("last-modified", stamp)
    ev.add("dtstamp", stamp)
    ev.add("uid", uid)
    ev.add("summary", "Планёрка")
    ev.add("rrule", {"freq": "weekly", "byday": ["mo", "we"]})
    ev.add("dtstart", datetime(2026, 11, 23, 10, 0), parameters={"TZID": "Europe/Moscow"})
    ev.add("dtend", datetime(2026, 11, 23, 11, 0), parameters={"TZID": "Europe/Moscow"})
    ev.add("location", "Кабинет 5")
    ev.add("description", LONG)
    ev.add("attendee", "mailto:ivanov@example.org", parameters={"CN": "Иванов, И. И.", "PARTSTAT": "NEEDS-ACTION", "ROLE": "REQ-PARTICIPANT"})
    ev.add("transp", "OPAQUE")
    ev.add("x-moz-generation", "3")
    ev.add("x-moz-lastack", stamp)
    ev.add("sequence", 2)
    al = icalendar.Alarm()
    al.add("action", "DISPLAY")
    al.add("description", "Default Mozilla Description")
    al.add("trigger", timedelta(minutes=-15), parameters={"VALUE": "DURATION"})
    ev.add_component(al)
    cal.add_component(ev)
    return cal.to_ical()


def phone_event(uid: str, stamp: datetime) -> bytes:
    """A phone's shape (DAVx5): no VTIMEZONE, a reminder counted from the end, an e-mail alarm
    beside it, X-properties of its own, no SEQUENCE."""
    cal = icalendar.Calendar()
    cal.add("prodid", "-//bitfire web engineering//DAVx5//EN")
    cal.add("version", "2.0")
    ev = icalendar.Event()
    ev.add("dtstamp", stamp)
    ev.add("uid", uid)
    ev.add("summary", "Бассейн")
    ev.add("dtstart", datetime(2026, 11, 24, 19, 0), parameters={"TZID": "Europe/Moscow"})
    ev.add("dtend", datetime(2026, 11, 24, 20, 0), parameters={"TZID": "Europe/Moscow"})
    ev.add("rrule", {"freq": "weekly", "byday": ["tu"]})
    ev.add("location", "ФОК «Дельфин», дорожка 3")
    ev.add("categories", ["Спорт", "Здоровье"])
    ev.add("x-davx5-color", "#ff0000")
    ev.add("last-modified", stamp)
    mail = icalendar.Alarm()
    mail.add("action", "EMAIL")
    mail.add("summary", "Бассейн")
    mail.add("description", "Бассейн")
    mail.add("attendee", "mailto:me@example.org")
    mail.add("trigger", timedelta(days=-1))
    ev.add_component(mail)
    al = icalendar.Alarm()
    al.add("action", "DISPLAY")
    al.add("description", "Бассейн")
    al.add("trigger", timedelta(minutes=-90), parameters={"RELATED": "END"})
    ev.add_component(al)
    cal.add_component(ev)
    return cal.to_ical()


SHAPES = {
    # shape: (writer, label, its first ring, the ring time after "edit --time")
    "thunderbird": (thunderbird_event, "Планёрка", "09:45", "09:30"),
    "phone": (phone_event, "Бассейн", "18:30", "18:10"),
}


def tree(body: bytes) -> dict:
    """Each component (by kind and position) as its properties: every value and parameter as
    `icalendar` reads them."""
    out, seen = {}, {}
    for comp in icalendar.Calendar.from_ical(body).walk():
        n = seen.get(comp.name, 0)
        seen[comp.name] = n + 1
        props: dict = {}
        for name, value in comp.property_items(recursive=False, sorted=False):
            if name in ("BEGIN", "END"):
                continue
            params = tuple(sorted((getattr(value, "params", None) or {}).items()))
            props.setdefault(name, []).append((value.to_ical() if hasattr(value, "to_ical") else value, params))
        out[(comp.name, n)] = props
    return out


def differing(before: bytes, after: bytes) -> dict:
    """Per component kind, the properties whose values or parameters differ ("*": the component
    itself came or went)."""
    b, a = tree(before), tree(after)
    out: dict = {}
    for key in b.keys() | a.keys():
        if key not in b or key not in a:
            out.setdefault(key[0], set()).add("*")
            continue
        for name in b[key].keys() | a[key].keys():
            if b[key].get(name) != a[key].get(name):
                out.setdefault(key[0], set()).add(name)
    return out


def meant(**parts) -> dict:
    """What a change here is meant to change, with the stamps every change steps."""
    out = {k: set(v) for k, v in STAMPS.items()}
    for kind, names in parts.items():
        out.setdefault(kind, set()).update(names)
    return out


def put_new(url: str, text: bytes):
    status, _, _ = dav(url, "PUT", text, {"If-None-Match": "*", "Content-Type": "text/calendar; charset=utf-8"})
    assert status == 201, status


def served(url: str) -> bytes:
    status, _, body = dav(url, "GET")
    assert status == 200, status
    return body


def same_alarm(a: dict, b: dict) -> bool:
    keep = ("id", "label", "schedule", "enabled", "skipped", "zone")
    return {k: a.get(k) for k in keep} == {k: b.get(k) for k in keep}


@pytest.mark.parametrize("ahead", [True, False], ids=["stamped-ahead", "stamped-behind"])
@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_an_adopted_event_keeps_its_shape_and_a_change_here_patches_only_what_it_means(machines, radicale, shape, ahead):
    a, b = machines
    write, label, ring, moved = SHAPES[shape]
    a.setup(radicale); a("sync", at="2026-11-22T09:00:00Z")
    # A phone a few minutes fast, or an event last changed the day before.
    stamp = datetime(2026, 11, 22, 9, 11 if ahead else 0, tzinfo=timezone.utc) - (timedelta(0) if ahead else timedelta(days=1))
    url = alarms_collection(radicale) + f"{shape}-1.ics"
    put_new(url, write(f"{shape}-1@example.org", stamp))
    original = served(url)

    # Taken, and nothing sent: not now, not at the next sync, not from the other machine.
    r = a("sync", at="2026-11-22T09:01:00Z")
    assert "1 change taken, 0 sent" in r.stdout and "warning" not in r.stdout, r.stdout
    assert a.alarms()[label]["schedule"]["time"] == ring
    assert "0 changes taken, 0 sent" in a("sync", at="2026-11-22T09:02:00Z").stdout
    b.setup(radicale)
    assert "1 change taken, 0 sent" in b("sync", at="2026-11-22T09:03:00Z").stdout
    assert "0 changes taken, 0 sent" in b("sync", at="2026-11-22T09:04:00Z").stdout
    assert served(url) == original
    aid = a.alarms()[label]["id"]

    steps = [
        (("edit", aid, "--label", "Зубной"), "Зубной", meant(VEVENT={"SUMMARY"})),
        (("skip", aid), "Зубной", meant(VEVENT={"EXDATE"})),
        (("edit", aid, "--time", moved), "Зубной", meant(VALARM={"TRIGGER"})),
        (("disable", aid), "Зубной", meant(VEVENT={"X-MOSCOWTIME-ENABLED", "X-MOSCOWTIME-TRIGGER"}, VALARM={"*"})),
        (("enable", aid), "Зубной", meant(VEVENT={"X-MOSCOWTIME-ENABLED", "X-MOSCOWTIME-TRIGGER"}, VALARM={"*"})),
    ]
    before = original
    for k, (command, name, expected) in enumerate(steps):
        at = f"2026-11-22T1{k}:00:00Z"
        a(*command, at=at)
        r = a("sync", at=f"2026-11-22T1{k}:01:00Z")
        assert "0 changes taken, 1 sent" in r.stdout, (command, r.stdout)
        after = served(url)
        assert differing(before, after) == expected, (command, before.decode(), after.decode())
        [ev] = icalendar.Calendar.from_ical(after).walk("VEVENT")
        [old] = icalendar.Calendar.from_ical(before).walk("VEVENT")
        assert int(ev.get("SEQUENCE", 0)) == int(old.get("SEQUENCE", 0)) + 1
        assert ev.decoded("LAST-MODIFIED") > old.decoded("LAST-MODIFIED")
        # The other machine takes the change, and nothing comes back.
        r = b("sync", at=f"2026-11-22T1{k}:02:00Z")
        assert "1 change taken, 0 sent" in r.stdout, (command, r.stdout)
        assert same_alarm(b.alarms()[name], a.alarms()[name]), (command, b.alarms(), a.alarms())
        assert "0 changes taken, 0 sent" in a("sync", at=f"2026-11-22T1{k}:03:00Z").stdout
        before = after

    # The event is still the meeting it was; the alarm rings at the time set here.
    [ev] = icalendar.Calendar.from_ical(before).walk("VEVENT")
    [first] = icalendar.Calendar.from_ical(original).walk("VEVENT")
    for key in ("DTSTART", "DTEND", "LOCATION", "RRULE"):
        assert ev[key].to_ical() == first[key].to_ical(), key
    nxt = json.loads(b("next", "--json", at="2026-11-22T16:00:00Z").stdout)
    assert nxt[0]["at"][11:16] == moved, nxt


def test_a_khal_event_renamed_here_is_still_khals_meeting(machines, radicale, sandbox):
    """khal's own event (`khal new --alarms`), with its location: renamed and moved here, khal
    still shows the meeting 10:00–11:00 at its place."""
    a, b = machines
    a.setup(radicale); a("sync", at="2026-11-22T09:00:00Z")
    khal = KhalOnVdirsyncer(sandbox, alarms_collection(radicale))
    khal("new", "-a", "alarms", "--alarms", "15m", "-l", "Кабинет 5", "2026-11-25", "10:00", "11:00", "Dentist")
    khal.sync()
    [path] = list(khal.folder.glob("*.ics"))
    url = alarms_collection(radicale) + path.name
    original = served(url)
    r = a("sync", at="2026-11-22T10:00:00Z")
    assert "1 change taken, 0 sent" in r.stdout, r.stdout
    assert "0 changes taken, 0 sent" in a("sync", at="2026-11-22T10:01:00Z").stdout
    assert served(url) == original
    aid = a.alarms()["Dentist"]["id"]
    a("edit", aid, "--label", "Зубной", at="2026-11-22T10:10:00Z")
    a("edit", aid, "--time", "9:30", at="2026-11-22T10:11:00Z")
    assert "1 sent" in a("sync", at="2026-11-22T10:12:00Z").stdout
    assert differing(original, served(url)) == meant(VEVENT={"SUMMARY"}, VALARM={"TRIGGER"})
    khal.sync()
    shown = khal("list", "--format", "{start-time}-{end-time} {title} {location}", "2026-11-25", "2026-11-26")
    assert "10:00-11:00 Зубной Кабинет 5" in shown, shown
    b.setup(radicale); b("sync", at="2026-11-22T10:13:00Z")
    assert b.alarms()["Зубной"]["schedule"] == {"kind": "once", "date": "2026-11-25", "time": "09:30"}


def weekly_moscow_event(uid: str, stamp: datetime, floating: bool = False, calendar_zone: str | None = None) -> bytes:
    """A weekly Monday meeting at 10:00 with a 15-minute reminder, in Moscow time or floating (as
    khal writes local times), in a calendar that names its zone or not."""
    cal = icalendar.Calendar()
    cal.add("prodid", "-//pytest//phone//EN")
    cal.add("version", "2.0")
    if calendar_zone:
        cal.add("x-wr-timezone", calendar_zone)
    ev = icalendar.Event()
    ev.add("uid", uid)
    ev.add("dtstamp", stamp)
    ev.add("summary", "Standup")
    params = {} if floating else {"TZID": "Europe/Moscow"}
    ev.add("dtstart", datetime(2026, 11, 23, 10, 0), parameters=params)
    ev.add("dtend", datetime(2026, 11, 23, 10, 30), parameters=params)
    ev.add("rrule", {"freq": "weekly", "byday": ["mo"]})
    al = icalendar.Alarm()
    al.add("action", "DISPLAY")
    al.add("description", "Standup")
    al.add("trigger", timedelta(minutes=-15))
    ev.add_component(al)
    cal.add_component(ev)
    return cal.to_ical()


STAMP = datetime(2026, 11, 22, 8, 0, tzinfo=timezone.utc)


def test_a_weekly_event_in_moscow_time_reaches_a_berlin_machine_in_moscow_time(machines, radicale):
    a, b = machines
    b("settings", "zone", "Europe/Berlin", at="2026-11-22T08:59:00Z")
    a.setup(radicale); a("sync", at="2026-11-22T09:00:00Z")
    url = alarms_collection(radicale) + "standup.ics"
    put_new(url, weekly_moscow_event("standup@example.org", STAMP))
    original = served(url)
    b.setup(radicale)
    r = b("sync", at="2026-11-22T09:01:00Z")
    assert "1 change taken, 0 sent" in r.stdout and "warning" not in r.stdout, r.stdout
    standup = b.alarms()["Standup"]
    assert standup["zone"] == "Europe/Moscow" and standup["schedule"]["time"] == "09:45", standup
    # 09:45 in Moscow is 07:45 in Berlin in winter, 08:45 in summer.
    assert json.loads(b("next", "--json", at="2026-11-22T10:00:00Z").stdout)[0]["at"] == "2026-11-23T07:45:00+01:00"
    assert json.loads(b("next", "--json", at="2027-06-01T10:00:00Z").stdout)[0]["at"] == "2027-06-07T08:45:00+02:00"
    assert "Europe/Moscow" in b("show", standup["id"], at="2026-11-22T10:00:00Z").stdout
    r = a("sync", at="2026-11-22T09:02:00Z")
    assert "1 change taken, 0 sent" in r.stdout and "zone" not in a.alarms()["Standup"], r.stdout
    assert served(url) == original
    # Renamed in Berlin, it is still the Moscow meeting.
    b("edit", standup["id"], "--label", "Летучка", at="2026-11-22T09:10:00Z")
    assert "1 sent" in b("sync", at="2026-11-22T09:11:00Z").stdout
    assert differing(original, served(url)) == meant(VEVENT={"SUMMARY"})
    a("sync", at="2026-11-22T09:12:00Z")
    assert a.alarms()["Летучка"]["schedule"]["time"] == "09:45"


def test_floating_times_ring_at_one_instant_on_every_machine(machines, radicale):
    """khal's floating times, in a calendar that names no zone: read in the zone of the machine
    that takes the event first, which writes it into the event; the Berlin machine then rings at
    the Moscow instant and says the zone."""
    a, b = machines
    b("settings", "zone", "Europe/Berlin", at="2026-11-22T08:59:00Z")
    a.setup(radicale); a("sync", at="2026-11-22T09:00:00Z")
    url = alarms_collection(radicale) + "floating.ics"
    put_new(url, weekly_moscow_event("floating@example.org", STAMP, floating=True))
    original = served(url)
    r = a("sync", at="2026-11-22T09:01:00Z")
    assert "1 change taken, 1 sent" in r.stdout, r.stdout
    assert '"Standup": its times have no zone; read in Europe/Moscow, this computer\'s' in r.stdout, r.stdout
    assert differing(original, served(url)) == meant(VEVENT={"X-MOSCOWTIME-FLOATING-ZONE"})
    [ev] = icalendar.Calendar.from_ical(served(url)).walk("VEVENT")
    assert str(ev["X-MOSCOWTIME-FLOATING-ZONE"]) == "Europe/Moscow"
    assert "0 changes taken, 0 sent" in a("sync", at="2026-11-22T09:02:00Z").stdout
    b.setup(radicale)
    r = b("sync", at="2026-11-22T09:03:00Z")
    assert "1 change taken, 0 sent" in r.stdout, r.stdout
    assert "read in Europe/Moscow, as the computer that first took it read them" in r.stdout, r.stdout
    standup = b.alarms()["Standup"]
    assert standup["zone"] == "Europe/Moscow", standup
    assert json.loads(b("next", "--json", at="2026-11-22T10:00:00Z").stdout)[0]["at"] == "2026-11-23T07:45:00+01:00"
    assert "Europe/Moscow" in b("show", standup["id"], at="2026-11-22T10:00:00Z").stdout

    # A calendar that names its zone (X-WR-TIMEZONE) is read in it, and nothing is written.
    url = alarms_collection(radicale) + "tokyo.ics"
    put_new(url, weekly_moscow_event("tokyo@example.org", STAMP, floating=True, calendar_zone="Asia/Tokyo"))
    tokyo = served(url)
    r = a("sync", at="2026-11-22T09:04:00Z")
    assert "1 change taken, 0 sent" in r.stdout and "read in Asia/Tokyo, the calendar's zone" in r.stdout, r.stdout
    assert "1 change taken, 0 sent" in b("sync", at="2026-11-22T09:05:00Z").stdout
    assert served(url) == tokyo
    # 10:00 less 15 minutes in Tokyo is 03:45 in Moscow, 01:45 in Berlin: one instant.
    rings = [json.loads(m("next", "--json", at="2026-11-22T10:00:00Z").stdout) for m in (a, b)]
    assert [r[0]["at"] for r in rings] == ["2026-11-23T03:45:00+03:00", "2026-11-23T01:45:00+01:00"], rings


def test_an_event_in_an_unknown_zone_is_named_by_its_zone(machines, radicale):
    a, _ = machines
    a.setup(radicale); a("sync", at="2026-11-22T09:00:00Z")
    text = weekly_moscow_event("mars@example.org", STAMP).replace(b"TZID=Europe/Moscow", b"TZID=Mars/Olympus_Mons")
    put_new(alarms_collection(radicale) + "mars.ics", text)
    r = a("sync", at="2026-11-22T09:01:00Z")
    assert "Mars/Olympus_Mons" in r.stdout and "not a MoscowTime alarm" not in r.stdout, r.stdout
    assert "Standup" in r.stdout


def synced_alarm_held_by(a, radicale, rule: dict, stamp_dtstamp: bool = False) -> tuple[str, str]:
    """A weekday alarm "Work" synced, whose server copy another program then gave `rule` (one
    alarms cannot express), stamped 10:30: its id and URL."""
    a("add", "7:30", "--days", "weekdays", "--label", "Work", at="2026-11-22T09:00:00Z")
    a.setup(radicale); a("sync", at="2026-11-22T09:01:00Z")
    aid = a.alarms()["Work"]["id"]
    url = alarms_collection(radicale) + f"alarm-{aid}.ics"
    _, headers, body = dav(url, "GET")
    cal = icalendar.Calendar.from_ical(body)
    [ev] = cal.walk("VEVENT")
    ev["RRULE"] = icalendar.vRecur(rule)
    stamp = icalendar.vDDDTypes(datetime(2026, 11, 22, 10, 30, tzinfo=timezone.utc))
    ev["LAST-MODIFIED"] = stamp
    if stamp_dtstamp:
        ev["DTSTAMP"] = stamp
    assert dav(url, "PUT", cal.to_ical(), {"If-Match": headers["ETag"], "Content-Type": "text/calendar"})[0] in (201, 204)
    return aid, url


def test_a_held_alarm_changed_here_is_a_conflict_and_is_settled_by_name(machines, radicale):
    """An alarm whose server copy another program made yearly: edited here it is a conflict;
    the server's copy cannot be taken, which is said (exit 1); this computer's is sent stamped
    later than the other program's edit, so other clients take it."""
    a, _ = machines
    aid, url = synced_alarm_held_by(a, radicale, {"FREQ": "YEARLY", "BYMONTH": 12}, stamp_dtstamp=True)
    r = a("sync", at="2026-11-22T10:31:00Z")
    assert "0 conflicts" in r.stdout, r.stdout
    a("edit", "Work", "--label", "Работа", at="2026-11-22T10:40:00Z")
    r = a("sync", at="2026-11-22T10:41:00Z")
    assert "1 conflict (" in r.stdout and "it was also changed here" in r.stdout, r.stdout
    r = a("sync", "--accept-remote-item", aid, at="2026-11-22T10:42:00Z", expect=1)
    assert "cannot be taken here" in r.stdout + r.stderr, (r.stdout, r.stderr)
    assert "Работа" in a.alarms()
    r = a("sync", "--keep-local", aid, at="2026-11-22T11:00:00Z")
    assert "1 sent" in r.stdout, r.stdout
    [ev] = icalendar.Calendar.from_ical(served(url)).walk("VEVENT")
    assert ev.decoded("LAST-MODIFIED") == datetime(2026, 11, 22, 11, 0, tzinfo=timezone.utc)
    assert ev.decoded("DTSTAMP") == datetime(2026, 11, 22, 11, 0, tzinfo=timezone.utc)
    assert "FREQ=WEEKLY" in ev["RRULE"].to_ical().decode() and str(ev["SUMMARY"]) == "Работа"
    assert "0 conflicts" in a("sync", at="2026-11-22T11:01:00Z").stdout


def test_a_held_alarm_not_edited_here_is_sent_stamped_by_keep_local(machines, radicale):
    a, _ = machines
    aid, url = synced_alarm_held_by(a, radicale, {"FREQ": "MONTHLY", "BYMONTHDAY": 1})
    a("sync", at="2026-11-22T10:31:00Z")
    assert "1 sent" in a("sync", "--keep-local", aid, at="2026-11-22T11:00:00Z").stdout
    [ev] = icalendar.Calendar.from_ical(served(url)).walk("VEVENT")
    assert ev.decoded("LAST-MODIFIED") == datetime(2026, 11, 22, 11, 0, tzinfo=timezone.utc)
    assert "FREQ=WEEKLY" in ev["RRULE"].to_ical().decode()


def test_an_event_saved_again_unchanged_is_no_change_taken(machines, radicale):
    """A phone that saves the event again with a new stamp only (a new ETag): nothing changed."""
    a, _ = machines
    a.setup(radicale); a("sync", at="2026-11-22T09:00:00Z")
    url = alarms_collection(radicale) + "standup.ics"
    put_new(url, weekly_moscow_event("standup@example.org", STAMP))
    assert "1 change taken, 0 sent" in a("sync", at="2026-11-22T09:01:00Z").stdout
    etag = dav(url, "GET")[1]["ETag"]
    again = weekly_moscow_event("standup@example.org", datetime(2026, 11, 22, 9, 30, tzinfo=timezone.utc))
    assert dav(url, "PUT", again, {"If-Match": etag, "Content-Type": "text/calendar"})[0] in (201, 204)
    r = a("sync", at="2026-11-22T09:31:00Z")
    assert "0 changes taken, 0 sent" in r.stdout, r.stdout


def test_a_day_another_program_checked_off_is_a_change_taken(machines, radicale):
    """todoman's instance of a habit's to-do (the habit's title, none of our properties) checked off."""
    a, _ = machines
    a("habit", "add", "Run", "--start", "2026-11-01", at="2026-11-22T09:00:00Z")
    a.setup(radicale); a("sync", at="2026-11-22T09:01:00Z")
    cal = icalendar.Calendar()
    cal.add("prodid", "-//pytest//todoman//EN")
    cal.add("version", "2.0")
    td = icalendar.Todo()
    td.add("uid", "todoman-instance@example.org")
    td.add("dtstamp", STAMP)
    td.add("summary", "Run")
    td.add("status", "COMPLETED")
    td.add("completed", datetime(2026, 11, 22, 9, 5, tzinfo=timezone.utc))
    cal.add_component(td)
    put_new(radicale + "alice/moscowtime-habits/instance.ics", cal.to_ical())
    r = a("sync", at="2026-11-22T09:10:00Z")
    assert list(a.habit("Run")["entries"]) == ["2026-11-22"]
    assert "1 change taken" in r.stdout, r.stdout


def test_keep_local_of_a_held_adopted_event_puts_their_event_back_stamped(machines, radicale):
    """The phone changes its weekly event to monthly (held); `--keep-local` puts back the event as
    the phone had it — its end and place — stamped later than the phone's edit."""
    a, _ = machines
    a.setup(radicale); a("sync", at="2026-11-22T09:00:00Z")
    url = alarms_collection(radicale) + "phone-1.ics"
    put_new(url, phone_event("phone-1@example.org", STAMP))
    original = served(url)
    a("sync", at="2026-11-22T09:01:00Z")
    aid = a.alarms()["Бассейн"]["id"]
    status, headers, body = dav(url, "GET")
    cal = icalendar.Calendar.from_ical(body)
    [ev] = cal.walk("VEVENT")
    ev["RRULE"] = icalendar.vRecur({"FREQ": "MONTHLY", "BYMONTHDAY": 24})
    ev["LAST-MODIFIED"] = icalendar.vDDDTypes(datetime(2026, 11, 22, 10, 30, tzinfo=timezone.utc))
    assert dav(url, "PUT", cal.to_ical(), {"If-Match": headers["ETag"], "Content-Type": "text/calendar"})[0] in (201, 204)
    r = a("sync", at="2026-11-22T10:31:00Z")
    assert "FREQ=MONTHLY;BYMONTHDAY=24" in r.stdout, r.stdout
    r = a("sync", "--keep-local", aid, at="2026-11-22T11:00:00Z")
    assert "1 sent" in r.stdout, r.stdout
    back = served(url)
    assert differing(original, back) == meant()
    [ev] = icalendar.Calendar.from_ical(back).walk("VEVENT")
    assert ev.decoded("LAST-MODIFIED") == datetime(2026, 11, 22, 11, 0, tzinfo=timezone.utc)
    assert "0 changes taken, 0 sent" in a("sync", at="2026-11-22T11:01:00Z").stdout
