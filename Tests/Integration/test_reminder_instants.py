# SPDX-License-Identifier: GPL-3.0-or-later
"""Every reminder instant `ReminderReader` reads (through the hidden `moscowtime-calendar
reminders FILE ZONE FLOATING FROM TO`, which prints them as JSON) agrees with an independent
reader: python `recurring_ical_events` for the occurrences and RFC 5545 §3.8.6.3 for the VALARMs
(harness/reminder_reference.py says the rules), over a year that crosses both of each zone's
daylight-saving changes, for

- seeded random calendars: RRULE (daily, weekly, monthly, yearly; COUNT, UNTIL), EXDATE, RDATE,
  RECURRENCE-ID overrides (moved, cancelled, with alarms of their own), triggers before and after
  the start or the end, absolute triggers, DURATION/REPEAT, all-day items, to-dos with and without
  DTSTART, completed and cancelled items, acknowledgements, in zones with and without DST,
  floating times with and without X-WR-TIMEZONE, local times in the gaps and overlaps;
- calendars in the shapes other programs write: khal's own `new --alarms` output, todoman's
  to-do with a VALARM related to its DUE as Thunderbird and Apple write one, and the Google,
  Thunderbird, Outlook and Apple shapes test_calendar_shapes.py keeps.

Equal means the same set of (UID, RECURRENCE-ID, which VALARM, which repetition, instant,
acknowledged, snoozed until)."""
from __future__ import annotations

import datetime as dt
import json
import os
import random
import subprocess
from pathlib import Path

import pytest
from dateutil.rrule import rrulestr

import test_calendar_shapes as shapes
from harness import bin_dir
from harness.khal import Khal
from harness.reminder_reference import reminders as reference

pytestmark = pytest.mark.agent

UTC = dt.timezone.utc
FROM = dt.datetime(2026, 6, 1, tzinfo=UTC)
TO = dt.datetime(2027, 6, 1, tzinfo=UTC)
USERS = ["Europe/Moscow", "Europe/Berlin", "America/New_York"]
ZONES = ["Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Tokyo", "Europe/Moscow", "UTC", "floating"]
# The days each DST zone changes in the window, at whose 02:30 (skipped or repeated) some items start.
CHANGES = {"Europe/Berlin": ["20261025", "20270328"], "America/New_York": ["20261101", "20270314"],
           "Australia/Sydney": ["20261004", "20270404"]}


def ours(path: Path, user: str, floating: str | None = None, frm=FROM, to=TO) -> set[tuple]:
    r = subprocess.run([str(bin_dir() / "moscowtime-calendar"), "reminders", str(path), user, floating or "-",
                        frm.strftime("%Y-%m-%dT%H:%M:%SZ"), to.strftime("%Y-%m-%dT%H:%M:%SZ")],
                       capture_output=True, text=True, timeout=60, env={**os.environ, "LANG": "C.UTF-8"})
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    return {(x["uid"], x["recurrenceID"], x["alarm"], x["repetition"], x["at"], x["acknowledged"], x["snoozedUntil"])
            for x in got["reminders"]}


def agree(tmp_path: Path, name: str, text: str, user: str, floating: str | None = None) -> int:
    path = tmp_path / f"{name}.ics"
    path.write_text(text)
    theirs = reference(text, user, floating, FROM, TO)
    mine = ours(path, user, floating)
    assert mine == theirs, (f"{name} in {user}:\n{text}\nonly ours: {sorted(mine - theirs)}\n"
                            f"only the reference's: {sorted(theirs - mine)}")
    return len(mine)


# --- generated calendars -------------------------------------------------------------------------

