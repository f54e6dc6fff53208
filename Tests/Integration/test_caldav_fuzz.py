# SPDX-License-Identifier: GPL-3.0-or-later
"""The sync client against random hostile answers of the tests' own server on 127.0.0.1: whatever
the server sends, `agent-cli sync` ends within its deadline with a documented exit status (0, or 1
with one line saying why), never a crash, and the store stays readable."""
from __future__ import annotations

import os
import random
import re
import time

import pytest

from harness.hostile_dav import COLLECTIONS, MULTISTATUS_CLOSE, MULTISTATUS_OPEN, Body, HostileDAV
from test_caldav_sync import Machine

pytestmark = pytest.mark.agent

CASES = 40
DEADLINE = 10  # MOSCOWTIME_SYNC_DEADLINE for each sync


class Cut:
    """Headers promising more than is sent, then a close."""

    def __init__(self, body: bytes):
        self.body = body

    def write(self, w) -> int:
        w.write(b"HTTP/1.1 207 Multi-Status\r\nContent-Type: application/xml\r\nContent-Length: %d\r\n\r\n"
                % (len(self.body) * 2) + self.body)
        return len(self.body)


def mutate(rng: random.Random, data: bytes) -> bytes:
    b = bytearray(data)
    for _ in range(rng.randint(1, 20)):
        op = rng.randrange(4)
        i = rng.randrange(len(b) + 1)
        if op == 0 and b:
            del b[i:i + rng.randint(1, 50)]
        elif op == 1:
            b[i:i] = rng.choice([b"\x00", b"\xff\xfe", b"&", b"<", b"]]>", b"\r\nBEGIN:VEVENT\r\n", b"\r\nEND:VCALENDAR\r\n",
                                 b"&#0;", b"&lt;", b"\x1b[31m", b"<d:response>", b"</d:href>", b"\r\n "])
        elif op == 2 and b:
            b[i:i] = b[rng.randrange(len(b)):][:rng.randint(1, 200)] * rng.randint(1, 5)
        elif b:
            b[min(i, len(b) - 1)] = rng.randrange(256)
    return bytes(b)


def listing(rng: random.Random, collection: str, items: dict[str, bytes]) -> bytes:
    out = [MULTISTATUS_OPEN]
    hrefs = [p for p in items if p.startswith(collection)] + [
        collection + rng.choice(["x.ics", "../../etc/passwd", "a%00b.ics", "é.ics", "x" * 3000 + ".ics", "", "?q=1"])
        for _ in range(rng.randint(0, 3))]
    for h in hrefs:
        etag = rng.choice(['"1"', '"2"', "", "\x01", '"' + "e" * 500 + '"'])
        out.append(b"<d:response><d:href>%s</d:href><d:propstat><d:prop><d:getetag>%s</d:getetag><d:resourcetype/>"
                   b"</d:prop><d:status>HTTP/1.1 %s</d:status></d:propstat></d:response>"
                   % (h.encode(), etag.encode(), rng.choice([b"200 OK", b"404 Not Found", b"200", b"x"])))
    out.append(MULTISTATUS_CLOSE)
    return b"".join(out)


def test_random_hostile_answers_end_every_sync_cleanly(cli, sandbox):
    seed = int(os.environ.get("MOSCOWTIME_FUZZ_SEED") or time.time())
    print(f"seed {seed} (MOSCOWTIME_FUZZ_SEED={seed} repeats it)")
    rng = random.Random(seed)
    dav = HostileDAV()
    try:
        m = Machine(cli, sandbox, "laptop")
        m.env["MOSCOWTIME_SYNC_DEADLINE"] = str(DEADLINE)
        m("add", "7:30", "--label", "Подъём")
        m("add", "9:00", "--days", "weekdays", "--label", "Work")
        m.setup(dav.url)
        m("sync")
        good = dict(dav.items)
        for case in range(CASES):
            dav.items = dict(good)
            kind = rng.randrange(6)
            target = rng.choice(["listing", "multiget", "any"])
            alarms = COLLECTIONS["alarms"]
            if kind == 0:  # one item's calendar-data mutated
                path = rng.choice(sorted(p for p in good if p.startswith(alarms)))
                dav.items[path] = mutate(rng, good[path])
                answer = None
            elif kind == 1:  # a mutated listing
                answer = Body(mutate(rng, listing(rng, alarms, dav.items)))
            elif kind == 2:  # random bytes as a 207
                answer = Body(rng.randbytes(rng.randint(0, 5000)))
            elif kind == 3:  # an odd status
                answer = Body(b"", status=rng.choice(["200 OK", "301 Moved", "404 Not Found", "500 Oops", "207 Multi-Status", "999 What"]))
            elif kind == 4:  # cut short
                answer = Cut(listing(rng, alarms, dav.items)[: rng.randint(0, 300)])
            else:  # a listing of odd hrefs and ETags
                answer = Body(listing(rng, alarms, dav.items))

            def hostile(req, answer=answer, target=target):
                hit = {"listing": req.is_listing("alarms"), "multiget": req.is_multiget("alarms"),
                       "any": req.method in ("PROPFIND", "REPORT")}[target]
                return answer if hit else None
            dav.hostile = hostile
            before = time.monotonic()
            r = m("sync", at=None, expect=None)
            seconds = time.monotonic() - before
            what = f"case {case} (seed {seed}, kind {kind}, {target})"
            print(f"{what}: exit {r.rc} after {seconds:.1f} s {r.stderr.strip()[:200]}")
            assert r.rc in (0, 1), (what, r.rc, r.stderr[-2000:])
            assert seconds < DEADLINE + 5, (what, seconds)
            assert "Fatal error" not in r.stderr and "crashed" not in r.stderr, (what, r.stderr[-2000:])
            if r.rc == 1:
                lines = r.stderr.strip().splitlines()
                assert len(lines) == 1 and lines[0].startswith("agent-cli: sync failed: "), (what, r.stderr)
            assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", r.stdout + r.stderr.replace("\n", "")), (what, r.stdout, r.stderr)
            m("list")  # the store is still readable
        dav.hostile = lambda req: None
        dav.items = dict(good)
        m("sync", at=None)
        assert {"Подъём", "Work"} <= set(m.alarms())
    finally:
        dav.close()
