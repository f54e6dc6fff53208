# SPDX-License-Identifier: GPL-3.0-or-later
"""`agent-cli sync` against a hostile server of the tests' own on 127.0.0.1 (harness/hostile_dav.py):
every answer is bounded in size and XML, every request and the whole sync in time, and the sync
ends with one clear line (in the reader's language) instead of eating memory or hanging."""
from __future__ import annotations

import os
import subprocess
import time

import pytest

from harness.agent import CLI_NAME, binary
from harness.hostile_dav import Body, Drip, Huge, billion_laughs
from test_caldav_sync import Machine

pytestmark = pytest.mark.agent

MIB = 1 << 20
# What a sync that refuses a 32 MiB answer may cost: the answer read so far, once, and the program.
RSS_BOUND_MIB = 160



@pytest.fixture
def machine(cli, sandbox, dav):
    m = Machine(cli, sandbox, "laptop")
    m("add", "7:30", "--label", "Подъём")
    m.setup(dav.url)
    return m


def max_child_rss_mib(machine: Machine, sandbox, *args: str, env: dict | None = None, timeout: float = 120):
    """As `measured`, but reaping the child with os.wait4 for its own rusage."""
    start = time.monotonic()
    out_r, out_w = os.pipe()
    err_path = sandbox.path(f"stderr-{time.monotonic_ns()}")
    with open(err_path, "wb") as err_file:
        p = subprocess.Popen([str(binary(CLI_NAME)), *args], stdout=out_w, stderr=err_file,
                             env={**sandbox.env, **machine.env, **(env or {})})
        os.close(out_w)
        deadline = time.monotonic() + timeout
        out = b""
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() > deadline:
                p.kill()
                pid, status, usage = os.wait4(p.pid, 0)
                break
            time.sleep(0.05)
        p.returncode = os.waitstatus_to_exitcode(status)
        while chunk := os.read(out_r, 65536):
            out += chunk
        os.close(out_r)
    return p.returncode, out.decode(), err_path.read_text(), time.monotonic() - start, usage.ru_maxrss / 1024


@pytest.mark.parametrize("answer", [
    pytest.param(Huge(1 << 30, chunked=True), id="1GiB-chunked"),
    pytest.param(Huge(1 << 30, chunked=False), id="1GiB-with-length"),
    pytest.param(Huge(chunked=True, endless=True), id="endless-chunked"),
])
def test_a_huge_answer_is_refused_at_the_limit_fast_and_in_bounded_memory(machine, sandbox, dav, answer):
    dav.hostile = lambda req: answer if req.is_listing("alarms") else None
    before = machine.store_bytes()
    rc, out, err, seconds, rss = max_child_rss_mib(machine, sandbox, "sync", timeout=90)
    assert rc == 1, (out, err)
    assert "is larger than 32 MiB; refused" in err and "PROPFIND" in err, err
    assert seconds < 30 and rss < RSS_BOUND_MIB, (seconds, rss)
    print(f"{answer}: refused after {seconds:.1f} s at {rss:.0f} MiB RSS, server sent {dav.sent[-1] >> 20} MiB")
    assert dav.sent[-1] < 200 * MIB  # the client stopped reading, it did not drain the rest
    assert machine.store_bytes() == before
    assert "is larger than 32 MiB" in machine("sync", "status").stdout


def test_a_huge_answer_is_refused_in_russian(machine, sandbox, dav):
    machine.env["LANG"] = "ru_RU.UTF-8"
    dav.hostile = lambda req: Huge(1 << 30) if req.is_listing("alarms") else None
    r = machine("sync", expect=1)
    assert "больше 32 МиБ" in r.stderr, r.stderr
    assert "больше 32 МиБ" in machine("sync", "status").stdout


def test_a_billion_laughs_answer_is_refused_without_expanding_it(machine, sandbox, dav):
    dav.hostile = lambda req: Body(billion_laughs()) if req.is_listing("alarms") else None
    rc, out, err, seconds, rss = max_child_rss_mib(machine, sandbox, "sync", timeout=60)
    assert rc == 1 and "declares a DTD" in err, (out, err)
    assert seconds < 10 and rss < RSS_BOUND_MIB, (seconds, rss)


def test_xml_nested_beyond_the_parsers_depth_bound_is_refused_not_a_crash(machine, sandbox, dav):
    deep = b'<?xml version="1.0"?><d:multistatus xmlns:d="DAV:">' + b"<d:x>" * 100_000 + b"</d:x>" * 100_000 + b"</d:multistatus>"
    dav.hostile = lambda req: Body(deep) if req.is_listing("alarms") else None
    r = machine("sync", expect=1)
    assert "is not a WebDAV multistatus" in r.stderr, r.stderr


def test_a_server_dripping_one_byte_every_two_seconds_is_given_up_at_the_deadline(machine, sandbox, dav):
    dav.hostile = lambda req: Drip(interval=2.0, budget=120) if req.is_listing("alarms") else None
    # The whole sync's deadline, shortened for the test (300 s by default; one request has 60 s).
    rc, out, err, seconds, _ = max_child_rss_mib(machine, sandbox, "sync", env={"MOSCOWTIME_SYNC_DEADLINE": "8"}, timeout=60)
    assert rc == 1, (out, err)
    assert "did not finish within its 8 s deadline" in err, err
    assert 7 < seconds < 15, seconds
    assert "8 s deadline" in machine("sync", "status").stdout
    # A fresh sync after the server has recovered works.
    dav.hostile = lambda req: None
    assert "1 sent" in machine("sync").stdout


@pytest.mark.slow
def test_one_request_gets_at_most_its_own_deadline(machine, sandbox, dav):
    dav.hostile = lambda req: Drip(interval=2.0, budget=120) if req.is_listing("alarms") else None
    rc, out, err, seconds, _ = max_child_rss_mib(machine, sandbox, "sync", timeout=120)
    assert rc == 1 and "was not answered in full within 60 s" in err, (out, err)
    assert 59 < seconds < 70, seconds
