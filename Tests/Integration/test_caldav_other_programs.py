# SPDX-License-Identifier: GPL-3.0-or-later
"""What other calendar programs see of our alarms on a real Radicale, and what they may change
(issue 23 §3, §4): python `icalendar` edits the server copy as a calendar program would, and
`icalendar` + `recurring_ical_events` read it as an independent reader. A skip travels as EXDATE
both ways; a rule alarms cannot express (monthly) is said, never a silent split or a wedge, and
`sync --keep-local ID` settles it; a disabled alarm reminds nowhere, a deleted one shows nowhere."""
from __future__ import annotations

import json
from datetime import date, datetime, timedelta, timezone

import icalendar
import pytest
import recurring_ical_events

from harness.khal import Khal
from test_caldav_sync import machines, radicale, server_clock  # noqa: F401 (fixtures)
from test_caldav_tombstones import server_alarms
from test_ical_text import Vdir, dav, habits_collection

pytestmark = pytest.mark.agent


def alarms_collection(radicale_url: str) -> str:
    return radicale_url + "alice/moscowtime-alarms/"


def edit_server_copy(radicale_url: str, alarm_id: str, change) -> None:
    """GET the alarm's resource, let `change(event)` edit it with python icalendar, PUT it back
    over the ETag read (as a calendar program saves its edit)."""
    url = alarms_collection(radicale_url) + f"alarm-{alarm_id}.ics"
    status, headers, body = dav(url, "GET")
    assert status == 200
    cal = icalendar.Calendar.from_ical(body)
    [ev] = cal.walk("VEVENT")
    change(ev)
    status, _, _ = dav(url, "PUT", cal.to_ical(), {"If-Match": headers["ETag"], "Content-Type": "text/calendar; charset=utf-8"})
    assert status in (201, 204), status


def server_copy(radicale_url: str, alarm_id: str) -> icalendar.Calendar:
    status, _, body = dav(alarms_collection(radicale_url) + f"alarm-{alarm_id}.ics", "GET")
    assert status == 200
    return icalendar.Calendar.from_ical(body)


def day_events(cal: icalendar.Calendar, day: date) -> list:
    return recurring_ical_events.of(cal).between(day, date.fromordinal(day.toordinal() + 1))


def test_an_exdate_another_program_adds_is_a_skip_on_every_machine(machines, radicale):
    a, b = machines
    a("add", "7:30", "--days", "weekdays", "--label", "Work", at="2026-11-22T09:00:00Z")  # a Sunday
    a.setup(radicale); a("sync", at="2026-11-22T09:01:00Z")
    aid = a.alarms()["Work"]["id"]
    # "Delete this occurrence" on Wednesday 25 November, as a calendar program writes it.
    edit_server_copy(radicale, aid, lambda ev: ev.add("exdate", datetime(2026, 11, 25, 7, 30), parameters={"TZID": "Europe/Moscow"}))

    b.setup(radicale); b("sync", at="2026-11-22T10:00:00Z")
    assert b.alarms()["Work"]["skipped"] == ["2026-11-25"]
    a("sync", at="2026-11-22T10:01:00Z")
    assert a.alarms()["Work"] == b.alarms()["Work"]
    # Tuesday after the ring: the next is Thursday's, not the skipped Wednesday's.
    nxt = json.loads(b("next", "--json", at="2026-11-24T08:00:00Z").stdout)
    assert nxt[0]["at"].startswith("2026-11-26T07:30:00+03:00"), nxt


def test_a_skip_made_here_is_an_exdate_other_readers_honour(machines, radicale):
    a, b = machines
    a("add", "7:30", "--days", "weekdays", "--label", "Work", at="2026-11-22T09:00:00Z")
    r = a("skip", "Work", at="2026-11-22T09:05:00Z")  # Monday 23 November
    a.setup(radicale); a("sync", at="2026-11-22T09:06:00Z")
    cal = server_copy(radicale, a.alarms()["Work"]["id"])
    [ev] = cal.walk("VEVENT")
    assert "X-MOSCOWTIME-REASON" not in ev.to_ical().decode(), r.stdout  # a plain EXDATE
    assert day_events(cal, date(2026, 11, 23)) == []
    [tuesday] = day_events(cal, date(2026, 11, 24))
    assert tuesday["DTSTART"].dt.isoformat() == "2026-11-24T07:30:00+03:00"
    b.setup(radicale); b("sync", at="2026-11-22T09:07:00Z")
    assert b.alarms()["Work"]["skipped"] == ["2026-11-23"]


