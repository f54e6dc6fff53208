# SPDX-License-Identifier: GPL-3.0-or-later
"""A calendar reminder's Dismiss, Snooze and Done written into its calendar file (issue 38,
"Dismissed once, for every device"; `moscowtime-calendar acknowledge`, which the agent runs),
checked against code no one here wrote:

- python `icalendar`'s parsed tree before and after each write: only the properties the action
  means changed (RFC 9074 ACKNOWLEDGED, its snooze alarm, Thunderbird's X-MOZ-LASTACK, DTSTAMP;
  a to-do's STATUS, COMPLETED, PERCENT-COMPLETE, SEQUENCE, LAST-MODIFIED);
- `recurring_ical_events` with RFC 5545's VALARM rule (harness/reminder_reference.py) agrees with
  our reader on the written file: the dismissed occurrence is acknowledged, the next one rings,
  a snooze rings at its time;
- khal and todoman still read the file (todoman shows the to-do completed);
- a second home sharing the folder (its own settings, `calendar-next`) is silent for the
  occurrence dismissed in the first and names the next one."""
from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path

import icalendar
import pytest

from harness import bin_dir
from harness.khal import Khal
from harness.reminder_reference import reminders as reference

pytestmark = pytest.mark.agent

UTC = dt.timezone.utc
NOW = {"MOSCOWTIME_NOW": "2026-11-30T08:46:00Z", "LANG": "C.UTF-8", "LANGUAGE": ""}
FROM = dt.datetime(2026, 11, 29, tzinfo=UTC)
TO = dt.datetime(2026, 12, 6, tzinfo=UTC)


def ok(cli, *args, env=NOW):
    r = cli(list(args), env=env)
    assert r.rc == 0, (args, r.stdout, r.stderr)
    return r.stdout


def acknowledge(sandbox, path: Path, *args: str, now: str = NOW["MOSCOWTIME_NOW"], env: dict | None = None):
    return sandbox.run([str(bin_dir() / "moscowtime-calendar"), "acknowledge", str(path), *args], timeout=30,
                       env={**NOW, "MOSCOWTIME_NOW": now, **(env or {})})


def ours(sandbox, path: Path, frm=FROM, to=TO) -> set[tuple]:
    r = sandbox.run([str(bin_dir() / "moscowtime-calendar"), "reminders", str(path), "Europe/Moscow", "-",
                     frm.strftime("%Y-%m-%dT%H:%M:%SZ"), to.strftime("%Y-%m-%dT%H:%M:%SZ")], timeout=60)
    assert r.returncode == 0, r.stderr
    return {(x["uid"], x["recurrenceID"], x["alarm"], x["repetition"], x["at"], x["acknowledged"], x["snoozedUntil"])
            for x in json.loads(r.stdout)["reminders"]}


def agreed(sandbox, path: Path, to=TO) -> set[tuple]:
    """Our reading of the file, which must equal the reference's."""
    mine, theirs = ours(sandbox, path, to=to), reference(path.read_text(), "Europe/Moscow", None, FROM, to)
    assert mine == theirs, f"only ours: {sorted(mine - theirs)}\nonly the reference's: {sorted(theirs - mine)}"
    return mine


def tree(text: str) -> list[tuple]:
    """Each component in order, with its properties as icalendar parses them (name, value as
    iCalendar, parameters)."""
    out = []
    for c in icalendar.Calendar.from_ical(text).walk():
        props = []
        for name, value in c.property_items(recursive=False):
            if name in ("BEGIN", "END"):
                continue
            params = tuple(sorted((k, str(v)) for k, v in getattr(value, "params", {}).items()))
            props.append((name, value.to_ical() if hasattr(value, "to_ical") else str(value), params))
        out.append((c.name, props))
    return out


