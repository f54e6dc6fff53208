# SPDX-License-Identifier: GPL-3.0-or-later
"""GNOME Shell (43, 48, 50) as the real notification server and tray host: on Xvfb as an X11
compositor where it still is one (43, 48), else headless on Wayland with a virtual monitor (49+:
no X11 session); Mesa llvmpipe or surfaceless, no GPU, no seat, no systemd. Without X11 the
pictures come from the shell's Screenshot interface and the pointer and keyboard are virtual
devices the test helper extension creates inside the shell (what differs: desktop_versions.py).

    gnome = GnomeShell()          # own sandbox, buses, logind mock, Xvfb; ready when it returns
    banner = gnome.wait_for_banner("Tea")   # title, body, urgency, buttons with screen centres
    gnome.click_button(banner, "Snooze")    # a real pointer click (xdotool, or the shell's own)
    gnome.lock(); gnome.lock_screen_player(name); gnome.unlock()   # the lock screen (stand-in GDM)
    gnome.close()

The pieces: dconf-service (the shell's settings), `gnome-shell --x11 --replace --sm-disable`, then
`gjs /usr/share/gnome-shell/org.gnome.Shell.Notifications`, the process that owns
org.freedesktop.Notifications (normally D-Bus-activated) and forwards to the shell. Two extensions
from the private data dir: the AppIndicator one (org.kde.StatusNotifierWatcher and the icons in the
top bar) and the test-only gnome-test-helper@moscowtime.test (unsafe mode, so Eval reads the banner:
no OCR needed; drops the shell's own start-up banners).

Quirks the tests meet: one banner at a time (a second waits in the queue until the first is
closed, and GNOME 43 looks at the queue again only on the next input event: `nudge()`); a critical
banner is expanded at once and never times out, a normal one shows its buttons only while the
pointer is on it; at most 3 buttons; `default` is a click on the text, not a button; a button
gives ActionInvoked then NotificationClosed(id, 2), the × NotificationClosed(id, 2).
"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any, Optional

from . import desktop_versions
from .mocks import GdmMock
from .procs import wait_until
from .screen import Rect, Screen
from .sessions import DesktopSession, Menu, Shown, is_rim_red
from .tray_watcher import WATCHER_NAME

HERE = Path(__file__).resolve().parent
SHELL_NAME = "org.gnome.Shell"
HELPER_UUID = "gnome-test-helper@moscowtime.test"
APPINDICATOR_UUID = "ubuntu-appindicators@ubuntu.com"
SYSTEM_EXTENSIONS = Path("/usr/share/gnome-shell/extensions")
NOTIFICATIONS_PROXY = "/usr/share/gnome-shell/org.gnome.Shell.Notifications"
DCONF_SERVICE = "/usr/libexec/dconf-service"
URGENCY_CRITICAL = 3     # MessageTray.Urgency.CRITICAL (the shell's own scale)
STATE_SHOWING, STATE_SHOWN = 1, 2   # MessageTray.State

# Debian 12's AppIndicator extension (46) drops about 1 new tray item in 5 at registration ("While
# initalizing proxy for org.kde.StatusNotifierItem-…: Error: Argument two may not be null", upstream
# issue #386, fixed in 47 by commit 882b8ca). A same-UUID copy in the user's data dir wins over
# /usr/share; ours carries that one-line fix.
_APPINDICATOR_BUG = re.compile(r"^( *)value\.equal\(proxy\.get_cached_property\(propertyName\)\)\)$", re.M)
_APPINDICATOR_FIX = (r"\1value && proxy.get_cached_property(propertyName) &&" "\n"
                     r"\1value.equal(proxy.get_cached_property(propertyName)))")

# The banner on screen, or null: x/y are centres in screen pixels (BODY and CLOSE: desktop_versions).
# An actor not laid out yet has no size (NaN, which JSON gives as null): the callers wait for one.
_BANNER_JS = """
const m = Main.messageTray, b = m._banner, n = m._notification;
const centre = a => { const [x, y] = a.get_transformed_position(), [w, h] = a.get_transformed_size();
                      return {x: Math.round(x + w / 2), y: Math.round(y + h / 2), w: Math.round(w), h: Math.round(h)}; };
