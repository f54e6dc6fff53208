# SPDX-License-Identifier: GPL-3.0-or-later
"""The sync account's other calendars (issue 38): a real Radicale with a second and third
collection (and a fourth that answers garbage). `calendars` lists them with their names and
colours, with no network; `calendars remind` has each sync mirror one into a local vdir (one .ics
a resource, byte for byte), and the real agent rings its events through dbusmock — one added on the
server after the next sync, none once quiet, and still from the mirror with Radicale stopped. A
collection that answers garbage is said by `sync`, `calendars` and `sync status`; the others and
the alarms' sync go on."""
from __future__ import annotations

import base64
import fcntl
import http.client
import json
import math
import os
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from urllib.parse import urlsplit

import icalendar
import pytest

from harness import bin_dir, listening_ports, wait_until
from harness.khal import Khal

pytestmark = pytest.mark.agent

CATEGORY = "x-moscowtime.calendar.reminder"
NOW = {"LANG": "C.UTF-8", "LANGUAGE": ""}
RU = {"LANG": "ru_RU.UTF-8", "LANGUAGE": ""}


class Radicale:
    """Debian's Radicale on a free port with one user, alice; `stop()` takes it away."""

    def __init__(self, sandbox, read_only: str | None = None):
        """`read_only`: a collection of alice's she may read but not write (Radicale's rights file)."""
        self.root = sandbox.path("radicale")
        self.root.mkdir()
        (self.root / "users").write_text("alice:secret\n")
        (self.root / "rights").write_text((f"[read-only]\nuser: alice\ncollection: alice/{read_only}\npermissions: r\n\n"
                                           if read_only else "")
                                          + "[own]\nuser: .+\ncollection: {user}(/.*)?\npermissions: RWrw\n\n"
                                          + "[root]\nuser: .+\ncollection:\npermissions: R\n")
        (self.root / "config").write_text(f"""[server]
hosts = 127.0.0.1:0
[auth]
type = htpasswd
htpasswd_filename = {self.root / 'users'}
htpasswd_encryption = plain
delay = 0
[storage]
filesystem_folder = {self.root / 'collections'}
[rights]
type = from_file
file = {self.root / 'rights'}
[logging]
level = warning
""")
        self.child = sandbox.spawn("radicale", ["/usr/bin/radicale", "--config", str(self.root / "config")])
        [port] = wait_until(lambda: self.child.alive() and listening_ports(self.child.pid), 30, "radicale to listen")
        self.url = f"http://127.0.0.1:{port}/"
        self.home = self.url + "alice/"

    def storage(self, collection: str) -> Path:
        return self.root / "collections" / "collection-root" / "alice" / collection

    def stop(self):
        self.child.stop()


def dav(url: str, method: str, body: bytes | str | None = None, headers: dict | None = None):
    u = urlsplit(url)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=30)
    auth = base64.b64encode(b"alice:secret").decode()
    conn.request(method, u.path, body=body.encode() if isinstance(body, str) else body,
                 headers={"Authorization": "Basic " + auth, **(headers or {})})
    r = conn.getresponse()
    return r.status, dict(r.getheaders()), r.read()


def mkcalendar(server: Radicale, path: str, name: str, color: str | None, component: str = "VEVENT") -> str:
    url = server.home + path + "/"
    colour = f'<a:calendar-color xmlns:a="http://apple.com/ns/ical/">{color}</a:calendar-color>' if color else ""
    body = f"""<?xml version="1.0" encoding="utf-8"?>
<c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>
<d:displayname>{name}</d:displayname>{colour}
<c:supported-calendar-component-set><c:comp name="{component}"/></c:supported-calendar-component-set>
</d:prop></d:set></c:mkcalendar>"""
    status, _, answer = dav(url, "MKCALENDAR", body)
    assert status == 201, answer
    return url


def put(url: str, text: bytes | str):
    status, _, answer = dav(url, "PUT", text, {"Content-Type": "text/calendar; charset=utf-8"})
    assert status in (201, 204), (status, answer)


def stamp(t: datetime) -> str:
    return t.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")


def event(uid: str, summary: str, reminder_at: datetime) -> bytes:
    """A VEVENT by python icalendar whose VALARM rings 10 minutes before its start, at `reminder_at`."""
    return vevent(uid, summary, reminder_at + timedelta(minutes=10), timedelta(minutes=10))


