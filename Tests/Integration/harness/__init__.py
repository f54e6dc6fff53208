# SPDX-License-Identifier: GPL-3.0-or-later
"""MoscowTime Agent's headless desktop test harness.

Private D-Bus buses, python-dbusmock servers (notifications, logind), Xvfb + the real dunst,
a private PulseAudio with a recordable null sink, a temporary XDG home, and runners for the
project's binaries. Everything started is a child that is killed and reaped on teardown.
Runs under Debian's /usr/bin/python3 (python3-dbusmock and python3-dbus live there).
"""
from .agent import (AgentProcess, BinariesMissing, CliResult, binaries_present, bin_dir, binary,
                    run_cli, start_agent)
from .audio import PulseServer, Recorder, rms_of_s16le
from .bus import BusMonitor, PrivateBus, to_python
from .gui import Dunst, Screenshot, VirtualDisplay
from .mocks import (CLOSED_BY_CALL, CLOSED_DISMISSED, CLOSED_EXPIRED, LogindMock, NotificationMock,
                    NotifyCall)
from .procs import Child, children_cpu_seconds, group_members, listening_ports, pid_alive, wait_until
from .sandbox import Sandbox, XdgHome
from .stack import DesktopStack

import types as _types

__all__ = [name for name, value in globals().items()
           if not name.startswith("_") and not isinstance(value, _types.ModuleType)]
