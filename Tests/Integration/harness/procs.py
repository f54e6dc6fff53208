# SPDX-License-Identifier: GPL-3.0-or-later
"""Child processes that are always killed and reaped, and bounded waits.

Every process the harness starts goes through `Child`: it runs in its own process group (so
grandchildren such as dunst's menu script die with it), it gets SIGKILL if the harness itself
dies (PR_SET_PDEATHSIG), and a module-level registry stops whatever is still running at exit.
"""
from __future__ import annotations

import atexit
import ctypes
import os
import resource
import signal
import subprocess
import time
from pathlib import Path
from typing import Callable, Mapping, Optional, Sequence, TypeVar

T = TypeVar("T")

POLL_INTERVAL = 0.05
# The least time a wait gives what it waits for. A wait is for what a test asserts, not a measure
# of how soon it comes: on a loaded machine (tests in parallel, a build beside them) one second
# becomes several, and a wait that succeeds returns at once, so a longer one costs nothing. Where
# promptness is the point, a test measures it and asserts the figure (a ring within a second of
# its time, a refusal within so much CPU time).
WAIT_AT_LEAST = 10.0

_PR_SET_PDEATHSIG = 1
_libc = ctypes.CDLL(None, use_errno=True)
_prctl = _libc.prctl  # resolved before any fork: the child must not call dlsym


def _die_with_parent() -> None:
    # Backstop for a harness killed with SIGKILL: the kernel then kills the direct child.
    _prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)


def wait_until(condition: Callable[[], T], timeout: float, what: str,
               interval: float = POLL_INTERVAL, at_least: float = WAIT_AT_LEAST) -> T:
    """Poll `condition` until it returns something truthy; return it, or raise TimeoutError after
    `timeout` seconds, or `at_least` if that is longer (0 for a wait whose timeout is a retry's)."""
    timeout = max(timeout, at_least)
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() >= deadline:
            raise TimeoutError(f"timed out after {timeout:g} s waiting for {what}")
        time.sleep(interval)


def children_cpu_seconds() -> float:
    """User and system CPU time of this process's children (and theirs) waited for so far. Around
    one run of a program, the difference is what that run cost, however loaded the machine: what a
    test of "fast" measures, where the wall clock would measure the other tests running beside it."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def listening_ports(pid: int) -> list[int]:
    """The TCP ports process `pid` listens on (IPv4 and IPv6), read from /proc: a server told to
    bind port 0 takes a free one without the race of a port picked beforehand (another test, or
    any outgoing connection, could take that one first)."""
    inodes = set()
    try:
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                target = os.readlink(fd)
            except OSError:
                continue
            if target.startswith("socket:["):
                inodes.add(target[len("socket:["):-1])
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return []
    ports = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A" and fields[9] in inodes:  # 0A: LISTEN
                ports.append(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


def pid_alive(pid: int) -> bool:
    """True while /proc/<pid> exists and is not a zombie."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    # The state letter follows the parenthesised command name, which may contain spaces.
    return stat[stat.rindex(")") + 2] not in "ZX"


def group_members(pgid: int) -> list[int]:
    """Live pids whose process group is `pgid` (scans /proc)."""
    members = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        if int(fields[2]) == pgid and fields[0] not in "ZX":
            members.append(int(entry))
    return members


class Child:
    """A started process: own process group, output in files under `log_dir`."""

    _running: "set[Child]" = set()
    started_pids: "list[int]" = []  # every pid ever started, for leak checks

    def __init__(self, name: str, argv: Sequence[str], env: Mapping[str, str], log_dir: Path,
                 stdout: Optional[object] = None, stdin: object = subprocess.DEVNULL,
                 pass_fds: Sequence[int] = (), cwd: Optional[Path] = None):
        self.name = name
        self.argv = list(argv)
        self.stdout_path = Path(log_dir) / f"{name}.out"
        self.stderr_path = Path(log_dir) / f"{name}.err"
        out = stdout if stdout is not None else open(self.stdout_path, "wb")
        err = open(self.stderr_path, "wb")
        try:
            self.popen = subprocess.Popen(
                self.argv, env=dict(env), stdin=stdin, stdout=out, stderr=err,
                pass_fds=tuple(pass_fds), cwd=cwd, start_new_session=True,
                preexec_fn=_die_with_parent)
        finally:
            err.close()
            if stdout is None:
                out.close()
        self.pid = self.popen.pid
        self.pgid = self.pid  # start_new_session makes the child its group leader
        Child._running.add(self)
        Child.started_pids.append(self.pid)

    def alive(self) -> bool:
        return self.popen.poll() is None

    @property
    def returncode(self) -> Optional[int]:
        return self.popen.poll()

    def stderr_text(self) -> str:
        return self.stderr_path.read_text(errors="replace") if self.stderr_path.exists() else ""

    def stdout_text(self) -> str:
        return self.stdout_path.read_text(errors="replace") if self.stdout_path.exists() else ""

    def send_signal(self, sig: int) -> None:
        if self.alive():
            self.popen.send_signal(sig)

    def wait(self, timeout: float) -> int:
        return self.popen.wait(timeout)

    def stop(self, timeout: float = 5.0, sig: int = signal.SIGTERM) -> Optional[int]:
        """Send `sig` to the whole group, wait, SIGKILL on timeout; always reaps. Returns the exit code."""
        try:
            if self.alive():
                self._kill_group(sig)
                try:
                    self.popen.wait(timeout)
                except subprocess.TimeoutExpired:
                    self._kill_group(signal.SIGKILL)
                    self.popen.wait()
            # Grandchildren left in the group (e.g. a menu helper) must not outlive us.
            self._kill_group(signal.SIGKILL)
        finally:
            Child._running.discard(self)
        return self.popen.returncode

    def _kill_group(self, sig: int) -> None:
        try:
            os.killpg(self.pgid, sig)
        except (ProcessLookupError, PermissionError):
            pass

    def describe(self) -> str:
        rc = self.returncode
        state = "running" if rc is None else f"exited with {rc}"
        tail = self.stderr_text()[-2000:]
        return f"{self.name} (pid {self.pid}) {state}; stderr tail:\n{tail}"

    def __repr__(self) -> str:
        return f"<Child {self.name} pid={self.pid}>"

    @classmethod
    def stop_all(cls) -> None:
        for child in list(cls._running):
            child.stop(timeout=2.0)


atexit.register(Child.stop_all)