def vevent(uid: str, summary: str, start: datetime, before: timedelta, rrule: dict | None = None) -> bytes:
    """A calendar by python icalendar: one 30-minute VEVENT (a series with `rrule`) with a DISPLAY
    VALARM `before` its start."""
    cal = icalendar.Calendar()
    cal.add("prodid", "-//test//EN")
    cal.add("version", "2.0")
    ev = icalendar.Event()
    ev.add("uid", uid)
    ev.add("dtstamp", start - before)
    ev.add("dtstart", start)
    ev.add("dtend", start + timedelta(minutes=30))
    if rrule:
        ev.add("rrule", rrule)
    ev.add("summary", summary)
    alarm = icalendar.Alarm()
    alarm.add("action", "DISPLAY")
    alarm.add("description", "reminder")
    alarm.add("trigger", -before)
    ev.add_component(alarm)
    cal.add_component(ev)
    return cal.to_ical()


def soon(seconds: int) -> datetime:
    return datetime.fromtimestamp(math.ceil(time.time()) + seconds, timezone.utc)


def setup_sync(cli_ok, server: Radicale, sandbox):
    (sandbox.xdg.home / "pw").write_text("secret\n")
    cli_ok("sync", "setup", server.url, "--user", "alice", "--password-command", f"cat {sandbox.xdg.home / 'pw'}")


def calendars(cli_ok) -> dict[str, dict]:
    return {c["name"]: c for c in json.loads(cli_ok("calendars", "--json").stdout)}


def mirror(sandbox, listed: dict) -> Path:
    return Path(listed["folder"])


@pytest.fixture
def server(sandbox):
    return Radicale(sandbox)


@pytest.fixture
def ok(cli):
    def run(*args, env=NOW):
        r = cli(list(args), env=env)
        assert r.rc == 0, (args, r.stdout, r.stderr)
        return r
    return run


def test_collections_are_listed_and_a_reminded_one_is_mirrored_byte_for_byte(ok, cli, sandbox, server):
    setup_sync(ok, server, sandbox)
    work = mkcalendar(server, "work", "Work", "#FF8800FF")
    tasks = mkcalendar(server, "tasks", "Tasks", None, "VTODO")
    # khal's own event, written into a vdir and put on the server as vdirsyncer would.
    vdir = sandbox.path("khal-vdir")
    vdir.mkdir()
    Khal(sandbox, vdir, sandbox.path("khal"))("new", "--alarms", "15m", "2026-12-01", "09:00", "10:00", "Standup")
    [khal_file] = vdir.glob("*.ics")
    put(work + khal_file.name, khal_file.read_bytes())
    put(work + "review.ics", event("review@test", "Review", datetime(2026, 12, 2, 9, 0, tzinfo=timezone.utc)))
    ok("sync")

    got = calendars(ok)
    assert sorted(got) == ["Tasks", "Work"], got  # the alarms' and habits' collections stay as they are
    assert got["Work"]["source"] == "caldav" and got["Work"]["color"] == "#FF8800FF" and got["Work"]["url"] == work
    assert got["Work"]["components"] == ["VEVENT"] and got["Tasks"]["components"] == ["VTODO"]
    assert got["Work"]["writable"] is True and got["Work"]["remind"] is False and got["Work"]["items"] == 0
    table = ok("calendars").stdout
    assert "CalDAV" in table and "#FF8800FF" in table and work in table, table
    assert "ИСТОЧНИК" in ok("calendars", env=RU).stdout

    assert "Work: reminders ring." in ok("calendars", "remind", "work").stdout  # by name, any case
    folder = mirror(sandbox, calendars(ok)["Work"])
    assert folder.is_dir() and str(folder).startswith(str(sandbox.xdg.state))
    ok("sync")
    files = {p.name: p.read_bytes() for p in folder.glob("*.ics")}
    assert sorted(files) == sorted([khal_file.name, "review.ics"])
    for name, data in files.items():
        status, _, body = dav(work + name, "GET")
        assert status == 200 and body == data, name
    assert calendars(ok)["Work"]["items"] == 2

    # A sync with nothing new writes nothing into the mirror (the agent re-reads nothing).
    before = {p.name: p.stat().st_mtime_ns for p in [*folder.iterdir(), folder, Path(str(folder) + ".json")]}
    ok("sync")
    assert {p.name: p.stat().st_mtime_ns for p in [*folder.iterdir(), folder, Path(str(folder) + ".json")]} == before

    # Removed on the server: gone from the mirror; quiet: the mirror goes.
    assert dav(work + "review.ics", "DELETE")[0] in (200, 204)
    ok("sync")
    assert [p.name for p in folder.glob("*.ics")] == [khal_file.name]
    ok("calendars", "quiet", work)  # by URL
    ok("sync")
    assert not folder.exists() and not Path(str(folder) + ".json").exists()
    ok("sync", "off")
    assert calendars(ok) == {}


