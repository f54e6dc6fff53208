# SPDX-License-Identifier: GPL-3.0-or-later
"""Our X-MOSCOWTIME-* values are TEXT, written escaped (RFC 5545 §3.3.11), so other programs read
and rewrite them whole (issue 23 §2): `vobject` and `icalendar` as independent readers of the
export, and todoman marking a habit done on a vdir that vdirsyncer keeps in step with a real
Radicale. A server copy that only cut our values (what vobject and Radicale made of the unescaped
form earlier versions wrote) is not taken as a change of them."""
from __future__ import annotations

import base64
import http.client
import json
import re
import wave
from pathlib import Path
from urllib.parse import urlsplit

import icalendar
import pytest
import vobject

from harness.clock import LIBFAKETIME
from test_caldav_sync import machines, radicale, server_clock  # noqa: F401 (fixtures)

pytestmark = pytest.mark.agent

NOW = {"MOSCOWTIME_NOW": "2026-11-22T09:00:00Z", "LANG": "C.UTF-8", "LANGUAGE": ""}
NOTE = "a, b; c \\ d «ёлка», 🙂"  # a note has no line breaks (agent-cli refuses them)
UNIT = "стакан,стакана,стаканов"


def sound_file(sandbox) -> str:
    path = Path(sandbox.env["HOME"]) / "Звуки" / "rooster, loud; long.wav"
    path.parent.mkdir(exist_ok=True)
    # A sound file that can be played (add refuses others): a tenth of a second of 8-bit silence.
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1); w.setsampwidth(1); w.setframerate(8000)
        w.writeframes(b"\x80" * 800)
    return str(path)


def make_items(run, sound: str):
    for args in (["habit", "add", "Water", "--numeric", "--unit", UNIT, "--target", "8",
                  "--days", "mon,wed,fri", "--remind", "10:00,16:00", "--description", "x, y; z", "--start", "2026-11-01"],
                 ["habit", "done", "Water", "--amount", "3", "--date", "2026-11-20", "--note", NOTE],
                 ["add", "7:30", "--label", "Подъём, всем; ура", "--sound", sound]):
        run(args)


def test_vobject_and_icalendar_read_our_values_exactly(cli, sandbox):
    def run(args):
        r = cli(args, env=NOW)
        assert r.rc == 0, (args, r.stderr)
    sound = sound_file(sandbox)
    make_items(run, sound)
    path = Path(sandbox.env["HOME"]) / "out.ics"
    run(["export", "--ics", str(path)])
    data = path.read_bytes()

    cal = vobject.readOne(data.decode())
    todo = cal.vtodo
    assert todo.contents["x-moscowtime-reminders"][0].value == "10:00,16:00"
    assert todo.contents["x-moscowtime-unit"][0].value == UNIT
    assert todo.contents["x-moscowtime-frequency"][0].value == "weekdays:mon,wed,fri"
    [note] = todo.contents["x-moscowtime-day-note"]
    assert note.value == NOTE and note.params["X-DATE"] == ["20261120"]
    assert todo.description.value == "x, y; z"
    assert cal.vevent.contents["x-moscowtime-sound"][0].value == sound
    assert cal.vevent.summary.value == "Подъём, всем; ура"
    # vobject writes them back as it read them.
    again = vobject.readOne(cal.serialize())
    assert again.vtodo.contents["x-moscowtime-reminders"][0].value == "10:00,16:00"
    assert again.vtodo.contents["x-moscowtime-day-note"][0].value == NOTE

    ical = icalendar.Calendar.from_ical(data)
    [td] = ical.walk("VTODO")
    assert str(td["X-MOSCOWTIME-REMINDERS"]) == "10:00,16:00"
    assert str(td["X-MOSCOWTIME-UNIT"]) == UNIT
    assert str(td["X-MOSCOWTIME-DAY-NOTE"]) == NOTE
    assert td["X-MOSCOWTIME-DAY-NOTE"].params["X-DATE"] == "20261120"
    [ev] = ical.walk("VEVENT")
    assert str(ev["X-MOSCOWTIME-SOUND"]) == sound


