# SPDX-License-Identifier: GPL-3.0-or-later
"""`agent-cli sync` against a real Radicale on 127.0.0.1, with two "machines" (two data homes)."""
from __future__ import annotations

import http.client
import http.server
import json
import re
import socket
import threading
import time
from pathlib import Path

import pytest

from harness import listening_ports, run_cli, wait_until
from harness.clock import LIBFAKETIME

pytestmark = pytest.mark.agent

PASSWORD_FILE = "caldav-password"


class ServerClock:
    """Radicale's clock (libfaketime reads this file at every call): the server lives in the same
    simulated time as the machines' MOSCOWTIME_NOW, so its HTTP `Date` agrees with them."""

    def __init__(self, path: Path):
        self.path = path
        self.set(None)

    def set(self, at: str | None):
        # "@…" starts the clock at that UTC time (it then runs); "+0" is the real time.
        self.path.write_text("+0\n" if at is None else "@" + at.replace("T", " ").rstrip("Z") + "\n")

    def env(self) -> dict[str, str]:
        return {"LD_PRELOAD": LIBFAKETIME, "FAKETIME_TIMESTAMP_FILE": str(self.path), "FAKETIME_NO_CACHE": "1",
                "FAKETIME_DONT_FAKE_MONOTONIC": "1", "TZ": "UTC"}


@pytest.fixture
def server_clock(sandbox) -> ServerClock:
    return ServerClock(sandbox.path("server-clock"))


@pytest.fixture
def radicale(sandbox, server_clock):
    """A real Radicale (Debian's radicale package) with htpasswd auth, its clock set by
    `server_clock`; returns its base URL."""
    root = sandbox.path("radicale")
    root.mkdir()
    (root / "users").write_text("alice:secret\n")
    # Port 0: Radicale binds a free port, read back from /proc (tests run in parallel).
    (root / "config").write_text(f"""[server]
hosts = 127.0.0.1:0
[auth]
type = htpasswd
htpasswd_filename = {root / 'users'}
htpasswd_encryption = plain
# No pause after a refused password: Python's sleep (an absolute clock_nanosleep) fails under libfaketime.
delay = 0
[storage]
filesystem_folder = {root / 'collections'}
[rights]
type = owner_only
[logging]
level = warning
""")
    server = sandbox.spawn("radicale", ["/usr/bin/radicale", "--config", str(root / "config")], env=server_clock.env())

    def listening():
        assert server.alive(), f"radicale exited:\n{server.describe()}"
        return listening_ports(server.pid)
    [port] = wait_until(listening, 30, "radicale to listen")
    return f"http://127.0.0.1:{port}/"


class FaultyProxy:
    """Forwards to Radicale; can drop the connection after N PUTs (a server that goes away
    mid-sync) or replace multistatus answers with garbage."""

    def __init__(self, target: str):
        self.target = target.rstrip("/").split("//")[1]
        self.puts_before_dying: int | None = None
        self.garbage = False
        self.hide_sync_token = False  # act as a server without RFC 6578
        self.hide_date = False  # act as a server that sends no Date header
        self.requests: list[str] = []
        # (method, status, response bytes, request body) of every request, in arrival order.
        self.log: list[tuple[str, int, int, bytes]] = []
        # The server is threaded: count PUTs under a lock.
        self.lock = threading.Lock()
        proxy = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def handle_one(self):
                with proxy.lock:
                    proxy.requests.append(self.command)
                    dying = False
                    if self.command == "PUT" and proxy.puts_before_dying is not None:
                        dying = proxy.puts_before_dying <= 0
                        proxy.puts_before_dying -= 0 if dying else 1
                if dying:
                    self.close_connection = True
                    self.connection.shutdown(socket.SHUT_RDWR)
                    return
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                conn = http.client.HTTPConnection(proxy.target, timeout=10)
                # Uncompressed answers, so that they can be read, rewritten and their sizes compared.
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection", "accept-encoding")}
                conn.request(self.command, self.path, body=body, headers=headers)
                r = conn.getresponse()
                data = r.read()
                if proxy.hide_sync_token and self.command == "PROPFIND":
                    data = re.sub(rb"<(\w+:)?sync-token>[^<]*</(\w+:)?sync-token>", b"", data)
                if proxy.garbage and r.status == 207 and self.command == "REPORT":
                    data = b"<html><body>Service Temporarily Unavailable<p>garbage</body>"
                with proxy.lock:
                    proxy.log.append((self.command, r.status, len(data), body))
                self.send_response_only(r.status)  # Radicale's own Date and Server follow
                for k, v in r.getheaders():
                    if k.lower() not in ("content-length", "transfer-encoding", "connection") + (("date",) if proxy.hide_date else ()):
                        self.send_header(k, v)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_PUT = do_PROPFIND = do_REPORT = do_MKCALENDAR = do_DELETE = do_OPTIONS = handle_one

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def proxy(radicale):
    p = FaultyProxy(radicale)
    yield p
    p.close()


