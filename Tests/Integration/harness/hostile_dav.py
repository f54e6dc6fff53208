# SPDX-License-Identifier: GPL-3.0-or-later
"""A small CalDAV server of the tests' own on 127.0.0.1 that can turn hostile: it answers what
`sync setup` and `sync` ask (a calendar home with the two collections, listings, multigets, PUTs)
from an in-memory dict, and `hostile` replaces chosen answers with a huge, endless, dripping or
malicious one. Every loop is bounded (a byte or time budget), and the server stops with the test.

    dav = HostileDAV()
    dav.hostile = lambda req: Huge(1 << 30) if req.is_listing("alarms") else None
"""
from __future__ import annotations

import hashlib
import socket
import socketserver
import threading
import time
from dataclasses import dataclass, field
from typing import Callable, Optional

HOME = "/dav/alice/"
COLLECTIONS = {"alarms": HOME + "moscowtime-alarms/", "habits": HOME + "moscowtime-habits/"}
MULTISTATUS_OPEN = b'<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">'
MULTISTATUS_CLOSE = b"</d:multistatus>"


@dataclass
class Request:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes

    @property
    def depth(self) -> str:
        return self.headers.get("depth", "")

    def is_listing(self, collection: str) -> bool:
        """The Depth-1 PROPFIND that lists a collection's members."""
        return self.method == "PROPFIND" and self.depth == "1" and self.path == COLLECTIONS[collection]

    def is_multiget(self, collection: str) -> bool:
        return self.method == "REPORT" and self.path == COLLECTIONS[collection] and b"calendar-multiget" in self.body


# -- hostile answers (each writes the whole answer itself) ------------------------------------------


