# SPDX-License-Identifier: GPL-3.0-or-later
"""Skip the next ring, and a holiday for one alarm (issue 21 §2): `agent-cli skip`/`unskip` and
`disable --until`, through `next`, `list`, `show`, the store, the iCalendar export (EXDATE, read by
python's recurring_ical_events) and import (another program's "delete this occurrence"), and the
running agent on a pinned clock, which stays silent on the skipped day and rings the day after."""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import icalendar
import pytest
import recurring_ical_events

from harness import wait_until
from harness.alarms import iso_z, new_alarm_id, store_document
from harness.clock import pin_clock

pytestmark = pytest.mark.agent

MSK = ZoneInfo("Europe/Moscow")
# Wednesday 25 November 2026, noon in Moscow.
NOW = {"MOSCOWTIME_NOW": "2026-11-25T09:00:00Z", "LANG": "C.UTF-8", "LANGUAGE": ""}


def added(cli, *args: str) -> str:
    r = cli(["add", *args, "--json"], env=NOW)
    assert r.rc == 0, r.stderr
    return json.loads(r.stdout)["id"]


def next_days(cli, alarm_id: str, count: int = 4) -> list[str]:
    r = cli(["next", "--count", "20", "--json"], env=NOW)
    return [e["at"][:10] for e in json.loads(r.stdout) if e["id"] == alarm_id][:count]


def test_skip_takes_out_exactly_the_rings_next_promised(cli, sandbox):
    a = added(cli, "07:00", "--days", "everyday", "--label", "Run")
    assert next_days(cli, a) == ["2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"]
    r = cli(["skip", "Run", "--count", "2"], env=NOW)
    assert r.rc == 0 and "skips 2 rings: Thursday, 26 November 2026; Friday, 27 November 2026." in r.stdout, r.stdout
    assert next_days(cli, a) == ["2026-11-28", "2026-11-29", "2026-11-30", "2026-12-01"]
    [item] = json.loads(cli(["list", "--json"], env=NOW).stdout)
    assert item["skipped"] == ["2026-11-26", "2026-11-27"] and item["next"].startswith("2026-11-28T07:00")
    assert "on, skips 2 rings" in cli(["list"], env=NOW).stdout
    ru = cli(["list"], env={**NOW, "LANG": "ru_RU.UTF-8"}).stdout
    assert "вкл, пропустит 2 звонка" in ru
    # One more skip goes on from there.
    assert cli(["skip", a], env=NOW).rc == 0
    assert next_days(cli, a)[0] == "2026-11-29"
    # Bad input changes nothing and says why.
    store = sandbox.xdg.data / "moscowtime" / "store.json"
    before = store.read_bytes()
    for args, says in ((["skip", a, "--count", "0"], "--count 0"), (["skip", a, "--count", "101"], "--count 101"),
                       (["skip", "nope"], "nope"), (["disable", a, "--until", "2026-11-25"], "--until 2026-11-25"),
                       (["disable", a, "--until", "2028-01-01"], "at most 366 days")):
        r = cli(args, env=NOW)
        assert r.rc == 2 and says in r.stderr and store.read_bytes() == before, (args, r)
    assert cli(["unskip", a], env=NOW).rc == 0
    assert next_days(cli, a)[0] == "2026-11-26"
    assert cli(["unskip", a], env=NOW).rc == 2


def test_disable_until_is_a_holiday_that_ends_by_itself(cli):
    a = added(cli, "06:30", "--days", "workdays", "--label", "Work")
    r = cli(["disable", "Work", "--until", "2026-12-07"], env=NOW)
    assert r.rc == 0 and "off until Monday, 7 December 2026" in r.stdout
    [item] = json.loads(cli(["list", "--json"], env=NOW).stdout)
    assert item["enabled"] is True and item["offUntil"] == "2026-12-07"
    assert next_days(cli, a, 2) == ["2026-12-07", "2026-12-08"]
    assert "off until Mon 2026-12-07" in cli(["list"], env=NOW).stdout
    # After that day it is an ordinary alarm again, without anyone switching it on.
    later = {**NOW, "MOSCOWTIME_NOW": "2026-12-08T09:00:00Z"}
    [item] = json.loads(cli(["list", "--json"], env=later).stdout)
    assert item["offUntil"] is None and item["next"].startswith("2026-12-09T06:30")
    assert cli(["enable", a], env=NOW).rc == 0
    assert next_days(cli, a, 1) == ["2026-11-26"]


