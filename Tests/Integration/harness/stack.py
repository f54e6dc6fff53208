# SPDX-License-Identifier: GPL-3.0-or-later
"""DesktopStack: the pieces a scenario needs, started in order and torn down in reverse.

    with DesktopStack(notifications="dunst", audio=True) as stack:
        stack.cli(["timer", "4s", "Tea"]); agent = stack.start_agent(["--verbose"]) ...
"""
from __future__ import annotations

from typing import Mapping, Optional, Sequence

from . import agent as _agent
from .audio import PulseServer
from .bus import PrivateBus
from .gui import Dunst, VirtualDisplay
from .mocks import LogindMock, NotificationMock
from .sandbox import Sandbox


class DesktopStack:
    """notifications: "dunst" (Xvfb + real dunst), "mock" (dbusmock) or None (no server at all)."""

    def __init__(self, notifications: Optional[str] = "dunst", audio: bool = True,
                 logind: bool = False, keep: Optional[bool] = None,
                 mock_capabilities: str = NotificationMock.DEFAULT_CAPABILITIES):
        assert notifications in ("dunst", "mock", None)
        self.sandbox = Sandbox(keep=keep)
        self.system_bus: Optional[PrivateBus] = None
        self.logind: Optional[LogindMock] = None
        self.display: Optional[VirtualDisplay] = None
        self.dunst: Optional[Dunst] = None
        self.notify_mock: Optional[NotificationMock] = None
        self.pulse: Optional[PulseServer] = None
        try:
            self.session_bus = PrivateBus(self.sandbox, "session")
            if logind:
                self.system_bus = PrivateBus(self.sandbox, "system")
                self.logind = LogindMock(self.sandbox, self.system_bus)
            if audio:
                self.pulse = PulseServer(self.sandbox)
            if notifications == "dunst":
                self.display = VirtualDisplay(self.sandbox)
                self.dunst = Dunst(self.sandbox, self.session_bus, self.display)
            elif notifications == "mock":
                self.notify_mock = NotificationMock(self.sandbox, self.session_bus, mock_capabilities)
        except BaseException:
            self.sandbox.close()
            raise

    @property
    def env(self) -> dict[str, str]:
        return self.sandbox.env

    def cli(self, args: Sequence[str], timeout: float = 15.0,
            env: Optional[Mapping[str, str]] = None) -> _agent.CliResult:
        return _agent.run_cli(self.sandbox, args, timeout=timeout, env=env)

    def start_agent(self, extra_args: Sequence[str] = (),
                    env: Optional[Mapping[str, str]] = None) -> _agent.AgentProcess:
        return _agent.start_agent(self.sandbox, extra_args, env)

    def close(self) -> None:
        self.sandbox.close()

    def __enter__(self) -> "DesktopStack":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