def test_a_monthly_rule_from_another_program_is_said_and_settled_never_a_wedge(machines, radicale):
    a, b = machines
    a("add", "7:30", "--days", "weekdays", "--label", "Work", at="2026-11-22T09:00:00Z")
    a.setup(radicale); a("sync", at="2026-11-22T09:01:00Z")
    b.setup(radicale); b("sync", at="2026-11-22T09:02:00Z")
    aid = a.alarms()["Work"]["id"]
    weekly = b.alarms()["Work"]

    def monthly(ev):
        ev["RRULE"] = icalendar.vRecur({"FREQ": "MONTHLY", "BYMONTHDAY": 25})
    edit_server_copy(radicale, aid, monthly)

    said = f'alarm {aid} "Work": its copy on the server repeats by FREQ=MONTHLY;BYMONTHDAY=25, which alarms cannot'
    way_out = f"agent-cli sync --keep-local {aid}"
    for at in ("2026-11-22T10:00:00Z", "2026-11-22T10:01:00Z"):  # said on every sync, not once
        r = b("sync", at=at)
        assert said in r.stdout and way_out in r.stdout and "It rings as before here" in r.stdout, r.stdout
        assert "not a MoscowTime alarm" not in r.stdout + r.stderr
        assert b.alarms()["Work"] == weekly  # it rings as before
    status = b("sync", "status").stdout
    assert said in status and way_out in status, status
    [held] = json.loads(b("sync", "status", "--json").stdout)["held"]
    assert said in held

    # Edited here meanwhile: a conflict the user settles, never "changed … during this sync".
    b("edit", "Work", "--time", "6:45", at="2026-11-22T10:10:00Z")
    for at in ("2026-11-22T10:11:00Z", "2026-11-22T10:12:00Z"):
        r = b("sync", at=at)
        assert said in r.stdout and "it was also changed here" in r.stdout and way_out in r.stdout, r.stdout
        assert "during this sync" not in r.stdout, r.stdout
    assert "RRULE:FREQ=MONTHLY" in server_copy(radicale, aid).to_ical().decode()

    r = b("sync", "--keep-local", aid, at="2026-11-22T10:13:00Z")
    assert "1 sent" in r.stdout and said not in r.stdout, r.stdout
    assert said not in b("sync", "status").stdout
    assert json.loads(b("sync", "status", "--json").stdout)["held"] == []
    [ev] = server_copy(radicale, aid).walk("VEVENT")
    assert ev["RRULE"]["FREQ"] == ["WEEKLY"] and ev["DTSTART"].dt.strftime("%H:%M") == "06:45"
    a("sync", at="2026-11-22T10:14:00Z")
    assert a.alarms()["Work"]["schedule"]["time"] == "06:45"
    assert "0 changes taken, 0 sent" in b("sync", at="2026-11-22T10:15:00Z").stdout


def test_keep_local_and_accept_remote_need_an_alarm_or_habit(machines, radicale):
    a, _ = machines
    a.setup(radicale)
    # Invalid input, as every refused value and rule between options (it was 1, and English in
    # every language, while its InputError bypassed agent-cli's wording).
    r = a("sync", "--keep-local", "x", "--accept-remote", expect=2)
    assert "cannot be used together" in r.stderr
    r = a("sync", "--keep-local", "nosuch", expect=2)
    assert "no alarm or habit has the id nosuch" in r.stderr