class Vdir:
    """vdirsyncer keeping a local folder in step with the habits collection on Radicale, and
    todoman working on that folder, both run as a user would (todoman on the tests' clock)."""

    def __init__(self, sandbox, url: str, at: str):
        self.sandbox = sandbox
        root = sandbox.path("vdir")
        self.folder = root / "calendars" / "habits"
        self.folder.mkdir(parents=True)
        (root / "status").mkdir()
        self.config = root / "vdirsyncer.conf"
        self.config.write_text(f"""[general]
status_path = "{root / 'status'}/"

[pair habits]
a = "habits_local"
b = "habits_remote"
collections = null

[storage habits_local]
type = "filesystem"
path = "{self.folder}/"
fileext = ".ics"

[storage habits_remote]
type = "caldav"
url = "{url}"
username = "alice"
password = "secret"
""")
        self.todoman = root / "todoman.py"
        self.todoman.write_text(f'path = "{root / "calendars"}/*"\ndate_format = "%Y-%m-%d"\ntime_format = "%H:%M"\n'
                                f'cache_path = "{root / "todoman-cache.sqlite3"}"\n')
        # todoman stamps COMPLETED and LAST-MODIFIED with its own clock: the tests' instant, held
        # still (no "@"), so a todoman slow to start on a loaded machine stamps the same second.
        self.clock_env = {"LD_PRELOAD": LIBFAKETIME, "FAKETIME": at.replace("T", " ").rstrip("Z"), "TZ": "UTC",
                          "FAKETIME_DONT_FAKE_MONOTONIC": "1"}

    def vdirsyncer(self, *args):
        r = self.sandbox.run(["vdirsyncer", "-c", str(self.config), *args], timeout=60)
        assert r.returncode == 0, (args, r.stdout, r.stderr)
        return r

    def sync(self):
        self.vdirsyncer("sync")

    def todo(self, *args):
        r = self.sandbox.run(["todoman", "-c", str(self.todoman), *args], timeout=60, env=self.clock_env)
        assert r.returncode == 0, (args, r.stdout, r.stderr)
        return r.stdout


def habits_collection(radicale_url: str) -> str:
    return radicale_url + "alice/moscowtime-habits/"


def test_todoman_marks_a_habit_done_and_nothing_of_ours_is_lost(machines, radicale, sandbox):
    a, b = machines
    make_items(lambda args: a(*args, at="2026-11-22T09:00:00Z"), sound_file(sandbox))
    a.setup(radicale); a("sync", at="2026-11-22T09:01:00Z")
    b.setup(radicale); b("sync", at="2026-11-22T09:02:00Z")
    water = a.habit("Water")
    assert b.habit("Water") == water

    vdir = Vdir(sandbox, habits_collection(radicale), at="2026-11-22T11:00:00Z")
    vdir.vdirsyncer("discover")
    vdir.sync()
    [item] = list(vdir.folder.glob("*.ics"))
    tasks = json.loads(vdir.todo("--porcelain", "list"))
    [task] = [t for t in tasks if t["summary"] == "Water"]
    vdir.todo("done", str(task["id"]))
    rewritten = {p.name: p.read_text() for p in vdir.folder.glob("*.ics")}
    assert "STATUS:COMPLETED" in rewritten[item.name]
    vdir.sync()

    # B takes the day todoman marked done (11:00 UTC is 14:00 in Moscow, 22 November); nothing of
    # ours is lost, and B's upload carries it all back to the server.
    r = b("sync", at="2026-11-22T12:00:00Z")
    got = b.habit("Water")
    assert got["entries"]["2026-11-22"] == 8  # a numeric day done: its target
    # todoman's LAST-MODIFIED (its time of `done`) is the definition's new stamp; the rest is ours.
    assert got["modified"] == "2026-11-22T11:00:00Z"
    assert {k: v for k, v in got.items() if k not in ("entries", "modified")} == {k: v for k, v in water.items() if k not in ("entries", "modified")}
    assert got["reminders"] == ["10:00", "16:00"] and got["numeric"]["unit"] == UNIT
    assert got["entries"]["2026-11-20"] == [3, NOTE]
    a("sync", at="2026-11-22T12:01:00Z")
    assert a.habit("Water") == got

    # What the server holds now reads whole in vobject, and todoman's copy after a new sync too.
    vdir.sync()
    cal = vobject.readOne((vdir.folder / item.name).read_text())
    assert cal.vtodo.contents["x-moscowtime-reminders"][0].value == "10:00,16:00"
    assert cal.vtodo.contents["x-moscowtime-day-note"][0].value == NOTE
    # B sent ours back, so the to-do is open again for the next day.
    assert "STATUS:COMPLETED" not in (vdir.folder / item.name).read_text()
    assert "1 change taken, 1 sent" in r.stdout, r.stdout
    # todoman's own next instance of the series (a new UID, none of our properties) is not called
    # foreign, and is removed: the habit stays one to-do (test_caldav_other_programs).
    assert [p.name for p in vdir.folder.glob("*.ics")] == [item.name]
    assert "not a MoscowTime habit" not in r.stdout + r.stderr