def changed(before: str, after: str) -> dict[tuple, set]:
    """What differs between two trees: per (component name, its index among those so named), the
    names of the properties added, removed or changed."""
    def named(t):
        seen: dict[str, int] = {}
        out = {}
        for name, props in t:
            out[(name, seen.get(name, 0))] = set(props)
            seen[name] = seen.get(name, 0) + 1
        return out
    a, b = named(tree(before)), named(tree(after))
    diff = {}
    for k in a.keys() | b.keys():
        names = {p[0] for p in a.get(k, set()) ^ b.get(k, set())}
        if names or k not in a or k not in b:
            diff[k] = names
    return diff


def khal_calendar(sandbox, cli) -> tuple[Path, Khal]:
    folder = sandbox.xdg.home / ".calendars" / "home"
    folder.mkdir(parents=True)
    khal = Khal(sandbox, folder, sandbox.path("khal"))
    khal("new", "--alarms", "15m", "-r", "daily", "2026-11-30", "10:00", "10:30", "Standup")
    ok(cli, "calendars", "remind", "home", "--write-acknowledgements")
    [path] = folder.glob("*.ics")
    return path, khal


def utc(value) -> dt.datetime:
    """A UTC DATE-TIME this icalendar may not know the property of (RFC 9074's ACKNOWLEDGED)."""
    return icalendar.vDatetime.from_ical(value.to_ical().decode() if hasattr(value, "to_ical") else str(value))


def uid_of(path: Path) -> str:
    return str(next(c for c in icalendar.Calendar.from_ical(path.read_text()).walk() if "UID" in c)["UID"])


def test_dismiss_writes_only_the_acknowledgements_and_the_next_occurrence_rings(sandbox, cli):
    path, khal = khal_calendar(sandbox, cli)
    before = path.read_text()
    occurrence = "20261130T090000Z"  # 10:00 Berlin
    assert ("2026-11-30T08:45:00Z", False) in {(at, ack) for *_, at, ack, _ in agreed(sandbox, path)}

    r = acknowledge(sandbox, path, "dismiss", uid_of(path), occurrence, "0")
    assert r.returncode == 0, r.stderr
    after = path.read_text()
    assert changed(before, after) == {("VEVENT", 0): {"DTSTAMP", "X-MOZ-LASTACK"}, ("VALARM", 0): {"ACKNOWLEDGED"}}
    [valarm] = icalendar.Calendar.from_ical(after).walk("VALARM")
    assert utc(valarm["ACKNOWLEDGED"]) == dt.datetime(2026, 11, 30, 8, 46, tzinfo=UTC)
    rings = {at: ack for *_, at, ack, _ in agreed(sandbox, path)}
    assert rings["2026-11-30T08:45:00Z"] is True and rings["2026-12-01T08:45:00Z"] is False
    assert "Standup" in khal("list", "2026-12-01", "1d")  # khal still reads it

    # What other lines khal wrote keep their bytes: the text differs by the three lines only.
    assert sorted(set(after.splitlines()) - set(before.splitlines())) == [
        "ACKNOWLEDGED:20261130T084600Z", "DTSTAMP:20261130T084600Z", "X-MOZ-LASTACK:20261130T084600Z"]


