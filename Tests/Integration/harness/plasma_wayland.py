# SPDX-License-Identifier: GPL-3.0-or-later
"""KDE Plasma 6 on Wayland: `kwin_wayland --virtual` (no GPU, no seat) with plasmashell as the
notification server, for the popups' buttons (Plasma 6.3, 6.7; desktop_versions.Plasma.wayland).

    plasma = PlasmaWayland()            # own sandbox, buses, KWin, plasmashell; ready when it returns
    [popup] = plasma.wait_for_popups(1)
    plasma.press(popup, "Stop")         # a real click through KWin's fake-input protocol
    plasma.close()

Without a GPU KWin's screenshot interface gives nothing, so nothing here is read from pixels:
- where a popup is, and whether it is critical: a KWin script's window list (loaded through
  org.kde.kwin.Scripting; it prints the list, which is read in kwin_wayland's own output);
- its buttons, their labels and places inside it: AT-SPI (plasmashell with Qt's accessibility on,
  at-spi-bus-launcher on the session bus; harness/atspi-buttons);
- the click: KWin's fake-input protocol (harness/fake_input.py), which KWin serves to any
  client with KWIN_WAYLAND_NO_PERMISSION_CHECKS=1;
- a tray item's menu: plasmashell does not put it on AT-SPI, so its entry is chosen with the fake
  keyboard (Down, Return), counted in the agent's own menu (its dbusmenu's layout).
What a button did is asserted through the agent and the server's signals (the tests).
"""
from __future__ import annotations

import importlib.util
import json
import re
import shutil
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

from . import desktop_versions
from .fake_input import FakeInput
from .plasma import ACTIVITY_MANAGER
from .procs import wait_until
from .screen import Rect
from .sessions import DesktopSession
from .tray_watcher import WATCHER_NAME

HERE = Path(__file__).resolve().parent
ATSPI_LAUNCHER = Path("/usr/libexec/at-spi-bus-launcher")
SOCKET = "wayland-moscowtime"
MARK = "moscowtime-windows"
CLOSE = "Close"  # the popup's ×, as AT-SPI names it


@dataclass(frozen=True)
class Popup:
    id: str             # KWin's internalId
    rect: Rect          # frameGeometry, in screen pixels
    critical: bool
    caption: str


@dataclass(frozen=True)
class Button:
    name: str
    centre: tuple[int, int]  # in screen pixels


def plasma_wayland_installed() -> bool:
    return all(shutil.which(p) for p in ("plasmashell", "kwin_wayland", "Xwayland")) \
        and ATSPI_LAUNCHER.is_file() and ACTIVITY_MANAGER.is_file() and importlib.util.find_spec("pyatspi") is not None


