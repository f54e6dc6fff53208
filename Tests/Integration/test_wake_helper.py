# SPDX-License-Identifier: GPL-3.0-or-later
"""moscowtime-wake, the CAP_WAKE_ALARM helper: the instants it arms (read back with
timerfd_gettime through its `query`), its refusals, its confinement (no capabilities, no new
privileges, no descriptors but stdio and its timer) and its failure reasons (no capability, no RTC).
A real CLOCK_REALTIME_ALARM cannot be observed waking a machine here: the test-only
`--clock realtime` runs the same code on CLOCK_REALTIME."""
from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from harness import run_cli, wait_until
from harness.preload import build_preload
from harness.agent import binary

HELPER = "moscowtime-wake"


def _helper() -> Path:
    path = binary(HELPER)
    if not path.exists():
        pytest.skip(f"{path} not built")
    return path


class Helper:
    def __init__(self, *args: str, pass_fds=()):
        self.proc = subprocess.Popen([str(_helper()), *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, pass_fds=pass_fds)
        self.first = self.line()

    def line(self, timeout: float = 5.0) -> str:
        fd = self.proc.stdout.fileno()
        data = b""
        deadline = time.monotonic() + timeout
        while not data.endswith(b"\n"):
            left = deadline - time.monotonic()
            assert left > 0 and select.select([fd], [], [], left)[0], f"no line from the helper (so far {data!r})"
            chunk = os.read(fd, 1)
            assert chunk, f"helper closed its output (so far {data!r})"
            data += chunk
        return data.decode().rstrip("\n")

    def ask(self, command: str) -> str:
        self.proc.stdin.write(command.encode() + b"\n")
        self.proc.stdin.flush()
        return self.line()

    def close(self) -> int:
        self.proc.stdin.close()
        return self.proc.wait(5)


@pytest.fixture
def helper():
    h = Helper("--clock", "realtime")
    yield h
    if h.proc.poll() is None:
        h.proc.kill()
        h.proc.wait()


def test_it_arms_exactly_the_instants_it_is_sent(helper):
    assert helper.first == "ready realtime"
    now = int(time.time())
    for at in (now + 3600, now + 86400 * 30, 2_000_000_000, 7_258_118_400):
        assert helper.ask(f"arm {at}") == f"ok armed {at}"
        assert helper.ask("query") == f"armed {at}"
    # re-arming replaces: one timer, never two
    assert helper.ask(f"arm {now + 120}") == f"ok armed {now + 120}"
    assert helper.ask("query") == f"armed {now + 120}"
    assert helper.ask("clear") == "ok cleared"
    assert helper.ask("query") == "armed none"
    assert helper.close() == 0  # stdin closed: the agent is gone, the helper exits


@pytest.mark.parametrize("bad", ["arm 99", "arm 9223372036854775807", "arm -5", "arm 2e9", "arm ", "arm 17000000000x",
                                 "arm 1700000000 extra", "ARM 1800000000", "rm -rf /", "\x1b[2J", "x" * 5000,
                                 "arm 2000000000\x00junk", "arm 2000000000\x00", "\x00arm 2000000000", "clear\x00"])
def test_it_refuses_anything_else_and_keeps_its_timer(helper, bad):
    at = int(time.time()) + 600
    assert helper.ask(f"arm {at}") == f"ok armed {at}"
    answer = helper.ask(bad)
    assert answer.startswith("error bad-"), answer
    if "\x00" in bad:
        assert answer == "error bad-command line contains a NUL byte"
    assert helper.ask("query") == f"armed {at}", "a refused line changes nothing"


def test_it_reports_when_the_timer_fires(helper):
    at = int(time.time()) + 2
    assert helper.ask(f"arm {at}") == f"ok armed {at}"
    assert helper.line(timeout=5) == f"fired {at}"
    assert time.time() >= at
    assert helper.ask("query") == "armed none"


def test_it_keeps_no_privilege_and_no_other_descriptor():
    r, w = os.pipe()  # an inherited descriptor the helper must close
    try:
        h = Helper("--clock", "realtime", pass_fds=(r,))
    finally:
        os.close(w)
    try:
        assert h.first == "ready realtime"
        status = dict(line.split(":\t", 1) for line in Path(f"/proc/{h.proc.pid}/status").read_text().splitlines() if ":\t" in line)
        for field in ("CapInh", "CapPrm", "CapEff", "CapAmb"):
            assert int(status[field], 16) == 0, (field, status[field])
        assert status["NoNewPrivs"].strip() == "1"
        fds = {int(fd): os.readlink(f"/proc/{h.proc.pid}/fd/{fd}") for fd in os.listdir(f"/proc/{h.proc.pid}/fd")}
        assert sorted(fds) == [0, 1, 2, 3], fds
        assert fds[3] == "anon_inode:[timerfd]"
    finally:
        os.close(r)
        h.close()


def _no_capability_argv() -> list[str]:
    """The real CLOCK_REALTIME_ALARM helper without CAP_WAKE_ALARM (dropped from every set)."""
    if os.geteuid() != 0:
        return [str(_helper())]
    if not shutil.which("setpriv"):
        pytest.skip("setpriv (util-linux) is needed to drop the capability as root")
    return ["setpriv", "--inh-caps=-all", "--bounding-set=-wake_alarm", str(_helper())]


def test_without_the_capability_it_says_so_and_how_to_check():
    for extra in ([], ["--check"]):
        r = subprocess.run(_no_capability_argv() + extra, capture_output=True, text=True, timeout=10)
        assert r.returncode == 1
        assert r.stdout.startswith("error no-capability ") and "CAP_WAKE_ALARM" in r.stdout and "getcap" in r.stdout, r.stdout
        assert r.stdout.count("\n") == 1


def test_without_an_rtc_alarm_it_says_so(tmp_path):
    """The kernel's answer when no RTC can wake the machine (EINVAL/EOPNOTSUPP from timerfd_create),
    injected with a preloaded timerfd_create (the build-tree helper has no file capability, so the
    loader honours LD_PRELOAD)."""
    lib = build_preload(tmp_path, "shim", "#include <errno.h>\n#include <time.h>\n#include <stdlib.h>\n"
                        "int timerfd_create(int c, int f) { (void)c; (void)f; errno = atoi(getenv(\"SHIM_ERRNO\")); return -1; }\n")
    rtc_present = Path("/sys/class/rtc/rtc0").exists()
    for err in (22, 95):  # EINVAL, EOPNOTSUPP
        r = subprocess.run([str(_helper()), "--check"], capture_output=True, text=True, timeout=10,
                           env={"LD_PRELOAD": str(lib), "SHIM_ERRNO": str(err), "PATH": "/usr/bin:/bin"})
        assert r.returncode == 1
        assert r.stdout.startswith("error no-rtc "), r.stdout
        assert ("cannot set wake alarms" in r.stdout) if rtc_present else ("/sys/class/rtc/rtc0 is missing" in r.stdout)
    r = subprocess.run([str(_helper()), "--bogus"], capture_output=True, text=True, timeout=10)
    assert r.returncode == 2 and r.stdout.startswith("error usage")


@pytest.mark.agent
def test_status_says_in_one_line_whether_the_machine_can_be_woken(rig, sandbox):
    rig.start_agent()
    wrapper = sandbox.path("wake-without-cap")
    wrapper.write_text("#!/bin/sh\nexec " + " ".join(_no_capability_argv()) + ' "$@"\n')
    wrapper.chmod(0o755)
    r = rig.cli("status", env={"MOSCOWTIME_WAKE_HELPER": str(wrapper)})
    assert r.rc == 0, r
    [line] = [l for l in r.stdout.splitlines() if l.startswith("wake:")]
    assert "cannot be woken from suspend" in line and "CAP_WAKE_ALARM" in line and "late window" in line, line
    status = json.loads(rig.cli("status", "--json", env={"MOSCOWTIME_WAKE_HELPER": str(wrapper)}).stdout)
    assert status["wakeFromSuspend"]["possible"] is False and status["wakeFromSuspend"]["code"] == "no-capability"
    missing = json.loads(rig.cli("status", "--json", env={"MOSCOWTIME_WAKE_HELPER": str(sandbox.path("nothing"))}).stdout)
    assert missing["wakeFromSuspend"]["code"] == "not-installed"
    # Where the helper really can arm a wake-up here, status says so.
    check = subprocess.run([str(_helper()), "--check"], capture_output=True, text=True, timeout=10)
    status = json.loads(rig.cli("status", "--json", env={"MOSCOWTIME_WAKE_HELPER": str(_helper())}).stdout)
    assert status["wakeFromSuspend"]["possible"] is (check.returncode == 0), (check.stdout, status["wakeFromSuspend"])