class Shape:
    """One random calendar object: a master, maybe overrides, as text."""

    def __init__(self, rng: random.Random, n: int):
        self.rng, self.n = rng, n
        self.zone = rng.choice(ZONES)
        self.todo = rng.random() < 0.25
        self.all_day = not self.todo and rng.random() < 0.2
        self.uid = f"gen-{n}@moscowtime.test"

    def fmt(self, wall: dt.datetime) -> str:
        """A wall time as the item's own times are written (zone, UTC, floating or date)."""
        if self.all_day:
            return f";VALUE=DATE:{wall:%Y%m%d}"
        if self.zone == "UTC":
            return f":{wall:%Y%m%dT%H%M%S}Z"
        if self.zone == "floating":
            return f":{wall:%Y%m%dT%H%M%S}"
        return f";TZID={self.zone}:{wall:%Y%m%dT%H%M%S}"

    def start(self) -> dt.datetime:
        rng = self.rng
        if self.zone in CHANGES and rng.random() < 0.3:
            day = dt.datetime.strptime(rng.choice(CHANGES[self.zone]), "%Y%m%d")
            day -= dt.timedelta(days=rng.choice([0, 0, 7, 14]))
            return day.replace(hour=2, minute=rng.choice([0, 30]))
        day = dt.datetime(2026, 4, 1) + dt.timedelta(days=rng.randrange(450))
        return day.replace(hour=rng.choice([0, 7, 9, 12, 18, 23]), minute=rng.choice([0, 15, 30, 45]))

    def rule(self, start: dt.datetime) -> str | None:
        rng = self.rng
        if rng.random() < 0.3:
            return None
        freq = rng.choice(["DAILY", "WEEKLY", "WEEKLY", "MONTHLY", "YEARLY"])
        parts = [f"FREQ={freq}"]
        if rng.random() < 0.4:
            parts.append(f"INTERVAL={rng.randint(2, 4)}")
        if freq == "WEEKLY" and rng.random() < 0.6:
            days = rng.sample(["MO", "TU", "WE", "TH", "FR", "SA", "SU"], rng.randint(1, 3))
            parts.append("BYDAY=" + ",".join(sorted(days)))
        if freq == "MONTHLY" and rng.random() < 0.5:
            parts.append(rng.choice(["BYDAY=2TU", "BYDAY=-1FR", "BYMONTHDAY=15", "BYMONTHDAY=-1"]))
        end = rng.random()
        if end < 0.25:
            parts.append(f"COUNT={rng.randint(2, 40)}")
        elif end < 0.45:
            until = start + dt.timedelta(days=rng.randint(10, 300))
            if self.all_day:
                parts.append(f"UNTIL={until:%Y%m%d}")
            elif self.zone == "floating":
                parts.append(f"UNTIL={until:%Y%m%dT%H%M%S}")
            else:
                # RFC 5545: UNTIL in UTC when DTSTART has a zone; a day's margin keeps the bound
                # clear of the occurrences themselves.
                parts.append(f"UNTIL={(until - dt.timedelta(hours=12)):%Y%m%dT%H%M%S}Z")
        return ";".join(parts)

    def valarm(self) -> str:
        rng = self.rng
        action = rng.choices(["DISPLAY", "AUDIO", "EMAIL", None], [6, 2, 1, 1])[0]
        lines = ["BEGIN:VALARM", f"ACTION:{action}" if action else None]
        kind = rng.random()
        if kind < 0.12:
            at = dt.datetime(2026, 6, 1) + dt.timedelta(hours=rng.randrange(365 * 24))
            lines.append(f"TRIGGER;VALUE=DATE-TIME:{at:%Y%m%dT%H%M%S}Z")
        else:
            offset = rng.choice(["-PT15M", "-PT10M", "PT0S", "PT5M", "-PT1H", "-P1D", "-PT9H", "-P1DT2H", "P1D",
                                 "-P2W"])
            related = rng.choice(["", "", ";RELATED=START", ";RELATED=END"])
            lines.append(f"TRIGGER{related}:{offset}")
        if rng.random() < 0.2:
            lines += [f"REPEAT:{rng.randint(1, 3)}", f"DURATION:{rng.choice(['PT5M', 'PT1H', 'PT10M'])}"]
        if rng.random() < 0.15:
            ack = dt.datetime(2026, 6, 1) + dt.timedelta(hours=rng.randrange(365 * 24))
            lines.append(f"ACKNOWLEDGED:{ack:%Y%m%dT%H%M%S}Z")
        lines += ["DESCRIPTION:Reminder", "END:VALARM"]
        return "\n".join(x for x in lines if x)

    def item(self, start: dt.datetime, rule: str | None, extra: list[str]) -> list[str]:
        rng = self.rng
        kind = "VTODO" if self.todo else "VEVENT"
        lines = [f"BEGIN:{kind}", f"UID:{self.uid}", "DTSTAMP:20260501T000000Z", f"SUMMARY:Item {self.n}"]
        # Not 30 minutes from a skipped 02:30: RFC 5545 reads that start as 03:30, after its end.
        minutes = [0, 90, 1440] if start.hour == 2 else [0, 30, 90, 1440]
        length = dt.timedelta(days=rng.randint(1, 2)) if self.all_day else dt.timedelta(minutes=rng.choice(minutes))
        if self.todo:
            shape = rng.random()
            if shape < 0.5:
                lines += [f"DTSTART{self.fmt(start)}", f"DUE{self.fmt(start + length)}"]
            else:
                lines.append(f"DUE{self.fmt(start)}")
            if rng.random() < 0.1:
                lines += ["STATUS:COMPLETED", "COMPLETED:20260601T000000Z"]
        else:
            lines.append(f"DTSTART{self.fmt(start)}")
            if rng.random() < 0.8 or self.all_day:
                lines.append(f"DTEND{self.fmt(start + length)}")
            elif length:
                lines.append(f"DURATION:PT{int(length.total_seconds()) // 60}M")
            if rng.random() < 0.05:
                lines.append("STATUS:CANCELLED")
        if rule:
            lines.append(f"RRULE:{rule}")
        lines += extra
        for _ in range(rng.choices([1, 2, 3], [6, 3, 1])[0]):
            lines.append(self.valarm())
        lines.append(f"END:{kind}")
        return lines

    def text(self) -> str:
        rng = self.rng
        start = self.start()
        rule = self.rule(start)
        extra, overrides = [], []
        if rule:
            # Wall times of the rule's first occurrences (UNTIL left out: dateutil wants it naive),
            # from which EXDATEs and overrides are picked.
            unbounded = rrulestr(rule.split(";UNTIL=")[0], dtstart=start)
            walls = list(unbounded.between(start, start + dt.timedelta(days=250), inc=True))[:60]
            days = {w.date() for w in walls}
            for w in rng.sample(walls, min(len(walls), rng.choice([0, 0, 1, 2]))):
                extra.append(f"EXDATE{self.fmt(w)}")
            if rng.random() < 0.3:
                # RDATE on days of their own (the reference matches overrides by day).
                for _ in range(rng.randint(1, 2)):
                    w = start + dt.timedelta(days=rng.randint(1, 200))
                    if w.date() not in days:
                        days.add(w.date())
                        extra.append(f"RDATE{self.fmt(w)}")
            elif walls and rng.random() < 0.5:
                for w in rng.sample(walls, min(len(walls), rng.randint(1, 2))):
                    if any(f"{self.fmt(w)}" in e for e in extra):
                        continue
                    moved = w + dt.timedelta(hours=rng.choice([0, 1, -3, 26]))
                    if self.all_day:
                        moved = w + dt.timedelta(days=rng.choice([0, 1]))
                    body = self.item(moved, None, [f"RECURRENCE-ID{self.fmt(w)}"])
                    if rng.random() < 0.2:
                        body.insert(-1, "STATUS:CANCELLED")
                    overrides += body
        if rng.random() < 0.1:
            ack = dt.datetime(2026, 6, 1) + dt.timedelta(days=rng.randrange(365))
            extra.append(f"X-MOZ-LASTACK:{ack:%Y%m%dT%H%M%S}Z")
        head = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//MoscowTime//reminder shapes//EN"]
        if self.zone == "floating" and rng.random() < 0.5:
            head.append("X-WR-TIMEZONE:" + rng.choice(["Europe/Berlin", "Asia/Tokyo", "America/New_York"]))
        return "\r\n".join(head + self.item(start, rule, extra) + overrides + ["END:VCALENDAR", ""])


