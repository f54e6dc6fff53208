# SPDX-License-Identifier: GPL-3.0-or-later
"""KDE Plasma 5.27 as the real notification server and tray host, on Xvfb (no GPU, no seat, no
systemd).

    plasma = PlasmaDesktop()        # own sandbox, buses, logind mock, Xvfb; ready when it returns
    [popup] = plasma.wait_for_popups(1)
    text = plasma.read(popup, png, expect="Stop")   # OCR
    plasma.click_word(first(text.find("Stop"), "Stop"))
    plasma.close()

The pieces, started in this order: kwin_x11 (window manager and compositor), kded5 (its
statusnotifierwatcher module owns org.kde.StatusNotifierWatcher), kactivitymanagerd (plasmashell
refuses to load its shell without it), kglobalaccel5, then `plasmashell --no-respawn`, which owns
org.freedesktop.Notifications and whose panel's system tray registers as the StatusNotifierHost.
The desktop gets a flat wallpaper (the popups are translucent: steadier OCR, smaller screenshots).

Each notification is an X window of class plasmashell and type _NET_WM_WINDOW_TYPE_NOTIFICATION
(plus _KDE_NET_WM_WINDOW_TYPE_CRITICAL_NOTIFICATION for urgency 2), at the bottom right, several
stacked upwards; every action is a button; the × is 16 px in and 15 px down from the top right
corner. Signals are broadcast: a button gives ActionInvoked(id, key) then NotificationClosed(id, 3)
(reason 3, not 2), and the client's own CloseNotification a second NotificationClosed(id, 3).
"""
from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path
from typing import Optional

from . import desktop_versions
from .procs import wait_until
from .screen import Rect, ScreenText, Window
from .sessions import DesktopSession, Menu, Shown, is_rim_red
from .tray_watcher import WATCHER_NAME, WATCHER_PATH

LIBEXEC = Path("/usr/lib/x86_64-linux-gnu/libexec")
ACTIVITY_MANAGER = LIBEXEC / "kactivitymanagerd"
GREETER = LIBEXEC / "kscreenlocker_greet"
PANEL_HEIGHT = 44          # the default panel along the bottom edge
WALLPAPER = (32, 40, 48)   # a flat colour
_WALLPAPER_JS = ('desktops().forEach(d => { d.wallpaperPlugin = "org.kde.color"; '
                 'd.currentConfigGroup = ["Wallpaper", "org.kde.color", "General"]; '
                 'd.writeConfig("Color", "%d,%d,%d"); })' % WALLPAPER)


def _far(p, q) -> bool:
    return sum(abs(a - b) for a, b in zip(p, q)) > 120


def shapes(pixels: dict, from_x: int = 0) -> list[Rect]:
    """Bounding boxes of what is drawn on a flat background (the commonest colour) right of
    `from_x` (see `shapes_of`)."""
    background = Counter(pixels.values()).most_common(1)[0][0]
    return shapes_of({xy for xy, rgb in pixels.items() if xy[0] >= from_x and _far(rgb, background)})


def new_shapes(before: dict, after: dict, near: int = 2) -> list[Rect]:
    """What was drawn between two pictures of the same place (see `shapes_of`)."""
    return shapes_of({xy for xy, rgb in after.items() if xy in before and _far(rgb, before[xy])}, near)


def shapes_of(drawn: set, near: int = 2) -> list[Rect]:
    """Bounding boxes of the pixels `drawn`, joined when at most `near` pixels apart (a glyph's
    strokes, an icon's parts), left to right."""
    drawn = set(drawn)
    found = []
    while drawn:
        todo = [drawn.pop()]
        xs, ys = [todo[0][0]], [todo[0][1]]
        while todo:
            x, y = todo.pop()
            for n in [(x + dx, y + dy) for dx in range(-near, near + 1) for dy in range(-near, near + 1)]:
                if n in drawn:
                    drawn.remove(n)
                    todo.append(n)
                    xs.append(n[0])
                    ys.append(n[1])
        found.append(Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1))
    return sorted(found, key=lambda r: (r.x, r.y))