class PlasmaWayland(DesktopSession):
    """A private Plasma 6 session on kwin_wayland; see the module docstring."""

    def __init__(self, size: str = "1280x800x24", keep: Optional[bool] = None, timeout: float = 60.0):
        assert plasma_wayland_installed(), "Plasma on Wayland is not installed (scripts/setup-deps desktops)"
        self.timeout = timeout
        self.scripts = 0
        super().__init__(size=size, keep=keep)

    def start(self) -> None:
        v = desktop_versions.plasma()
        self.env = {"XDG_CURRENT_DESKTOP": "KDE", "XDG_SESSION_DESKTOP": "KDE", "DESKTOP_SESSION": "plasma",
                    "XDG_SESSION_TYPE": "wayland", "KDE_FULL_SESSION": "true",
                    "KDE_SESSION_VERSION": v.session_version, "QT_QPA_PLATFORM": "wayland",
                    "WAYLAND_DISPLAY": SOCKET, "QT_LINUX_ACCESSIBILITY_ALWAYS_ON": "1",
                    "QT_ACCESSIBILITY": "1", "QT_LOGGING_RULES": "js.debug=true;kwin_scripting.debug=true",
                    "KWIN_WAYLAND_NO_PERMISSION_CHECKS": "1"}
        self.kwin = self.spawn("kwin_wayland", list(v.wayland_argv(self.width, self.height, SOCKET)),
                               ready_name="org.kde.KWin", timeout=self.timeout)
        socket = self.sandbox.xdg.runtime / SOCKET
        wait_until(socket.exists, self.timeout, "kwin_wayland's socket")
        self.pointer_device = FakeInput(socket)
        self.sandbox.add_cleanup(self.pointer_device.close)
        self.atspi = self.spawn("at-spi-bus-launcher", [str(ATSPI_LAUNCHER), "--launch-immediately"],
                                ready_name="org.a11y.Bus", timeout=20)
        self.kded = self.spawn(v.kded[0], list(v.kded))
        self.activities = self.spawn("kactivitymanagerd", [str(ACTIVITY_MANAGER)])
        self.accel = self.spawn("kglobalaccel", list(v.kglobalaccel))
        for name in (v.kded_name, "org.kde.ActivityManager", WATCHER_NAME):
            self.bus.wait_for_name(name, self.timeout)
        self.shell = self.spawn("plasmashell", ["plasmashell", "--no-respawn"],
                                ready_name="org.freedesktop.Notifications", timeout=self.timeout)
        self.at = (-1.0, -1.0)

    # -- where things are: KWin's window list, AT-SPI ---------------------------------------------
    def windows(self) -> list[dict]:
        """KWin's windows (a script prints them into kwin_wayland's output, read back by a mark)."""
        token = uuid.uuid4().hex
        self.scripts += 1
        name = f"moscowtime-windows-{self.scripts}"
        script = self.sandbox.path(f"{name}.js")
        script.write_text(desktop_versions.plasma().windows_js.replace("TOKEN", token))
        scripting = ("org.kde.KWin", "/Scripting", "org.kde.kwin.Scripting")
        sid = self.bus.call(*scripting, "loadScript", str(script), name, signature="ss")
        try:
            self.bus.call("org.kde.KWin", f"/Scripting/Script{sid}", "org.kde.kwin.Script", "run")
            rx = re.compile(rf"{MARK} {token} (\[.*?\])$", re.M)
            found = wait_until(lambda: rx.search(self.kwin.stderr_text()) or rx.search(self.kwin.stdout_text()),
                               10, "KWin's window list", interval=0.05, at_least=0)
        finally:
            self.bus.call(*scripting, "unloadScript", name, signature="s")
        return json.loads(found[1])

    def popups(self) -> list[Popup]:
        """Notification popups on screen, top to bottom."""
        found = [Popup(w["id"], Rect(*(round(w[k]) for k in ("x", "y", "width", "height"))), w["critical"],
                       w["caption"]) for w in self.windows() if w["notification"] or w["critical"]]
        return sorted(found, key=lambda p: p.rect.y)

    def wait_for_popups(self, count: int = 1, timeout: float = 10.0) -> list[Popup]:
        """Waits until at least `count` popups stand still (the same geometry 3 lists running)."""
        last: list = []
        same = [0]

        def still():
            now = self.popups()
            same[0] = same[0] + 1 if len(now) >= count and now == last else 0
            last[:] = now
            return now if same[0] >= 2 else None
        return wait_until(still, timeout, f"{count} notification popup(s)", interval=0.1)

    def wait_for_popup_gone(self, popup: Popup, timeout: float = 5.0) -> None:
        wait_until(lambda: all(p.id != popup.id for p in self.popups()), timeout, "the popup to close")

    def wait_for_no_popup(self, timeout: float = 10.0) -> None:
        wait_until(lambda: not self.popups(), timeout, "no notification popup")

    def accessible_windows(self) -> list[dict]:
        r = self.sandbox.run(["/usr/bin/python3", str(HERE / "atspi-buttons"), "plasmashell"], env=self.env,
                             timeout=30)
        if r.returncode != 0:
            raise RuntimeError(f"atspi-buttons failed: {r.stderr.strip()}")
        return json.loads(r.stdout)

    def accessible_window(self, rect: Rect) -> Optional[dict]:
        """AT-SPI's window for KWin's window at `rect`: the one of that size, or where several are,
        the one at that place (Qt knows a Plasma dialog's place, not every window's)."""
        sized = [w for w in self.accessible_windows()
                 if w["screen"] and (w["screen"]["width"], w["screen"]["height"]) == (rect.width, rect.height)]
        placed = [w for w in sized if (w["screen"]["x"], w["screen"]["y"]) == (rect.x, rect.y)]
        return sized[0] if len(sized) == 1 else placed[0] if len(placed) == 1 else None

    def widgets(self, rect: Rect) -> list[Button]:
        """The buttons of KWin's window at `rect`, left to right: AT-SPI's places inside the window
        plus where KWin has it."""
        window = self.accessible_window(rect)
        found = [Button(b["name"], (rect.x + b["window"]["x"] + b["window"]["width"] // 2,
                                    rect.y + b["window"]["y"] + b["window"]["height"] // 2))
                 for b in (window["buttons"] if window else []) if b["name"] and b["window"]]
        return sorted(found, key=lambda b: b.centre[0])

    def texts(self, popup: Popup) -> list[str]:
        """What a popup's labels say (its title, body), through AT-SPI."""
        window = self.accessible_window(popup.rect)
        return window["texts"] if window else []

    def wait_for_popup(self, title: str, count: int = 1, timeout: float = 10.0) -> Popup:
        """The popup whose labels include `title`, once `count` popups stand still."""
        return wait_until(lambda: next((p for p in self.wait_for_popups(count) if title in self.texts(p)), None),
                          timeout, f"a popup titled {title!r} (AT-SPI)", interval=0.2)

    def buttons(self, popup: Popup) -> list[Button]:
        """The popup's buttons (and its ×, named Close), left to right."""
        return self.widgets(popup.rect)

    def wait_for_buttons(self, popup: Popup, labels: list[str], timeout: float = 10.0) -> list[Button]:
        """The popup's buttons once those named `labels` are shown (a popup fades in)."""
        return wait_until(lambda: (b := self.buttons(popup)) and all(n in [x.name for x in b] for n in labels) and b,
                          timeout, f"the buttons {labels} in the popup (AT-SPI)", interval=0.3)

    def tray_item(self, title: str) -> Button:
        """The tray item whose AT-SPI name is `title` (its StatusNotifierItem's title), in the panel."""
        panel = next(w for w in self.windows() if w["resourceClass"] == "plasmashell" and w["y"] > 0
                     and w["width"] == self.width)
        rect = Rect(*(round(panel[k]) for k in ("x", "y", "width", "height")))
        return next((b for b in self.widgets(rect) if b.name == title), None)

    def wait_for_tray_item(self, title: str, timeout: float = 10.0) -> Button:
        return wait_until(lambda: self.tray_item(title), timeout, f"the tray item {title!r} (AT-SPI)", interval=0.3)

    def open_menu(self, item: Button, timeout: float = 5.0) -> dict:
        """Right-clicks `item`; returns KWin's window of the menu that opens, once it stands still.
        plasmashell does not show a tray item's menu through AT-SPI (6.3): its entries are chosen
        with the keyboard (`choose`)."""
        before = {w["id"] for w in self.windows()}
        self.click(*item.centre, button=3)
        last: list = [None]

        def still():
            new = [w for w in self.windows() if w["id"] not in before]
            now = new[0] if len(new) == 1 else None
            same, last[0] = now is not None and now == last[0], now
            return now if same else None
        return wait_until(still, timeout, "the tray item's menu", interval=0.1)

    def choose(self, steps: int) -> None:
        """In an open menu: the `steps`-th entry that takes the keyboard (Down from none), then Return."""
        for _ in range(steps):
            self.key("Down")
        self.key("Return")

    # -- input: KWin's fake-input protocol ------------------------------------------------------
    def pointer(self) -> tuple[int, int]:
        return round(self.at[0]), round(self.at[1])

    def move(self, x: int, y: int) -> None:
        self.pointer_device.move(x, y)
        self.at = (x, y)

    def click(self, x: int, y: int, button: int = 1) -> None:
        self.move(x, y)
        code = {1: 0x110, 3: 0x111}[button]
        self.pointer_device.button(code, 1)
        self.pointer_device.button(code, 0)

    def key(self, name: str) -> None:
        """A key of KWin's fake keyboard: Down, Up, Return, Escape (fake_input.KEYS)."""
        self.pointer_device.key(name)

    def press(self, popup: Popup, label: str) -> None:
        """Clicks the button `label` of `popup` where it is now (popups slide when one closes)."""
        now = next((p for p in self.wait_for_popups(1) if p.id == popup.id), None)
        if now is None:
            raise LookupError(f"the popup {popup.caption!r} is gone")
        button = next((b for b in self.wait_for_buttons(now, [label]) if b.name == label), None)
        assert button is not None
        self.click(*button.centre)

    def clear_notifications(self) -> None:
        """Between tests: closes whatever popup a test left (its ×, which AT-SPI names Close)."""
        for p in self.popups():
            self.press(p, CLOSE)
            self.wait_for_popup_gone(p)
        self.wait_for_no_popup(5)