def test_skips_travel_as_exdate_both_ways(cli, sandbox):
    a = added(cli, "07:00", "--days", "everyday", "--label", "Run")
    assert cli(["skip", a, "--count", "2"], env=NOW).rc == 0
    path = Path(sandbox.env["HOME"]) / "run.ics"
    assert cli(["export", "--ics", str(path)], env=NOW).rc == 0
    cal = icalendar.Calendar.from_ical(path.read_bytes())
    days = {e["DTSTART"].dt.astimezone(MSK).date().isoformat()
            for e in recurring_ical_events.of(cal).between(datetime(2026, 11, 25, 12, tzinfo=MSK), datetime(2026, 12, 1, tzinfo=MSK))}
    assert days == {"2026-11-28", "2026-11-29", "2026-11-30"}
    # Another program deletes one more occurrence (as Thunderbird or khal do: an EXDATE).
    [event] = cal.walk("VEVENT")
    event.add("exdate", datetime(2026, 11, 29, 7, 0), parameters={"TZID": "Europe/Moscow"})
    path.write_bytes(cal.to_ical())
    assert cli(["rm", a], env=NOW).rc == 0
    r = cli(["import", str(path)], env=NOW)
    assert r.rc == 0, r.stderr
    [item] = json.loads(cli(["list", "--json"], env=NOW).stdout)
    assert item["skipped"] == ["2026-11-26", "2026-11-27", "2026-11-29"]
    assert next_days(cli, a, 2) == ["2026-11-28", "2026-11-30"]


def test_the_agent_stays_silent_on_a_skipped_ring_and_rings_the_next(rig):
    start = datetime(2026, 11, 25, 7, 29, 50, tzinfo=MSK)
    pin_clock(rig.sandbox, start)
    stamp = iso_z(start - timedelta(hours=1))
    alarm = {"id": new_alarm_id(), "label": "Skip me", "enabled": True,
             "schedule": {"kind": "weekly", "time": "07:30", "days": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]},
             "created": stamp, "modified": stamp}
    rig.write_store(store_document([alarm]), written=start - timedelta(hours=1))
    rig.start_agent()
    r = rig.cli("skip", alarm["id"])
    assert "skips 1 ring: Wednesday, 25 November 2026" in r.stdout, r.stdout
    wait_until(lambda: (rig.next_for(alarm["id"]) or {}).get("at", "").startswith("2026-11-26T07:30"), 5,
               "the agent to promise tomorrow's ring")
    # A timer made now rings after 07:30 has passed: by then the skipped ring would have come.
    rig.timer(14, "Sentinel")
    rig.wait_for_ring("Sentinel", timeout=25)
    assert rig.rings("Skip me") == [] and rig.missed_reports() == [], [c.body for c in rig.missed_reports()]
    assert (rig.next_for(alarm["id"]) or {}).get("at", "").startswith("2026-11-26T07:30")


def _notices(rig):
    return [c for c in rig.mock.notify_calls() if c.hints.get("category") == "x-moscowtime.alarm.prenotice"]


def test_the_evening_notice_names_tomorrows_alarm_and_skip_skips_it(rig):
    evening = datetime(2026, 11, 25, 20, 59, 57, tzinfo=MSK)  # a Wednesday
    pin_clock(rig.sandbox, evening)
    stamp = iso_z(evening - timedelta(hours=1))
    work = {"id": new_alarm_id(), "label": "Work", "enabled": True, "schedule": {"kind": "workdays", "time": "06:30"},
            "created": stamp, "modified": stamp}
    quiet = {"id": new_alarm_id(), "label": "Quiet", "enabled": True, "wake": False,
             "schedule": {"kind": "weekly", "time": "05:00", "days": ["thu"]}, "created": stamp, "modified": stamp}
    rig.write_store(store_document([work, quiet], preNotice="21:00"), written=evening - timedelta(hours=1))
    rig.start_agent()
    [notice] = wait_until(lambda: _notices(rig) or None, 10, "the evening notice")
    # The first alarm tomorrow that wakes the computer (not the earlier one that does not).
    assert notice.summary == "Tomorrow 06:30 — Work" and notice.hints["urgency"] == 1
    assert notice.body.startswith("Thursday, 26 November 2026.")
    assert notice.actions == [("skip", "Skip"), ("ok", "OK")]
    rig.mock.emit_action_invoked(notice.id, "skip")
    wait_until(lambda: (rig.next_for(work["id"]) or {}).get("at", "").startswith("2026-11-27T06:30"), 5,
               "Thursday's ring to be skipped")
    assert rig.alarm(work["id"])["skipped"] == ["2026-11-26"]
    assert rig.cli_json("settings")["pre-notice"] == "21:00"