@pytest.mark.parametrize("seed", range(8))
def test_generated_calendars_agree_with_recurring_ical_events(tmp_path, seed):
    rng = random.Random(38_000 + seed)
    total = 0
    for n in range(40):
        shape = Shape(rng, n)
        user = rng.choice(USERS)
        floating = rng.choice([None, None, "Asia/Tokyo"])
        total += agree(tmp_path, f"gen-{seed}-{n}", shape.text(), user, floating)
    # The generator is not vacuous: every batch rings hundreds of reminders.
    assert total > 100, total


# --- other programs' shapes ----------------------------------------------------------------------

@pytest.mark.parametrize("name", ["GOOGLE", "THUNDERBIRD", "OUTLOOK", "APPLE"])
@pytest.mark.parametrize("user", USERS)
def test_other_programs_shapes_agree(tmp_path, name, user):
    text = getattr(shapes, name).replace("2026112", "2026062").replace("2026120", "2026070")
    assert agree(tmp_path, name.lower(), text, user) > 0


THUNDERBIRD_ACKNOWLEDGED = """BEGIN:VCALENDAR
PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN
VERSION:2.0
BEGIN:VEVENT
UID:tb-ack@moscowtime.test
SUMMARY:Planning
DTSTART;TZID=Europe/Berlin:20260701T100000
DTEND;TZID=Europe/Berlin:20260701T110000
RRULE:FREQ=WEEKLY
X-MOZ-LASTACK:20260708T080000Z
X-MOZ-SNOOZE-TIME-1784102400000000:20260715T080500Z
BEGIN:VALARM
ACTION:DISPLAY
TRIGGER;VALUE=DURATION:-PT15M
DESCRIPTION:Default Mozilla Description
END:VALARM
END:VEVENT
BEGIN:VEVENT
UID:tb-ack@moscowtime.test
RECURRENCE-ID;TZID=Europe/Berlin:20260722T100000
SUMMARY:Planning (moved)
DTSTART;TZID=Europe/Berlin:20260722T140000
DTEND;TZID=Europe/Berlin:20260722T150000
BEGIN:VALARM
ACTION:DISPLAY
TRIGGER:-PT30M
ACKNOWLEDGED:20260722T113000Z
END:VALARM
END:VEVENT
END:VCALENDAR
"""