def dav(url: str, method: str, body: bytes | None = None, headers: dict | None = None):
    u = urlsplit(url)
    conn = http.client.HTTPConnection(u.hostname, u.port, timeout=10)
    auth = base64.b64encode(b"alice:secret").decode()
    conn.request(method, u.path, body=body, headers={"Authorization": "Basic " + auth, **(headers or {})})
    r = conn.getresponse()
    return r.status, dict(r.getheaders()), r.read()


def test_a_server_copy_that_only_cut_our_values_is_not_spread(machines, radicale, sandbox):
    """What happened before the escaping: Radicale (through vobject) had cut the unescaped
    `10:00,16:00` to `10:00` and the note at its first comma, then todoman marked the to-do done
    (STATUS, COMPLETED, PERCENT-COMPLETE, a new LAST-MODIFIED; DTSTAMP kept). The server copy is
    made so here, in the form earlier versions wrote (no X-MOSCOWTIME-MODIFIED). A machine whose
    copy did not change keeps its whole values, takes the day done, and sends the whole values
    back, so the other machine gets them too."""
    a, b = machines
    make_items(lambda args: a(*args, at="2026-11-22T09:00:00Z"), sound_file(sandbox))
    a.setup(radicale); a("sync", at="2026-11-22T09:01:00Z")
    b.setup(radicale); b("sync", at="2026-11-22T09:02:00Z")
    water = a.habit("Water")
    hid = water["id"]
    url = habits_collection(radicale) + f"habit-{hid}.ics"
    status, headers, body = dav(url, "GET")
    assert status == 200
    text = body.decode()
    cut = re.sub(r"X-MOSCOWTIME-REMINDERS:[^\r\n]*", "X-MOSCOWTIME-REMINDERS:10:00", text.replace("\r\n ", ""))
    cut = re.sub(r"(X-MOSCOWTIME-DAY-NOTE;X-DATE=20261120:)[^\r\n]*", r"\1a", cut)
    cut = re.sub(r"X-MOSCOWTIME-UNIT:[^\r\n]*", "X-MOSCOWTIME-UNIT:стакан", cut)
    cut = re.sub(r"X-MOSCOWTIME-MODIFIED:[^\r\n]*\r\n", "", cut)
    cut = re.sub(r"LAST-MODIFIED:[^\r\n]*", "LAST-MODIFIED:20261122T110000Z", cut)
    cut = cut.replace("END:VTODO", "STATUS:COMPLETED\r\nCOMPLETED:20261122T110000Z\r\nPERCENT-COMPLETE:100\r\nEND:VTODO")
    assert "X-MOSCOWTIME-REMINDERS:10:00\r\n" in cut and "X-MOSCOWTIME-MODIFIED" not in cut
    status, _, _ = dav(url, "PUT", cut.encode(), {"If-Match": headers["ETag"], "Content-Type": "text/calendar; charset=utf-8"})
    assert status in (201, 204)

    b("sync", at="2026-11-22T12:00:00Z")
    got = b.habit("Water")
    assert got["reminders"] == ["10:00", "16:00"] and got["numeric"]["unit"] == UNIT
    assert got["frequency"] == water["frequency"]
    assert got["entries"] == {"2026-11-20": [3, NOTE], "2026-11-22": 8}
    a("sync", at="2026-11-22T12:01:00Z")
    assert a.habit("Water") == got
    # The server has the whole values again.
    _, _, body = dav(url, "GET")
    todo = vobject.readOne(body.decode()).vtodo
    assert todo.contents["x-moscowtime-reminders"][0].value == "10:00,16:00"
    assert todo.contents["x-moscowtime-day-note"][0].value == NOTE
