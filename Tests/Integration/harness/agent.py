# SPDX-License-Identifier: GPL-3.0-or-later
"""The project's binaries under test: `agent-cli` (short runs) and `moscowtime-agent` (long-lived).

They are looked up in $MOSCOWTIME_BIN_DIR, by default <repo>/.build/debug.
"""
from __future__ import annotations

import os
import signal
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Optional, Sequence

from .procs import Child, children_cpu_seconds, wait_until
from .sandbox import Sandbox

REPO_ROOT = Path(__file__).resolve().parents[3]
BIN_DIR_ENV = "MOSCOWTIME_BIN_DIR"
CLI_NAME = "agent-cli"
AGENT_NAME = "moscowtime-agent"


class BinariesMissing(RuntimeError):
    pass


def bin_dir() -> Path:
    return Path(os.environ.get(BIN_DIR_ENV) or REPO_ROOT / ".build" / "debug")


def binary(name: str) -> Path:
    path = bin_dir() / name
    if not (path.is_file() and os.access(path, os.X_OK)):
        raise BinariesMissing(
            f"{path} not found. Build the project first (swift build), or point "
            f"{BIN_DIR_ENV} at the directory holding {CLI_NAME} and {AGENT_NAME}.")
    return path


def binaries_present() -> bool:
    try:
        binary(CLI_NAME), binary(AGENT_NAME)
        return True
    except BinariesMissing:
        return False


@dataclass(frozen=True)
class CliResult:
    rc: int
    stdout: str
    stderr: str
    cpu_seconds: float = 0.0  # user + system time of the run, with the helpers it ran (import, export)

    def __iter__(self):  # allows `rc, out, err = run_cli(...)`
        return iter((self.rc, self.stdout, self.stderr))


def run_cli(sandbox: Sandbox, args: Sequence[str], timeout: float = 15.0,
            env: Optional[Mapping[str, str]] = None, input: Optional[str] = None) -> CliResult:
    """Run agent-cli with the sandbox environment; returns (rc, stdout, stderr)."""
    if "FAKETIME" in sandbox.binary_env:
        from .clock import remove_stale_faketime_shm
        remove_stale_faketime_shm()
    cpu_before = children_cpu_seconds()
    r = sandbox.run([str(binary(CLI_NAME)), *args], timeout=timeout, env={**sandbox.binary_env, **(env or {})},
                    input=input)
    return CliResult(r.returncode, r.stdout, r.stderr, children_cpu_seconds() - cpu_before)


class AgentProcess:
    """A running moscowtime-agent; stdout/stderr captured to files in the sandbox logs."""

    _count = 0

    def __init__(self, sandbox: Sandbox, extra_args: Sequence[str] = (),
                 env: Optional[Mapping[str, str]] = None):
        AgentProcess._count += 1
        self.sandbox = sandbox
        self._names_before = set(self._well_known_names())
        if "FAKETIME" in sandbox.binary_env:
            from .clock import remove_stale_faketime_shm
            remove_stale_faketime_shm()
        self.child: Child = sandbox.spawn(f"agent-{AgentProcess._count}",
                                          [str(binary(AGENT_NAME)), *extra_args],
                                          env={**sandbox.binary_env, **(env or {})})

    @property
    def pid(self) -> int:
        return self.child.pid

    def alive(self) -> bool:
        return self.child.alive()

    @property
    def stderr_path(self) -> Path:
        return self.child.stderr_path

    def stderr_text(self) -> str:
        return self.child.stderr_text()

    def stdout_text(self) -> str:
        return self.child.stdout_text()

    def _well_known_names(self) -> list[str]:
        bus = self.sandbox.buses.get("session")
        return [n for n in bus.names() if not n.startswith(":")] if bus else []

    def wait_for_bus_name(self, timeout: float = 10.0) -> list[str]:
        """Wait until the agent owns a new well-known name on the session bus; returns the new names."""
        def new_names():
            if not self.alive():
                raise RuntimeError(f"the agent exited early:\n{self.child.describe()}")
            return sorted(set(self._well_known_names()) - self._names_before)
        return wait_until(new_names, timeout, "the agent to claim a bus name")

    def wait_for_log(self, needle: str, timeout: float = 10.0) -> str:
        """Wait until `needle` appears in the agent's stderr; returns the whole stderr."""
        return wait_until(lambda: (lambda t: t if needle in t else None)(self.stderr_text()),
                          timeout, f"{needle!r} in the agent's stderr")

    def stop(self, timeout: float = 5.0) -> Optional[int]:
        """SIGTERM, wait up to `timeout`, then SIGKILL. Returns the exit code (negative = signal)."""
        return self.child.stop(timeout, signal.SIGTERM)


def start_agent(sandbox: Sandbox, extra_args: Sequence[str] = (),
                env: Optional[Mapping[str, str]] = None) -> AgentProcess:
    return AgentProcess(sandbox, extra_args, env)