class Machine:
    def __init__(self, cli, sandbox, name: str, clock: ServerClock | None = None):
        self.cli, self.name, self.clock = cli, name, clock
        home = Path(sandbox.env["HOME"]) / name
        self.env = {"XDG_DATA_HOME": str(home / "data"), "XDG_STATE_HOME": str(home / "state"),
                    "LANG": "C.UTF-8", "LANGUAGE": ""}
        (Path(sandbox.env["HOME"]) / PASSWORD_FILE).write_text("secret\n")
        self.password_command = f"cat {Path(sandbox.env['HOME']) / PASSWORD_FILE}"

    def __call__(self, *args, at: str | None = "2026-11-22T10:00:00Z", expect: int | None = 0, server_at: str | None = "at"):
        """Runs agent-cli at `at`, with the server's clock at `server_at` (the same by default)."""
        if self.clock:
            self.clock.set(at if server_at == "at" else server_at)
        # A bound for a hang, not a measure: a sync of dozens of alarms waits on Radicale, which
        # shares the cores with the other tests running in parallel.
        r = self.cli(list(args), env={**self.env, **({"MOSCOWTIME_NOW": at} if at else {})}, timeout=60)
        if expect is not None:
            assert r.rc == expect, (self.name, args, r.stdout, r.stderr)
        return r

    def setup(self, url, at="2026-11-22T09:00:00Z"):
        return self("sync", "setup", url, "--user", "alice", "--password-command", self.password_command, at=at)

    def store(self) -> dict:
        return json.loads((Path(self.env["XDG_DATA_HOME"]) / "moscowtime" / "store.json").read_text())

    def store_bytes(self) -> bytes:
        return (Path(self.env["XDG_DATA_HOME"]) / "moscowtime" / "store.json").read_bytes()

    def alarms(self) -> dict:
        return {a["label"]: a for a in self.store()["alarms"]}

    def habit(self, name) -> dict:
        return next(h for h in self.store()["habits"] if h["name"] == name)


@pytest.fixture
def machines(cli, sandbox, server_clock):
    return Machine(cli, sandbox, "laptop", server_clock), Machine(cli, sandbox, "desktop", server_clock)


def test_alarm_added_on_one_machine_appears_on_the_other(machines, radicale):
    a, b = machines
    a("add", "7:30", "--days", "weekdays", "--label", "Подъём")
    a.setup(radicale)
    r = a("sync", at="2026-11-22T10:01:00Z")
    assert "0 changes taken, 1 sent" in r.stdout
    b.setup(radicale)
    r = b("sync", at="2026-11-22T10:02:00Z")
    assert "1 change taken, 0 sent" in r.stdout
    assert b.alarms()["Подъём"] == a.alarms()["Подъём"]
    nxt = json.loads(b("next", "--json", at="2026-11-22T10:02:00Z").stdout)
    assert nxt[0]["at"].startswith("2026-11-23T07:30:00+03:00")
    # A second sync on both sides finds nothing to do: only ETags are compared.
    assert "0 changes taken, 0 sent" in a("sync", at="2026-11-22T10:03:00Z").stdout
    assert "0 changes taken, 0 sent" in b("sync", at="2026-11-22T10:03:00Z").stdout