b && n ? {title: n.title, body: BODY, urgency: n.urgency, state: m._notificationState,
          actions: n.actions.length,
          queued: m._notificationQueue.map(q => q.title), expanded: b.expanded, banner: centre(b),
          buttons: (b._buttonBox ? b._buttonBox.get_children() : []).filter(c => c.visible).map(c => ({label: c.label, ...centre(c)})),
          close: centre(CLOSE)} : null
"""


_LOCK_SOURCES_JS = """
const box = Main.screenShield?._dialog?._notificationsBox;
const texts = a => (a.constructor.$gtype?.name === "StLabel" ? [a.text] : []).concat(a.get_children().flatMap(texts));
box ? [...box._sources].filter(([s, o]) => o.sourceBox.is_mapped())
    .map(([s, o]) => ({title: s.title, detailed: o.detailed, texts: texts(o.sourceBox).filter(t => t)})) : []
"""


def _banner_js() -> str:
    v = desktop_versions.gnome()
    return _BANNER_JS.replace("BODY", v.body_js).replace("CLOSE", v.close_js)


def _patch_appindicator(directory: Path) -> None:
    util = directory / "util.js"
    text, n = _APPINDICATOR_BUG.subn(_APPINDICATOR_FIX, util.read_text())
    if n != 1:
        raise RuntimeError(f"could not patch {util}: the line to fix was not found once ({n})")
    util.write_text(text)


def gnome_installed() -> bool:
    """Installed and drivable here (desktop_versions.Gnome.why_not says why not)."""
    return bool(shutil.which("gnome-shell") and shutil.which("gjs") and Path(NOTIFICATIONS_PROXY).is_file()
                and desktop_versions.gnome().why_not() is None
                and (SYSTEM_EXTENSIONS / APPINDICATOR_UUID).is_dir() and Path(DCONF_SERVICE).is_file())


class ShellError(RuntimeError):
    pass


# X keysyms the tests press, as Clutter keyvals (the same numbers).
KEYVALS = {"XF86AudioPlay": 0x1008FF14, "XF86AudioNext": 0x1008FF17}
SCREENSHOT_PATH = "/org/gnome/Shell/Screenshot"
SCREENSHOT_IFACE = "org.gnome.Shell.Screenshot"


class ShellScreen(Screen):
    """The screen of a shell without X11: pictures from the shell's own Screenshot interface
    (answered to any caller in unsafe mode, which the helper extension sets); reading them (OCR,
    pixels) as on X11."""

    def __init__(self, shell: "GnomeShell"):
        super().__init__(shell.sandbox)
        self.shell = shell

    def screenshot(self, path, region: Optional[Rect] = None) -> Path:
        path = Path(path).resolve()
        path.parent.mkdir(parents=True, exist_ok=True)
        path.unlink(missing_ok=True)
        if region is None:
            ok, _ = self.shell.bus.call(SHELL_NAME, SCREENSHOT_PATH, SCREENSHOT_IFACE, "Screenshot",
                                        False, False, str(path), signature="bbs", timeout=20)
        else:
            ok, _ = self.shell.bus.call(SHELL_NAME, SCREENSHOT_PATH, SCREENSHOT_IFACE, "ScreenshotArea",
                                        region.x, region.y, region.width, region.height, False, str(path),
                                        signature="iiiibs", timeout=20)
        if not ok or not path.is_file():
            raise ShellError(f"the shell's Screenshot interface gave no picture for {path} ({region})")
        return path


class GnomeShell(DesktopSession):
    """A private GNOME Shell session; see the module docstring."""

    def __init__(self, appindicator: bool = True, size: str = "1280x800x24", keep: Optional[bool] = None,
                 timeout: float = 60.0):
        assert gnome_installed(), "GNOME Shell is not installed (scripts/setup-deps desktops)"
        self.appindicator, self.timeout = appindicator, timeout
        super().__init__(size=size, keep=keep)

    def start(self) -> None:
        sb = self.sandbox
        self.env = {"XDG_CURRENT_DESKTOP": "GNOME", "XDG_SESSION_DESKTOP": "gnome", "XDG_SESSION_TYPE": "x11",
                    "GSETTINGS_BACKEND": "dconf"}
        self.dconf = self.spawn("dconf-service", [DCONF_SERVICE], ready_name="ca.desrt.dconf", timeout=10)
        extensions = sb.xdg.data / "gnome-shell" / "extensions"
        extensions.mkdir(parents=True, exist_ok=True)
        v = desktop_versions.gnome()
        shutil.copytree(v.helper_dir, extensions / HELPER_UUID)
        shutil.copytree(SYSTEM_EXTENSIONS / APPINDICATOR_UUID, extensions / APPINDICATOR_UUID)
        if v.patch_appindicator:
            _patch_appindicator(extensions / APPINDICATOR_UUID)
        enabled = [HELPER_UUID] + ([APPINDICATOR_UUID] if self.appindicator else [])
        self.gsettings("org.gnome.shell", "enabled-extensions", repr(enabled))
        self.gsettings("org.gnome.shell", "disable-extension-version-validation", "true")
        self.gsettings("org.gnome.shell", "welcome-dialog-last-shown-version", "'999'")
        self.gsettings("org.gnome.desktop.interface", "enable-animations", "false")  # banners at once
        # Without GDM the shell shows "Screen Lock disabled" once per user; this file says it was.
        (sb.xdg.data / "gnome-shell" / "lock-warning-shown").touch()
        # A stand-in GDM, so that the shell builds its lock screen (where systemd's seats are seen).
        self.gdm = GdmMock(sb, self.system_bus)
        if not v.x11:
            # No X11: pictures through the shell's Screenshot interface, input through the
            # helper's virtual devices (the Xvfb the session has stays unused).
            self.env.update({"XDG_SESSION_TYPE": "wayland"})
            self.screen = ShellScreen(self)
        self.shell = self.spawn("gnome-shell", list(v.shell_argv(self.width, self.height)),
                                ready_name=SHELL_NAME, timeout=self.timeout)
        # GNOME exports its fd.o server under org.gnome.Shell; this gjs proxy owns the name.
        self.proxy = self.spawn("gnome-notifications", list(v.proxy_argv),
                                ready_name="org.freedesktop.Notifications", timeout=20)
        if self.appindicator:
            self.bus.wait_for_name(WATCHER_NAME, 20)
        wait_until(lambda: self._try_eval("Main.layoutManager._startingUp") is False, self.timeout,
                   "GNOME Shell to finish starting up")

    def gsettings(self, schema: str, key: str, value: str) -> None:
        r = self.sandbox.run(["gsettings", "set", schema, key, value], env=self.env)
        if r.returncode != 0:
            raise RuntimeError(f"gsettings set {schema} {key} {value}: {r.stderr.strip()}")

    # -- input: xdotool on X11; on Wayland the helper extension's virtual pointer and keyboard ----
    def pointer(self) -> tuple[int, int]:
        if desktop_versions.gnome().x11:
            return super().pointer()
        x, y = self.eval("moscowtimeTest.pointer()")
        return int(x), int(y)

    def move(self, x: int, y: int) -> None:
        if desktop_versions.gnome().x11:
            return super().move(x, y)
        # Motion is handled on the shell's next frame, the crossing after it; the virtual
        # pointer's first motion lands at x = 0 (seen on 50): moved again until it is there.
        wait_until(lambda: self.eval(f"moscowtimeTest.at({x}, {y}) || (moscowtimeTest.move({x}, {y}), false)"),
                   5, f"the pointer at {x},{y}", interval=0.05, at_least=0)

    def click(self, x: int, y: int, button: int = 1) -> None:
        if desktop_versions.gnome().x11:
            return super().click(x, y, button)
        self.move(x, y)
        self.eval(f"moscowtimeTest.button({button}, true); moscowtimeTest.button({button}, false); true")

    def key(self, keysym: str) -> None:
        if desktop_versions.gnome().x11:
            return super().key(keysym)
        self.eval(f"moscowtimeTest.key({KEYVALS[keysym]}); true")

    # -- inside the shell ---------------------------------------------------------------------
    def eval(self, js: str) -> Any:
        """Runs JS in the shell (org.gnome.Shell.Eval, unsafe mode); returns its JSON result."""
        ok, out = self.bus.call(SHELL_NAME, "/org/gnome/Shell", SHELL_NAME, "Eval", js, signature="s", timeout=10)
        if not ok:
            raise ShellError(f"Eval failed: {out}\n{js}")
        return json.loads(out) if out else None

    def _try_eval(self, js: str) -> Any:
        try:
            return self.eval(js)
        except Exception:
            return None

    def banner(self) -> Optional[dict]:
        """The banner on screen: title, body, urgency (3 critical), state (2 shown), queued (titles
        waiting for the slot), expanded, banner/close centres, visible buttons with centres."""
        return self.eval(_banner_js())

    def wait_for_banner(self, title: Optional[str] = None, timeout: float = 10.0,
                        buttons: bool = True) -> dict:
        """The banner once shown (with that title), laid out, and with `buttons`, showing them."""
        def shown():
            b = self.banner()
            if not b or b["state"] != STATE_SHOWN or (title is not None and b["title"] != title):
                return None
            if buttons and not (b["buttons"] and all((c["w"] or 0) > 0 for c in b["buttons"])):
                return None
            return b
        try:
            return wait_until(shown, timeout, f"the banner {title or ''!s}", interval=0.1)
        except TimeoutError:
            raise AssertionError(f"no banner {title!r} shown within {timeout} s; on screen: {self.banner()}") from None

    def wait_for_no_banner(self, title: Optional[str] = None, timeout: float = 10.0) -> None:
        wait_until(lambda: not (b := self.banner()) or (title is not None and b["title"] != title),
                   timeout, f"the banner {title or ''} to go")

    def click_button(self, banner: dict, label: str) -> None:
        """A pointer click on the banner's button labelled `label`."""
        found = [c for c in banner["buttons"] if c["label"] == label]
        if not found:
            raise LookupError(f"no button {label!r} on the banner: {banner}")
        # Where it stands still: a banner just shown may still be laid out (expanded, its body
        # wrapped), and a click where the button was lands on the text. The pointer goes onto the
        # banner first, as a hand does: the hover expands it (its buttons move), before they are found.
        self.move(banner["banner"]["x"], banner["banner"]["y"])
        seen: list = []

        def still():  # the same place three times over 0.2 s
            now = self.banner() or {}
            at = [(c["x"], c["y"]) for c in now.get("buttons", []) if c["label"] == label and now["title"] == banner["title"]]
            seen[:] = (seen + [at])[-3:]
            return at[0] if at and len(seen) == 3 and seen[0] == seen[1] == seen[2] else None
        self.click(*wait_until(still, 5, f"the {label} button to stand still", interval=0.1))
        self.nudge()

    def click_close(self, banner: dict) -> None:
        """The × (shown while the pointer is on the banner)."""
        self.move(banner["banner"]["x"], banner["banner"]["y"])
        close = desktop_versions.gnome().close_js.replace("b.", "Main.messageTray._banner.", 1)
        wait_until(lambda: self.eval(f"{close}?.visible ?? false") and self.eval(f"{close}.opacity") > 200, 5,
                   "the banner's × to show")
        seen: list = []

        def still():  # the × where it was, three times over 0.2 s (the hover may expand the banner)
            b = self.banner() or {}
            seen[:] = (seen + [b.get("close")])[-3:]
            return b["close"] if b.get("close") and len(seen) == 3 and seen[0] == seen[1] == seen[2] else None
        close_at = wait_until(still, 5, "the × to stand still", interval=0.1)
        self.click(close_at["x"], close_at["y"])
        self.nudge()

    def idle_ms(self) -> int:
        return self.eval("global.backend.get_core_idle_monitor().get_idletime()")

    def wait_for_idle_user(self, timeout: float = 10.0) -> None:
        """GNOME treats a normal banner differently while the user is active (input in the last
        second when it is shown): it hides it after 4 s, and one that arrives with others in the
        same instant is hidden at once, straight into the message list. Waits until the user has
        been idle for 1.5 s (any pointer motion restarts it)."""
        wait_until(lambda: self.idle_ms() >= 1500, timeout, "the user to be idle for 1.5 s", interval=0.2)

    def nudge(self) -> None:
        """Moves the pointer off the banner, as a hand does after a click: GNOME 43 looks at its
        queue of banners again only on the next event."""
        x, y = self.width // 2, self.height * 2 // 3
        self.move(x + (1 if self.pointer() == (x, y) else 0), y)

    # -- the lock screen (Main.screenShield; a stand-in GDM lets the shell build it) ------------------
    def locked(self) -> bool:
        """Locked, and the shell in its unlock-dialog mode (where only extensions that declare it run)."""
        return bool(self.eval("Main.screenShield?.locked === true && Main.sessionMode.currentMode === 'unlock-dialog'"))

    def lock(self, timeout: float = 10.0) -> None:
        if not self.eval("!!Main.screenShield"):
            raise ShellError("the shell built no lock screen: it saw no /run/systemd/seats, or no GDM")
        self.eval("Main.screenShield.lock(false); true")
        wait_until(self.locked, timeout, "the screen to lock")

    def unlock(self, timeout: float = 10.0) -> None:
        """As after a good password (the lock screen's own deactivate)."""
        self.eval("Main.screenShield.deactivate(false); true")
        wait_until(lambda: self.eval("!Main.screenShield.locked && Main.sessionMode.currentMode === 'user'"),
                   timeout, "the screen to unlock")

    def lock_screen_sources(self) -> list[dict]:
        """What the lock screen shows of each notification source with unseen notifications (43–50:
        unlockDialog.js's NotificationsBox): its title, whether detailed, and every text drawn in
        its row (St.Label texts, depth first)."""
        return self.eval(_LOCK_SOURCES_JS)

    def lock_screen_player(self, bus_name: str) -> Optional[dict]:
        """The media card of the MPRIS player `bus_name` on the lock screen (49+), or None: title,
        body, and its buttons' centres and whether they react (prev, playPause, next)."""
        return self.eval(desktop_versions.gnome().lock_player_js.replace("BUS_NAME", json.dumps(bus_name)))

    # -- the top bar (AppIndicator extension) -------------------------------------------------------
    def indicators(self) -> list[str]:
        """Keys of the AppIndicator icons visible in the top bar whose program is still on the bus
        (the extension notices a vanished one only some seconds later)."""
        keys = self.eval('Object.entries(Main.panel.statusArea).filter(([k, v]) => k.startsWith("appindicator-") '
                         '&& v.visible && v.get_transformed_size()[0] > 0).map(([k]) => k)')
        # appindicator-<bus name>[@<object path>]
        return [k for k in keys if self.bus.has_owner(re.split(r"[@/]", k[len("appindicator-"):])[0])]

    def indicator_rect(self, key: str) -> dict:
        return self.eval(f"const a = Main.panel.statusArea[{json.dumps(key)}], [x, y] = a.get_transformed_position(), "
                         "[w, h] = a.get_transformed_size(); ({x: Math.round(x), y: Math.round(y), w: Math.round(w), "
                         "h: Math.round(h)})")

    def menu_items(self, key: str) -> list[dict]:
        """The indicator's menu items: label, sensitive, centre (while its menu is open)."""
        return self.eval(f"const m = Main.panel.statusArea[{json.dumps(key)}].menu; "
                         "m._getMenuItems().filter(i => i.label).map(i => { const [x, y] = i.get_transformed_position(), "
                         "[w, h] = i.get_transformed_size(); return {label: i.label.text, sensitive: i.reactive, "
                         "x: Math.round(x + w / 2), y: Math.round(y + h / 2), w: Math.round(w)}; })")

    def menu_open(self, key: str) -> bool:
        return bool(self._try_eval(f"Main.panel.statusArea[{json.dumps(key)}].menu.isOpen"))

    def set_appindicator(self, enabled: bool, timeout: float = 10.0) -> None:
        """Enables or disables the AppIndicator extension in the running shell, as
        `gnome-extensions enable/disable` does; waits for the watcher to come or go."""
        enabled_list = [HELPER_UUID] + ([APPINDICATOR_UUID] if enabled else [])
        self.gsettings("org.gnome.shell", "enabled-extensions", repr(enabled_list))
        if enabled:
            self.bus.wait_for_name(WATCHER_NAME, timeout)
        else:
            self.bus.wait_for_name_gone(WATCHER_NAME, timeout)

    # -- what the desktop tests use on every desktop (see plasma.py) -----------------------------
    def notification(self, titles, artefact: Path, timeout: float = 10.0, expect: Optional[str] = None) -> Shown:
        """The banner titled `titles` (or one of them) once shown with all its buttons; a normal one
        is hovered, so that GNOME expands it (buttons) and keeps it (it hides a normal banner after
        4 s while the user is active). `expect` is for OCR-read desktops only. Screenshot kept."""
        wanted = [titles] if isinstance(titles, str) else list(titles)

        def ready():
            b = self.banner()
            if not b or b["state"] not in (STATE_SHOWING, STATE_SHOWN) or b["title"] not in wanted:
                return None
            if b["urgency"] != URGENCY_CRITICAL and not b["expanded"]:
                # Hovered as soon as it slides in: its 4 s run from then while the user is active.
                if b["banner"]["w"]:
                    self.move(b["banner"]["x"], b["banner"]["y"])
                return None
            if b["state"] != STATE_SHOWN:
                return None
            buttons = [c for c in b["buttons"] if (c["w"] or 0) > 0]
            return b if len(buttons) == min(b["actions"], 3) else None
        try:
            b = wait_until(ready, timeout, f"a banner titled {' or '.join(wanted)}", interval=0.1)
        except TimeoutError:
            raise AssertionError(f"no banner {wanted} shown within {timeout} s; on screen: {self.banner()}") from None
        self.screen.screenshot(artefact)
        return Shown(b["title"], b["body"], b["urgency"] == URGENCY_CRITICAL, [c["label"] for c in b["buttons"]],
                     " ".join([b["title"], b["body"]] + [c["label"] for c in b["buttons"]]), b)

    def press(self, shown: Shown, label: str) -> None:
        # Where the button is now (an expanded banner may have been laid out again).
        now = self.banner()
        self.click_button(now if now and now["title"] == shown.title else shown.ref, label)

    def dismiss(self, shown: Shown) -> None:
        """The × (a user dismissal: NotificationClosed reason 2)."""
        self.click_close(self.banner() or shown.ref)

    def wait_for_gone(self, shown: Shown, timeout: float = 5.0) -> None:
        self.wait_for_no_banner(shown.title, timeout)

    def clear_notifications(self) -> None:
        """Between tests: whatever a test left on screen or in the queue goes."""
        self.eval("Main.messageTray.getSources().forEach(s => [...s.notifications].forEach(n => n.destroy())); true")
        self.nudge()
        self.wait_for_no_banner(timeout=5)

    def wait_for_tray_icon(self, artefact: Path, timeout: float = 10.0) -> str:
        """The key of the agent's icon in the top bar once drawn (its red rim in a screenshot)."""
        def drawn():
            keys = self.indicators()
            if not keys:
                return None
            r = self.indicator_rect(keys[0])
            shot = self.screen.screenshot(artefact, Rect(r["x"], r["y"], r["w"], r["h"]))
            red = sum(1 for rgb in self.screen.pixels(shot).values() if is_rim_red(rgb))
            return keys[0] if red >= 12 else None
        return wait_until(drawn, timeout, "the agent's icon in the top bar", interval=0.3)

    def tray_icon_rect(self, key: str) -> Rect:
        """Where the icon `wait_for_tray_icon` found is drawn."""
        r = self.indicator_rect(key)
        return Rect(r["x"], r["y"], r["w"], r["h"])

    def open_tray_menu(self, key: str, artefact: Path, timeout: float = 5.0) -> Menu:
        """A right click on the icon; the menu (the item's dbusmenu, filled asynchronously)."""
        wait_until(lambda: self.menu_items(key), timeout, "the indicator's menu to be filled")
        r = self.indicator_rect(key)
        self.click(r["x"] + r["w"] // 2, r["y"] + r["h"] // 2, button=3)
        items = wait_until(lambda: self.menu_open(key) and (i := self.menu_items(key)) and all((m["w"] or 0) > 0 for m in i)
                           and i, timeout, "the indicator's menu to open")
        self.screen.screenshot(artefact)

        def click(label: str) -> None:
            [item] = [m for m in self.menu_items(key) if m["label"].startswith(label)][:1] or [None]
            if item is None:
                raise LookupError(f"no menu item {label!r} in {[m['label'] for m in items]}")
            self.click(item["x"], item["y"])
        return Menu([m["label"] for m in items], click)
