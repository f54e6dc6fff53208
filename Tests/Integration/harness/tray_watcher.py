# SPDX-License-Identifier: GPL-3.0-or-later
"""A test StatusNotifierWatcher, and a client for the agent's tray icon and menu.

Run as a program, this file is a minimal org.kde.StatusNotifierWatcher on the session bus that
appends every RegisterStatusNotifierItem call to a JSON-lines file:

    python3 tray_watcher.py --log calls.jsonl

`TrayWatcher` starts it as a sandbox child (so a test can kill and restart it like a panel), and
`TrayItem` reads the agent's org.kde.StatusNotifierItem properties and drives its
com.canonical.dbusmenu menu with dbus-python.
"""
from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any, Optional

WATCHER_NAME = "org.kde.StatusNotifierWatcher"
WATCHER_PATH = "/StatusNotifierWatcher"
ITEM_IFACE = "org.kde.StatusNotifierItem"
ITEM_PATH = "/StatusNotifierItem"
MENU_IFACE = "com.canonical.dbusmenu"
PROPS_IFACE = "org.freedesktop.DBus.Properties"


# -- the watcher program ----------------------------------------------------------------------------


def _serve(log_path: str) -> None:
    import dbus
    import dbus.service
    from dbus.mainloop.glib import DBusGMainLoop
    from gi.repository import GLib

    DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()

    class Watcher(dbus.service.Object):
        def __init__(self):
            super().__init__(bus, WATCHER_PATH)
            self.items: list[str] = []
            self.hosts: list[str] = []

        def _record(self, method: str, argument: str, sender: str) -> None:
            with open(log_path, "a") as f:
                f.write(json.dumps({"method": method, "service": argument, "sender": sender,
                                    "time": time.time()}) + "\n")

        @dbus.service.method(WATCHER_NAME, in_signature="s", out_signature="", sender_keyword="sender")
        def RegisterStatusNotifierItem(self, service, sender=None):
            self._record("RegisterStatusNotifierItem", str(service), str(sender))
            # The spec: a bus name or an object path (then the item lives on the sender).
            key = str(service) if not str(service).startswith("/") else f"{sender}{service}"
            if key not in self.items:
                self.items.append(key)
            self.StatusNotifierItemRegistered(key)

        @dbus.service.method(WATCHER_NAME, in_signature="s", out_signature="", sender_keyword="sender")
        def RegisterStatusNotifierHost(self, service, sender=None):
            self._record("RegisterStatusNotifierHost", str(service), str(sender))
            self.hosts.append(str(service))
            self.StatusNotifierHostRegistered()

        @dbus.service.signal(WATCHER_NAME, signature="s")
        def StatusNotifierItemRegistered(self, service):
            pass

        @dbus.service.signal(WATCHER_NAME, signature="s")
        def StatusNotifierItemUnregistered(self, service):
            pass

        @dbus.service.signal(WATCHER_NAME, signature="")
        def StatusNotifierHostRegistered(self):
            pass

        def _props(self) -> dict:
            return {"RegisteredStatusNotifierItems": dbus.Array(self.items, signature="s"),
                    "IsStatusNotifierHostRegistered": dbus.Boolean(True),
                    "ProtocolVersion": dbus.Int32(0)}

        @dbus.service.method(PROPS_IFACE, in_signature="ss", out_signature="v")
        def Get(self, interface, name):
            return self._props()[str(name)]

        @dbus.service.method(PROPS_IFACE, in_signature="s", out_signature="a{sv}")
        def GetAll(self, interface):
            return self._props()

    watcher = Watcher()  # noqa: F841 (exported while referenced)
    # Claim the name only once the object is exported: owning it is the readiness barrier.
    # (Kept referenced: a collected BusName releases the name.)
    name = dbus.service.BusName(WATCHER_NAME, bus, do_not_queue=True)  # noqa: F841
    GLib.MainLoop().run()


# -- harness side -------------------------------------------------------------------------------------