def test_a_collection_the_server_lets_us_only_read_is_not_set_to_write_acknowledgements(ok, cli, sandbox):
    server = Radicale(sandbox, read_only="holidays")
    setup_sync(ok, server, sandbox)
    mkcalendar(server, "work", "Work", None)
    holidays = server.storage("holidays")  # made beside the server: alice may not make it
    holidays.mkdir(parents=True)
    (holidays / ".Radicale.props").write_text('{"tag": "VCALENDAR", "D:displayname": "Holidays"}')
    ok("sync")
    got = calendars(ok)
    assert (got["Work"]["writable"], got["Holidays"]["writable"]) == (True, False)
    settings = (sandbox.xdg.data / "moscowtime" / "store.json").read_bytes()
    r = cli(["calendars", "remind", "Holidays", "--write-acknowledgements"], env=NOW)
    assert r.rc == 2 and "does not let this account write Holidays" in r.stderr, (r.rc, r.stderr)
    assert (sandbox.xdg.data / "moscowtime" / "store.json").read_bytes() == settings  # nothing changed
    r = cli(["calendars", "remind", "Holidays", "--write-acknowledgements"], env=RU)
    assert r.rc == 2 and "Holidays" in r.stderr and "не даёт" in r.stderr, r.stderr
    assert "Holidays: reminders ring." in ok("calendars", "remind", "Holidays").stdout
    assert "Dismiss, Snooze and Done are written" in ok("calendars", "remind", "Work", "--write-acknowledgements").stdout


def test_next_names_an_event_of_a_reminded_collection_offline(ok, cli, sandbox, server):
    setup_sync(ok, server, sandbox)
    family = mkcalendar(server, "family", "Family", "#00AA00")
    at = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(days=1)
    put(family + "party.ics", event("party@test", "Party", at))
    ok("sync")
    ok("calendars", "remind", "Family")
    ok("sync")
    server.stop()
    assert "Party — Family" in ok("next").stdout
    r = cli(["sync"], env=NOW)
    assert r.rc == 1, (r.stdout, r.stderr)  # the server is gone: the sync fails, the mirror stays
    assert "Party — Family" in ok("next").stdout
    assert calendars(ok)["Family"]["items"] == 1


def test_a_collection_that_answers_garbage_is_said_and_the_others_sync(ok, cli, sandbox, server):
    setup_sync(ok, server, sandbox)
    work = mkcalendar(server, "work", "Work", None)
    home = mkcalendar(server, "home", "Home", None)
    junk = mkcalendar(server, "junk", "Junk", None)
    put(work + "a.ics", event("a@test", "Alpha", datetime(2026, 12, 2, 9, 0, tzinfo=timezone.utc)))
    deep = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//EN\r\n" + "BEGIN:X-A\r\n" * 20 + "END:X-A\r\n" * 20 + "END:VCALENDAR\r\n"
    put(home + "h.ics", event("h@test", "Hotel", datetime(2026, 12, 3, 9, 0, tzinfo=timezone.utc)))
    put(home + "deep.ics", deep)  # iCalendar nested 21 deep: over the import limit
    ok("sync")
    for name in ("Work", "Home", "Junk"):
        ok("calendars", "remind", name)
    # A resource of junk straight into Radicale's storage: Radicale cannot answer for the collection.
    (server.storage("junk") / "evil.ics").write_bytes(b"\x00\xffnot iCalendar at all\n" * 100)
    ok("add", "07:30", "--label", "Wake")
    r = ok("sync")
    assert "Junk" in r.stdout and "warning" in r.stdout, r.stdout
    got = calendars(ok)
    assert got["Work"]["items"] == 1 and got["Work"]["problem"] is None, (got, r.stdout)
    assert got["Home"]["items"] == 1 and "1 item left out" in got["Home"]["problem"] and "deep.ics" in got["Home"]["problem"]
    assert got["Junk"]["problem"] and "copy of the last sync is kept" in got["Junk"]["problem"]
    table = ok("calendars").stdout
    assert "CalDAV calendar Junk, skipped at the last sync:" in table, table
    status = ok("sync", "status").stdout
    assert "CalDAV calendar Junk:" in status and "CalDAV calendar Home:" in status and "Last attempt failed" not in status
    assert "CalDAV" in ok("sync", "status", env=RU).stdout
    # The alarms' sync went on: Wake is on the server.
    _, _, listing = dav(server.home + "moscowtime-alarms/", "PROPFIND", None, {"Depth": "1"})
    assert listing.count(b".ics") == 1, listing