def test_concurrent_edits_merge_later_wins_and_loser_is_logged(machines, radicale):
    a, b = machines
    a("add", "7:30", "--label", "Подъём")
    a.setup(radicale); a("sync")
    b.setup(radicale); b("sync")
    a("edit", "Подъём", "--time", "6:00", at="2026-11-22T11:00:00Z")           # earlier edit
    b("edit", "Подъём", "--label", "Встать", at="2026-11-22T11:30:00Z")        # later edit
    a("sync", at="2026-11-22T12:00:00Z")
    r = b("sync", at="2026-11-22T12:01:00Z")
    assert "1 conflict (" in r.stdout
    a("sync", at="2026-11-22T12:02:00Z")
    assert list(a.alarms()) == ["Встать"] and list(b.alarms()) == ["Встать"]
    assert a.alarms()["Встать"]["schedule"]["time"] == "07:30"  # the later version as a whole
    status = b("sync", "status").stdout
    assert "1 conflict so far; the version that lost is kept in " in status
    log = Path(status.split("kept in ")[1].strip()).read_text()
    assert "lost in sync: alarm" in log and "DTSTART;TZID=Europe/Moscow:" in log and "T060000" in log


def test_habit_days_logged_on_both_sides_all_arrive(machines, radicale):
    a, b = machines
    a("habit", "add", "Water", "--numeric", "--unit", "glasses", "--target", "8", "--start", "2026-11-01")
    a.setup(radicale); a("sync")
    b.setup(radicale); b("sync")
    a("habit", "done", "Water", "--amount", "3", "--date", "2026-11-20", at="2026-11-22T11:00:00Z")
    a("habit", "done", "Water", "--amount", "5", "--date", "2026-11-22", at="2026-11-22T11:10:00Z")
    b("habit", "done", "Water", "--amount", "4", "--date", "2026-11-21", at="2026-11-22T11:05:00Z")
    b("habit", "done", "Water", "--amount", "7", "--date", "2026-11-22", at="2026-11-22T11:20:00Z")  # later log of the same day
    a("sync", at="2026-11-22T12:00:00Z"); b("sync", at="2026-11-22T12:01:00Z"); a("sync", at="2026-11-22T12:02:00Z")
    expected = {"2026-11-20": 3, "2026-11-21": 4, "2026-11-22": 7}
    assert a.habit("Water")["entries"] == expected
    assert b.habit("Water")["entries"] == expected


def test_delete_propagates_and_wins_over_an_older_edit(machines, radicale):
    a, b = machines
    a("add", "7:30", "--label", "Old")
    a("add", "8:00", "--label", "Keep")
    a.setup(radicale); a("sync")
    b.setup(radicale); b("sync")
    b("edit", "Old", "--time", "7:45", at="2026-11-22T11:00:00Z")   # edit first …
    a("rm", "Old", at="2026-11-22T11:30:00Z")                         # … delete later
    b("sync", at="2026-11-22T12:00:00Z"); a("sync", at="2026-11-22T12:01:00Z"); b("sync", at="2026-11-22T12:02:00Z")
    assert list(a.alarms()) == ["Keep"] and list(b.alarms()) == ["Keep"]


def test_server_gone_mid_sync_loses_nothing_and_next_sync_completes(machines, radicale, proxy):
    a, b = machines
    for k in range(6):
        a("add", f"7:{k}0", "--label", f"Alarm {k}")
    a("habit", "add", "Run")
    a("habit", "done", "Run")
    a.setup(proxy.url)
    before = a.store()
    proxy.puts_before_dying = 3
    r = a("sync", at="2026-11-22T10:01:00Z", expect=1)
    assert "sync failed" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert a.store()["alarms"] == before["alarms"] and a.store()["habits"] == before["habits"]
    assert "Last attempt failed" in a("sync", "status").stdout
    proxy.puts_before_dying = None
    r = a("sync", at="2026-11-22T10:02:00Z")
    assert "4 sent" in r.stdout  # 7 items, 3 were stored before the server went away
    b.setup(radicale)
    b("sync")
    assert b.alarms() == a.alarms() and b.habit("Run") == a.habit("Run")
    assert "Last attempt failed" not in a("sync", "status").stdout