def icon_sized(r: Rect) -> bool:
    return 12 <= r.width <= 40 and 12 <= r.height <= 40


def overlap(a: Rect, b: Rect) -> bool:
    return a.x < b.x + b.width and b.x < a.x + a.width and a.y < b.y + b.height and b.y < a.y + a.height


def plasma_installed() -> bool:
    if not shutil.which("plasmashell"):
        return False
    v = desktop_versions.plasma()
    return all(shutil.which(p) for p in ("kwin_x11", v.kded[0], v.kglobalaccel[0], "xprop")) \
        and ACTIVITY_MANAGER.is_file()


class PlasmaDesktop(DesktopSession):
    """A private KDE Plasma 5.27 session; see the module docstring."""

    def __init__(self, size: str = "1280x800x24", keep: Optional[bool] = None, timeout: float = 60.0):
        assert plasma_installed(), "KDE Plasma is not installed (scripts/setup-deps desktops)"
        self.timeout = timeout
        super().__init__(size=size, keep=keep)

    def start(self) -> None:
        v = desktop_versions.plasma()
        self.env = {"XDG_CURRENT_DESKTOP": "KDE", "XDG_SESSION_DESKTOP": "KDE", "DESKTOP_SESSION": "plasma",
                    "XDG_SESSION_TYPE": "x11", "KDE_FULL_SESSION": "true", "KDE_SESSION_VERSION": v.session_version,
                    "QT_QPA_PLATFORM": "xcb"}
        self.kwin = self.spawn("kwin_x11", ["kwin_x11", "--replace"])
        self.kded = self.spawn(v.kded[0], list(v.kded))
        self.activities = self.spawn("kactivitymanagerd", [str(ACTIVITY_MANAGER)])
        self.accel = self.spawn("kglobalaccel", list(v.kglobalaccel))
        for name in ("org.kde.KWin", v.kded_name, "org.kde.ActivityManager", WATCHER_NAME):
            self.bus.wait_for_name(name, self.timeout)
        self.shell = self.spawn("plasmashell", ["plasmashell", "--no-respawn"],
                                ready_name="org.freedesktop.Notifications", timeout=self.timeout)
        wait_until(self._host_registered, self.timeout, "the panel's system tray to register as host")
        self.bus.call("org.kde.plasmashell", "/PlasmaShell", "org.kde.PlasmaShell", "evaluateScript",
                      _WALLPAPER_JS, signature="s", timeout=20)
        if v.monochrome_tray:
            self._remember_the_panel()
        # The first pointer click of the fresh session is sometimes lost (seen on a popup's button:
        # hovered, not pressed, in 2 sessions of 4); one on the empty desktop first makes the next
        # ones land (10 of 10).
        self.click(self.width // 2, self.height // 3)

    def _host_registered(self) -> bool:
        try:
            return bool(self.bus.call(WATCHER_NAME, WATCHER_PATH, "org.freedesktop.DBus.Properties", "Get",
                                      WATCHER_NAME, "IsStatusNotifierHostRegistered"))
        except Exception:
            return False

    # -- notification popups ------------------------------------------------------------------
    def _window_type(self, wid: int) -> str:
        return self.sandbox.run(["xprop", "-id", str(wid), "_NET_WM_WINDOW_TYPE"]).stdout

    def popups(self) -> list[tuple[Window, bool]]:
        """Notification popups on screen, top to bottom: (window, critical)."""
        found = []
        for w in self.screen.windows("plasmashell", min_width=100, min_height=40):
            kind = self._window_type(w.id)
            if "_NET_WM_WINDOW_TYPE_NOTIFICATION" in kind:
                found.append((w, "CRITICAL_NOTIFICATION" in kind))
        return sorted(found, key=lambda p: p[0].rect.y)

    def wait_for_popups(self, count: int = 1, timeout: float = 10.0) -> list[Window]:
        """Waits until at least `count` popups stand still (the same geometry 3 polls running:
        popups slide when one closes); returns them, top to bottom."""
        last: list = []
        same = [0]

        def still():
            now = self.popups()
            if len(now) >= count and now == last:
                same[0] += 1
            else:
                same[0] = 0
            last[:] = now
            return [w for w, _ in now] if same[0] >= 2 else None
        return wait_until(still, timeout, f"{count} notification popup(s)", interval=0.1)

    def wait_for_popup_gone(self, window: Window, timeout: float = 5.0) -> None:
        wait_until(lambda: all(w.id != window.id for w, _ in self.popups()), timeout, "the popup to close")

    def wait_for_no_popup(self, timeout: float = 10.0) -> None:
        wait_until(lambda: not self.popups(), timeout, "no notification popup")

    def is_critical(self, window: Window) -> bool:
        return "CRITICAL_NOTIFICATION" in self._window_type(window.id)

    def read(self, window: Window, artefact: Path, expect: Optional[str] = None, timeout: float = 5.0) -> ScreenText:
        """OCR of a popup; with `expect` (a regex for one word) reads again until it is there."""
        self.move(0, 0)  # no hover highlight on the buttons
        seen: list[ScreenText] = []

        def attempt():
            seen.append(self.screen.read(window.rect, artefact))
            return seen[-1] if expect is None or seen[-1].find(expect) else None
        try:
            return wait_until(attempt, timeout, f"{expect!r} in the popup", interval=0.3)
        except TimeoutError:
            raise AssertionError(f"{expect!r} not read in the Plasma popup; read: {seen[-1].text!r} "
                                 f"(screenshot {artefact})") from None

    def close_button(self, window: Window) -> tuple[int, int]:
        r = window.rect
        return r.x + r.width - 16, r.y + 15

    # -- the system tray ----------------------------------------------------------------------
    def _panel(self) -> Rect:
        return Rect(0, self.height - PANEL_HEIGHT, self.width, PANEL_HEIGHT)

    def _shapes(self, artefact: Path) -> list[Rect]:
        """What is drawn on the panel's right half (tray, clock), in panel coordinates."""
        panel = self._panel()
        return shapes(self.screen.pixels(self.screen.screenshot(artefact, panel)), panel.width // 2)

    def _remember_the_panel(self) -> None:
        """The shapes of the panel as the session starts, before any agent (once it stands still)."""
        last: list = [None]

        def still():
            now = self._shapes(self.sandbox.path("panel-at-start.png"))
            same, last[0] = now == last[0], now
            return now if same else None
        shown = wait_until(still, self.timeout, "the panel to stand still", interval=0.3)
        # Not the wallpaper round the floating panel's edge: one shape as wide as the picture.
        self.panel_at_start = [r for r in shown if r.width < self.width // 4]

    def tray_icon(self, artefact: Path) -> Optional[Rect]:
        """The agent's icon in the panel (the bounding box of its red rim), or None. On a monochrome
        tray: the leftmost shape of icon size that was not there when the session started (the tray
        puts an application's item before its own; the clock's text overlaps its old place)."""
        panel = self._panel()
        if desktop_versions.plasma().monochrome_tray:
            new = [r for r in self._shapes(artefact) if icon_sized(r)
                   and not any(overlap(r, old) for old in self.panel_at_start)]
            first = min(new, key=lambda r: r.x, default=None)
            return None if first is None else Rect(panel.x + first.x, panel.y + first.y, first.width, first.height)
        shot = self.screen.screenshot(artefact, panel)
        red = [xy for xy, rgb in self.screen.pixels(shot).items() if is_rim_red(rgb)]
        if len(red) < 12:
            return None
        xs, ys = [x for x, _ in red], [y for _, y in red]
        return Rect(panel.x + min(xs), panel.y + min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)

    def wait_for_tray_icon(self, artefact: Path, timeout: float = 10.0) -> Rect:
        return wait_until(lambda: self.tray_icon(artefact), timeout, "the agent's icon in the system tray",
                          interval=0.3)

    def tray_icon_rect(self, icon: Rect) -> Rect:
        """Where the icon `wait_for_tray_icon` found is drawn (a little margin round its rim)."""
        return Rect(icon.x - 2, icon.y - 2, icon.width + 4, icon.height + 4)

    def popup_menus(self) -> list[Window]:
        return [w for w in self.screen.windows("plasmashell", min_width=40, min_height=20)
                if "POPUP_MENU" in self._window_type(w.id)]

    def open_menu_window(self, icon: Rect, timeout: float = 5.0) -> Window:
        """Right-clicks the icon; returns the menu window (the item's dbusmenu) once it stands still."""
        self.click(*icon.centre, button=3)
        last = [None]

        def still():
            menus = self.popup_menus()
            now = menus[0] if menus else None
            ok = now is not None and now == last[0]
            last[0] = now
            return now if ok else None
        return wait_until(still, timeout, "the tray icon's menu", interval=0.2)

    # -- the screen locker's greeter (kscreenlocker_greet --testing: in a window, no real lock) -------
    def open_greeter(self):
        """The greeter in its test mode, its prompt and media controls shown (a pointer motion
        shows them; they hide again when the user is idle)."""
        greeter = self.spawn("kscreenlocker_greet", [str(GREETER), "--testing"])
        self.greeter_window = self.screen.wait_for_window("kscreenlocker_greet", self.timeout, min_width=400)
        return greeter

    def wake_greeter(self) -> None:
        x, y = self.width // 4, self.height // 4
        self.move(x + (1 if self.pointer() == (x, y) else 0), y)

    def greeter_media_row(self, artefact: Path) -> dict:
        """A picture of where the greeter draws its media controls (the middle of the screen), for
        `greeter_media_buttons` to compare with, once the greeter's prompt is drawn and still."""
        last: list = [None]

        def still():
            self.wake_greeter()
            now = self.screen.pixels(self.screen.screenshot(artefact, self._greeter_media_region()))
            same, last[0] = now == last[0], now
            return now if same and len(set(now.values())) > 100 else None
        return wait_until(still, self.timeout, "the greeter's prompt to be drawn", interval=0.5)

    def _greeter_media_region(self) -> Rect:
        return Rect(self.width // 4, self.height // 2, self.width // 2, self.height // 4)

    def greeter_media_buttons(self, title: str, before: dict, artefact: Path) -> Optional[list[tuple[int, int]]]:
        """The centres of the greeter's play/pause and next buttons for the track `title`, or None:
        of what was drawn since `before`, the last two icon-sized shapes right of the title (read by
        OCR) and level with it (a disabled "previous" before them is drawn too faint to count)."""
        self.wake_greeter()
        region = self._greeter_media_region()
        text = self.screen.read(region, artefact, light_text=True)
        words = [w for w in text.words if w.text in title.split()]
        if len(words) < len(title.split()):
            return None
        right = max(w.rect.x + w.rect.width for w in words)
        level = sum(w.rect.centre[1] for w in words) / len(words)
        drawn = new_shapes(before, self.screen.pixels(text.image), near=5)  # ⏸'s two bars are one
        buttons = [r for r in drawn if icon_sized(r) and region.x + r.x > right + 4
                   and abs(region.y + r.y + r.height / 2 - level) <= 24]
        if len(buttons) < 2:
            return None
        return [(region.x + r.x + r.width // 2, region.y + r.y + r.height // 2) for r in buttons[-2:]]

    def press_greeter_button(self, centre: tuple[int, int], before: dict) -> None:
        """A click on a button `greeter_media_buttons` found, once the pointer is on it and the
        greeter shows it (its controls fade out while the user is idle; a click on a faded one is
        lost)."""
        self.move(*centre)
        region = self._greeter_media_region()
        x, y = centre[0] - region.x, centre[1] - region.y
        spot = Rect(centre[0] - 6, centre[1] - 6, 12, 12)

        def shown():
            now = self.screen.pixels(self.screen.screenshot(self.sandbox.path("greeter-button.png"), spot))
            return any(_far(rgb, before.get((x - 6 + dx, y - 6 + dy), rgb)) for (dx, dy), rgb in now.items())
        wait_until(shown, 5, "the greeter's button to be shown", interval=0.2)
        self.click(*centre)

    # -- what the desktop tests use on every desktop (see gnome.py) ------------------------------
    def _shown(self, window: Window, text: ScreenText, title: str, critical: bool) -> Shown:
        """The buttons are the lowest line of words, right-aligned along the bottom edge (a body's
        last line starts at the left); what OCR makes of the separators and of the icon's edge
        (|, ©, "a") is not a word."""
        words = [w for w in text.words if re.search(r"[^\W\d_]{2}", w.text)]
        lowest = max((w for w in words if len(w.text) >= 3), key=lambda w: w.rect.centre[1], default=None)
        row = [] if lowest is None or lowest.rect.centre[1] < window.rect.y + window.rect.height * 0.6 else \
            [w for w in words if abs(w.rect.centre[1] - lowest.rect.centre[1]) <= 6]
        if row and min(w.rect.x for w in row) < window.rect.x + window.rect.width // 4:
            row = []
        others = [w.text for w in text.words if w not in row]
        return Shown(title, " ".join(others), critical, [w.text for w in sorted(row, key=lambda w: w.rect.x)],
                     text.text, (window, text))

    def notification(self, titles, artefact: Path, timeout: float = 10.0, expect: Optional[str] = None) -> Shown:
        """The popup in which OCR reads every word of `titles` (or of one of them), and `expect` (a
        regex for one word, e.g. its last button: a popup may be read while it fades in). Its
        screenshot is kept at `artefact`."""
        wanted = [titles] if isinstance(titles, str) else list(titles)

        def attempt():
            for w, critical in self.popups():
                text = self.read(w, artefact)
                for title in wanted:
                    if all(text.find(re.escape(x)) for x in title.split()) and (expect is None or text.find(expect)):
                        return self._shown(w, text, title, critical)
            return None
        self.wait_for_popups(1, timeout)
        try:
            return wait_until(attempt, timeout, f"a popup reading {wanted}", interval=0.2)
        except TimeoutError:
            raise AssertionError(f"no popup reading {wanted}; on screen: "
                                 f"{[self.read(w, artefact).text for w, _ in self.popups()]}") from None

    def press(self, shown: Shown, label: str) -> None:
        window, text = shown.ref
        # Where the popup is now: popups slide down when one below them closes.
        [now] = [w for w in self.wait_for_popups(1) if w.id == window.id][:1] or [None]
        if now is None:
            raise LookupError(f"the popup {shown.title!r} is gone")
        if now.rect != window.rect:
            text = self.read(now, text.image, expect=re.escape(label))
            shown = self._shown(now, text, shown.title, shown.critical)
        found = [w for w in text.words if w.text == label and w.text in shown.buttons]
        if not found:
            raise LookupError(f"no button {label!r} read in the popup: {text.text!r}")
        self.click_word(found[-1])

    def dismiss(self, shown: Shown) -> None:
        """The × in the popup's top right corner (NotificationClosed reason 2)."""
        self.click(*self.close_button(shown.ref[0]))

    def wait_for_gone(self, shown: Shown, timeout: float = 5.0) -> None:
        self.wait_for_popup_gone(shown.ref[0], timeout)

    def clear_notifications(self) -> None:
        """Between tests: closes whatever popup a test left (its ×)."""
        for window, _ in self.popups():
            self.click(*self.close_button(window))
            self.wait_for_popup_gone(window)
        self.wait_for_no_popup(5)

    def open_tray_menu(self, icon: Rect, artefact: Path, timeout: float = 5.0) -> Menu:
        menu = self.open_menu_window(icon, timeout)
        text = self.read(menu, artefact, expect="Quit")

        def click(label: str) -> None:
            word = label.split()[0]
            found = text.find(re.escape(word))
            if not found:
                raise LookupError(f"{word!r} not read in the menu: {text.text!r}")
            self.click_word(found[0])
        lines: dict[int, list[str]] = {}
        for w in text.words:
            lines.setdefault(w.rect.centre[1] // 12, []).append(w.text)
        return Menu([" ".join(ws) for _, ws in sorted(lines.items())], click)