@pytest.mark.slow
def test_the_agent_rings_a_caldav_event_from_the_mirror(rig, sandbox, server):
    ok = lambda *args: rig.cli(*args, env=NOW)  # noqa: E731
    setup_sync(ok, server, sandbox)
    work = mkcalendar(server, "work", "Work", "#3366FF")
    other = mkcalendar(server, "other", "Other", None)
    ok("sync")
    ok("calendars", "remind", "Work")
    first = soon(12)
    put(work + "first.ics", event("first@test", "First", first))
    put(other + "o.ics", event("o@test", "Not reminded", first))
    ok("sync")
    rig.start_agent()

    def reminders(summary):
        return [c for c in rig.mock.notify_calls() if c.hints.get("category") == CATEGORY and c.summary == summary]

    [call] = wait_until(lambda: reminders("First"), 25, "the First reminder")
    assert "Calendar: Work" in call.body.split("\n")
    assert rig.notify_times("First")[0] >= first.timestamp() - 0.05

    # Added on the server while the agent runs: rung once the next sync has brought it. A loaded
    # machine may sync slower than the lead: then again with a longer one (and its own name).
    for lead in (8, 20, 45):
        name = f"Second {lead}"
        second = soon(lead)
        put(work + f"second-{lead}.ics", event(f"second-{lead}@test", name, second))
        ok("sync")
        if time.time() < second.timestamp() - 1:
            break
    else:
        raise AssertionError("every sync took longer than its lead")
    wait_until(lambda: reminders(name), lead + 12, f"the {name} reminder")
    # Planned from the folder watch within a second of the sync's write: rung at its instant.
    assert second.timestamp() - 0.05 <= rig.notify_times(name)[0] <= second.timestamp() + 1.5

    # Radicale gone: the mirror as last synced still rings.
    third = soon(10)
    put(work + "third.ics", event("third@test", "Third", third))
    ok("sync")
    server.stop()
    wait_until(lambda: reminders("Third"), 25, "the Third reminder from the mirror")
    assert reminders("Not reminded") == []

    # Quiet: it rings no more. A loaded machine slower than the lead: again with a longer one.
    folder = Path(calendars(ok)["Work"]["folder"])
    for lead in (4, 15, 40):
        name = f"Fourth {lead}"
        fourth = soon(lead)
        (folder / f"fourth-{lead}.ics").write_bytes(event(f"fourth-{lead}@test", name, fourth))
        ok("calendars", "quiet", "Work")
        if time.time() < fourth.timestamp() - 1:
            break
        (folder / f"fourth-{lead}.ics").unlink()
        ok("calendars", "remind", "Work")
    else:
        raise AssertionError("every quiet took longer than its lead")
    deadline = fourth.timestamp() + 3
    while time.time() < deadline:
        time.sleep(0.2)
    assert reminders(name) == []


