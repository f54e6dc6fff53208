# SPDX-License-Identifier: GPL-3.0-or-later
"""`agent-cli list` marks an alarm the last sync held (its server copy says what alarms cannot),
in English and Russian and in `--json`, until it is settled."""
from __future__ import annotations

import json

import icalendar
import pytest

from test_caldav_other_programs import edit_server_copy
from test_caldav_sync import machines, radicale, server_clock  # noqa: F401 (fixtures)

pytestmark = pytest.mark.agent


def test_list_marks_a_held_alarm_until_it_is_settled(machines, radicale):
    a, _ = machines
    a("add", "7:30", "--days", "weekdays", "--label", "Work", at="2026-11-22T09:00:00Z")
    a("add", "8:00", "--days", "weekdays", "--label", "Gym", at="2026-11-22T09:00:00Z")
    a.setup(radicale); a("sync", at="2026-11-22T09:01:00Z")
    aid = a.alarms()["Work"]["id"]
    assert "not synced" not in a("list", at="2026-11-22T09:02:00Z").stdout

    def monthly(ev):
        ev["RRULE"] = icalendar.vRecur({"FREQ": "MONTHLY", "BYMONTHDAY": 25})
    edit_server_copy(radicale, aid, monthly)
    a("sync", at="2026-11-22T10:00:00Z")
    rows = {line.split()[-1]: line for line in a("list", at="2026-11-22T10:01:00Z").stdout.splitlines()[1:]}
    assert "not synced (see agent-cli status)" in rows["Work"] and "not synced" not in rows["Gym"], rows
    held = {x["label"]: x["held"] for x in json.loads(a("list", "--json", at="2026-11-22T10:01:00Z").stdout)}
    assert held == {"Work": True, "Gym": False}

    a("settings", "language", "ru", at="2026-11-22T10:01:00Z")
    ru = a("list", at="2026-11-22T10:01:00Z").stdout
    assert "не синхронизируется (см. agent-cli status)" in ru, ru

    a("sync", "--keep-local", aid, at="2026-11-22T10:02:00Z")
    assert "not synced" not in a("list", at="2026-11-22T10:03:00Z").stdout
