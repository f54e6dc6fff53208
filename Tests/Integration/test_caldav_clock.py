# SPDX-License-Identifier: GPL-3.0-or-later
"""A machine whose clock is far off the server's (MOSCOWTIME_NOW in 2030, a real Radicale on the
simulated time): it prunes nothing and says so once, and its edits take the server's time."""
from __future__ import annotations

from pathlib import Path

import pytest

from harness import wait_until
from test_caldav_sync import Machine, machines, proxy, radicale, server_clock  # noqa: F401 (fixtures)

pytestmark = pytest.mark.agent

FAR = "2030-06-01T12:00:00Z"


def cancelled_alarms(sandbox) -> int:
    return sum("STATUS:CANCELLED" in p.read_text()
               for p in sandbox.path("radicale").glob("collections/collection-root/alice/moscowtime-alarms/*.ics"))


def test_a_clock_far_ahead_prunes_nothing_and_its_edits_lose_to_later_ones(machines, radicale, sandbox):
    a, b = machines
    a("add", "7:30", "--label", "Gone")
    a("add", "8:00", "--label", "Shared")
    a.setup(radicale); a("sync", at="2026-11-22T10:01:00Z")
    b.setup(radicale); b("sync", at="2026-11-22T10:02:00Z")
    a("rm", "Gone", at="2026-11-23T10:00:00Z"); a("sync", at="2026-11-23T10:01:00Z")

    # B's clock says 2030; the server's says 2026-11-24. B edits and syncs: the tombstone (six
    # years old by B's clock) stays, and B's edit goes up stamped with the server's time.
    b("edit", "Shared", "--time", "6:00", at=FAR)
    assert b.alarms()["Shared"]["modified"].startswith("2030-")
    r = b("sync", at=FAR, server_at="2026-11-24T10:00:00Z")
    assert "1 sent" in r.stdout
    warning = r.stderr.strip().splitlines()
    assert len(warning) == 1 and "ahead of the server's" in warning[0] and "not pruned" in warning[0], r.stderr
    assert cancelled_alarms(sandbox) == 1 and b.store()["sync"]["deletedAlarms"]
    assert b.alarms()["Shared"]["modified"].startswith("2026-11-24T10:0")
    assert "ahead of the server's" in b("sync", "status", at=FAR).stdout

    # A edits the same alarm two hours later (real time) without having synced: its edit wins,
    # which a 2030 stamp would have beaten until 2030.
    a("edit", "Shared", "--time", "6:30", at="2026-11-24T12:00:00Z")
    r = a("sync", at="2026-11-24T12:01:00Z")
    assert "1 conflict (" in r.stdout and r.stderr == ""
    b("sync", at=FAR, server_at="2026-11-24T12:02:00Z")
    assert a.alarms()["Shared"]["schedule"]["time"] == b.alarms()["Shared"]["schedule"]["time"] == "06:30"

    # 190 days after the deletion by the server's clock: a clock off either way still prunes nothing …
    b("sync", at=FAR, server_at="2027-06-01T10:00:00Z")
    b("sync", at="2027-01-01T10:00:00Z", server_at="2027-06-01T10:01:00Z")
    assert cancelled_alarms(sandbox) == 1 and b.store()["sync"]["deletedAlarms"]
    assert "behind the server's" in b("sync", "status", at="2027-01-01T10:00:00Z").stdout
    # … and once it is set right, the tombstone is pruned and the warning is gone.
    r = b("sync", at="2027-06-01T10:02:00Z")
    assert r.stderr == "" and cancelled_alarms(sandbox) == 0 and "deletedAlarms" not in b.store()["sync"]
    assert "server's" not in b("sync", "status", at="2027-06-01T10:03:00Z").stdout


def test_a_clock_within_five_minutes_of_the_server_is_trusted(machines, radicale, sandbox):
    a, _ = machines
    a("add", "7:30", "--label", "Gone")
    a.setup(radicale); a("sync", at="2026-11-22T10:01:00Z")
    a("rm", "Gone", at="2026-11-23T10:00:00Z"); a("sync", at="2026-11-23T10:01:00Z")
    r = a("sync", at="2027-06-01T10:04:00Z", server_at="2027-06-01T10:00:00Z")
    assert r.stderr == "" and cancelled_alarms(sandbox) == 0


def test_a_server_without_a_date_header_prunes_nothing_and_says_so_in_sync_status(machines, proxy, sandbox):
    a, _ = machines
    proxy.hide_date = True
    a("add", "7:30", "--label", "Gone")
    a.setup(proxy.url); a("sync", at="2026-11-22T10:01:00Z")
    a("rm", "Gone", at="2026-11-23T10:00:00Z"); a("sync", at="2026-11-23T10:01:00Z")
    r = a("sync", at="2027-06-01T10:00:00Z")  # the tombstone's 180 days are over, by this clock
    assert "the server sends no Date header" in r.stderr, r.stderr
    assert cancelled_alarms(sandbox) == 1  # nothing pruned: no clock to check this one against
    assert "the server sends no Date header" in a("sync", "status").stdout
    proxy.hide_date = False  # the server's clock is known again: the warning goes
    a("sync", at=None)
    assert "Date header" not in a("sync", "status").stdout


def test_the_clock_warning_reads_in_russian(machines, radicale):
    a, _ = machines
    a.env["LANG"] = "ru_RU.UTF-8"
    a("add", "7:30", "--label", "Подъём")
    a.setup(radicale)
    r = a("sync", at="2026-11-25T13:00:00Z", server_at="2026-11-22T10:00:00Z")
    assert "часы этого компьютера спешат на 3 дня 3 ч" in r.stderr, r.stderr


def test_the_agent_logs_the_clock_warning_once_and_keeps_syncing(rig, cli, sandbox, radicale, server_clock):
    a = Machine(cli, sandbox, "laptop")
    setup = rig.cli("sync", "setup", radicale, "--user", "alice", "--password-command", a.password_command)
    assert setup.rc == 0, setup.stderr
    server_clock.set("2026-01-01T00:00:00Z")  # this machine's real clock is months ahead of the server's
    agent = rig.start_agent()
    agent.wait_for_log("ahead of the server's", timeout=30)
    # A local change: the agent syncs again (debounced); the warning is not repeated.
    rig.cli("add", "9:00", "--label", "After the warning")
    wait_until(lambda: agent.stderr_text().count("sync: done") >= 2, 30, "a second sync")
    assert agent.stderr_text().count("ahead of the server's") == 1
    a.setup(radicale, at=None)
    a("sync", at=None, server_at="2026-01-01T00:00:00Z")
    assert "After the warning" in a.alarms()
