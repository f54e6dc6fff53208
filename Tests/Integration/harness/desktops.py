# SPDX-License-Identifier: GPL-3.0-or-later
"""Real desktop components besides dunst, each a Debian package run under Xvfb on the private bus:
the notification servers of Xfce, GNOME (notification-daemon), MATE and LXQt, and Xfce's panel as
a StatusNotifierItem host.

Each server draws the notification as an X window of a known WM_CLASS; what is in it is read with
OCR (harness/screen.py), so a test sees the buttons a person sees.
"""
from __future__ import annotations

import shutil
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from . import desktop_versions
from .bus import PrivateBus
from .gui import VirtualDisplay
from .mocks import NOTIFY_NAME
from .procs import wait_until
from .sandbox import Sandbox
from .screen import Rect, Screen, ScreenText, Window


@dataclass(frozen=True)
class ServerKind:
    name: str          # as tests and docs/TESTING.md call it (the Debian package)
    argv: tuple[str, ...]
    wm_class: str      # WM_CLASS of its notification windows
    server_name: str   # GetServerInformation's name
    # How a person closes its notification (a user dismissal): "text", a click on the text, or
    # "close-button", the × in the top right corner (lxqt-notificationd ignores clicks on the text
    # of a notification without a default action).
    dismiss_by: str = "text"