def test_snooze_writes_rfc9074s_snooze_alarm_which_rings_at_its_time(sandbox, cli):
    path, khal = khal_calendar(sandbox, cli)
    before = path.read_text()
    r = acknowledge(sandbox, path, "snooze", uid_of(path), "20261130T090000Z", "0", "2026-11-30T08:51:00Z")
    assert r.returncode == 0, r.stderr
    after = path.read_text()
    assert changed(before, after) == {("VEVENT", 0): {"DTSTAMP", "X-MOZ-LASTACK"}, ("VALARM", 0): {"ACKNOWLEDGED", "UID"},
                                      ("VALARM", 1): {"UID", "ACTION", "DESCRIPTION", "TRIGGER", "RELATED-TO"}}
    original, snooze = icalendar.Calendar.from_ical(after).walk("VALARM")
    assert snooze["RELATED-TO"] == original["UID"] and snooze["RELATED-TO"].params["RELTYPE"] == "SNOOZE"
    assert snooze["TRIGGER"].dt == dt.datetime(2026, 11, 30, 8, 51, tzinfo=UTC) and snooze["UID"] != original["UID"]
    pending = sorted(at for *_, at, ack, _ in agreed(sandbox, path) if not ack and at >= "2026-11-30T08:46")
    assert pending[:2] == ["2026-11-30T08:51:00Z", "2026-12-01T08:45:00Z"]
    assert "Standup" in khal("list", "2026-11-30", "1d")

    # The snooze alarm dismissed when it rings: it goes, and its original is acknowledged then.
    r = acknowledge(sandbox, path, "dismiss", uid_of(path), "-", "1", now="2026-11-30T08:52:00Z")
    assert r.returncode == 0, r.stderr
    [valarm] = icalendar.Calendar.from_ical(path.read_text()).walk("VALARM")
    assert utc(valarm["ACKNOWLEDGED"]) == dt.datetime(2026, 11, 30, 8, 52, tzinfo=UTC)
    pending = sorted(at for *_, at, ack, _ in agreed(sandbox, path) if not ack and at >= "2026-11-30T08:46")
    assert pending[0] == "2026-12-01T08:45:00Z"


TODO_DUE_ALARM = """BEGIN:VALARM
ACTION:DISPLAY
TRIGGER;RELATED=END:-PT30M
DESCRIPTION:Default Mozilla Description
END:VALARM
"""


def test_done_completes_a_todoman_todo_and_todoman_shows_it_done(sandbox, cli):
    folder = sandbox.xdg.home / ".calendars" / "tasks"
    folder.mkdir(parents=True)
    config = sandbox.path("todoman.py")
    config.write_text(f'path = "{folder.parent}/*"\ndate_format = "%Y-%m-%d"\ntime_format = "%H:%M"\n'
                      f'cache_path = "{sandbox.path("todoman.sqlite3")}"\ndefault_list = "tasks"\n')

    def todoman(*args):
        r = sandbox.run(["todoman", "-c", str(config), *args], timeout=60, env={"TZ": "Europe/Berlin"})
        assert r.returncode == 0, (args, r.stdout, r.stderr)
        return r.stdout

    todoman("new", "-l", "tasks", "--due", "2026-11-30 18:00", "Pay rent")
    [path] = folder.glob("*.ics")
    cal = icalendar.Calendar.from_ical(path.read_text())
    cal.walk("VTODO")[0].add_component(icalendar.Calendar.from_ical(TODO_DUE_ALARM))
    path.write_bytes(cal.to_ical())
    before = path.read_text()
    ok(cli, "calendars", "remind", "tasks", "--write-acknowledgements")
    assert "Pay rent" in todoman("list")

    r = acknowledge(sandbox, path, "done", uid_of(path), "-", "0", now="2026-11-30T16:31:00Z")
    assert r.returncode == 0, r.stderr
    after = path.read_text()
    assert changed(before, after) == {
        ("VTODO", 0): {"STATUS", "COMPLETED", "PERCENT-COMPLETE", "SEQUENCE", "LAST-MODIFIED", "DTSTAMP"}}
    [todo] = icalendar.Calendar.from_ical(after).walk("VTODO")
    assert (str(todo["STATUS"]), int(todo["PERCENT-COMPLETE"])) == ("COMPLETED", 100)
    assert todo["COMPLETED"].dt == dt.datetime(2026, 11, 30, 16, 31, tzinfo=UTC)
    assert "Pay rent" not in todoman("list")  # todoman lists the open ones
    shown = todoman("list", "--status", "COMPLETED")
    assert "Pay rent" in shown and "[X]" in shown
    assert agreed(sandbox, path) == set()  # a completed to-do never rings


