# SPDX-License-Identifier: GPL-3.0-or-later
"""Zone names, differentially against Python's zoneinfo (code no one here wrote): agent-cli
accepts exactly the zones of the system's tz database — every one of them, old and backward names
included — normalises their spelling, and refuses right/…, posix/… and malformed names with a
reason, changing nothing."""
from __future__ import annotations

import random
import zoneinfo

import pytest

# Python lists `localtime`, a link to the system's own setting: not a zone name, refused on purpose.
DATABASE = sorted(zoneinfo.available_timezones() - {"localtime"})


def test_the_completion_lists_exactly_the_tz_database(cli):
    r = cli(["__complete", "zone"])
    assert r.rc == 0, r
    assert r.stdout.splitlines() == DATABASE


@pytest.mark.parametrize("name", ["GMT", "Japan", "W-SU", "EST5EDT", "UTC", "Europe/Moscow",
                                  "America/Argentina/Buenos_Aires", "Etc/GMT-3", "Factory"])
def test_named_zones_are_accepted(cli, name):
    r = cli(["settings", "zone", name])
    assert r.rc == 0 and r.stdout == f"zone = {name}\n", r


def test_a_sample_of_every_zone_is_accepted(cli):
    rng = random.Random(11)
    for name in rng.sample(DATABASE, 60):
        r = cli(["settings", "zone", name])
        assert r.rc == 0 and r.stdout == f"zone = {name}\n", (name, r)


@pytest.mark.parametrize("given,stored", [("europe/moscow", "Europe/Moscow"), ("w-su", "W-SU"), ("  Asia/Tokyo ", "Asia/Tokyo")])
def test_spelling_is_normalised(cli, given, stored):
    r = cli(["settings", "zone", given])
    assert r.rc == 0 and r.stdout == f"zone = {stored}\n", r


@pytest.mark.parametrize("name,says", [
    ("right/Europe/Berlin", "is from the right/ copy of the tz database, which is not for clocks: use Europe/Berlin"),
    ("posix/Europe/Berlin", "use Europe/Berlin"),
    ("Europe//Berlin", "unknown time zone \"Europe//Berlin\""),
    ("Europe/Berlin/", "unknown time zone"),
    ("UTC+3", "unknown time zone"),
    ("localtime", "unknown time zone"),
    ("zone.tab", "unknown time zone"),
    ("../../etc/passwd", "unknown time zone"),
])
def test_refused_with_a_reason(cli, name, says):
    before = cli(["settings", "zone"]).stdout
    r = cli(["settings", "zone", name])
    assert r.rc == 2 and says in r.stderr and r.stderr.count("\n") == 1, r
    assert cli(["settings", "zone"]).stdout == before


@pytest.mark.parametrize("name", ["UTC", "Etc/UTC", "GMT"])
def test_an_alarm_in_utc_exports_and_reads_back(cli, sandbox, name):
    """libical has no VTIMEZONE for UTC and its aliases: the export writes one with offset 0 instead
    of failing, and both our import and python's recurring_ical_events read the alarm back."""
    import datetime as dt
    import json
    from pathlib import Path

    import icalendar
    import recurring_ical_events
    now = {"MOSCOWTIME_NOW": "2026-11-25T09:00:00Z"}
    assert cli(["settings", "zone", name], env=now).rc == 0
    assert cli(["add", "07:00", "--days", "everyday", "--label", "U"], env=now).rc == 0
    path = Path(sandbox.env["HOME"]) / "u.ics"
    r = cli(["export", "--ics", str(path)], env=now)
    assert r.rc == 0, r.stderr
    cal = icalendar.Calendar.from_ical(path.read_bytes())
    starts = [e["DTSTART"].dt.astimezone(dt.timezone.utc) for e in
              recurring_ical_events.of(cal).between(dt.datetime(2026, 11, 26), dt.datetime(2026, 11, 28))]
    assert starts == [dt.datetime(2026, 11, 26, 7, tzinfo=dt.timezone.utc), dt.datetime(2026, 11, 27, 7, tzinfo=dt.timezone.utc)]
    [alarm] = json.loads(cli(["list", "--json"], env=now).stdout)
    assert cli(["rm", alarm["id"]], env=now).rc == 0
    assert cli(["import", str(path)], env=now).rc == 0
    [back] = json.loads(cli(["list", "--json"], env=now).stdout)
    assert back["next"] == "2026-11-26T07:00:00+00:00"


def test_show_names_the_zone_an_alarm_keeps(cli, sandbox):
    """An alarm kept in the zone it was made in (another program's event, an import) shows that
    zone, not the machine's (issue 36: `show` said Europe/Moscow for a Berlin alarm)."""
    import json
    store = sandbox.xdg.data / "moscowtime" / "store.json"
    store.parent.mkdir(parents=True, exist_ok=True)
    alarm = {"id": "0a1b2c3d", "label": "Berlin", "enabled": True, "zone": "Europe/Berlin",
             "schedule": {"kind": "weekly", "time": "07:30", "days": ["mon", "wed"]},
             "created": "2026-11-01T00:00:00Z", "modified": "2026-11-01T00:00:00Z"}
    store.write_text(json.dumps({"schemaVersion": 1, "settings": {}, "alarms": [alarm], "habits": []}))
    r = cli(["show", "0a1b"], env={"MOSCOWTIME_NOW": "2026-11-21T12:00:00Z"})
    assert r.rc == 0 and "07:30 (Europe/Berlin)" in r.stdout, r