NOTIFICATION_SERVERS = {
    k.name: k for k in (
        ServerKind("xfce4-notifyd", ("/usr/lib/x86_64-linux-gnu/xfce4/notifyd/xfce4-notifyd",),
                   "xfce4-notifyd", "Xfce Notify Daemon"),
        ServerKind("notification-daemon", ("/usr/lib/notification-daemon/notification-daemon",),
                   "notification-daemon", "Notification Daemon"),
        ServerKind("mate-notification-daemon",
                   (desktop_versions.mate_notification_daemon(),),
                   "mate-notification-daemon", "Notification Daemon"),
        ServerKind("lxqt-notificationd", ("lxqt-notificationd",), "lxqt-notificationd",
                   "lxqt-notificationd", dismiss_by="close-button"),
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

    def dismiss(self, window: Window, text: ScreenText, artefact: Path) -> None:
        """Closes the notification as a person would (see ServerKind.dismiss_by)."""
        if self.kind.dismiss_by == "text":
            word = max(text.words, key=lambda w: w.rect.width)  # the longest word: surely text, not a button
            self.screen.click_word(word)
            return
        # The × is drawn in the top right corner; find it there by its shape (the body's text may
        # wrap into that corner too, depending on the date and the language).
        r = window.rect
        corner = Rect(r.x + r.width * 3 // 4, r.y, r.width - r.width * 3 // 4, r.height * 2 // 5)
        mark = self.screen.close_glyph(corner, artefact)
        if mark is None:
            raise LookupError(f"no close button in the top right corner of the {self.kind.name} notification ({artefact})")
        self.screen.click(*mark)

    def read(self, window: Window, artefact: Path, expect: Optional[str] = None,
             timeout: float = 5.0) -> ScreenText:
        """OCR of a notification window. With `expect` (a regex for one word), reads again until that
        word is there: servers fade windows in, so the first frame may be pale."""
        self.screen.move_away()
        if expect is None:
            return self.screen.read(window.rect, artefact)
        seen: list[ScreenText] = []

        def attempt():
            # Its geometry as it is now: a server may still grow the window (its buttons) after
            # mapping it, and a stale rectangle cuts the buttons off.
            now = next((w for w in self.windows() if w.id == window.id), window)
            seen.append(self.screen.read(now.rect, artefact))
            return seen[-1] if seen[-1].find(expect) else None
        try:
            return wait_until(attempt, timeout, f"{expect!r} in the notification", interval=0.3)
        except TimeoutError:
            raise AssertionError(f"{expect!r} not read in the {self.kind.name} notification; "
                                 f"read: {seen[-1].text!r} (screenshot {artefact})") from None


XFCONFD = "/usr/lib/x86_64-linux-gnu/xfce4/xfconf/xfconfd"
WATCHER_NAME = "org.kde.StatusNotifierWatcher"
ITEM_CONTRAST = 48  # of 255 in some channel: more than the panel's own border shades


class XfcePanel:
    """xfce4-panel with only its system tray plugin (harness/xfce4-panel.xml), along the top edge.
    The plugin is the StatusNotifierWatcher and host; the panel draws nothing but its background
    and the tray items, so any other pixel in it belongs to an item.

    xfconfd (normally D-Bus-activated, but the private bus activates nothing) is started first.
    `env` reaches the panel only: e.g. XDG_DATA_DIRS where an installed copy keeps its icons."""

    WM_CLASS = "xfce4-panel"
    PLUGIN_WM_CLASS = "wrapper-2.0"

    def __init__(self, sandbox: Sandbox, bus: PrivateBus, display: VirtualDisplay,
                 env: Optional[dict] = None, timeout: float = 15.0):
        assert shutil.which("xfce4-panel") and Path(XFCONFD).is_file(), \
            "xfce4-panel is not installed (scripts/setup-deps desktops)"
        self.sandbox, self.bus, self.display = sandbox, bus, display
        self.screen = Screen(sandbox)
        config = sandbox.xdg.config / "xfce4" / "xfconf" / "xfce-perchannel-xml"
        config.mkdir(parents=True, exist_ok=True)
        shutil.copy(HERE / "xfce4-panel.xml", config / "xfce4-panel.xml")
        self.xfconfd = sandbox.spawn("xfconfd", [XFCONFD])
        wait_until(lambda: bus.has_owner("org.xfce.Xfconf") or not self.xfconfd.alive(), timeout, "xfconfd")
        # No window manager runs: the panel would otherwise wait for one.
        self.child = sandbox.spawn("xfce4-panel", ["xfce4-panel", "--disable-wm-check"], env=env)
        wait_until(lambda: bus.has_owner(WATCHER_NAME) or not self.child.alive(), timeout,
                   "the panel's StatusNotifierWatcher")
        if not self.child.alive():
            raise RuntimeError(self.child.describe())
        self.window = self.screen.wait_for_window(self.WM_CLASS, timeout, min_height=16)

    def item_rect(self, artefact: Path) -> Optional[Rect]:
        """The bounding box of the pixels in the panel that differ clearly from its background (the
        commonest colour), or None; from a screenshot of the panel kept at `artefact`."""
        shot = self.screen.screenshot(artefact, self.window.rect)
        pixels = self.screen.pixels(shot)
        background = Counter(pixels.values()).most_common(1)[0][0]
        far = [xy for xy, rgb in pixels.items()
               if max(abs(a - b) for a, b in zip(rgb, background)) > ITEM_CONTRAST]
        if not far:
            return None
        xs, ys = [x for x, _ in far], [y for _, y in far]
        return Rect(self.window.rect.x + min(xs), self.window.rect.y + min(ys),
                    max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)

    def wait_for_item(self, artefact: Path, timeout: float = 10.0) -> Rect:
        return wait_until(lambda: self.item_rect(artefact), timeout, "a tray item drawn in the panel",
                          interval=0.3)

    def popup_windows(self) -> list[Window]:
        """Mapped windows of the tray plugin big enough to be a menu."""
        # The systray plugin runs in the panel's plugin wrapper process, which owns the menus.
        return self.screen.windows(self.PLUGIN_WM_CLASS, min_width=40, min_height=20)

    def open_menu(self, item: Rect, timeout: float = 5.0) -> Window:
        """Right-click the item; returns the menu window that opens."""
        self.screen.click(*item.centre, button=3)
        return wait_until(lambda: (self.popup_windows() or [None])[0], timeout, "the tray item's menu")


HERE = Path(__file__).resolve().parent

__all__ = ["NOTIFICATION_SERVERS", "NotificationServer", "Rect", "ServerKind", "XfcePanel",
           "server_installed"]
