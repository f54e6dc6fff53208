# SPDX-License-Identifier: GPL-3.0-or-later
"""What differs between the desktop versions the stage runs on, in one place: Debian 12 (GNOME
Shell 43, Plasma 5.27), Debian 13 (GNOME Shell 48, Plasma 6.3) and Debian testing (GNOME Shell 50,
Plasma 6.7); scripts/test-desktops --release R runs the stage in R's root filesystem. The harness
(gnome.py, plasma.py, desktops.py) and the tests ask this module, never a version number of their
own. Each fact was seen on that version (../shared/recipes/todays-desktops.md).
"""
from __future__ import annotations

import functools
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Optional

HERE = Path(__file__).resolve().parent


def _version(package: str) -> Optional[str]:
    """The upstream version of an installed Debian package (4:5.27.5-2 gives 5.27.5), or None:
    what the desktop's server reports, without starting it (plasmashell --version needs a display)."""
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True,
                             timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired):
        return None
    m = re.match(r"^(?:\d+:)?(\d+(?:\.\d+)+)", out)
    return m[1] if m else None


def _major(version: Optional[str]) -> int:
    return int(version.split(".")[0]) if version else 0


@dataclass(frozen=True)
class Gnome:
    version: str                # e.g. 43.9, 48.7, 50.5
    major: int
    # The test-only helper extension: a legacy script up to 44, an ES module from 45.
    helper_dir: Path
    # The notification proxy the shell normally has D-Bus start: an ES module from 45 (gjs -m).
    proxy_argv: tuple[str, ...]
    # X11 session under Xvfb (43, 48); 49 and later have no X11 session at all.
    x11: bool
    # Banner internals the harness reads through Eval.
    body_js: str                # the banner's body text
    close_js: str               # the banner's × (relative to the banner `b`)
    # The MPRIS players the shell knows, by bus name (the calendar menu's media section), and
    # whether it shows player `p` (43: its own flag; 46+: a message in the list for it).
    players_js: str
    player_shown_js: str
    # Debian 12's AppIndicator (46) drops some items at registration; the harness patches it.
    patch_appindicator: bool
    # 49+: the lock screen shows each MPRIS player's card (prev, play/pause, next); before, only
    # a notification source's bare row, and the media key is the way to the player.
    lock_screen_media: bool
    lock_player_js: str

    def lock_screen_media_why_not(self) -> Optional[str]:
        if not self.lock_screen_media:
            return (f"GNOME Shell {self.version}'s lock screen has no media controls (added in 49); "
                    "the media key stops the alarm there (test_gnome_lock_screen_media_key_…)")
        return None

    def why_not(self) -> Optional[str]:
        """Why the stage cannot drive this version (yet), or None."""
        return None

    def shell_argv(self, width: int, height: int) -> tuple[str, ...]:
        """The shell as the session's compositor: on Xvfb where it still can (X11), else headless
        on Wayland with a virtual monitor of the session's size (surfaceless, no GPU)."""
        if self.x11:
            return ("gnome-shell", "--x11", "--replace", "--sm-disable")
        return ("gnome-shell", "--wayland", "--headless", "--virtual-monitor", f"{width}x{height}", "--no-x11")


@functools.lru_cache(maxsize=1)
def gnome() -> Gnome:
    version = _version("gnome-shell") or "0"
    major = _major(version)
    proxy = "/usr/share/gnome-shell/org.gnome.Shell.Notifications"
    modern = major >= 46
    return Gnome(
        version=version, major=major,
        helper_dir=HERE / ("gnome-test-helper-esm" if major >= 45 else "gnome-test-helper@moscowtime.test"),
        proxy_argv=("gjs", "-m", proxy) if major >= 45 else ("gjs", proxy),
        x11=major < 49,
        body_js="n.body" if modern else "n.bannerBodyText",
        close_js="b._header.closeButton" if modern else "b._closeButton",
        players_js=("Main.panel.statusArea.dateMenu._messageList._messageView._mediaSource._players" if modern
                    else "Main.panel.statusArea.dateMenu._messageList._mediaSection._players"),
        player_shown_js=("Main.panel.statusArea.dateMenu._messageList._messageView._playerToMessage.has(p)" if modern
                         else "p._visible"),
        # Debian packages AppIndicator 46 with shell 43 (the bug) and 59 with 48 (fixed upstream).
        patch_appindicator=major < 45,
        lock_screen_media=major >= 49,
        lock_player_js=_LOCK_PLAYER_JS,
    )


