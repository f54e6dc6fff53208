# SPDX-License-Identifier: GPL-3.0-or-later
"""Deletion records (tombstones) are pruned after TombstonePolicy's 180 days, on a real Radicale,
and a machine that comes back after longer than that still lets a deletion beat its older edits."""
from __future__ import annotations

from pathlib import Path

import pytest

from test_caldav_sync import machines, radicale, server_clock  # noqa: F401 (fixtures)

pytestmark = pytest.mark.agent


def server_alarms(sandbox) -> list[Path]:
    return sorted(sandbox.path("radicale").glob("collections/collection-root/alice/moscowtime-alarms/*.ics"))


def test_a_tombstone_is_pruned_after_180_days_on_the_server_and_on_every_machine(machines, radicale, sandbox):
    a, b = machines
    a("add", "7:30", "--label", "Gone")
    a("add", "8:00", "--label", "Keep")
    a.setup(radicale); a("sync", at="2026-11-22T10:01:00Z")
    b.setup(radicale); b("sync", at="2026-11-22T10:02:00Z")
    a("rm", "Gone", at="2026-11-23T10:00:00Z")
    a("sync", at="2026-11-23T10:01:00Z"); b("sync", at="2026-11-23T10:02:00Z")
    assert set(b.alarms()) == {"Keep"}
    assert len(b.store()["sync"]["deletedAlarms"]) == 1
    assert len(server_alarms(sandbox)) == 2 and any("STATUS:CANCELLED" in p.read_text() for p in server_alarms(sandbox))

    # 179 days on: still kept everywhere.
    a("sync", at="2027-05-21T10:00:00Z"); b("sync", at="2027-05-21T10:01:00Z")
    assert len(server_alarms(sandbox)) == 2
    assert a.store()["sync"].get("deletedAlarms") and b.store()["sync"].get("deletedAlarms")

    # 181 days on: the first machine to sync DELETEs the server copy and forgets it; the other
    # finds it gone and forgets its own. Nothing comes back.
    a("sync", at="2027-05-23T10:00:00Z")
    assert len(server_alarms(sandbox)) == 1 and "deletedAlarms" not in a.store()["sync"]
    r = b("sync", at="2027-05-23T10:01:00Z")
    assert "0 sent, 0 conflicts" in r.stdout
    assert "deletedAlarms" not in b.store()["sync"]
    a("sync", at="2027-05-23T10:02:00Z")
    assert set(a.alarms()) == set(b.alarms()) == {"Keep"} and len(server_alarms(sandbox)) == 1


def test_after_a_longer_absence_a_deletion_still_beats_an_older_edit(machines, radicale, sandbox):
    a, b = machines
    a("add", "7:30", "--label", "Old edit")
    a("add", "7:45", "--label", "New edit")
    a("add", "8:00", "--label", "Keep")
    a.setup(radicale); a("sync", at="2026-11-22T10:01:00Z")
    b.setup(radicale); b("sync", at="2026-11-22T10:02:00Z")
    # B goes offline. It edits one alarm before A deletes both, the other long after.
    b("edit", "Old edit", "--time", "6:00", at="2026-11-23T10:00:00Z")
    a("rm", "Old edit", at="2026-11-24T10:00:00Z")
    a("rm", "New edit", at="2026-11-24T10:00:00Z")
    a("sync", at="2026-11-24T10:01:00Z")
    b("edit", "New edit", "--time", "6:30", at="2027-05-01T10:00:00Z")
    # A prunes both tombstones; B comes back a day later, 185 days after its last sync.
    a("sync", at="2027-05-25T10:00:00Z")
    assert len(server_alarms(sandbox)) == 1
    r = b("sync", at="2027-05-26T10:00:00Z")
    assert "1 conflict (" in r.stdout
    assert set(b.alarms()) == {"Keep", "New edit"}          # the edit later than the deletion wins
    assert "deletedAlarms" not in b.store()["sync"]
    log = Path(b("sync", "status", at="2027-05-26T10:01:00Z").stdout.split("kept in ")[1].strip()).read_text()
    assert "Old edit" in log and "T060000" in log              # the older edit lost, and is kept
    a("sync", at="2027-05-26T10:02:00Z")
    assert set(a.alarms()) == {"Keep", "New edit"}
    assert a.alarms()["New edit"]["schedule"]["time"] == "06:30"