def replace(path: Path, data: bytes):
    """As editors of a vdir write (vdirsyncer, khal, the store): a new file renamed over the old."""
    tmp = path.with_name("." + path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def acknowledged(data: bytes, at: str) -> bytes:
    cal = icalendar.Calendar.from_ical(data)
    [alarm] = cal.walk("VALARM")
    # A DATE-TIME in UTC (RFC 9074 §6.1); this icalendar does not know the property's type by itself.
    alarm["ACKNOWLEDGED"] = icalendar.vDatetime(datetime.strptime(at, "%Y%m%dT%H%M%SZ").replace(tzinfo=timezone.utc))
    return cal.to_ical()


def test_a_mirror_file_changed_here_is_sent_back_and_a_newer_server_copy_wins(ok, cli, sandbox, server):
    setup_sync(ok, server, sandbox)
    work = mkcalendar(server, "work", "Work", None)
    put(work + "review.ics", event("review@test", "Review", datetime(2026, 12, 2, 9, 0, tzinfo=timezone.utc)))
    ok("sync")
    ok("calendars", "remind", "Work")
    ok("sync")
    folder = Path(calendars(ok)["Work"]["folder"])
    mirrored = folder / "review.ics"

    # Acknowledged here (RFC 9074, as python icalendar writes it): the server gets the file as it is.
    replace(mirrored, acknowledged(mirrored.read_bytes(), "20261202T085000Z"))
    ok("sync")
    status, headers, body = dav(work + "review.ics", "GET")
    assert status == 200 and b"ACKNOWLEDGED:20261202T085000Z" in body
    assert body == mirrored.read_bytes()
    before = mirrored.stat().st_mtime_ns
    ok("sync")  # nothing new on either side: nothing sent, nothing written
    assert mirrored.stat().st_mtime_ns == before and dav(work + "review.ics", "GET")[1]["ETag"] == headers["ETag"]

    # Changed here and, meanwhile, on the server: the server's copy wins, and sync status says so.
    replace(mirrored, acknowledged(mirrored.read_bytes().replace(b"ACKNOWLEDGED:20261202T085000Z\r\n", b""), "20261202T085500Z"))
    server_copy = event("review@test", "Review moved", datetime(2026, 12, 2, 10, 0, tzinfo=timezone.utc))
    put(work + "review.ics", server_copy)
    r = ok("sync")
    assert "lost to a newer copy on the server" in r.stdout, r.stdout
    assert mirrored.read_bytes() == dav(work + "review.ics", "GET")[2] and b"Review moved" in mirrored.read_bytes()
    assert "review.ics lost to a newer copy on the server" in ok("sync", "status").stdout


def series(uid: str, summary: str, first: datetime, days: int) -> bytes:
    """A daily series by python icalendar: a reminder 15 minutes before each start."""
    return vevent(uid, summary, first, timedelta(minutes=15), {"freq": "daily", "count": days})


def test_a_dismissal_on_one_computer_silences_that_occurrence_on_the_other(ok, sandbox, server):
    """Two homes sync one Radicale collection with write-back: dismissed on A (written into A's
    mirror, sent with If-Match), B is silent for that occurrence after its sync and names the next;
    then Thunderbird's X-MOZ-LASTACK, written into Radicale by python icalendar, silences the next."""
    pinned = {**NOW, "MOSCOWTIME_NOW": "2026-11-30T08:40:00Z"}
    other = sandbox.path("home-b")
    env_b = {**pinned, "HOME": str(other), "XDG_CONFIG_HOME": str(other / ".config"),
             "XDG_DATA_HOME": str(other / ".local/share"), "XDG_STATE_HOME": str(other / ".local/state"),
             "XDG_CACHE_HOME": str(other / ".cache")}
    for d in list(env_b.values())[3:]:
        Path(d).mkdir(parents=True, exist_ok=True)
    team = mkcalendar(server, "team", "Team", "#3465A4FF")
    put(team + "standup.ics", series("standup@test", "Standup", datetime(2026, 11, 30, 9, 0, tzinfo=timezone.utc), 5))
    (sandbox.xdg.home / "pw").write_text("secret\n")
    for env in (pinned, env_b):
        ok("sync", "setup", server.url, "--user", "alice", "--password-command", f"cat {sandbox.xdg.home / 'pw'}", env=env)
        ok("sync", env=env)
        ok("calendars", "remind", "Team", "--write-acknowledgements", env=env)
        ok("sync", env=env)

    def next_occurrence(env) -> str:
        r = sandbox.run([str(bin_dir() / "moscowtime-calendar"), "calendar-next", "1"], timeout=30, env=env)
        assert r.returncode == 0, r.stderr
        [first] = json.loads(r.stdout)["reminders"]
        return first["recurrenceID"]

    assert next_occurrence(pinned) == next_occurrence(env_b) == "20261130T090000Z"
    folder_a = Path(json.loads(ok("calendars", "--json", env=pinned).stdout)[0]["folder"])
    [file_a] = folder_a.glob("*.ics")
    # A sync of A holds its mirrors' lock: the Dismiss waits for it, so the sync cannot miss it.
    before = file_a.read_bytes()
    with open(sandbox.xdg.state / "moscowtime" / "caldav.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        child = sandbox.spawn("acknowledge", [str(bin_dir() / "moscowtime-calendar"), "acknowledge", str(file_a), "dismiss",
                                              "standup@test", "20261130T090000Z", "0"],
                              env={**pinned, "MOSCOWTIME_NOW": "2026-11-30T08:46:00Z"})
        wait_until(lambda: any(" -> FLOCK " in line and f" {child.pid} " in line
                               for line in Path("/proc/locks").read_text().splitlines()), 10, "acknowledge waiting")
        assert child.alive() and file_a.read_bytes() == before
    wait_until(lambda: child.returncode is not None, 10, "acknowledge done")
    assert child.returncode == 0, child.stderr_text()
    assert next_occurrence(pinned) == "20261201T090000Z"
    assert next_occurrence(env_b) == "20261130T090000Z"  # B has not synced yet

    ok("sync", env=pinned)  # A sends its mirror file, If-Match
    status, _, body = dav(team + "standup.ics", "GET")
    assert status == 200 and b"ACKNOWLEDGED:20261130T084600Z" in body
    ok("sync", env=env_b)
    assert next_occurrence(env_b) == "20261201T090000Z"

    # Thunderbird dismisses the next one on a third device: X-MOZ-LASTACK on the item, in Radicale.
    cal = icalendar.Calendar.from_ical(body)
    cal.walk("VEVENT")[0]["X-MOZ-LASTACK"] = "20261201T084700Z"
    put(team + "standup.ics", cal.to_ical())
    ok("sync", env=env_b)
    assert next_occurrence(env_b) == "20261202T090000Z"


