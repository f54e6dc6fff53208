# SPDX-License-Identifier: GPL-3.0-or-later
"""Real desktop components besides dunst, each a Debian package run under Xvfb on the private bus:
the notification servers of Xfce, GNOME (notification-daemon), MATE and LXQt, and Xfce's panel as
a StatusNotifierItem host.

Each server draws the notification as an X window of a known WM_CLASS; what is in it is read with
OCR (harness/screen.py), so a test sees the buttons a person sees.
"""
from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from .bus import PrivateBus
from .gui import VirtualDisplay
from .mocks import NOTIFY_NAME
from .procs import wait_until
from .sandbox import Sandbox
from .screen import Rect, Screen, ScreenText, Window


@dataclass(frozen=True)
class ServerKind:
    name: str          # as tests and the README call it (the Debian package)
    argv: tuple[str, ...]
    wm_class: str      # WM_CLASS of its notification windows
    server_name: str   # GetServerInformation's name


NOTIFICATION_SERVERS = {
    k.name: k for k in (
        ServerKind("xfce4-notifyd", ("/usr/lib/x86_64-linux-gnu/xfce4/notifyd/xfce4-notifyd",),
                   "xfce4-notifyd", "Xfce Notify Daemon"),
        ServerKind("notification-daemon", ("/usr/lib/notification-daemon/notification-daemon",),
                   "notification-daemon", "Notification Daemon"),
        ServerKind("mate-notification-daemon",
                   ("/usr/lib/mate-notification-daemon/mate-notification-daemon",),
                   "mate-notification-daemon", "Notification Daemon"),
        ServerKind("lxqt-notificationd", ("lxqt-notificationd",), "lxqt-notificationd",
                   "lxqt-notificationd"),
    )
}


def server_installed(name: str) -> bool:
    argv0 = NOTIFICATION_SERVERS[name].argv[0]
    return bool(shutil.which(argv0)) if "/" not in argv0 else Path(argv0).is_file()


class NotificationServer:
    """One of NOTIFICATION_SERVERS on the private bus and display."""

    def __init__(self, sandbox: Sandbox, bus: PrivateBus, display: VirtualDisplay, name: str,
                 timeout: float = 15.0):
        self.kind = NOTIFICATION_SERVERS[name]
        assert server_installed(name), f"{name} is not installed (scripts/setup-deps desktops)"
        self.sandbox, self.bus, self.display = sandbox, bus, display
        self.screen = Screen(sandbox)
        self.child = sandbox.spawn(name, list(self.kind.argv))
        wait_until(lambda: bus.has_owner(NOTIFY_NAME) or not self.child.alive(), timeout, name)
        if not self.child.alive():
            raise RuntimeError(self.child.describe())

    def information(self) -> list[str]:
        return self.bus.call(NOTIFY_NAME, "/org/freedesktop/Notifications", NOTIFY_NAME,
                             "GetServerInformation")

    def capabilities(self) -> list[str]:
        return self.bus.call(NOTIFY_NAME, "/org/freedesktop/Notifications", NOTIFY_NAME, "GetCapabilities")

    def windows(self) -> list[Window]:
        return self.screen.windows(self.kind.wm_class)

    def wait_for_notification(self, timeout: float = 10.0) -> Window:
        return self.screen.wait_for_window(self.kind.wm_class, timeout)

    def wait_for_none(self, timeout: float = 10.0) -> None:
        self.screen.wait_for_no_window(self.kind.wm_class, timeout)

    def read(self, window: Window, artefact: Path, expect: Optional[str] = None,
             timeout: float = 5.0) -> ScreenText:
        """OCR of a notification window. With `expect` (a regex for one word), reads again until that
        word is there: servers fade windows in, so the first frame may be pale."""
        self.screen.move_away()
        if expect is None:
            return self.screen.read(window.rect, artefact)
        seen: list[ScreenText] = []

        def attempt():
            seen.append(self.screen.read(window.rect, artefact))
            return seen[-1] if seen[-1].find(expect) else None
        try:
            return wait_until(attempt, timeout, f"{expect!r} in the notification", interval=0.3)
        except TimeoutError:
            raise AssertionError(f"{expect!r} not read in the {self.kind.name} notification; "
                                 f"read: {seen[-1].text!r} (screenshot {artefact})") from None


__all__ = ["NOTIFICATION_SERVERS", "NotificationServer", "Rect", "ServerKind", "server_installed"]