def test_accept_remote_for_one_item_takes_the_servers_copy_over_a_later_edit(machines, radicale):
    a, b = machines
    a("add", "7:30", "--label", "Tea", at="2026-11-22T09:00:00Z")
    a.setup(radicale); a("sync", at="2026-11-22T09:01:00Z")
    b.setup(radicale); b("sync", at="2026-11-22T09:02:00Z")
    a("edit", "Tea", "--time", "8:00", at="2026-11-22T09:10:00Z"); a("sync", at="2026-11-22T09:11:00Z")
    b("edit", "Tea", "--time", "9:00", at="2026-11-22T09:20:00Z")  # later: it would win
    b("sync", "--accept-remote-item", a.alarms()["Tea"]["id"], at="2026-11-22T09:21:00Z")
    assert b.alarms()["Tea"]["schedule"]["time"] == "08:00"


def test_a_disabled_alarm_reminds_nowhere_and_a_deleted_one_shows_nowhere(machines, radicale, sandbox):
    a, b = machines
    a("add", "7:30", "--days", "weekdays", "--label", "Off", at="2026-11-22T09:00:00Z")
    a("add", "8:00", "--days", "weekdays", "--label", "Gone", at="2026-11-22T09:00:00Z")
    a("add", "9:00", "--days", "weekdays", "--label", "On", at="2026-11-22T09:00:00Z")
    a("disable", "Off", at="2026-11-22T09:01:00Z")
    a.setup(radicale); a("sync", at="2026-11-22T09:02:00Z")
    a("rm", "Gone", at="2026-11-22T09:03:00Z"); a("sync", at="2026-11-22T09:04:00Z")

    files = server_alarms(sandbox)
    assert len(files) == 3
    whole = icalendar.Calendar()
    reminders = {}
    for p in files:
        cal = icalendar.Calendar.from_ical(p.read_bytes())
        for ev in cal.walk("VEVENT"):
            reminders[str(ev.get("SUMMARY", ""))] = len(ev.walk("VALARM"))
            whole.add_component(ev)
    # Only the enabled alarm reminds; the tombstone has no title, no reminder, and no occurrence
    # any view of the present shows.
    assert reminders == {"Off": 0, "On": 1, "": 0}
    shown = recurring_ical_events.of(whole).between(date(2025, 1, 1), date(2028, 1, 1))
    assert {str(e["SUMMARY"]) for e in shown} == {"Off", "On"}
    [tomb] = [p for p in files if "X-MOSCOWTIME-DELETED" in p.read_text()]
    text = tomb.read_text()
    assert "STATUS:CANCELLED" in text and "TRANSP:TRANSPARENT" in text and "SUMMARY" not in text

    # Another machine still takes both: the alarm switched off, the deletion.
    b.setup(radicale); b("sync", at="2026-11-22T09:05:00Z")
    assert set(b.alarms()) == {"Off", "On"} and b.alarms()["Off"]["enabled"] is False
    b("enable", "Off", at="2026-11-22T09:06:00Z"); b("sync", at="2026-11-22T09:07:00Z")
    [off] = [p for p in server_alarms(sandbox) if "SUMMARY:Off" in p.read_text()]
    assert "BEGIN:VALARM" in off.read_text()


def phone_event(uid: str, summary: str, start: datetime, modified: datetime, rrule=None) -> bytes:
    """An event with a reminder as a phone or Thunderbird saves it into the alarms calendar."""
    cal = icalendar.Calendar()
    cal.add("prodid", "-//pytest//phone//EN")
    cal.add("version", "2.0")
    ev = icalendar.Event()
    ev.add("uid", uid)
    ev.add("dtstamp", modified)
    ev.add("created", datetime(2026, 11, 22, 8, 0, tzinfo=timezone.utc))
    ev.add("last-modified", modified)
    ev.add("summary", summary)
    ev.add("dtstart", start, parameters={"TZID": "Europe/Moscow"})
    if rrule:
        ev.add("rrule", rrule)
    al = icalendar.Alarm()
    al.add("action", "DISPLAY")
    al.add("description", summary)
    al.add("trigger", timedelta(minutes=-15))
    ev.add_component(al)
    cal.add_component(ev)
    return cal.to_ical()


