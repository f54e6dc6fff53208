# SPDX-License-Identifier: GPL-3.0-or-later
"""Private D-Bus daemons (a session bus, optionally a second one acting as the system bus) and a monitor.

Our own bus configuration lists no service directories: on a stock session bus a call to
org.freedesktop.Notifications would auto-start the installed dunst (org.knopwob.dunst.service)
behind the test's back.
"""
from __future__ import annotations

import os
import re
import select
import time
from pathlib import Path
from typing import Any, Optional

import dbus

from .procs import Child, wait_until
from .sandbox import Sandbox

_CONFIG = """<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-BUS Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>{kind}</type>
  <listen>unix:path={socket}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>{servicedir}
</busconfig>
"""


def _read_line(fd: int, timeout: float) -> str:
    """Read one line from a pipe, or raise TimeoutError / EOFError."""
    data = b""
    deadline = time.monotonic() + timeout
    while not data.endswith(b"\n"):
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
            raise TimeoutError("no line within %g s" % timeout)
        chunk = os.read(fd, 256)
        if not chunk:
            raise EOFError("pipe closed before a full line")
        data += chunk
    return data.decode().strip()


def to_python(value: Any) -> Any:
    """dbus-python values -> plain Python (str, int, float, bool, list, dict, bytes)."""
    if isinstance(value, dbus.Boolean):
        return bool(value)
    if isinstance(value, (dbus.String, dbus.ObjectPath, dbus.Signature)):
        return str(value)
    if isinstance(value, (dbus.Byte, dbus.Int16, dbus.Int32, dbus.Int64,
                          dbus.UInt16, dbus.UInt32, dbus.UInt64)):
        return int(value)
    if isinstance(value, dbus.Double):
        return float(value)
    if isinstance(value, dbus.Array) and value.signature == "y":
        return bytes(int(b) for b in value)
    if isinstance(value, (dbus.Array, dbus.Struct, list, tuple)):
        return [to_python(v) for v in value]
    if isinstance(value, (dbus.Dictionary, dict)):
        return {to_python(k): to_python(v) for k, v in value.items()}
    return value


class PrivateBus:
    """A dbus-daemon child. kind="session" sets DBUS_SESSION_BUS_ADDRESS, "system" sets DBUS_SYSTEM_BUS_ADDRESS."""

    def __init__(self, sandbox: Sandbox, kind: str = "session", timeout: float = 10.0,
                 service_dir: Optional[Path] = None):
        """`service_dir`: a folder of D-Bus activation files this bus starts services from
        (none by default, see the module docstring)."""
        assert kind in ("session", "system")
        self.kind = kind
        self.dir = sandbox.path(f"{kind}-bus")
        self.dir.mkdir()
        config = self.dir / "bus.conf"
        servicedir = f"\n  <servicedir>{service_dir}</servicedir>" if service_dir else ""
        config.write_text(_CONFIG.format(kind=kind, socket=self.dir / "socket", servicedir=servicedir))
        read_fd, write_fd = os.pipe()
        try:
            self.child = sandbox.spawn(
                f"dbus-daemon-{kind}",
                ["dbus-daemon", f"--config-file={config}", "--nofork", "--nopidfile",
                 f"--print-address={write_fd}"],
                pass_fds=(write_fd,))
            os.close(write_fd)
            write_fd = -1
            # The address is printed only once the socket listens: our readiness barrier.
            try:
                self.address = _read_line(read_fd, timeout)
            except (TimeoutError, EOFError) as exc:
                raise RuntimeError(f"dbus-daemon did not start: {exc}\n{self.child.describe()}") from exc
        finally:
            os.close(read_fd)
            if write_fd >= 0:
                os.close(write_fd)
        self._conn: Optional[dbus.bus.BusConnection] = None
        sandbox.env[f"DBUS_{kind.upper()}_BUS_ADDRESS"] = self.address
        sandbox.buses[kind] = self
        sandbox.add_cleanup(self._close_connection)  # runs before the daemon is stopped

    # -- client side -------------------------------------------------------------------------
    @property
    def conn(self) -> dbus.bus.BusConnection:
        if self._conn is None:
            self._conn = dbus.bus.BusConnection(self.address)
        return self._conn

    def _close_connection(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    def call(self, dest: str, path: str, iface: str, method: str, *args: Any,
             signature: Optional[str] = None, timeout: float = 5.0) -> Any:
        """A blocking method call; the reply converted to plain Python."""
        reply = self.conn.call_blocking(dest, path, iface, method, signature, args, timeout=timeout)
        return to_python(reply)

    def has_owner(self, name: str) -> bool:
        return bool(self.conn.name_has_owner(name))

    def names(self) -> list[str]:
        return [str(n) for n in self.conn.list_names()]

    def wait_for_name(self, name: str, timeout: float = 10.0) -> None:
        wait_until(lambda: self.has_owner(name), timeout, f"{name} on the {self.kind} bus")

    def wait_for_name_gone(self, name: str, timeout: float = 10.0) -> None:
        wait_until(lambda: not self.has_owner(name), timeout, f"{name} to leave the {self.kind} bus")


class BusMonitor:
    """`dbus-monitor` on a private bus, output in a file. Sees unicast signals too (dunst sends
    ActionInvoked only to the notification's sender), which `gdbus monitor` does not."""

    def __init__(self, sandbox: Sandbox, bus: PrivateBus, *match_rules: str, name: str = "monitor",
                 timeout: float = 5.0):
        self.child: Child = sandbox.spawn(
            f"dbus-monitor-{name}", ["dbus-monitor", "--address", bus.address, *match_rules])
        # dbus-monitor reports its own NameLost once it has become a monitor: readiness barrier.
        wait_until(lambda: "member=NameLost" in self.text() or not self.child.alive(), timeout,
                   "dbus-monitor to attach")
        if not self.child.alive():
            raise RuntimeError(self.child.describe())

    def text(self) -> str:
        return self.child.stdout_text()

    def wait_for(self, pattern: str, timeout: float = 5.0) -> re.Match:
        """Wait until the monitor output matches the regex `pattern` (re.S)."""
        rx = re.compile(pattern, re.S)
        return wait_until(lambda: rx.search(self.text()), timeout, f"/{pattern}/ in dbus-monitor output")

    def stop(self) -> None:
        self.child.stop()
