# SPDX-License-Identifier: GPL-3.0-or-later
"""A server that lost its data (a real Radicale whose collection folder is removed, or emptied,
between two syncs): the items are kept here and sent again, and `sync status` and `status` say so;
following the server and deleting them here takes `agent-cli sync --accept-remote`."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from harness import wait_until
from harness.hostile_dav import HostileDAV

from test_caldav_sync import Machine, machines, radicale, server_clock  # noqa: F401 (fixtures)

pytestmark = pytest.mark.agent


def alarms_folder(sandbox) -> Path:
    return sandbox.path("radicale") / "collections" / "collection-root" / "alice" / "moscowtime-alarms"


def two_synced_machines(machines, radicale):
    a, b = machines
    a("add", "7:30", "--label", "Подъём")
    a("add", "8:00", "--label", "Чай")
    a.setup(radicale)
    a("sync", at="2026-11-22T10:01:00Z")
    b.setup(radicale)
    b("sync", at="2026-11-22T10:02:00Z")
    assert set(b.alarms()) == {"Подъём", "Чай"}
    return a, b


def test_a_collection_folder_removed_on_the_server_gets_this_machines_items_back(machines, radicale, sandbox):
    a, b = two_synced_machines(machines, radicale)
    shutil.rmtree(alarms_folder(sandbox))

    r = b("sync", at="2026-11-23T10:00:00Z")
    assert "the server lost its data" in r.stdout and "2 items of this computer" in r.stdout, r.stdout
    assert "2 sent" in r.stdout, r.stdout
    assert set(b.alarms()) == {"Подъём", "Чай"}
    assert len(list(alarms_folder(sandbox).glob("*.ics"))) == 2
    # The other machine finds them back (new resources of the same items): nothing deleted there.
    a("sync", at="2026-11-23T10:01:00Z")
    assert set(a.alarms()) == {"Подъём", "Чай"}
    # Said where the user looks.
    assert "the server had lost 2 items of this computer" in b("sync", "status", at="2026-11-23T10:02:00Z").stdout
    # What `agent-cli status` shows (for a week).
    assert "lost 2 items" in json.loads(b("sync", "status", "--json", at="2026-11-23T10:02:00Z").stdout)["serverLost"]
    assert json.loads(b("sync", "status", "--json", at="2026-12-01T10:00:00Z").stdout)["serverLost"] is None


def test_the_running_agent_refills_a_lost_collection_and_status_says_so(rig, sandbox, radicale):
    secret = sandbox.path("caldav-password")
    secret.write_text("secret\n")
    rig.cli("add", "7:30", "--label", "Подъём")
    rig.cli("sync", "setup", radicale, "--user", "alice", "--password-command", f"cat {secret}")
    agent = rig.start_agent()
    agent.wait_for_log("sync: done", timeout=30)
    wait_until(lambda: len(list(alarms_folder(sandbox).glob("*.ics"))) == 1, 10, "the alarm on the server")
    shutil.rmtree(alarms_folder(sandbox))
    rig.cli("add", "8:00", "--label", "Чай")  # a local change: the agent syncs 5 s later
    wait_until(lambda: agent.stderr_text().count("sync: done") >= 2, 30, "a second sync")
    assert {"Подъём", "Чай"} == {a["label"] for a in json.loads(rig.store_path.read_text())["alarms"]}
    assert len(list(alarms_folder(sandbox).glob("*.ics"))) == 2
    assert "the server had lost 1 item of this computer" in rig.cli("status").stdout


def test_accept_remote_follows_a_server_that_lost_the_collection(machines, radicale, sandbox):
    a, b = two_synced_machines(machines, radicale)
    shutil.rmtree(alarms_folder(sandbox))
    r = b("sync", "--accept-remote", at="2026-11-23T11:00:00Z")
    assert "lost its data" not in r.stdout, r.stdout
    assert b.alarms() == {}
    assert "lost" not in b("sync", "status", at="2026-11-23T11:01:00Z").stdout


def test_a_collection_emptied_on_the_server_is_refilled(cli, sandbox):
    """Every resource gone at once from a collection that is still there (a server restored from
    an empty backup; the tests' own server, which offers no sync-tokens, so it is listed)."""
    dav = HostileDAV()
    try:
        m = Machine(cli, sandbox, "laptop")
        m("add", "7:30", "--label", "Подъём")
        m.setup(dav.url)
        m("sync", at="2026-11-22T10:01:00Z")
        assert len(dav.items) == 1
        dav.items.clear()
        r = m("sync", at="2026-11-22T10:05:00Z")
        assert "1 item of this computer" in r.stdout and "lost its data" in r.stdout, r.stdout
        assert len(dav.items) == 1 and set(m.alarms()) == {"Подъём"}
        # Once refilled, the next sync is an ordinary one.
        assert "lost" not in m("sync", at="2026-11-22T10:06:00Z").stdout
    finally:
        dav.close()


def test_the_lost_data_warning_reads_in_russian(machines, radicale, sandbox):
    a, b = two_synced_machines(machines, radicale)
    shutil.rmtree(alarms_folder(sandbox))
    b.env["LANG"] = "ru_RU.UTF-8"
    r = b("sync", at="2026-11-23T10:00:00Z")
    assert "сервер потерял свои данные" in r.stdout, r.stdout