def test_an_event_with_a_reminder_another_program_adds_is_an_alarm_on_every_machine(machines, radicale):
    a, b = machines
    a.setup(radicale); a("sync", at="2026-11-22T09:00:00Z")
    url = alarms_collection(radicale) + "phone-7f3a.ics"
    text = phone_event("7f3a-phone@example.org", "Dentist", datetime(2026, 11, 25, 10, 0),
                       datetime(2026, 11, 22, 8, 30, tzinfo=timezone.utc))
    status, headers, _ = dav(url, "PUT", text, {"If-None-Match": "*", "Content-Type": "text/calendar; charset=utf-8"})
    assert status == 201

    r = a("sync", at="2026-11-22T09:01:00Z")
    assert "1 change taken, 0 sent" in r.stdout and "warning" not in r.stdout, r.stdout
    dentist = a.alarms()["Dentist"]
    assert dentist["schedule"] == {"kind": "once", "date": "2026-11-25", "time": "09:45"}
    # Left as the phone wrote it: its meeting at 10:00 with its reminder, nothing of ours.
    served = dav(url, "GET")[2].decode()
    assert "DTSTART;TZID=Europe/Moscow:20261125T100000" in served and "TRIGGER:-PT15M" in served
    assert "X-MOSCOWTIME" not in served
    b.setup(radicale); b("sync", at="2026-11-22T09:02:00Z")
    assert b.alarms()["Dentist"] == dentist

    # Edited on the phone: the same alarm follows, on both machines.
    status, headers, _ = dav(url, "GET")
    text = phone_event("7f3a-phone@example.org", "Dentist", datetime(2026, 11, 25, 11, 0),
                       datetime(2026, 11, 22, 9, 30, tzinfo=timezone.utc))
    assert dav(url, "PUT", text, {"If-Match": headers["ETag"], "Content-Type": "text/calendar; charset=utf-8"})[0] in (201, 204)
    a("sync", at="2026-11-22T10:00:00Z"); b("sync", at="2026-11-22T10:01:00Z")
    assert list(a.alarms()) == ["Dentist"] and a.alarms()["Dentist"]["id"] == dentist["id"]
    assert a.alarms()["Dentist"]["schedule"]["time"] == "10:45" and b.alarms() == a.alarms()

    # Edited here: the phone's event, at the phone's URL, with its new title and nothing else of
    # ours (test_caldav_adopted_events.py compares every property).
    a("edit", "Dentist", "--label", "Зубной", at="2026-11-22T10:10:00Z")
    assert "1 sent" in a("sync", at="2026-11-22T10:11:00Z").stdout
    [ev] = icalendar.Calendar.from_ical(dav(url, "GET")[2]).walk("VEVENT")
    assert str(ev["UID"]) == "7f3a-phone@example.org" and str(ev["SUMMARY"]) == "Зубной"
    assert ev["DTSTART"].to_ical() == b"20261125T110000" and "X-MOSCOWTIME-ALARM" not in ev
    b("sync", at="2026-11-22T10:12:00Z")
    assert list(b.alarms()) == ["Зубной"] and b.alarms()["Зубной"]["id"] == dentist["id"]

    # A program that drops our X-properties but keeps the UID still edits the same alarm.
    def forget_ours(ev):
        for key in [k for k in ev if k.startswith("X-MOSCOWTIME")]:
            del ev[key]
        ev["LAST-MODIFIED"] = icalendar.vDDDTypes(datetime(2026, 11, 22, 11, 0, tzinfo=timezone.utc))
        ev["SUMMARY"] = icalendar.vText("Dentist at 11")
    status, headers, body = dav(url, "GET")
    cal = icalendar.Calendar.from_ical(body)
    [ev] = cal.walk("VEVENT")
    forget_ours(ev)
    assert dav(url, "PUT", cal.to_ical(), {"If-Match": headers["ETag"], "Content-Type": "text/calendar; charset=utf-8"})[0] in (201, 204)
    a("sync", at="2026-11-22T11:01:00Z")
    assert list(a.alarms()) == ["Dentist at 11"] and a.alarms()["Dentist at 11"]["id"] == dentist["id"]