def test_done_without_an_occurrence_on_a_repeating_todo_is_refused_and_a_calendar_not_written_back_is_left_alone(
        sandbox, cli):
    folder = sandbox.xdg.home / ".calendars" / "tasks"
    folder.mkdir(parents=True)
    text = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//EN\r\nBEGIN:VTODO\r\nUID:t@x\r\nDTSTAMP:20261101T000000Z\r\n"
            "SUMMARY:Water the plants\r\nDUE:20261130T150000Z\r\nRRULE:FREQ=WEEKLY\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\n"
            "DESCRIPTION:x\r\nTRIGGER;RELATED=END:-PT30M\r\nEND:VALARM\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    path = folder / "t.ics"
    path.write_bytes(text.encode())
    ok(cli, "calendars", "remind", "tasks")
    r = acknowledge(sandbox, path, "dismiss", "t@x", "20261130T150000Z", "0")
    assert r.returncode == 1 and "not set to write acknowledgements" in r.stderr
    assert "writeAcknowledgements" in ok(cli, "calendars", "--json")
    ok(cli, "calendars", "remind", "tasks", "--write-acknowledgements")
    assert "remind, write back" in ok(cli, "calendars")
    assert "напоминать, записывать" in ok(cli, "calendars", env={**NOW, "LANG": "ru_RU.UTF-8"})
    store = json.loads((sandbox.xdg.data / "moscowtime" / "store.json").read_text())
    assert store["settings"]["writeBackCalendars"] == [str(folder)]
    r = acknowledge(sandbox, path, "done", "t@x", "-", "0")
    assert r.returncode == 1 and "repeating to-do" in r.stderr
    assert path.read_bytes() == text.encode()
    assert "Dismiss and Snooze are kept on this computer only." in ok(
        cli, "calendars", "remind", "tasks", "--no-write-acknowledgements")
    store = json.loads((sandbox.xdg.data / "moscowtime" / "store.json").read_text())
    assert "writeBackCalendars" not in store["settings"]


def test_done_on_a_repeating_todos_occurrence_completes_that_occurrence_only(sandbox, cli):
    """A weekly to-do as Thunderbird writes one: Done on this week's occurrence adds an override
    of its own (the master's tree unchanged); recurring_ical_events sees that occurrence
    completed and the next one open, the reference and our reader agree the next still rings,
    and todoman reads the file."""
    folder = sandbox.xdg.home / ".calendars" / "tasks"
    folder.mkdir(parents=True)
    text = ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\r\n"
            "BEGIN:VTODO\r\nUID:w@x\r\nDTSTAMP:20261101T000000Z\r\nSUMMARY:Water the plants\r\n"
            "DTSTART:20261116T140000Z\r\nDUE:20261116T150000Z\r\nRRULE:FREQ=WEEKLY\r\nX-MOZ-GENERATION:4\r\n"
            "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:x\r\nTRIGGER;RELATED=END:-PT30M\r\nEND:VALARM\r\n"
            "END:VTODO\r\nEND:VCALENDAR\r\n")
    path = folder / "w.ics"
    path.write_bytes(text.encode())
    ok(cli, "calendars", "remind", "tasks", "--write-acknowledgements")
    rung = {x[4] for x in agreed(sandbox, path, to=TO + dt.timedelta(days=2))}
    assert {"2026-11-30T14:30:00Z", "2026-12-07T14:30:00Z"} <= rung  # before: both weeks ring

    r = acknowledge(sandbox, path, "done", "w@x", "20261130T140000Z", "0", now="2026-11-30T14:31:00Z")
    assert r.returncode == 0, r.stderr
    after = path.read_bytes().decode()
    assert after.startswith(text.split("END:VTODO\r\n")[0] + "END:VTODO\r\n")  # the master's bytes
    assert set(changed(text, after)) == {("VTODO", 1)}  # only a component added
    override = icalendar.Calendar.from_ical(after).walk("VTODO")[1]
    assert override["RECURRENCE-ID"].dt == dt.datetime(2026, 11, 30, 14, tzinfo=UTC)
    assert (str(override["STATUS"]), override["DUE"].dt) == ("COMPLETED", dt.datetime(2026, 11, 30, 15, tzinfo=UTC))
    import recurring_ical_events
    weeks = {o["DTSTART"].dt: str(o.get("STATUS", "")) for o in recurring_ical_events.of(
        icalendar.Calendar.from_ical(after), components=["VTODO"]).between(FROM, TO + dt.timedelta(days=2))}
    assert weeks == {dt.datetime(2026, 11, 30, 14, tzinfo=UTC): "COMPLETED", dt.datetime(2026, 12, 7, 14, tzinfo=UTC): ""}
    rung = {x[4] for x in agreed(sandbox, path, to=TO + dt.timedelta(days=2))}
    assert "2026-11-30T14:30:00Z" not in rung and "2026-12-07T14:30:00Z" in rung

    config = sandbox.path("todoman.py")
    config.write_text(f'path = "{folder.parent}/*"\ndate_format = "%Y-%m-%d"\ntime_format = "%H:%M"\n'
                      f'cache_path = "{sandbox.path("todoman.sqlite3")}"\ndefault_list = "tasks"\n')
    r = sandbox.run(["todoman", "-c", str(config), "list", "--status", "ANY"], timeout=60, env={"TZ": "UTC"})
    assert r.returncode == 0 and "Water the plants" in r.stdout, (r.stdout, r.stderr)


