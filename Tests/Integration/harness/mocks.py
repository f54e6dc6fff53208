# SPDX-License-Identifier: GPL-3.0-or-later
"""python-dbusmock servers: the notification daemon (session bus) and logind (system bus).

Signals are emitted by the mock itself through org.freedesktop.DBus.Mock.EmitSignal: libnotify
only accepts ActionInvoked/NotificationClosed from the owner of org.freedesktop.Notifications.
The mock runs under the interpreter running the harness (python3-dbusmock is installed for
Debian's /usr/bin/python3, not for a pyenv python).
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

import dbus

from .bus import PrivateBus
from .procs import Child, wait_until
from .sandbox import Sandbox

MOCK_IFACE = "org.freedesktop.DBus.Mock"

NOTIFY_NAME = "org.freedesktop.Notifications"
NOTIFY_PATH = "/org/freedesktop/Notifications"

LOGIND_NAME = "org.freedesktop.login1"
LOGIND_PATH = "/org/freedesktop/login1"
LOGIND_MANAGER = "org.freedesktop.login1.Manager"

# NotificationClosed reasons (Desktop Notifications spec)
CLOSED_EXPIRED, CLOSED_DISMISSED, CLOSED_BY_CALL, CLOSED_UNDEFINED = 1, 2, 3, 4


class _TemplateServer:
    """`python3 -m dbusmock --template T` (a name, or a template file's path) on one of our private
    buses; restartable."""

    def __init__(self, sandbox: Sandbox, bus: PrivateBus, template: str, bus_name: str, path: str,
                 parameters: Optional[dict] = None):
        self.sandbox, self.bus, self.template = sandbox, bus, template
        self.bus_name, self.path = bus_name, path
        self.parameters = parameters or {}
        self.log_path = sandbox.path(f"{Path(template).stem}.log")  # a name, or a template file's path
        self.child: Optional[Child] = None
        self._generation = 0
        sandbox.add_cleanup(self.stop)
        self.start()

    def start(self, timeout: float = 10.0) -> None:
        assert self.child is None, "already running"
        self._generation += 1
        argv = [sys.executable, "-m", "dbusmock", f"--{self.bus.kind}", "--template", self.template,
                "-l", str(self.log_path)]
        if self.parameters:
            argv += ["-p", json.dumps(self.parameters)]
        env = {f"DBUS_{self.bus.kind.upper()}_BUS_ADDRESS": self.bus.address}
        self.child = Child(f"{Path(self.template).stem}-{self._generation}", argv,
                           {**self.sandbox.env, **env}, self.sandbox.logs)
        # The name is claimed before the template loads, but the mock only serves calls
        # after loading it, so owning the name is a sufficient barrier.
        wait_until(lambda: self.bus.has_owner(self.bus_name) or not self.child.alive(), timeout,
                   f"dbusmock {self.template}")
        if not self.child.alive():
            raise RuntimeError(self.child.describe())
        self.on_start()

    def on_start(self) -> None:
        pass

    def stop(self) -> None:
        if self.child is not None:
            self.child.stop()
            self.child = None
            self.bus.wait_for_name_gone(self.bus_name)

    def restart(self) -> None:
        self.stop()
        self.start()

    def mock_call(self, method: str, *args: Any, signature: Optional[str] = None) -> Any:
        return self.bus.call(self.bus_name, self.path, MOCK_IFACE, method, *args, signature=signature)

    def emit(self, interface: str, name: str, signature: str, args: list) -> None:
        self.mock_call("EmitSignal", interface, name, signature, args, signature="sssav")

    def method_calls(self, method: str) -> list[list[Any]]:
        """Argument lists of every call of `method` since this server (re)started."""
        return [row[1] for row in self.mock_call("GetMethodCalls", method)]


@dataclass(frozen=True)
class NotifyCall:
    """One org.freedesktop.Notifications.Notify call, as the server received it."""
    id: int  # the id the mock returned (reconstructed: replaces_id, or its counter from 1)
    app_name: str
    replaces_id: int
    icon: str
    summary: str
    body: str
    actions: list[tuple[str, str]]  # (key, label) pairs
    hints: dict[str, Any] = field(default_factory=dict)
    timeout: int = -1

    @property
    def action_keys(self) -> list[str]:
        return [key for key, _ in self.actions]

    def action_label(self, key: str) -> Optional[str]:
        return dict(self.actions).get(key)

    @property
    def urgency(self) -> Optional[int]:
        return self.hints.get("urgency")


class NotificationMock(_TemplateServer):
    """dbusmock's notification_daemon template. The default capabilities lack "actions", so
    we pass our own (space-separated, as the template expects)."""

    DEFAULT_CAPABILITIES = "body body-markup actions persistence"

    def __init__(self, sandbox: Sandbox, bus: PrivateBus, capabilities: str = DEFAULT_CAPABILITIES):
        self.capabilities = capabilities
        super().__init__(sandbox, bus, "notification_daemon", NOTIFY_NAME, NOTIFY_PATH,
                         {"capabilities": capabilities})

    def notify_calls(self) -> list[NotifyCall]:
        calls, next_id = [], 1
        for app, replaces, icon, summary, body, actions, hints, timeout in self.method_calls("Notify"):
            # Mirrors the template: a non-zero replaces_id is returned as is, else a counter.
            if replaces:
                nid = replaces
            else:
                nid, next_id = next_id, next_id + 1
            pairs = list(zip(actions[0::2], actions[1::2]))
            calls.append(NotifyCall(nid, app, replaces, icon, summary, body, pairs, hints, timeout))
        return calls

    def wait_for_notify(self, count: int = 1, timeout: float = 5.0) -> list[NotifyCall]:
        """Wait until at least `count` Notify calls arrived; return all of them."""
        return wait_until(lambda: (lambda c: c if len(c) >= count else None)(self.notify_calls()),
                          timeout, f"{count} Notify call(s)")

    def close_calls(self) -> list[int]:
        """Ids passed to CloseNotification."""
        return [args[0] for args in self.method_calls("CloseNotification")]

    def capabilities_reply(self) -> list[str]:
        return self.bus.call(NOTIFY_NAME, NOTIFY_PATH, NOTIFY_NAME, "GetCapabilities")

    def emit_action_invoked(self, notification_id: int, key: str) -> None:
        self.emit(NOTIFY_NAME, "ActionInvoked", "us", [dbus.UInt32(notification_id), key])

    def emit_closed(self, notification_id: int, reason: int = CLOSED_DISMISSED) -> None:
        self.emit(NOTIFY_NAME, "NotificationClosed", "uu",
                  [dbus.UInt32(notification_id), dbus.UInt32(reason)])


class LogindMock(_TemplateServer):
    """dbusmock's logind template on the private system bus."""

    def __init__(self, sandbox: Sandbox, system_bus: PrivateBus, parameters: Optional[dict] = None):
        assert system_bus.kind == "system", "logind belongs on the (private) system bus"
        super().__init__(sandbox, system_bus, "logind", LOGIND_NAME, LOGIND_PATH, parameters)

    def emit_prepare_for_sleep(self, going_to_sleep: bool) -> None:
        self.emit(LOGIND_MANAGER, "PrepareForSleep", "b", [dbus.Boolean(going_to_sleep)])

    def list_inhibitors(self) -> list[list[Any]]:
        """(what, who, why, mode, uid, pid) rows of the inhibitors taken through the mock."""
        return self.bus.call(LOGIND_NAME, LOGIND_PATH, LOGIND_MANAGER, "ListInhibitors")


GDM_NAME = "org.gnome.DisplayManager"


class GdmMock(_TemplateServer):
    """A stand-in GDM (harness/gdm_template.py) on the private system bus: what GNOME Shell asks
    before it builds its lock screen."""

    def __init__(self, sandbox: Sandbox, system_bus: PrivateBus):
        assert system_bus.kind == "system", "GDM belongs on the (private) system bus"
        template = Path(__file__).resolve().with_name("gdm_template.py")
        super().__init__(sandbox, system_bus, str(template), GDM_NAME, "/org/gnome/DisplayManager/Manager")