def test_a_weekly_event_from_another_program_rings_and_a_monthly_one_is_said(machines, radicale):
    a, _ = machines
    a.setup(radicale); a("sync", at="2026-11-22T09:00:00Z")
    for name, summary, rule in (("gym.ics", "Gym", {"freq": "weekly", "byday": ["mo", "th"]}),
                                ("rent.ics", "Rent", {"freq": "monthly", "bymonthday": 1})):
        text = phone_event(name + "@example.org", summary, datetime(2026, 11, 23, 19, 0),
                           datetime(2026, 11, 22, 8, 30, tzinfo=timezone.utc), rrule=rule)
        assert dav(alarms_collection(radicale) + name, "PUT", text, {"If-None-Match": "*", "Content-Type": "text/calendar"})[0] == 201
    r = a("sync", at="2026-11-22T09:01:00Z")
    assert a.alarms()["Gym"]["schedule"] == {"kind": "weekly", "time": "18:45", "days": ["mon", "thu"]}
    assert "Rent" not in a.alarms()
    assert '"Rent": its copy on the server repeats by FREQ=MONTHLY;BYMONTHDAY=1, which alarms cannot, so it is not taken here' in r.stdout, r.stdout
    assert "not a MoscowTime alarm" not in r.stdout


def test_a_machine_in_another_zone_keeps_a_moscow_alarm_in_moscow_time(machines, radicale):
    a, b = machines
    a("add", "7:30", "--days", "weekdays", "--label", "Work", at="2026-11-22T09:00:00Z")
    a.setup(radicale); a("sync", at="2026-11-22T09:01:00Z")
    b("settings", "zone", "Europe/Berlin", at="2026-11-22T09:02:00Z")
    b.setup(radicale)
    r = b("sync", at="2026-11-22T09:03:00Z")
    assert "1 change taken, 0 sent" in r.stdout and "warning" not in r.stdout, r.stdout
    work = b.alarms()["Work"]
    assert work["zone"] == "Europe/Moscow" and work["schedule"]["time"] == "07:30"
    # 07:30 in Moscow is 05:30 in Berlin in winter and 06:30 in summer: rung at Moscow's time.
    nxt = json.loads(b("next", "--json", at="2026-11-22T10:00:00Z").stdout)
    assert nxt[0]["at"] == "2026-11-23T05:30:00+01:00", nxt
    nxt = json.loads(b("next", "--json", at="2027-06-01T10:00:00Z").stdout)
    assert nxt[0]["at"] == "2027-06-02T06:30:00+02:00", nxt
    assert "07:30 Europe/Moscow" in b("list", at="2026-11-22T10:00:00Z").stdout
    assert json.loads(b("list", "--json", at="2026-11-22T10:00:00Z").stdout)[0]["zone"] == "Europe/Moscow"
    assert "0 changes taken, 0 sent" in b("sync", at="2026-11-22T09:04:00Z").stdout
    # Edited there, it is still Moscow's 07:30 here, and Berlin keeps it in Moscow time.
    b("edit", "Work", "--label", "Работа", at="2026-11-22T09:10:00Z")
    assert "1 sent" in b("sync", at="2026-11-22T09:11:00Z").stdout
    a("sync", at="2026-11-22T09:12:00Z")
    got = a.alarms()["Работа"]
    assert got["schedule"]["time"] == "07:30" and "zone" not in got
    assert "0 changes taken, 0 sent" in b("sync", at="2026-11-22T09:13:00Z").stdout
    assert "0 changes taken, 0 sent" in a("sync", at="2026-11-22T09:14:00Z").stdout


def open_tasks(vdir, name: str) -> list:
    return [t for t in json.loads(vdir.todo("--porcelain", "list")) if t["summary"] == name]