def test_thunderbird_and_rfc9074_acknowledgements_agree(tmp_path):
    """X-MOZ-LASTACK silences the occurrences up to it, X-MOZ-SNOOZE-TIME-<PRTime> snoozes one,
    RFC 9074 ACKNOWLEDGED an override's own alarm."""
    assert agree(tmp_path, "thunderbird-ack", THUNDERBIRD_ACKNOWLEDGED, "Europe/Moscow") > 0
    got = ours(tmp_path / "thunderbird-ack.ics", "Europe/Moscow", frm=FROM, to=dt.datetime(2026, 7, 23, tzinfo=UTC))
    acknowledged = sorted((at, ack) for _, _, _, _, at, ack, _ in got)
    assert acknowledged == [("2026-07-01T07:45:00Z", True), ("2026-07-08T07:45:00Z", True),
                            ("2026-07-15T07:45:00Z", False), ("2026-07-22T11:30:00Z", True)]
    assert [s for *_, at, _, s in got if at.startswith("2026-07-15")] == ["2026-07-15T08:05:00Z"]


def test_khal_new_alarms_agree(tmp_path, sandbox):
    """khal's own `new --alarms`, single and weekly, in its default zone and another one."""
    folder = tmp_path / "calendars" / "home"
    folder.mkdir(parents=True)
    khal = Khal(sandbox, folder, tmp_path / "khal")

    khal("new", "--alarms", "15m,1h", "2026-10-20", "09:00", "10:00", "Dentist")
    khal("new", "--alarms", "10m", "-r", "weekly", "2026-10-19", "02:30", "03:00", "Night shift")
    khal("new", "--alarms", "1d", "2026-12-24", "Christmas Eve")
    khal("new", "--alarms", "5m", "--location", "Room 1", "-r", "daily", "2026-11-20", "08:00",
         "Europe/Moscow", "08:30", "Standup")
    files = sorted(folder.glob("*.ics"))
    assert len(files) == 4
    for user in USERS:
        for f in files:
            assert agree(tmp_path, f"khal-{f.stem}", f.read_text(), user) > 0


TODO_DUE_ALARM = """BEGIN:VALARM
ACTION:DISPLAY
TRIGGER;RELATED=END:-PT30M
DESCRIPTION:Default Mozilla Description
END:VALARM
"""