@dataclass
class Huge:
    """A 207 with `size` bytes of (well-formed-looking) XML, streamed in 1 MiB pieces; chunked when
    `chunked`, else with its Content-Length; `endless` never ends (until the client goes, or 8 GiB)."""
    size: int = 1 << 30
    chunked: bool = True
    endless: bool = False

    def write(self, w) -> int:
        piece = b"<d:response><d:href>/x</d:href></d:response>" * ((1 << 20) // 44)
        headers = b"HTTP/1.1 207 Multi-Status\r\nContent-Type: application/xml\r\n"
        headers += b"Transfer-Encoding: chunked\r\n" if self.chunked else b"Content-Length: %d\r\n" % self.size
        w.write(headers + b"\r\n")
        sent, limit = 0, (8 << 30) if self.endless else self.size
        data = MULTISTATUS_OPEN
        try:
            while sent < limit:
                chunk = (data + piece)[: limit - sent]
                data = b""
                w.write(b"%x\r\n%s\r\n" % (len(chunk), chunk) if self.chunked else chunk)
                sent += len(chunk)
            if self.chunked:
                w.write(b"0\r\n\r\n")
        except OSError:
            pass  # the client gave up: what the test wants
        return sent


@dataclass
class Drip:
    """Headers, then one byte every `interval` seconds, for at most `budget` seconds."""
    interval: float = 2.0
    budget: float = 180.0

    def write(self, w) -> int:
        w.write(b"HTTP/1.1 207 Multi-Status\r\nContent-Type: application/xml\r\nContent-Length: 100000\r\n\r\n")
        sent, end = 0, time.monotonic() + self.budget
        try:
            while time.monotonic() < end:
                w.write(b"<")
                sent += 1
                time.sleep(self.interval)
        except OSError:
            pass
        return sent


@dataclass
class Body:
    """A plain answer with this body."""
    body: bytes
    status: str = "207 Multi-Status"
    content_type: str = "application/xml; charset=utf-8"
    headers: str = ""

    def write(self, w) -> int:
        w.write(b"HTTP/1.1 %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n%s\r\n"
                % (self.status.encode(), self.content_type.encode(), len(self.body),
                   "".join(f"{h}\r\n" for h in self.headers.split("\n") if h).encode()) + self.body)
        return len(self.body)


def billion_laughs() -> bytes:
    entities = '<!ENTITY lol0 "lol">' + "".join(
        f'<!ENTITY lol{i} "{("&lol%d;" % (i - 1)) * 10}">' for i in range(1, 10))
    return (f'<?xml version="1.0"?><!DOCTYPE d:multistatus [{entities}]>'
            '<d:multistatus xmlns:d="DAV:"><d:response><d:href>&lol9;</d:href></d:response></d:multistatus>').encode()


def etag(data: bytes) -> str:
    return '"' + hashlib.sha1(data).hexdigest()[:16] + '"'


def multiget_answer(items: dict[str, bytes], hrefs: list[str]) -> bytes:
    out = [MULTISTATUS_OPEN]
    for h in hrefs:
        if h in items:
            data = items[h].replace(b"&", b"&amp;").replace(b"<", b"&lt;")
            out.append(b"<d:response><d:href>%s</d:href><d:propstat><d:prop><d:getetag>%s</d:getetag>"
                       b"<c:calendar-data>%s</c:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status>"
                       b"</d:propstat></d:response>" % (h.encode(), etag(items[h]).encode(), data))
    out.append(MULTISTATUS_CLOSE)
    return b"".join(out)


class HostileDAV:
    def __init__(self):
        self.items: dict[str, bytes] = {}  # path → iCalendar text
        self.hostile: Callable[[Request], Optional[object]] = lambda req: None
        self.requests: list[Request] = []
        # What each hostile answer managed to send before the client left (bytes).
        self.sent: list[int] = []
        self.lock = threading.Lock()
        dav = self

        class Handler(socketserver.StreamRequestHandler):
            def handle(self):
                self.connection.settimeout(30)
                for _ in range(10_000):  # keep-alive, bounded
                    req = self.read_request()
                    if req is None:
                        return
                    with dav.lock:
                        dav.requests.append(req)
                    answer = dav.hostile(req)
                    if answer is not None:
                        n = answer.write(self.wfile)
                        with dav.lock:
                            dav.sent.append(n)
                        return  # and close
                    dav.answer(req).write(self.wfile)

            def read_request(self) -> Optional[Request]:
                try:
                    line = self.rfile.readline(8192)
                    if not line:
                        return None
                    method, path, _ = line.decode().split(" ", 2)
                    headers = {}
                    for _ in range(200):
                        h = self.rfile.readline(8192).decode()
                        if h in ("\r\n", "\n", ""):
                            break
                        k, _, v = h.partition(":")
                        headers[k.strip().lower()] = v.strip()
                    body = self.rfile.read(int(headers.get("content-length", "0") or 0))
                    return Request(method, path, headers, body)
                except (OSError, ValueError):
                    return None

        class Server(socketserver.ThreadingTCPServer):
            daemon_threads = True
            allow_reuse_address = True

        self.server = Server(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/dav/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def count(self, pred: Callable[[Request], bool]) -> int:
        with self.lock:
            return sum(1 for r in self.requests if pred(r))

    # -- a plain CalDAV server -------------------------------------------------------------------

    def answer(self, req: Request) -> Body:
        if req.method == "PROPFIND" and req.depth == "0" and req.path not in COLLECTIONS.values():
            return Body(MULTISTATUS_OPEN + b"<d:response><d:href>%s</d:href><d:propstat><d:prop><c:calendar-home-set>"
                        b"<d:href>%s</d:href></c:calendar-home-set></d:prop><d:status>HTTP/1.1 200 OK</d:status>"
                        b"</d:propstat></d:response>" % (req.path.encode(), HOME.encode()) + MULTISTATUS_CLOSE)
        if req.method == "PROPFIND" and req.depth == "0":
            return Body(MULTISTATUS_OPEN + b"<d:response><d:href>%s</d:href><d:propstat><d:prop><d:resourcetype>"
                        b"<d:collection/><c:calendar/></d:resourcetype></d:prop><d:status>HTTP/1.1 200 OK</d:status>"
                        b"</d:propstat></d:response>" % req.path.encode() + MULTISTATUS_CLOSE)
        if req.method == "PROPFIND":
            with self.lock:
                members = sorted((p, etag(d)) for p, d in self.items.items() if p.startswith(req.path))
            out = [MULTISTATUS_OPEN, b"<d:response><d:href>%s</d:href><d:propstat><d:prop><d:resourcetype><d:collection/>"
                   b"</d:resourcetype></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>" % req.path.encode()]
            for p, e in members:
                out.append(b"<d:response><d:href>%s</d:href><d:propstat><d:prop><d:getetag>%s</d:getetag><d:resourcetype/>"
                           b"</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>" % (p.encode(), e.encode()))
            return Body(b"".join(out) + MULTISTATUS_CLOSE)
        if req.method == "REPORT" and b"calendar-multiget" in req.body:
            hrefs = [h.decode() for h in _hrefs(req.body)]
            with self.lock:
                return Body(multiget_answer(self.items, hrefs))
        if req.method == "REPORT":
            return Body(b"", status="403 Forbidden")  # no sync-collection: list instead
        if req.method == "PUT":
            path = req.path
            with self.lock:
                self.items[path] = req.body
            return Body(b"", status="201 Created", headers="ETag: " + etag(req.body))
        if req.method == "DELETE":
            with self.lock:
                self.items.pop(req.path, None)
            return Body(b"", status="204 No Content")
        return Body(b"", status="405 Method Not Allowed")

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def _hrefs(body: bytes) -> list[bytes]:
    out, start = [], 0
    while True:
        i = body.find(b"<d:href>", start)
        if i < 0:
            return out
        j = body.find(b"</d:href>", i)
        out.append(body[i + 8:j].replace(b"&amp;", b"&"))
        start = j
