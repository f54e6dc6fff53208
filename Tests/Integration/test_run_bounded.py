# SPDX-License-Identifier: GPL-3.0-or-later
"""scripts/run-bounded, which bounds every stage of scripts/test: a hang fails the stage and says
what was running; a program a stage left behind is named and ended; the command's own exit
status is the stage's."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from harness import wait_until

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "run-bounded"


def run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=timeout)


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_the_command_status_and_output_pass_through(tmp_path: Path):
    r = run("30", "--", "sh", "-c", "echo out; exit 7")
    assert r.returncode == 7 and r.stdout == "out\n"
    log = tmp_path / "log"
    r = run("30", "--log", str(log), "--", "sh", "-c", "echo into-the-log; echo err >&2")
    assert r.returncode == 0 and r.stdout == ""
    assert log.read_text() == "into-the-log\nerr\n"


def test_an_overrun_names_the_unfinished_swift_tests_and_ends_the_stage(tmp_path: Path):
    log = tmp_path / "swift-test.log"
    script = ("echo '◇ Test hangs() started.'; echo '◇ Test fine() started.'; "
              "echo '✔ Test fine() passed after 0.1 seconds.'; exec sleep 600")
    started = time.monotonic()
    r = run("2", "--log", str(log), "--", "sh", "-c", script)
    assert r.returncode == 124
    assert time.monotonic() - started < 30
    assert "still running after 2 s" in r.stdout and "sleep 600" in r.stdout
    unfinished = r.stdout.split("started and never ended:")[1].split("run-bounded:")[0]
    assert "hangs()" in unfinished and "fine()" not in unfinished


def test_a_program_the_stage_left_running_is_named_and_ended(tmp_path: Path):
    pidfile = tmp_path / "pid"
    r = run("30", "--", "sh", "-c", f"sleep 300 & echo $! > {pidfile}; exit 0")
    assert r.returncode == 0
    pid = int(pidfile.read_text())
    assert "left these running" in r.stdout and f"{pid} " in r.stdout
    wait_until(lambda: not alive(pid), 10, f"the left-behind sleep (pid {pid}) to be ended")


def test_bad_arguments_are_refused_with_the_usage():
    for args in ([], ["x", "--", "true"], ["10", "true"], ["0", "--", "true"], ["10", "--"]):
        r = run(*args)
        assert r.returncode == 2 and "usage: scripts/run-bounded" in r.stderr, args
    assert os.access(SCRIPT, os.X_OK)