def test_todomans_done_never_multiplies_a_habit_and_each_check_off_is_that_day(machines, radicale, sandbox):
    """todoman's `done` on a recurring to-do checks ours off and writes the next instance as a
    to-do of its own (a new UID, the habit's title, none of our properties). The sync logs every
    check-off, ours or an instance's, as that day done, and removes the instances: todoman lists
    each habit once however many days are checked off, and no to-do of another program is left."""
    a, b = machines
    a("habit", "add", "Run", "--start", "2026-11-01", at="2026-11-22T09:00:00Z")
    a.setup(radicale); a("sync", at="2026-11-22T09:01:00Z")
    b.setup(radicale); b("sync", at="2026-11-22T09:02:00Z")
    vdir = Vdir(sandbox, habits_collection(radicale), at="2026-11-22T11:00:00Z")
    vdir.vdirsyncer("discover")
    vdir.sync()
    [task] = open_tasks(vdir, "Run")
    vdir.todo("done", str(task["id"]))
    # What todoman lists open now is its next instance; ours is checked off.
    [instance] = open_tasks(vdir, "Run")
    ours = [p for p in vdir.folder.glob("*.ics") if "X-MOSCOWTIME-HABIT" in p.read_text()]
    assert len(ours) == 1 and "STATUS:COMPLETED" in ours[0].read_text()
    vdir.sync()

    # The next day, before any sync of ours, the instance is checked off too (and todoman writes
    # another); one sync takes both days and leaves the habit one to-do.
    vdir.clock_env["FAKETIME"] = "2026-11-23 11:00:00"
    vdir.todo("done", str(instance["id"]))
    vdir.sync()
    r = b("sync", at="2026-11-23T12:00:00Z")
    assert sorted(b.habit("Run")["entries"]) == ["2026-11-22", "2026-11-23"], (r.stdout, b.habit("Run"))
    assert "not a MoscowTime habit" not in r.stdout + r.stderr
    vdir.sync()
    [again] = open_tasks(vdir, "Run")
    files = list(vdir.folder.glob("*.ics"))
    assert len(files) == 1 and "X-MOSCOWTIME-HABIT" in files[0].read_text(), [p.read_text() for p in files]

    # A week of `done`, a sync each day: still one to-do, seven days logged.
    for day in range(24, 29):
        vdir.clock_env["FAKETIME"] = f"2026-11-{day} 11:00:00"
        [task] = open_tasks(vdir, "Run")
        vdir.todo("done", str(task["id"]))
        vdir.sync()
        b("sync", at=f"2026-11-{day}T12:00:00Z")
        vdir.sync()
    assert len(open_tasks(vdir, "Run")) == 1
    assert len(list(vdir.folder.glob("*.ics"))) == 1
    a("sync", at="2026-11-28T12:01:00Z")
    assert sorted(a.habit("Run")["entries"]) == [f"2026-11-{d}" for d in range(22, 29)]


def test_a_partly_logged_numeric_day_checked_off_in_todoman_is_done(machines, radicale, sandbox):
    """3 of 10 logged here, then the to-do checked off in todoman: the day is done, at its target,
    its note kept; a day logged here after the check-off keeps what was logged here."""
    a, b = machines
    a("habit", "add", "Pages", "--numeric", "--target", "10", "--unit", "pages", "--start", "2026-11-01",
      at="2026-11-22T09:00:00Z")
    a("habit", "done", "Pages", "--amount", "3", "--date", "2026-11-22", "--note", "chapter 1", at="2026-11-22T09:00:30Z")
    a.setup(radicale); a("sync", at="2026-11-22T09:01:00Z")
    vdir = Vdir(sandbox, habits_collection(radicale), at="2026-11-22T11:00:00Z")
    vdir.vdirsyncer("discover")
    vdir.sync()
    [task] = open_tasks(vdir, "Pages")
    vdir.todo("done", str(task["id"]))
    vdir.sync()
    r = a("sync", at="2026-11-22T12:00:00Z")
    assert a.habit("Pages")["entries"] == {"2026-11-22": [10, "chapter 1"]}, (r.stdout, a.habit("Pages"))
    vdir.sync()
    assert len(open_tasks(vdir, "Pages")) == 1