class TrayWatcher:
    """The watcher program as a sandbox child; `registrations()` reads what it recorded."""

    _count = 0

    def __init__(self, sandbox, bus, start: bool = True):
        self.sandbox, self.bus = sandbox, bus
        self.log_path: Path = sandbox.path("tray-watcher-calls.jsonl")
        self.child = None
        if start:
            self.start()

    def start(self, timeout: float = 10.0) -> None:
        from .procs import wait_until
        assert self.child is None, "already running"
        TrayWatcher._count += 1
        self.child = self.sandbox.spawn(f"tray-watcher-{TrayWatcher._count}",
                                        [sys.executable, __file__, "--log", str(self.log_path)])
        wait_until(lambda: self.bus.has_owner(WATCHER_NAME) or not self.child.alive(), timeout,
                   "the test StatusNotifierWatcher")
        if not self.child.alive():
            raise RuntimeError(self.child.describe())

    def stop(self) -> None:
        if self.child is not None:
            self.child.stop()
            self.child = None
            self.bus.wait_for_name_gone(WATCHER_NAME)

    def restart(self) -> None:
        self.stop()
        self.start()

    def registrations(self) -> list[dict]:
        """Every RegisterStatusNotifierItem call so far (all watcher generations), oldest first."""
        try:
            lines = self.log_path.read_text().splitlines()
        except FileNotFoundError:
            return []
        calls = [json.loads(line) for line in lines if line.strip()]
        return [c for c in calls if c["method"] == "RegisterStatusNotifierItem"]

    def wait_for_registrations(self, count: int = 1, timeout: float = 5.0) -> list[dict]:
        from .procs import wait_until
        return wait_until(lambda: (lambda r: r if len(r) >= count else None)(self.registrations()),
                          timeout, f"{count} RegisterStatusNotifierItem call(s)")


class TrayItem:
    """Client of the agent's StatusNotifierItem (`service`: the name it registered) and its menu."""

    def __init__(self, bus, service: str):
        self.bus, self.service = bus, service

    # the item
    def prop(self, name: str) -> Any:
        return self.bus.call(self.service, ITEM_PATH, PROPS_IFACE, "Get", ITEM_IFACE, name)

    def props(self) -> dict:
        return self.bus.call(self.service, ITEM_PATH, PROPS_IFACE, "GetAll", ITEM_IFACE)

    def tooltip(self) -> tuple[str, str]:
        """(title, text) of the ToolTip property (icon name, pixmaps, title, text)."""
        _icon, _pixmaps, title, text = self.prop("ToolTip")
        return title, text

    def call(self, method: str, *args: Any, signature: Optional[str] = None) -> Any:
        return self.bus.call(self.service, ITEM_PATH, ITEM_IFACE, method, *args, signature=signature)

    def activate(self) -> None:
        self.call("Activate", 0, 0, signature="ii")

    # the menu
    @property
    def menu_path(self) -> str:
        return self.prop("Menu")

    def menu_call(self, method: str, *args: Any, signature: Optional[str] = None) -> Any:
        return self.bus.call(self.service, self.menu_path, MENU_IFACE, method, *args, signature=signature)

    def menu_prop(self, name: str) -> Any:
        return self.bus.call(self.service, self.menu_path, PROPS_IFACE, "Get", MENU_IFACE, name)

    def layout(self) -> tuple[int, list]:
        """(revision, root) where root is [id, {props}, [children…]] for the whole tree."""
        revision, root = self.menu_call("GetLayout", 0, -1, [], signature="iias")
        return revision, root

    def entries(self) -> list[dict]:
        """The root's children as {"id", "label", "enabled", "type"} (labels unescaped: "__" → "_")."""
        _, root = self.layout()
        out = []
        for item_id, props, _children in root[2]:
            out.append({"id": item_id, "label": props.get("label", "").replace("__", "_"),
                        "enabled": props.get("enabled", True), "type": props.get("type", "standard")})
        return out

    def entry(self, label_prefix: str) -> dict:
        matches = [e for e in self.entries() if e["label"].startswith(label_prefix)]
        assert len(matches) == 1, f"{label_prefix!r} in {[e['label'] for e in self.entries()]}"
        return matches[0]

    def click(self, item_id: int) -> None:
        import dbus
        self.menu_call("Event", item_id, "clicked", dbus.String("", variant_level=1), 0, signature="isvu")


def main(argv: list[str]) -> int:
    import argparse
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log", required=True, help="JSON-lines file receiving each registration")
    args = parser.parse_args(argv)
    _serve(args.log)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