# The lock screen's media card of one player (49+: unlockDialog.js's NotificationsBox keeps a
# MediaMessage per MprisPlayer); centres in screen pixels.
_LOCK_PLAYER_JS = """
const box = Main.screenShield?._dialog?._notificationsBox;
const centre = a => { const [x, y] = a.get_transformed_position(), [w, h] = a.get_transformed_size();
                      return {x: Math.round(x + w / 2), y: Math.round(y + h / 2), w: Math.round(w),
                              reactive: a.reactive, visible: a.is_mapped()}; };
const hit = box ? [...box._players].find(([p]) => p._busName === BUS_NAME) : null;
hit ? {title: hit[1].title, body: hit[1].body, shown: hit[1].is_mapped(),
       prev: centre(hit[1]._prevButton), playPause: centre(hit[1]._playPauseButton),
       next: centre(hit[1]._nextButton)} : null
"""


@dataclass(frozen=True)
class Plasma:
    version: str                # e.g. 5.27.5, 6.3.6
    major: int
    kded: tuple[str, ...]       # owns org.kde.StatusNotifierWatcher (its statusnotifierwatcher module)
    kded_name: str              # its bus name
    kglobalaccel: tuple[str, ...]
    session_version: str        # KDE_SESSION_VERSION

    def why_not(self) -> Optional[str]:
        return None

    def wayland_why_not(self) -> Optional[str]:
        """Why the harness does not drive this Plasma on kwin_wayland (plasma_wayland.py), or None."""
        if self.major < 6:
            return (f"Plasma {self.version} is driven on X11 only (its Wayland session is left to Plasma 6: "
                    "clicks through KWin's fake-input, places from a KWin script and AT-SPI)")
        return None

    @staticmethod
    def wayland_argv(width: int, height: int, socket: str) -> tuple[str, ...]:
        """KWin as a Wayland compositor with a virtual output (no GPU, no seat) and Xwayland."""
        return ("kwin_wayland", "--virtual", "--width", str(width), "--height", str(height), "--xwayland",
                "--socket", socket)

    @property
    def windows_js(self) -> str:
        """A KWin script printing its windows as JSON after "moscowtime-windows TOKEN" (6 calls the
        list windowList(); 5 called it clientList())."""
        return _WINDOWS_JS.replace("LIST", "windowList" if self.major >= 6 else "clientList")

    def tray_why_not(self) -> Optional[str]:
        """Why the harness cannot find the agent's icon in this Plasma's tray (yet), or None."""
        return None

    def greeter_media_why_not(self) -> Optional[str]:
        """Why the harness cannot use the greeter's media controls on this version, or None."""
        if self.major < 6:
            return (f"Plasma {self.version}'s greeter (kscreenlocker_greet --testing) showed no media controls "
                    "for the agent's player in the headless session (the prompt alone); not found why")
        return None

    @property
    def monochrome_tray(self) -> bool:
        """6 draws an item's -symbolic icon in the panel's text colour: no red rim to find it by
        (plasma.py finds it as the new shape left of the tray's own)."""
        return self.major >= 6


_WINDOWS_JS = """
const list = workspace.LIST().map(w => ({
    id: String(w.internalId), caption: w.caption, resourceClass: String(w.resourceClass),
    notification: w.notification, critical: w.criticalNotification, popupMenu: w.popupMenu,
    x: w.frameGeometry.x, y: w.frameGeometry.y, width: w.frameGeometry.width, height: w.frameGeometry.height}));
console.info("moscowtime-windows TOKEN " + JSON.stringify(list));
"""

LIBEXEC = Path("/usr/lib/x86_64-linux-gnu/libexec")


@functools.lru_cache(maxsize=1)
def plasma() -> Plasma:
    version = _version("plasma-workspace") or "0"
    major = _major(version)
    if major >= 6:
        return Plasma(version, major, ("kded6",), "org.kde.kded6", (str(LIBEXEC / "kglobalacceld"),), "6")
    return Plasma(version, major, ("kded5",), "org.kde.kded5", ("kglobalaccel5",), "5")


def mate_notification_daemon() -> str:
    """Moved to /usr/libexec/mate-notification-daemon/ after Debian 12."""
    for d in ("/usr/libexec/mate-notification-daemon", "/usr/lib/mate-notification-daemon"):
        if Path(d, "mate-notification-daemon").is_file():
            return f"{d}/mate-notification-daemon"
    return "/usr/lib/mate-notification-daemon/mate-notification-daemon"


def ocr_cyrillic(word: str) -> str:
    """A regex for `word` as tesseract reads it: lxqt-notificationd 2.1's font makes «ё» read as «е»."""
    return re.escape(word).replace("ё", "[её]").replace("Ё", "[ЁЕ]")
