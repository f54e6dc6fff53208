# SPDX-License-Identifier: GPL-3.0-or-later
"""When an alarm rings, differentially against Python's zoneinfo (code no one here wrote): for a
sample of the tz database's zones and for clocks pinned just before their daylight-saving changes
(and in years past the files' last transitions, where the footer's rule applies), the next ring
`agent-cli list --json` gives for everyday alarms at local times around the change is the instant
zoneinfo gives, with the documented rule for times that do not exist (the first instant after the
gap) and times that occur twice (the first occurrence)."""
from __future__ import annotations

import json
import random
import zoneinfo
from datetime import date, datetime, time, timedelta, timezone

import pytest

DATABASE = sorted(zoneinfo.available_timezones() - {"localtime"})
TRICKY = ["Europe/Moscow", "Europe/Berlin", "America/New_York", "Australia/Sydney", "America/Santiago",
          "Australia/Lord_Howe", "Europe/Dublin", "Africa/Casablanca", "America/Nuuk", "Antarctica/Troll",
          "Pacific/Chatham", "Asia/Tehran", "America/St_Johns", "Asia/Gaza", "America/Havana"]
ZONES = TRICKY + random.Random(5545).sample([z for z in DATABASE if z not in TRICKY], 25)
TIMES = ["00:00", "00:30", "01:30", "02:00", "02:30", "03:00", "03:30", "12:00", "23:30"]
UTC = timezone.utc


def resolve(zone: zoneinfo.ZoneInfo, day: date, hhmm: str) -> datetime:
    """The instant the wall clock of `zone` shows `day` `hhmm`: the first occurrence when it shows it
    twice, the first instant after the gap when it never does."""
    local = datetime.combine(day, time.fromisoformat(hhmm))
    first = local.replace(tzinfo=zone, fold=0).astimezone(UTC)
    if first.astimezone(zone).replace(tzinfo=None) == local:
        return first
    # A gap: the change itself lies between the readings with the offsets either side of it.
    low = int(local.replace(tzinfo=UTC).timestamp()) - 26 * 3600
    high = int(local.replace(tzinfo=UTC).timestamp()) + 26 * 3600
    while high - low > 1:
        mid = (low + high) // 2
        if datetime.fromtimestamp(mid, zone).replace(tzinfo=None) >= local:
            high = mid
        else:
            low = mid
    return datetime.fromtimestamp(high, UTC)


def next_ring(zone: zoneinfo.ZoneInfo, now: datetime, hhmm: str) -> datetime:
    today = now.astimezone(zone).date()
    return min(t for d in range(-1, 3) if (t := resolve(zone, today + timedelta(days=d), hhmm)) > now)


def changes(zone: zoneinfo.ZoneInfo, year: int) -> list[datetime]:
    """The instants of `year` at which the zone's offset changes (hourly scan, then to the second)."""
    out = []
    t = datetime(year, 1, 1, tzinfo=UTC)
    end = datetime(year + 1, 1, 1, tzinfo=UTC)
    while t < end:
        step = t + timedelta(hours=1)
        if t.astimezone(zone).utcoffset() != step.astimezone(zone).utcoffset():
            low, high = int(t.timestamp()), int(step.timestamp())
            while high - low > 1:
                mid = (low + high) // 2
                if datetime.fromtimestamp(mid, zone).utcoffset() == t.astimezone(zone).utcoffset():
                    low = mid
                else:
                    high = mid
            out.append(datetime.fromtimestamp(high, UTC))
        t = step
    return out


def pinned_clocks(name: str) -> list[datetime]:
    """A day before each change of 2026 and of 2041 (after every file's last transition), and an
    ordinary moment; seconds at :17 so that no alarm is due at the pinned instant itself."""
    zone = zoneinfo.ZoneInfo(name)
    clocks = [datetime(2026, 11, 27, 9, 41, 17, tzinfo=UTC)]
    for year in (2026, 2041):
        for change in changes(zone, year):
            clocks += [change - timedelta(hours=30, seconds=43), change - timedelta(hours=6, seconds=43)]
    return clocks


@pytest.fixture
def store_with_alarms(cli):
    for hhmm in TIMES:
        r = cli(["add", hhmm, "--days", "everyday", "--label", hhmm], env={"MOSCOWTIME_NOW": "2026-01-01T00:00:00Z"})
        assert r.rc == 0, r
    return cli


@pytest.mark.parametrize("name", ZONES)
def test_next_rings_agree_with_zoneinfo(store_with_alarms, name):
    cli = store_with_alarms
    assert cli(["settings", "zone", name]).rc == 0
    zone = zoneinfo.ZoneInfo(name)
    wrong = []
    for now in pinned_clocks(name):
        r = cli(["list", "--json"], env={"MOSCOWTIME_NOW": now.strftime("%Y-%m-%dT%H:%M:%SZ")})
        assert r.rc == 0, r
        for alarm in json.loads(r.stdout):
            ours = datetime.fromisoformat(alarm["next"])
            expected = next_ring(zone, now, alarm["label"])
            if ours != expected:
                wrong.append(f"now {now:%Y-%m-%dT%H:%M:%SZ} {alarm['label']}: {ours.isoformat()} vs zoneinfo {expected.astimezone(zone).isoformat()}")
    assert not wrong, f"{name}:\n" + "\n".join(wrong[:20])