def vdirsyncer(sandbox, config: Path, *args: str):
    r = sandbox.run(["vdirsyncer", "--config", str(config), *args], timeout=60, input="y\n" * 4)
    assert r.returncode == 0, (args, r.stdout, r.stderr)
    return r


def test_vdirsyncers_folder_rings_and_a_dismissal_goes_back_through_vdirsyncer(ok, sandbox, server):
    """The neighbours' way: vdirsyncer brings a Radicale collection into ~/.calendars/team for khal;
    `calendars remind` rings it from there, and a Dismiss written into that file reaches the server
    at vdirsyncer's next sync, with every other line of the event as the server had it."""
    team = mkcalendar(server, "team", "Team", None)
    put(team + "standup.ics", series("standup@test", "Standup", datetime(2026, 11, 30, 9, 0, tzinfo=timezone.utc), 5))
    folder = sandbox.xdg.home / ".calendars" / "team"
    config = sandbox.path("vdirsyncer.conf")
    config.write_text(f"""[general]
status_path = "{sandbox.path('vdirsyncer-status')}/"

[pair team]
a = "team_local"
b = "team_remote"
collections = null

[storage team_local]
type = "filesystem"
path = "{folder}/"
fileext = ".ics"

[storage team_remote]
type = "caldav"
url = "{team}"
username = "alice"
password = "secret"
""")
    folder.mkdir(parents=True)
    vdirsyncer(sandbox, config, "discover")
    vdirsyncer(sandbox, config, "sync")
    [path] = folder.glob("*.ics")
    pinned = {**NOW, "MOSCOWTIME_NOW": "2026-11-30T08:40:00Z"}
    ok("calendars", "remind", "team", "--write-acknowledgements", env=pinned)
    r = sandbox.run([str(bin_dir() / "moscowtime-calendar"), "calendar-next", "1"], timeout=30, env=pinned)
    [first] = json.loads(r.stdout)["reminders"]
    assert (first["summary"], first["recurrenceID"], first["file"]) == ("Standup", "20261130T090000Z", str(path))

    before = icalendar.Calendar.from_ical(dav(team + "standup.ics", "GET")[2])
    r = sandbox.run([str(bin_dir() / "moscowtime-calendar"), "acknowledge", str(path), "dismiss", "standup@test",
                     "20261130T090000Z", "0"], timeout=30, env={**pinned, "MOSCOWTIME_NOW": "2026-11-30T08:46:00Z"})
    assert r.returncode == 0, r.stderr
    vdirsyncer(sandbox, config, "sync")
    after = icalendar.Calendar.from_ical(dav(team + "standup.ics", "GET")[2])
    [ev_before], [ev_after] = before.walk("VEVENT"), after.walk("VEVENT")
    value = lambda ev, k: ev[k].to_ical() if k in ev and hasattr(ev[k], "to_ical") else ev.get(k)  # noqa: E731
    changed = {k for k in set(ev_before) | set(ev_after) if value(ev_before, k) != value(ev_after, k)}
    assert changed <= {"DTSTAMP", "X-MOZ-LASTACK"} and "X-MOZ-LASTACK" in changed, changed
    [alarm] = after.walk("VALARM")
    assert alarm["ACKNOWLEDGED"].to_ical() == b"20261130T084600Z"