def test_wrong_password_is_one_clear_error_and_exit_1(machines, radicale, sandbox):
    a, _ = machines
    r = a("sync", "setup", radicale, "--user", "alice", "--password-command", "echo wrong", expect=1)
    assert "refused the user name or password" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "Sync is off." in a("sync", "status").stdout
    a.setup(radicale)
    (Path(sandbox.env["HOME"]) / PASSWORD_FILE).write_text("changed\n")
    r = a("sync", expect=1)
    assert "refused the user name or password" in r.stderr


def test_garbage_from_the_server_changes_nothing_locally(machines, radicale, proxy):
    a, b = machines
    b("add", "9:00", "--label", "From B")
    b.setup(radicale); b("sync")
    a("add", "7:30", "--label", "Mine")
    a.setup(proxy.url)
    before = a.store_bytes()
    proxy.garbage = True
    r = a("sync", expect=1)
    assert "not a WebDAV multistatus" in r.stderr
    assert a.store_bytes() == before
    proxy.garbage = False
    a("sync")
    assert set(a.alarms()) == {"Mine", "From B"}


def test_dry_run_changes_nothing_and_sync_off(machines, radicale):
    a, b = machines
    b("add", "9:00", "--label", "From B")
    b.setup(radicale); b("sync")
    a.setup(radicale)
    before = a.store_bytes()
    r = a("sync", "--dry-run")
    assert "Would sync" in r.stdout and "1 change to take" in r.stdout
    assert a.store_bytes() == before
    assert "Sync is off" in a("sync", "off").stdout
    assert "sync is not set up" in a("sync", expect=1).stderr


@pytest.mark.slow
def test_agent_syncs_on_start_and_after_a_change_and_the_alarm_rings(rig, cli, sandbox, radicale):
    """Machine A (a CLI) adds a timer and syncs; machine B's running agent syncs by itself and rings it.
    Then a habit day logged on B reaches the server within the agent's debounce, without agent-cli sync."""
    a = Machine(cli, sandbox, "laptop")
    b_setup = rig.cli("sync", "setup", radicale, "--user", "alice", "--password-command", a.password_command)
    assert b_setup.rc == 0, b_setup.stderr
    a("timer", "25s", "From the laptop", at=None)
    a.setup(radicale, at=None)
    a("sync", at=None)
    rig.start_agent()
    call = rig.wait_for_ring("From the laptop", timeout=40)
    assert call.summary == "From the laptop"
    # A local change on B is sent by the agent (debounced), and arrives on A.
    assert rig.cli("habit", "add", "Stretch").rc == 0
    assert rig.cli("habit", "done", "Stretch").rc == 0
    def arrived_on_a():
        a("sync", at=None)
        return any(h["name"] == "Stretch" and h["entries"] for h in a.store()["habits"])
    wait_until(arrived_on_a, 40, "the agent to sync the habit day", interval=1)
    assert "Last attempt failed" not in rig.cli("sync", "status").stdout


@pytest.fixture
def keyring(sandbox, session_bus):
    """A real Secret Service: gnome-keyring-daemon on the private session bus, its login keyring unlocked."""
    sandbox.spawn("gnome-keyring", ["sh", "-c", "printf keyring-pw | exec gnome-keyring-daemon --foreground --unlock --components=secrets"])
    session_bus.wait_for_name("org.freedesktop.secrets", timeout=30)


def test_password_kept_in_the_secret_service_never_in_the_store(machines, radicale, keyring, sandbox):
    a, _ = machines
    a("add", "7:30", "--label", "Подъём")
    r = a.cli(["sync", "setup", radicale, "--user", "alice"], env=a.env, input="secret\n")
    assert r.rc == 0, r.stderr
    assert "secret" not in a.store_bytes().decode()
    assert "passwordCommand" not in a.store()["sync"]["account"]
    assert "1 sent" in a("sync").stdout
    lookup = sandbox.run(["secret-tool", "lookup", "url", radicale, "user", "alice"])
    assert lookup.stdout == "secret"
    a("sync", "off")
    assert sandbox.run(["secret-tool", "lookup", "url", radicale, "user", "alice"]).stdout == ""


def test_without_a_secret_service_setup_asks_for_a_password_command(machines, radicale, session_bus):
    a, _ = machines
    r = a.cli(["sync", "setup", radicale, "--user", "alice"], env=a.env, input="secret\n")
    assert r.rc == 2 and "--password-command" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "Sync is off." in a("sync", "status").stdout


