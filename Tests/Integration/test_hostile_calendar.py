# SPDX-License-Identifier: GPL-3.0-or-later
"""Hostile calendar files against `agent-cli import`: a TZID that is a path to a FIFO, components nested
100 000 deep, a 10 MB line, a file or a component count over the limit. Each is refused (or the event
skipped) quickly with a message that names the limit, the store byte-identical after a refusal; a large
legitimate import still finishes in seconds."""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.agent

NOW = {"MOSCOWTIME_NOW": "2026-11-22T12:00:00Z", "LANG": "C.UTF-8", "LANGUAGE": ""}
RU = {**NOW, "LANG": "ru_RU.UTF-8"}


def store(sandbox) -> Path:
    return Path(sandbox.env["XDG_DATA_HOME"]) / "moscowtime" / "store.json"


def calendar(*body: str) -> bytes:
    return ("\r\n".join(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//hostile//EN", *body, "END:VCALENDAR"]) + "\r\n").encode()


def event(uid: str, summary: str, start: str, *extra: str) -> list[str]:
    return ["BEGIN:VEVENT", f"UID:{uid}", f"SUMMARY:{summary}", start, *extra,
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT10M", "END:VALARM", "END:VEVENT"]


@pytest.fixture
def home(cli, sandbox):
    """A store with one alarm, and a place for the hostile files."""
    r = cli(["add", "7:00", "--label", "Keep me"], env=NOW)
    assert r.rc == 0, r.stderr
    return Path(sandbox.env["HOME"])


def refused(cli, sandbox, path: Path, *expected: str, within: float = 10.0):
    """Imports `path`, expecting a refusal (exit 2) whose one-line message holds `expected`, the store
    unchanged, after at most `within` seconds of CPU (the wall clock would count the tests running
    beside it; the timeout, several times that, is a bound for a hang)."""
    before = store(sandbox).read_bytes()
    started = time.monotonic()
    r = cli(["import", str(path)], env=NOW, timeout=6 * within)
    elapsed = time.monotonic() - started
    assert r.rc == 2, (r.rc, r.stdout, r.stderr[:500])
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr[:500]
    for text in expected:
        assert text in r.stderr, r.stderr
    assert r.cpu_seconds < within, f"refused after {r.cpu_seconds:.1f} s of CPU ({elapsed:.1f} s)"
    assert store(sandbox).read_bytes() == before
    return r


def test_a_tzid_that_is_a_path_to_a_fifo_is_never_opened(cli, sandbox, home):
    fifo = home / "zone-fifo"
    os.mkfifo(fifo)
    tzid = "../" * 24 + str(fifo).lstrip("/")
    path = home / "fifo.ics"
    path.write_bytes(calendar(*event("evil@x", "Evil zone", f"DTSTART;TZID={tzid}:20270105T090000"),
                              *event("fine@x", "Fine zone", "DTSTART;TZID=Europe/Berlin:20270105T090000")))
    before = store(sandbox).read_bytes()
    r = cli(["import", str(path)], env=NOW, timeout=10)  # before the fix: blocked for ever on the FIFO
    assert r.rc == 0, r.stderr
    assert f'warning: event "Evil zone" (UID evil@x): its time zone "{tzid}" is neither a tz database name' in r.stdout, r.stdout
    assert "1 new alarm" in r.stdout, r.stdout
    labels = [a["label"] for a in json.loads(cli(["list", "--json"], env=NOW).stdout)]
    assert labels == ["Keep me", "Fine zone"]
    assert store(sandbox).read_bytes() != before
    ru = cli(["import", "--dry-run", str(path)], env=RU, timeout=10)
    assert ru.rc == 0 and "Europe/Moscow" in ru.stdout and "Evil zone" in ru.stdout, ru.stdout


def test_a_zone_name_with_a_path_is_refused_by_settings_too(cli, sandbox, home):
    fifo = home / "settings-fifo"
    os.mkfifo(fifo)
    r = cli(["settings", "zone", "../" * 24 + str(fifo).lstrip("/")], env=NOW, timeout=10)
    assert r.rc == 2 and "unknown time zone" in r.stderr, r.stderr


def test_components_nested_100000_deep_are_refused_naming_the_limit(cli, sandbox, home):
    n = 100_000
    path = home / "nested.ics"
    path.write_bytes(calendar(*(f"BEGIN:X-{k}" for k in range(n)), *(f"END:X-{k}" for k in reversed(range(n)))))
    r = refused(cli, sandbox, path, f"{path}, line 19: components are nested more than 16 deep")
    ru = cli(["import", str(path)], env=RU)
    assert ru.rc == 2 and "16" in ru.stderr and "строка 19" in ru.stderr, ru.stderr
    assert r.stdout == ""


def test_a_10_megabyte_line_is_refused_quickly(cli, sandbox, home):
    path = home / "long.ics"
    path.write_bytes(calendar(*event("long@x", "x" * (10 << 20), "DTSTART:20270105T090000Z")))
    refused(cli, sandbox, path, f"{path}, line 6:", "longer than 256 KiB", within=5)
    # Folded into continuation lines it is the same logical line.
    folded = home / "folded.ics"
    chunks = ["SUMMARY:start"] + [" " + "y" * 70] * ((300 << 10) // 70)
    folded.write_bytes(calendar("BEGIN:VEVENT", "UID:f@x", *chunks, "DTSTART:20270105T090000Z", "END:VEVENT"))
    refused(cli, sandbox, folded, f"{folded}, line 6:", "longer than 256 KiB", within=5)


def test_a_file_over_16_mib_is_refused_before_it_is_read(cli, sandbox, home):
    path = home / "huge.ics"
    with open(path, "wb") as f:
        f.write(calendar())
        f.truncate((16 << 20) + 1)  # sparse: cheap to make
    refused(cli, sandbox, path, f"cannot read {path}:", str(16 << 20), within=3)


def test_more_than_100000_components_are_refused_naming_the_limit(cli, sandbox, home):
    path = home / "many.ics"
    path.write_bytes(calendar(*(line for k in range(100_000) for line in ("BEGIN:VTODO", f"UID:t{k}", "END:VTODO"))))
    refused(cli, sandbox, path, f"{path}, line {3 + 3 * 99_999 + 1}:", "more than 100000 components", within=10)


def test_a_million_lines_are_refused_and_blank_ones_cost_nothing(cli, sandbox, home):
    path = home / "lines.ics"
    path.write_bytes(calendar(*["X-A:b"] * 1_000_000))
    refused(cli, sandbox, path, f"{path}, line 1000001: the file has more than 1000000 lines", within=10)
    blank = home / "blank.ics"
    blank.write_bytes(b"BEGIN:VCALENDAR\r\n" + b"\n" * (15 << 20) + b"END:VCALENDAR\r\n")
    r = cli(["import", str(blank)], env=NOW, timeout=120)
    assert r.rc == 0 and "no alarms or habits" in r.stdout, (r.stdout, r.stderr)
    assert r.cpu_seconds < 20, f"{r.cpu_seconds:.1f} s of CPU"


def test_10000_events_import_in_seconds(cli, sandbox, home):
    lines = []
    for k in range(10_000):
        rule = ["RRULE:FREQ=WEEKLY;BYDAY=MO,WE"] if k % 2 else []
        lines += event(f"e{k}@x", f"Event {k}", "DTSTART:20270105T%02d%02d00Z" % (k // 60 % 24, k % 60), *rule)
    path = home / "big.ics"
    path.write_bytes(calendar(*lines))
    r = cli(["import", str(path)], env=NOW, timeout=180)
    assert r.rc == 0, r.stderr[:500]
    assert r.stdout.strip().endswith(f"Imported from {path}: 10000 new alarms."), r.stdout[-500:]
    # CPU time: about 4 s in a debug build, under 2 s released.
    assert r.cpu_seconds < 20, f"{r.cpu_seconds:.1f} s of CPU"


def test_a_series_that_starts_months_ahead_never_rings_before_it_starts(cli, sandbox):
    path = Path(sandbox.env["HOME"]) / "later.ics"
    path.write_bytes(calendar(*event("w@x", "Later weekly", "DTSTART;TZID=Europe/Moscow:20270301T090000", "RRULE:FREQ=WEEKLY;BYDAY=MO,WE"),
                              *event("d@x", "Later daily", "DTSTART;TZID=Europe/Moscow:20270301T100000", "RRULE:FREQ=DAILY")))
    r = cli(["import", str(path)], env=NOW)
    assert r.rc == 0 and "2 new alarms" in r.stdout, (r.stdout, r.stderr)
    upcoming = json.loads(cli(["next", "--count", "5", "--json"], env=NOW).stdout)
    assert [(e["label"], e["at"][:16]) for e in upcoming] == [
        ("Later weekly", "2027-03-01T08:50"), ("Later daily", "2027-03-01T09:50"), ("Later daily", "2027-03-02T09:50"),
        ("Later weekly", "2027-03-03T08:50"), ("Later daily", "2027-03-03T09:50")], upcoming
    listed = cli(["list"], env=NOW).stdout
    assert "Mon, Wed from 2027-03-01" in listed and "Every day from 2027-03-01" in listed, listed
    assert "Пн, Ср с 2027-03-01" in cli(["list"], env=RU).stdout


@pytest.mark.parametrize("interval", ["65537", "131074", "4294967297"])
def test_an_interval_the_model_cannot_hold_is_refused_naming_the_event(cli, sandbox, home, interval):
    path = home / "interval.ics"
    path.write_bytes(calendar(*event("i@x", "Every so often", "DTSTART;TZID=Europe/Moscow:20261201T100000",
                                     f"RRULE:FREQ=DAILY;INTERVAL={interval}")))
    before = store(sandbox).read_bytes()
    r = cli(["import", str(path)], env=NOW)
    assert r.rc == 0, r.stderr
    assert (f'warning: event "Every so often" (UID i@x): INTERVAL={interval} is out of range: '
            f'alarms repeat every 1 to 3650 days; skipped') in r.stdout, r.stdout
    assert store(sandbox).read_bytes() == before


def test_one_date_range_for_the_cli_the_store_import_and_export(cli, sandbox, home):
    r = cli(["add", "9:00", "--once", "9999-12-31"], env=NOW)
    assert r.rc == 2 and "invalid --once 9999-12-31: expected a date from 2000-01-01 to 2199-12-31" in r.stderr, r.stderr
    r = cli(["add", "9:00", "--every", "3", "--from", "2200-01-01"], env=NOW)
    assert r.rc == 2 and "invalid --from 2200-01-01" in r.stderr, r.stderr
    for args in (["add", "9:00", "--once", "2199-12-31", "--label", "Last day"],
                 ["add", "23:59", "--every", "3650", "--from", "2199-12-31", "--label", "Last start"]):
        r = cli(args, env=NOW)
        assert r.rc == 0, r.stderr
    exported = home / "range.ics"
    assert cli(["export", "--ics", str(exported)], env=NOW).rc == 0
    other = {**NOW, "XDG_DATA_HOME": str(home / "other-data")}
    r = cli(["import", str(exported)], env=other)
    assert r.rc == 0 and "warning" not in r.stdout, r.stdout
    mine = json.loads(cli(["list", "--json"], env=NOW).stdout)
    theirs = json.loads(cli(["list", "--json"], env=other).stdout)
    assert theirs == mine
    # A store written by an older version, which took any year, still loads with every alarm:
    # its days are brought into the range (9999 → 2199-12-31; a series from 1990 keeps its rhythm).
    doc = json.loads(store(sandbox).read_text())
    once = next(a for a in doc["alarms"] if a["schedule"]["kind"] == "once")
    once["schedule"]["date"] = "9999-12-31"
    doc["alarms"].append(dict(once, id="0badda7e", label="Since 1990",
                              schedule={"kind": "every", "intervalDays": 7, "start": "1990-01-01", "time": "08:00"}))
    store(sandbox).write_text(json.dumps(doc))
    r = cli(["list", "--json"], env=NOW)
    assert r.rc == 0, r.stderr
    loaded = {a["id"]: a["schedule"] for a in json.loads(r.stdout)}
    assert loaded[once["id"]]["date"] == "2199-12-31"
    # 1990-01-01 was a Monday, and so is 2000-01-03: seven days apart ever since.
    assert loaded["0badda7e"]["start"] == "2000-01-03", loaded["0badda7e"]
    # An event in 9999 is skipped by name.
    far = home / "far.ics"
    far.write_bytes(calendar(*event("far@x", "Far", "DTSTART;TZID=Europe/Moscow:99991201T100000")))
    r = cli(["import", "--dry-run", str(far)], env=other)
    assert 'warning: event "Far" (UID far@x): its date 9999-12-01 is outside the years 2000 to 2199' in r.stdout, r.stdout


CONTROLS = ("\x1b", "\x07", "\x9b", "\r", "\x00", "\x7f")


def no_controls(text: str) -> bool:
    return not any(c in text for c in CONTROLS) and not any(0x80 <= ord(c) < 0xA0 for c in text)


@pytest.mark.parametrize("env", [NOW, RU], ids=["en", "ru"])
def test_outside_text_never_drives_the_terminal(cli, sandbox, home, env):
    # An event whose title carries ESC, BEL, a C1 CSI and a bare CR (escaped as iCalendar text allows).
    path = home / "controls.ics"
    title = "Evil\x1b]0;owned\x07 \x9b31m red\rover"
    path.write_bytes(calendar(*event("c@x", title, "DTSTART;TZID=Europe/Berlin:20270105T090000", "RRULE:FREQ=WEEKLY")))
    r = cli(["import", "--dry-run", str(path)], env=env)
    assert r.rc == 0 and no_controls(r.stdout + r.stderr), repr(r.stdout)
    assert "\\x1b]0;owned\\x07 \\x9b31m red\\rover" in r.stdout, repr(r.stdout)
    # A path of control characters, and a URL with an escape inside.
    r = cli(["import", str(home / "\x1b[2J\x07\r.ics")], env=env)
    assert r.rc == 2 and no_controls(r.stderr) and "\\x1b[2J\\x07\\r.ics" in r.stderr, repr(r.stderr)
    r = cli(["sync", "setup", "http://exa\x1bmple.org/dav/"], env=env, input="")
    assert r.rc != 0 and no_controls(r.stdout + r.stderr) and "exa\\x1bmple" in r.stderr, repr(r.stderr)


def mutations(seed: int, good: list[str], fifo: Path) -> list[bytes]:
    """Seeded hostile variants of a good calendar: flipped bytes, controls, huge numbers, hostile zones,
    deep nesting, duplicated and dropped lines, truncation."""
    import random
    rng = random.Random(seed)
    pieces = ["\x1b[2J", "\x07", "\x9b", "\r", "\x00", "\ud7ff", "é", "9" * 30, "-1", "4294967297", "65537",
              ";TZID=" + "../" * 20 + str(fifo).lstrip("/"), ";TZID=/etc/passwd", ";VALUE=DATE", ":", ";", "\\", "\\n"]
    out = []
    for _ in range(120):
        lines = list(good)
        for _ in range(rng.randint(1, 4)):
            k = rng.randrange(len(lines))
            op = rng.randrange(7)
            if op == 0:
                at = rng.randrange(len(lines[k]) + 1)
                lines[k] = lines[k][:at] + rng.choice(pieces) + lines[k][at:]
            elif op == 1:
                lines.insert(k, lines[k])
            elif op == 2 and len(lines) > 1:
                del lines[k]
            elif op == 3:
                lines[k:k] = [f"BEGIN:X-{n}" for n in range(rng.choice([5, 20, 3000]))]
            elif op == 4:
                lines[k] = lines[k].split(":")[0] + ":" + rng.choice(pieces) * rng.randint(1, 3)
            elif op == 5:
                lines.insert(k, rng.choice(["RRULE:FREQ=DAILY;INTERVAL=" + rng.choice(pieces), "TRIGGER:-P99999999W",
                                            "DTSTART:99991231T000000Z", "RRULE:FREQ=WEEKLY;BYDAY=65537MO"]))
            else:
                lines = lines[:k]
        data = ("\r\n".join(lines) + "\r\n").encode("utf-8", "surrogatepass")
        if rng.randrange(10) == 0:
            data = data[:rng.randrange(len(data) + 1)]
        out.append(data)
    return out


def test_fuzzed_calendars_exit_as_documented_and_change_nothing_when_refused(cli, sandbox, home):
    fifo = home / "fuzz-fifo"
    os.mkfifo(fifo)
    exported = home / "own.ics"
    assert cli(["add", "8:00", "--days", "mon,wed", "--label", "Own"], env=NOW).rc == 0
    assert cli(["export", "--ics", str(exported)], env=NOW).rc == 0
    good = exported.read_text().replace("\r\n", "\n").rstrip("\n").split("\n")
    good = good[:-1] + event("f@x", "Foreign", "DTSTART;TZID=Europe/Moscow:20270105T090000", "RRULE:FREQ=DAILY;INTERVAL=2") + good[-1:]
    path = home / "fuzz.ics"
    outcomes: dict[int, int] = {}
    for data in mutations(22, good, fifo):
        path.write_bytes(data)
        before = store(sandbox).read_bytes()
        r = cli(["import", str(path)], env=NOW, timeout=10)  # a hang fails here
        outcomes[r.rc] = outcomes.get(r.rc, 0) + 1
        assert r.rc in (0, 1, 2), (r.rc, data[:300], r.stderr[-300:])
        assert no_controls(r.stdout + r.stderr), repr((r.stdout + r.stderr)[-300:])
        if r.rc != 0:
            assert store(sandbox).read_bytes() == before, data[:300]
            assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert outcomes.get(0, 0) > 5 and outcomes.get(2, 0) > 20, outcomes


def test_an_export_larger_than_import_reads_says_so(cli, sandbox, home):
    doc = json.loads(store(sandbox).read_text())
    first = doc["alarms"][0]
    doc["alarms"] = [dict(first, id="%08x" % k, label=f"Alarm {k}, a label long enough to fill the export")
                     for k in range(48_000)]
    store(sandbox).write_text(json.dumps(doc))
    path = home / "big-export.ics"
    r = cli(["export", "--ics", str(path)], env=NOW, timeout=60)
    assert r.rc == 0 and path.stat().st_size > 16 << 20
    assert "warning: the export is larger than 16 MiB, the most import reads back" in r.stdout, r.stdout
    refused(cli, sandbox, path, "16777216", within=10)
