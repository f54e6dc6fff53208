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