class KhalOnVdirsyncer:
    """khal on a vdirsyncer vdir of the alarms collection, as a user of both would run them."""

    def __init__(self, sandbox, url: str):
        self.sandbox = sandbox
        root = sandbox.path("khal")
        self.folder = root / "calendars" / "alarms"
        self.folder.mkdir(parents=True)
        (root / "status").mkdir()
        self.vdirsyncer_config = root / "vdirsyncer.conf"
        self.vdirsyncer_config.write_text(f"""[general]
status_path = "{root / 'status'}/"

[pair alarms]
a = "alarms_local"
b = "alarms_remote"
collections = null

[storage alarms_local]
type = "filesystem"
path = "{self.folder}/"
fileext = ".ics"

[storage alarms_remote]
type = "caldav"
url = "{url}"
username = "alice"
password = "secret"
""")
        self.khal = Khal(sandbox, self.folder, root, name="alarms", zone="Europe/Moscow")
        self.vdirsyncer("discover")

    def vdirsyncer(self, *args):
        r = self.sandbox.run(["vdirsyncer", "-c", str(self.vdirsyncer_config), *args], timeout=60)
        assert r.returncode == 0, (args, r.stdout, r.stderr)

    def sync(self):
        self.vdirsyncer("sync")

    def __call__(self, *args) -> str:
        return self.khal(*args)


def test_khal_shows_what_the_user_hears_and_its_new_alarm_event_is_an_alarm(machines, radicale, sandbox):
    a, b = machines
    for time, label in (("7:30", "Morning"), ("8:00", "Gone")):
        a("add", time, "--days", "weekdays", "--label", label, at="2026-11-22T09:00:00Z")
    a.setup(radicale); a("sync", at="2026-11-22T09:01:00Z")
    a("rm", "Gone", at="2026-11-22T09:02:00Z"); a("skip", "Morning", at="2026-11-22T09:02:00Z")
    a("sync", at="2026-11-22T09:03:00Z")
    khal = KhalOnVdirsyncer(sandbox, alarms_collection(radicale))
    khal.sync()
    week = khal("list", "--format", "{start} {title}", "2026-11-23", "2026-11-28")
    # The deleted alarm is nowhere, and Monday's skipped ring is not shown.
    assert "Gone" not in week and "deleted" not in week, week
    assert "2026-11-23 07:30 Morning" not in week and "2026-11-24 07:30 Morning" in week, week

    # An event with a reminder made with khal (khal new --alarms) becomes an alarm.
    khal("new", "-a", "alarms", "--alarms", "15m", "2026-11-25", "10:00", "11:00", "Dentist")
    khal.sync()
    r = a("sync", at="2026-11-22T10:00:00Z")
    assert "warning" not in r.stdout, r.stdout
    assert a.alarms()["Dentist"]["schedule"] == {"kind": "once", "date": "2026-11-25", "time": "09:45"}
    b.setup(radicale); b("sync", at="2026-11-22T10:01:00Z")
    # khal stamps by the real clock, ahead of the tests' server: each machine clamps the stamps to
    # the server's time it synced at, and the event itself is not sent again.
    stamps = ("created", "modified")
    assert {k: v for k, v in b.alarms()["Dentist"].items() if k not in stamps} == {
        k: v for k, v in a.alarms()["Dentist"].items() if k not in stamps}


def test_status_names_a_held_alarm_and_the_way_out(rig, radicale, sandbox):
    """`agent-cli status` (the agent running) says what `sync status` says of a held alarm."""
    secret = sandbox.path("caldav-password")
    secret.write_text("secret\n")
    rig.cli("add", "7:30", "--days", "weekdays", "--label", "Work")
    rig.cli("sync", "setup", radicale, "--user", "alice", "--password-command", f"cat {secret}")
    rig.cli("sync")
    aid = rig.list_json()[0]["id"]

    def monthly(ev):
        ev["RRULE"] = icalendar.vRecur({"FREQ": "YEARLY", "BYMONTH": 12})
    edit_server_copy(radicale, aid, monthly)
    rig.cli("sync")
    rig.start_agent()
    said = f'alarm {aid} "Work": its copy on the server repeats by FREQ=YEARLY;BYMONTH=12, which alarms cannot'
    status = rig.cli("status").stdout
    assert said in status and f"agent-cli sync --keep-local {aid}" in status, status
    held = json.loads(rig.cli("status", "--json").stdout)["sync"]["held"]
    assert len(held) == 1 and said in held[0]
