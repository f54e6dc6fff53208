# SPDX-License-Identifier: GPL-3.0-or-later
"""A sandbox: one temporary directory, the environment its children get, and LIFO teardown.

The environment starts from the caller's, minus everything that could reach the user's real
desktop (session bus, display, sound server, XDG directories), and gets a temporary XDG home,
so nothing a test starts can touch the user's data or session.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Callable, Mapping, Optional, Sequence

from .procs import Child

KEEP_ENV = "MOSCOWTIME_KEEP_ARTIFACTS"

# Variables that would let a child find the user's real session.
_SCRUBBED = (
    "DBUS_SESSION_BUS_ADDRESS", "DBUS_SYSTEM_BUS_ADDRESS", "DISPLAY", "WAYLAND_DISPLAY",
    "XAUTHORITY", "PULSE_SERVER", "PULSE_RUNTIME_PATH", "PULSE_COOKIE", "PULSE_CLIENTCONFIG",
    "PULSE_SINK", "PULSE_SOURCE", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME",
    "XDG_CACHE_HOME", "XDG_RUNTIME_DIR", "XDG_SESSION_ID", "XDG_CURRENT_DESKTOP",
    "DESKTOP_SESSION", "SESSION_MANAGER", "DBUS_STARTER_ADDRESS", "DBUS_STARTER_BUS_TYPE",
    "LC_ALL", "LC_MESSAGES", "LANGUAGE", "CANBERRA_DRIVER",
)


class XdgHome:
    """HOME and the XDG base directories inside the sandbox; XDG_RUNTIME_DIR is 0700 as the spec asks."""

    def __init__(self, root: Path):
        self.home = root / "home"
        self.data = self.home / ".local" / "share"
        self.state = self.home / ".local" / "state"
        self.config = self.home / ".config"
        self.cache = self.home / ".cache"
        self.runtime = root / "runtime"
        for d in (self.data, self.state, self.config, self.cache):
            d.mkdir(parents=True, exist_ok=True)
        self.runtime.mkdir(mode=0o700, exist_ok=True)
        os.chmod(self.runtime, 0o700)

    @property
    def env(self) -> dict[str, str]:
        return {
            "HOME": str(self.home),
            "XDG_DATA_HOME": str(self.data),
            "XDG_STATE_HOME": str(self.state),
            "XDG_CONFIG_HOME": str(self.config),
            "XDG_CACHE_HOME": str(self.cache),
            "XDG_RUNTIME_DIR": str(self.runtime),
        }


class Sandbox:
    """Owns a temp dir, the children's environment and a stack of cleanups run in reverse order."""

    def __init__(self, prefix: str = "moscowtime-it-", keep: Optional[bool] = None,
                 base_env: Optional[Mapping[str, str]] = None):
        self.root = Path(tempfile.mkdtemp(prefix=prefix))
        self.keep = bool(os.environ.get(KEEP_ENV)) if keep is None else keep
        self.logs = self.root / "logs"
        self.logs.mkdir()
        self.xdg = XdgHome(self.root)
        env = dict(os.environ if base_env is None else base_env)
        for name in _SCRUBBED:
            env.pop(name, None)
        env.update(self.xdg.env)
        # Until a private system bus is started, point at a socket that does not exist: a child
        # must never reach the real system bus (and, say, take a real logind inhibitor).
        env["DBUS_SYSTEM_BUS_ADDRESS"] = f"unix:path={self.root / 'no-system-bus'}"
        env.update({
            "LANG": "C.UTF-8",          # English UI by default; a test may override
            "LANGUAGE": "en",
            "NO_AT_BRIDGE": "1",        # no accessibility bus lookups
            "GSETTINGS_BACKEND": "memory",  # no dconf activation on the private bus
            "GIO_USE_VFS": "local",
            # agent-cli starts an agent after a change when none runs; tests start their own
            # (test_agent_start.py removes this to test that start).
            "MOSCOWTIME_NO_AGENT_START": "1",
            # No wake helper unless a test brings one (test_agent_wake.py): an agent under test must
            # not arm the host's real RTC wake-up.
            "MOSCOWTIME_WAKE_HELPER": str(self.root / "no-wake-helper"),
        })
        self.env: dict[str, str] = env
        # Added to the environment of the project's own binaries only (harness/agent.py), e.g. a
        # pinned clock (harness/clock.py).
        self.binary_env: dict[str, str] = {}
        self.buses: dict[str, object] = {}  # "session"/"system" -> bus.PrivateBus, set by PrivateBus
        self._cleanups: list[Callable[[], None]] = []
        self._closed = False

    def path(self, name: str) -> Path:
        return self.root / name

    def add_cleanup(self, fn: Callable[[], None]) -> None:
        self._cleanups.append(fn)

    def spawn(self, name: str, argv: Sequence[str], env: Optional[Mapping[str, str]] = None,
              stop_timeout: float = 5.0, **kwargs) -> Child:
        """Start a child with the sandbox environment (plus `env`); it is stopped on close."""
        child = Child(name, argv, {**self.env, **(env or {})}, self.logs, **kwargs)
        self.add_cleanup(lambda: child.stop(stop_timeout))
        return child

    def run(self, argv: Sequence[str], timeout: float = 10.0, env: Optional[Mapping[str, str]] = None,
            check: bool = False, input: Optional[str] = None) -> subprocess.CompletedProcess:
        """Run a short command to completion with the sandbox environment; text output captured."""
        return subprocess.run(list(argv), env={**self.env, **(env or {})}, timeout=timeout,
                              check=check, input=input, capture_output=True, text=True,
                              stdin=None if input is not None else subprocess.DEVNULL)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        errors = []
        while self._cleanups:
            fn = self._cleanups.pop()
            try:
                fn()
            except Exception as exc:  # keep tearing down the rest
                errors.append(exc)
        if self.keep:
            print(f"[harness] kept artifacts in {self.root}")
        else:
            shutil.rmtree(self.root, ignore_errors=True)
        if errors:
            raise errors[0]

    def __enter__(self) -> "Sandbox":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