def test_todoman_todos_with_due_alarms_agree(tmp_path, sandbox):
    """todoman writes the to-dos (it writes no VALARM); the VALARM related to the DUE is added
    as Thunderbird and Apple write it, with python icalendar."""
    import icalendar

    folder = tmp_path / "calendars" / "tasks"
    folder.mkdir(parents=True)
    config = tmp_path / "todoman.py"
    config.write_text(f'path = "{tmp_path / "calendars"}/*"\ndate_format = "%Y-%m-%d"\ntime_format = "%H:%M"\n'
                      f'cache_path = "{tmp_path / "todoman-cache.sqlite3"}"\ndefault_list = "tasks"\n')
    for args in (["--due", "2026-09-10 18:00", "Tax return"], ["--due", "2026-12-31", "Year review"],
                 ["--start", "2026-08-01 09:00", "--due", "2026-08-03 17:00", "Report"]):
        r = sandbox.run(["todoman", "-c", str(config), "new", "-l", "tasks", *args], timeout=60,
                        env={"TZ": "Europe/Berlin"})
        assert r.returncode == 0, (args, r.stdout, r.stderr)
    files = sorted(folder.glob("*.ics"))
    assert len(files) == 3
    for f in files:
        cal = icalendar.Calendar.from_ical(f.read_text())
        [todo] = cal.walk("VTODO")
        todo.add_component(icalendar.Calendar.from_ical(TODO_DUE_ALARM))
        text = cal.to_ical().decode()
        for user in USERS:
            assert agree(tmp_path, f"todoman-{f.stem}", text, user) > 0


# --- windows -------------------------------------------------------------------------------------

def _within(found: set[tuple], frm: dt.datetime, to: dt.datetime) -> set[tuple]:
    lo, hi = frm.strftime("%Y-%m-%dT%H:%M:%SZ"), to.strftime("%Y-%m-%dT%H:%M:%SZ")
    return {r for r in found if lo <= r[4] < hi}


@pytest.mark.parametrize("seed", range(3))
def test_a_window_reads_what_a_wider_one_reads_there(tmp_path, seed):
    """The agent re-reads calendars for the next days as time passes: a narrow window, whose
    daily and longer rules libical starts at the window (`set_start`), must give exactly the part
    of a window from before the item's start (walked from DTSTART) that falls in it. Hourly and
    minutely rules are here too (the reference cannot check them: it matches overrides by day);
    this test found libical's `set_start` losing their phase, so they are walked."""
    rng = random.Random(38_500 + seed)
    total = 0
    for n in range(25):
        start = dt.datetime(2025, 10, 1) + dt.timedelta(days=rng.randrange(300), minutes=rng.choice([0, 7, 30, 45]))
        rule = rng.choice(["FREQ=HOURLY;INTERVAL=" + str(rng.randint(1, 7)),
                           "FREQ=MINUTELY;INTERVAL=" + str(rng.choice([15, 40, 90])),
                           "FREQ=HOURLY;BYHOUR=8,13,20", "FREQ=DAILY;BYHOUR=9,21;BYMINUTE=0,30",
                           "FREQ=WEEKLY;BYDAY=MO,TH", "FREQ=MONTHLY;BYDAY=-1SU"])
        zone = rng.choice(["Europe/Berlin", "America/New_York", "UTC"])
        when = f":{start:%Y%m%dT%H%M%S}Z" if zone == "UTC" else f";TZID={zone}:{start:%Y%m%dT%H%M%S}"
        trigger = rng.choice(["-PT5M", "PT0S", "-PT1H", "PT10M"])
        text = "\r\n".join([
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//MoscowTime//windows//EN", "BEGIN:VEVENT",
            f"UID:w-{seed}-{n}", "DTSTAMP:20250101T000000Z", "SUMMARY:Tick", f"DTSTART{when}", f"RRULE:{rule}",
            "BEGIN:VALARM", "ACTION:DISPLAY", f"TRIGGER:{trigger}", "END:VALARM",
            "END:VEVENT", "END:VCALENDAR", ""])
        path = tmp_path / f"w-{seed}-{n}.ics"
        path.write_text(text)
        frm = dt.datetime(2026, 3, 20, tzinfo=UTC) + dt.timedelta(hours=rng.randrange(24 * 240))
        to = frm + dt.timedelta(hours=rng.choice([6, 30, 24 * 7]))
        wide = ours(path, "Europe/Moscow", frm=dt.datetime(2025, 9, 1, tzinfo=UTC), to=to)
        narrow = ours(path, "Europe/Moscow", frm=frm, to=to)
        assert narrow == _within(wide, frm, to), (text, frm, to, sorted(narrow ^ _within(wide, frm, to))[:6])
        total += len(narrow)
    assert total > 100, total
