# SPDX-License-Identifier: GPL-3.0-or-later
"""Incremental sync with WebDAV sync-tokens (RFC 6578) against a real Radicale, counted by a proxy."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from test_caldav_sync import Machine, machines, proxy, radicale, server_clock  # noqa: F401 (fixtures)

pytestmark = pytest.mark.agent


def incremental(a, proxy, at):
    """A sync on `a` (set up through the proxy) and the requests its alarms' and habits' part made
    (the one PROPFIND of the calendar home that looks for the account's other calendars, issue 38,
    is left out: test_caldav_collections.py checks that part)."""
    proxy.log.clear()
    r = a("sync", at=at)
    return r, [e for e in proxy.log if b"calendar-color" not in e[3]]


def edit_on_b_and_sync(b, label, minute):
    b("edit", label, "--time", f"5:{minute:02d}", at=f"2026-11-22T11:{minute:02d}:00Z")
    b("sync", at=f"2026-11-22T11:{minute:02d}:30Z")


@pytest.mark.slow
def test_one_remote_change_costs_three_requests_whatever_the_size(machines, radicale, proxy):
    a, b = machines
    for k in range(5):
        a("add", f"7:{k}0", "--label", f"Alarm {k}")
    a.setup(proxy.url); a("sync", at="2026-11-22T10:01:00Z")
    b.setup(radicale); b("sync", at="2026-11-22T10:02:00Z")
    a("sync", at="2026-11-22T10:03:00Z")  # past the report of its own uploads

    edit_on_b_and_sync(b, "Alarm 1", 1)
    r, small = incremental(a, proxy, "2026-11-22T11:05:00Z")
    assert "1 change taken, 0 sent" in r.stdout and "(3 requests)" in r.stdout
    # One sync-collection REPORT per collection (no listing) and one multiget of the changed alarm.
    assert [(m, s) for m, s, _, _ in small] == [("REPORT", 207), ("REPORT", 207), ("REPORT", 207)], small
    assert [b"sync-collection" in body for *_, body in small] == [True, False, True]
    assert a.alarms()["Alarm 1"]["schedule"]["time"] == "05:01"

    # Twelve times the alarms: the same requests, about the same bytes.
    for k in range(5, 60):
        a("add", f"8:{k:02d}", "--label", f"Alarm {k}", at="2026-11-22T11:10:00Z")
    a("sync", at="2026-11-22T11:11:00Z"); b("sync", at="2026-11-22T11:12:00Z"); a("sync", at="2026-11-22T11:13:00Z")
    edit_on_b_and_sync(b, "Alarm 40", 20)
    r, large = incremental(a, proxy, "2026-11-22T11:25:00Z")
    assert "1 change taken, 0 sent" in r.stdout
    assert [(m, s) for m, s, _, _ in large] == [(m, s) for m, s, _, _ in small], large
    small_bytes, large_bytes = sum(n for _, _, n, _ in small), sum(n for _, _, n, _ in large)
    assert large_bytes < 1.5 * small_bytes, (small_bytes, large_bytes)
    assert a.alarms()["Alarm 40"]["schedule"]["time"] == "05:20"

    # Nothing changed: two small answers, nothing fetched.
    r, idle = incremental(a, proxy, "2026-11-22T11:30:00Z")
    assert "0 changes taken, 0 sent" in r.stdout and [m for m, *_ in idle] == ["REPORT", "REPORT"]


def test_a_forgotten_token_falls_back_to_listing_and_still_converges(machines, radicale, proxy, sandbox):
    a, b = machines
    a("add", "7:30", "--label", "Подъём")
    a("habit", "add", "Water")
    a.setup(proxy.url); a("sync", at="2026-11-22T10:01:00Z")
    b.setup(radicale); b("sync", at="2026-11-22T10:02:00Z")
    b("edit", "Подъём", "--time", "6:15", at="2026-11-22T11:00:00Z")
    b("add", "9:00", "--label", "New on B", at="2026-11-22T11:00:00Z")
    b("rm", "Подъём", at="2026-11-22T11:01:00Z")
    b("habit", "done", "Water", "--date", "2026-11-22", at="2026-11-22T11:02:00Z")
    b("sync", at="2026-11-22T11:03:00Z")
    # The server forgets every token it handed out (Radicale keeps them in its cache folder).
    caches = list(sandbox.path("radicale").rglob(".Radicale.cache"))
    assert caches
    for c in caches:
        shutil.rmtree(c / "sync-token", ignore_errors=True)
    r, log = incremental(a, proxy, "2026-11-22T11:05:00Z")
    assert "3 changes taken" in r.stdout
    statuses = [(m, s) for m, s, _, _ in log]
    assert statuses.count(("REPORT", 403)) == 2, statuses    # valid-sync-token refused …
    assert statuses.count(("PROPFIND", 207)) == 2, statuses  # … so both collections are listed
    assert set(a.alarms()) == set(b.alarms()) == {"New on B"}
    assert a.habit("Water")["entries"] == b.habit("Water")["entries"] and b.habit("Water")["entries"]
    # The listing brought fresh tokens: the next sync is incremental again.
    r, log = incremental(a, proxy, "2026-11-22T11:06:00Z")
    assert [(m, s) for m, s, _, _ in log] == [("REPORT", 207), ("REPORT", 207)]


def test_a_server_without_sync_tokens_is_synced_by_etags(machines, radicale, proxy):
    """A server that offers no sync-token (the proxy hides it) gets the ETag listing every time."""
    a, b = machines
    proxy.hide_sync_token = True
    a("add", "7:30", "--label", "Подъём")
    a.setup(proxy.url); a("sync", at="2026-11-22T10:01:00Z")
    b.setup(radicale); b("sync", at="2026-11-22T10:02:00Z")
    b("edit", "Подъём", "--time", "6:15", at="2026-11-22T11:00:00Z"); b("sync", at="2026-11-22T11:01:00Z")
    r, log = incremental(a, proxy, "2026-11-22T11:05:00Z")
    assert "1 change taken" in r.stdout
    assert [m for m, *_ in log] == ["PROPFIND", "REPORT", "PROPFIND"], log  # listing, multiget of the change
    assert all(b"sync-collection" not in body for *_, body in log)
    assert a.alarms()["Подъём"]["schedule"]["time"] == "06:15"