def server_habits(sandbox) -> str:
    return "".join(p.read_text() for p in sorted(
        sandbox.path("radicale").glob("collections/collection-root/alice/moscowtime-habits/*.ics")))


def test_an_undo_beats_an_older_offline_log_and_its_record_is_pruned_after_180_days(machines, radicale, sandbox):
    a, b = machines
    a("habit", "add", "Water", "--numeric", "--unit", "glasses", "--target", "8", "--start", "2026-11-01")
    a.setup(radicale)
    a("habit", "done", "Water", "--amount", "3", "--date", "2026-11-20", at="2026-11-22T09:30:00Z")
    a("sync", at="2026-11-22T10:01:00Z")
    b.setup(radicale); b("sync", at="2026-11-22T10:02:00Z")
    # B goes offline and logs the day again; A undoes it later and syncs.
    b("habit", "done", "Water", "--amount", "5", "--date", "2026-11-20", at="2026-11-23T08:00:00Z")
    b("habit", "done", "Water", "--amount", "2", "--date", "2026-11-21", at="2026-11-23T08:00:00Z")
    a("habit", "undo", "Water", "--date", "2026-11-20", at="2026-11-24T10:00:00Z")
    a("sync", at="2026-11-24T10:01:00Z")
    # 170 days on A syncs (the record is kept); B comes back 172 days after its last sync.
    a("sync", at="2027-05-13T10:00:00Z")
    assert "X-MOSCOWTIME-DAY-REMOVED" in server_habits(sandbox)
    r = b("sync", at="2027-05-13T10:01:00Z")
    assert "1 conflict (" in r.stdout                                  # the older log lost, and is logged
    assert b.habit("Water")["entries"] == {"2026-11-21": 2}          # the undo won
    a("sync", at="2027-05-13T10:02:00Z")
    assert a.habit("Water")["entries"] == {"2026-11-21": 2}
    assert "2026-11-20" in b.store()["sync"]["dayRemoved"][b.habit("Water")["id"]]

    # 181 days after the undo the first machine to sync drops the record, and it no longer
    # travels: not on the server, not in either store; the day stays undone.
    r = a("sync", at="2027-05-24T10:00:00Z")
    assert "1 sent" in r.stdout
    assert "X-MOSCOWTIME-DAY-REMOVED" not in server_habits(sandbox)
    assert "dayRemoved" not in a.store()["sync"]
    b("sync", at="2027-05-24T10:01:00Z")
    assert "dayRemoved" not in b.store()["sync"]
    assert "0 sent, 0 conflicts" in a("sync", at="2027-05-24T10:02:00Z").stdout
    assert a.habit("Water")["entries"] == b.habit("Water")["entries"] == {"2026-11-21": 2}


def test_an_undo_pruned_before_a_machine_came_back_still_beats_the_log_it_had_sent(machines, radicale, sandbox):
    a, b = machines
    a("habit", "add", "Run", "--start", "2026-11-01")
    a.setup(radicale)
    a("habit", "done", "Run", "--date", "2026-11-20", at="2026-11-22T09:30:00Z")
    a("sync", at="2026-11-22T10:01:00Z")
    b.setup(radicale); b("sync", at="2026-11-22T10:02:00Z")
    # A goes offline and undoes the day; B syncs once more (the server still has the day), then
    # goes offline too and logs another day.
    a("habit", "undo", "Run", "--date", "2026-11-20", at="2026-11-23T10:00:00Z")
    b("sync", at="2026-11-25T10:00:00Z")
    b("habit", "done", "Run", "--date", "2027-05-01", at="2027-05-01T10:00:00Z")
    # A comes back 181 days after its undo: the undo wins on the server, its record already pruned.
    a("sync", at="2027-05-23T10:00:00Z")
    assert "X-MOSCOWTIME-DAY-REMOVED" not in server_habits(sandbox) and "20261120" not in server_habits(sandbox)
    # B, offline 179 days, finds the day it had sent gone without a record: undone after its last
    # sync, so later than its log. It stays undone; B's new day arrives; no record is made.
    r = b("sync", at="2027-05-23T11:00:00Z")
    assert "1 conflict (" in r.stdout
    assert b.habit("Run")["entries"] == {"2027-05-01": "done"}
    assert "dayRemoved" not in b.store()["sync"]
    a("sync", at="2027-05-23T11:01:00Z")
    assert a.habit("Run")["entries"] == {"2027-05-01": "done"}