def test_a_symlink_or_fifo_in_place_of_the_file_is_refused(sandbox, cli):
    path, _ = khal_calendar(sandbox, cli)
    real = sandbox.path("elsewhere.ics")
    real.write_text(path.read_text())
    uid = uid_of(path)
    path.unlink()
    path.symlink_to(real)
    r = acknowledge(sandbox, path, "dismiss", uid, "20261130T090000Z", "0")
    assert r.returncode == 1 and "symbolic link" in r.stderr and "ACKNOWLEDGED" not in real.read_text()
    path.unlink()
    os.mkfifo(path)
    r = acknowledge(sandbox, path, "dismiss", uid, "20261130T090000Z", "0")
    assert r.returncode == 1 and "not a regular file" in r.stderr


def test_thunderbirds_lastack_written_by_icalendar_silences_the_occurrence(sandbox, cli):
    path, _ = khal_calendar(sandbox, cli)
    cal = icalendar.Calendar.from_ical(path.read_text())
    cal.walk("VEVENT")[0].add("X-MOZ-LASTACK", "20261130T084600Z")
    path.write_bytes(cal.to_ical())
    rings = {at: ack for *_, at, ack, _ in agreed(sandbox, path)}
    assert rings["2026-11-30T08:45:00Z"] is True and rings["2026-12-01T08:45:00Z"] is False


def test_a_second_home_sharing_the_folder_is_silent_for_the_dismissed_occurrence(sandbox, cli):
    """Two homes, one vdir folder: dismissed in the first (written back), the second home's
    `calendar-next` — its own settings, not written back — skips that occurrence and names the next."""
    path, _ = khal_calendar(sandbox, cli)
    other = sandbox.path("other-home")
    env_b = {"HOME": str(other), "XDG_CONFIG_HOME": str(other / ".config"), "XDG_DATA_HOME": str(other / ".local/share"),
             "XDG_STATE_HOME": str(other / ".local/state"), "XDG_CACHE_HOME": str(other / ".cache")}
    for d in env_b.values():
        Path(d).mkdir(parents=True, exist_ok=True)
    early = {**NOW, **env_b, "MOSCOWTIME_NOW": "2026-11-30T08:40:00Z"}
    ok(cli, "calendars", "add", str(path.parent), env=early)
    ok(cli, "calendars", "remind", str(path.parent), env=early)

    def next_in_b() -> str:
        r = sandbox.run([str(bin_dir() / "moscowtime-calendar"), "calendar-next", "1"], timeout=30, env=early)
        assert r.returncode == 0, r.stderr
        [first] = json.loads(r.stdout)["reminders"]
        return first["recurrenceID"]

    assert next_in_b() == "20261130T090000Z"
    assert acknowledge(sandbox, path, "dismiss", uid_of(path), "20261130T090000Z", "0").returncode == 0
    assert next_in_b() == "20261201T090000Z"