# --- in Russian: failures, the stored reason, counted summaries ---------------------------------

RU = {"LANG": "ru_RU.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
EN = {"LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
CYRILLIC = re.compile("[а-яё]", re.I)
# Two of these outside quotes and URLs: a sentence left in English.
ENGLISH = re.compile(r"\b(?:the|cannot|reach|refused|server|failed|sync|password|not|answered)\b")


def russian(text: str) -> bool:
    bare = re.sub(r"«[^»]*»|https?://\S+|\S*[/:]\S*", " ", text)
    return bool(CYRILLIC.search(text)) and len(set(ENGLISH.findall(bare))) < 2


def test_russian_detector():
    assert russian("agent-cli: синхронизация не удалась: не удаётся связаться с http://127.0.0.1:9/: «Could not connect: Connection refused»")
    assert not russian("agent-cli: sync failed: cannot reach http://127.0.0.1:9/: Could not connect")
    assert not russian("agent-cli: синхронизация не удалась: the server refused the user name or password")


def test_wrong_password_and_server_down_in_russian_exit_1_and_status_in_both_languages(machines, radicale, proxy, sandbox):
    a, _ = machines
    r = a.cli(["sync", "setup", radicale, "--user", "alice", "--password-command", "echo wrong"], env={**a.env, **RU})
    assert r.rc == 1 and r.stderr == f"agent-cli: сервер отверг имя пользователя или пароль (HTTP 401) на {radicale}\n", r.stderr
    a.setup(proxy.url)
    (Path(sandbox.env["HOME"]) / PASSWORD_FILE).write_text("changed\n")
    r = a.cli(["sync"], env={**a.env, **RU, "MOSCOWTIME_NOW": "2026-11-22T10:05:00Z"})
    assert r.rc == 1 and r.stderr.startswith("agent-cli: синхронизация не удалась: сервер отверг имя пользователя или пароль (HTTP 401) на "), r.stderr
    assert russian(r.stderr) and len(r.stderr.splitlines()) == 1, r.stderr
    (Path(sandbox.env["HOME"]) / PASSWORD_FILE).write_text("secret\n")
    proxy.close()  # the server goes away
    r = a.cli(["sync"], env={**a.env, **RU, "MOSCOWTIME_NOW": "2026-11-22T10:06:00Z"})
    assert r.rc == 1 and r.stderr.startswith(f"agent-cli: синхронизация не удалась: не удаётся связаться с {proxy.url}"), r.stderr
    assert russian(r.stderr) and len(r.stderr.splitlines()) == 1, r.stderr
    # The reason is stored as a code with its values: worded when shown, in either language.
    ru = a.cli(["sync", "status"], env={**a.env, **RU}).stdout
    en = a.cli(["sync", "status"], env={**a.env, **EN}).stdout
    # Times in the configured zone, as `status` and `list` write them (10:06 UTC is 13:06 in Moscow).
    assert f"Последняя попытка не удалась в вс 22.11.2026 13:06: не удаётся связаться с {proxy.url}: «" in ru, ru
    assert f"Last attempt failed at Sun 2026-11-22 13:06: cannot reach {proxy.url}: \"" in en, en
    state = json.loads((Path(a.env["XDG_STATE_HOME"]) / "moscowtime" / "sync-state.json").read_text())
    assert state["lastFailure"]["code"] == "unreachable" and state["lastFailure"]["values"][0] == proxy.url
    assert "lastError" not in state


def test_a_reason_stored_by_an_older_version_is_shown_as_it_is(machines, radicale):
    a, _ = machines
    a.setup(radicale)
    a("sync")
    path = Path(a.env["XDG_STATE_HOME"]) / "moscowtime" / "sync-state.json"
    state = json.loads(path.read_text())
    state["lastError"] = "cannot reach http://old.example/: Connection refused"
    state["lastErrorAt"] = "2026-11-20T08:00:00Z"
    path.write_text(json.dumps(state))
    ru = a.cli(["sync", "status"], env={**a.env, **RU}).stdout
    assert "Последняя попытка не удалась в пт 20.11.2026 11:00: cannot reach http://old.example/: Connection refused" in ru, ru
    a("sync", at="2026-11-22T10:30:00Z")  # a sync that works clears it
    assert "lastError" not in json.loads(path.read_text())
    assert "Последняя попытка" not in a.cli(["sync", "status"], env={**a.env, **RU}).stdout


CHANGES = {1: "1 изменение", 2: "2 изменения", 5: "5 изменений", 21: "21 изменение"}
REQUESTS = re.compile(r"\((?:пока )?(\d+) (запрос|запроса|запросов)\)")


def russian_form(n: int, one: str, few: str, many: str) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return one
    return few if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else many


def test_sync_summaries_count_in_russian_plural_forms(machines, radicale):
    a, b = machines
    a.setup(radicale)
    b.setup(radicale)
    added = 0
    minute = 0
    for n in (1, 2, 5, 21):
        for k in range(n):
            a("add", f"{6 + added // 60}:{added % 60:02d}", "--label", f"Подъём {added}")
            added += 1
        minute += 2
        at = f"2026-11-22T11:{minute:02d}:00Z"
        r = a.cli(["sync"], env={**a.env, **RU, "MOSCOWTIME_NOW": at})
        assert r.rc == 0 and f": получено 0 изменений, отправлено {n}, 0 конфликтов (" in r.stdout, r.stdout
        dry = b.cli(["sync", "--dry-run"], env={**b.env, **RU, "MOSCOWTIME_NOW": at})
        assert dry.stdout.startswith(f"Пробная синхронизация с {radicale}, ничего не изменено: получить {CHANGES[n]}, отправить 0, 0 конфликтов (пока "), dry.stdout
        r = b.cli(["sync"], env={**b.env, **RU, "MOSCOWTIME_NOW": at})
        assert r.stdout.startswith(f"Синхронизировано с {radicale}: получено {CHANGES[n]}, отправлено 0, 0 конфликтов ("), r.stdout
        count, word = REQUESTS.search(r.stdout).groups()
        assert word == russian_form(int(count), "запрос", "запроса", "запросов"), r.stdout
        en = b("sync", at=at).stdout
        assert "0 changes taken, 0 sent, 0 conflicts (" in en, en
    assert len(b.alarms()) == 29


def test_status_shows_the_last_sync_and_a_failure_in_the_users_language(rig, radicale, proxy, sandbox):
    """`agent-cli status` (the agent running) tells whether sync works, in both languages and in JSON."""
    secret = sandbox.path("caldav-password")
    secret.write_text("secret\n")
    rig.cli("sync", "setup", proxy.url, "--user", "alice", "--password-command", f"cat {secret}")
    rig.start_agent()
    # The agent's own first sync, shortly after start.
    wait_until(lambda: "never" not in rig.cli("sync", "status").stdout, 30, "the agent's first sync", interval=0.5)
    lines = [l for l in rig.cli("status").stdout.splitlines() if l.startswith("sync:")]
    assert len(lines) == 1 and f"with {proxy.url}, last at " in lines[0], lines
    status = json.loads(rig.cli("status", "--json").stdout)["sync"]
    assert status["on"] is True and status["url"] == proxy.url and status["lastFailure"] is None
    assert status["lastSync"] is not None

    proxy.close()  # the server goes away; the next sync fails and says so in status
    assert run_cli(sandbox, ["sync"]).rc == 1
    lines = [l for l in rig.cli("status").stdout.splitlines() if l.startswith("sync:")]
    assert len(lines) == 1 and "last attempt failed at " in lines[0] and f"cannot reach {proxy.url}" in lines[0], lines
    ru = rig.cli("status", env={**RU}).stdout
    line = next(l for l in ru.splitlines() if l.startswith("синхронизация"))
    assert "последняя попытка не удалась" in line and f"не удаётся связаться с {proxy.url}" in line, ru
    failure = json.loads(rig.cli("status", "--json").stdout)["sync"]["lastFailure"]
    assert failure["reason"].startswith(f"cannot reach {proxy.url}") and failure["at"]


def test_status_says_nothing_of_sync_when_it_is_off(rig):
    rig.start_agent()
    assert not [l for l in rig.cli("status").stdout.splitlines() if l.startswith("sync:")]
    assert json.loads(rig.cli("status", "--json").stdout)["sync"] == {"on": False}
