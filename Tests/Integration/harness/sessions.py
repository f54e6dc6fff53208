# SPDX-License-Identifier: GPL-3.0-or-later
"""What a whole desktop session (GNOME Shell, KDE Plasma) needs besides its own programs: a sandbox,
a private session bus, a private "system" bus with dbusmock's logind and an Xvfb screen.

Both shells look for logind on the system bus (this machine has /run/systemd/seats, so without one
gnome-shell dies at start-up in loginManager.js); the mock keeps them off the real one. A session
owns its sandbox: `close()` stops everything in reverse, then kills, by PID, any process left that
still carries the session's bus address in its environment (plasmashell starts kioslave5 helpers
that leave its process group and outlive it).
"""
from __future__ import annotations

import os
import shutil
import signal
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

from .bus import PrivateBus
from .gui import VirtualDisplay
from .mocks import NOTIFY_NAME, NOTIFY_PATH, LogindMock
from .procs import pid_alive, wait_until
from .sandbox import Sandbox
from .screen import Screen


def processes_on_bus(address: str) -> list[int]:
    """Live pids whose environment has DBUS_SESSION_BUS_ADDRESS=`address` (scans /proc)."""
    needle = f"DBUS_SESSION_BUS_ADDRESS={address}".encode()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            env = Path(f"/proc/{entry}/environ").read_bytes()
        except OSError:
            continue
        if needle in env.split(b"\0") and pid_alive(int(entry)):
            found.append(int(entry))
    return found


def is_rim_red(rgb) -> bool:
    """A pixel of the agent's icon's red rim (#c01c28), as drawn in a tray."""
    r, g, b = rgb
    return r >= 150 and g <= 80 and b <= 90


def _panel_colour(pixels: dict):
    """The commonest colour along a picture's edge: the panel round a tray icon."""
    right, bottom = max(x for x, _ in pixels), max(y for _, y in pixels)
    edge = [rgb for (x, y), rgb in pixels.items() if x in (0, right) or y in (0, bottom)]
    return Counter(edge).most_common(1)[0][0]


def icon_pixels(pixels: dict) -> int:
    """How many pixels of a tray icon's picture (Screen.pixels) are not of the panel's colour."""
    panel = _panel_colour(pixels)
    return sum(1 for rgb in pixels.values() if sum(abs(a - b) for a, b in zip(rgb, panel)) > 90)


def changed_share(before: dict, after: dict) -> float:
    """Of the icon's pixels in `before` (Screen.pixels of a tray icon; those not of the panel's colour,
    the commonest along the picture's edge), the share whose colour changed visibly in `after`, a
    picture of the same place."""
    def far(p, q):
        return sum(abs(a - b) for a, b in zip(p, q)) > 90
    right, bottom = max(x for x, _ in before), max(y for _, y in before)
    edge = [rgb for (x, y), rgb in before.items() if x in (0, right) or y in (0, bottom)]
    panel = Counter(edge).most_common(1)[0][0]
    icon = [xy for xy, rgb in before.items() if far(rgb, panel)]
    return sum(1 for xy in icon if xy in after and far(before[xy], after[xy])) / max(len(icon), 1)


@dataclass
class Shown:
    """A notification on screen as a person sees it (GNOME: read through Eval; Plasma: by OCR)."""
    title: str
    body: str
    critical: bool
    buttons: list[str]      # labels, left to right
    text: str = ""          # everything read in it
    ref: Any = field(default=None, repr=False)  # the desktop's own handle (banner dict, popup window)


@dataclass
class Menu:
    """A tray icon's open menu: its labels, and `click(label)` (a label's first word is enough)."""
    labels: list[str]
    click: Callable[[str], None] = field(repr=False)

    @property
    def text(self) -> str:
        return " ".join(self.labels)


class DesktopSession:
    """Sandbox + session bus + system bus with logind + Xvfb; subclasses start the shell.
    `env` is what the shell's own processes get on top of the sandbox environment."""

    env: dict[str, str] = {}

    def __init__(self, size: str = "1280x800x24", keep: Optional[bool] = None):
        self.sandbox = Sandbox(prefix="moscowtime-desktop-", keep=keep)
        try:
            # First in, so it runs last: after every child and both buses are stopped.
            self.sandbox.add_cleanup(self._kill_leftovers)
            self.bus = PrivateBus(self.sandbox, "session")
            self.system_bus = PrivateBus(self.sandbox, "system")
            self.logind = LogindMock(self.sandbox, self.system_bus)
            self.display = VirtualDisplay(self.sandbox, size=size)
            self.screen = Screen(self.sandbox)
            self.width, self.height = (int(n) for n in size.split("x")[:2])
            self.start()
        except BaseException:
            self.sandbox.close()
            raise

    def start(self) -> None:
        raise NotImplementedError

    def spawn(self, name: str, argv: list[str], ready_name: Optional[str] = None, timeout: float = 30.0):
        """A child of the shell's with `env`; with `ready_name`, waits until it owns that bus name."""
        child = self.sandbox.spawn(name, argv, env=self.env)
        if ready_name:
            wait_until(lambda: self.bus.has_owner(ready_name) or not child.alive(), timeout,
                       f"{name} to own {ready_name}")
            if not child.alive():
                raise RuntimeError(child.describe())
        return child

    def pointer(self) -> tuple[int, int]:
        out = self._xdotool("getmouselocation", "--shell")
        v = dict(line.split("=", 1) for line in out.split() if "=" in line)
        return int(v["X"]), int(v["Y"])

    def move(self, x: int, y: int) -> None:
        """Moves the pointer (hover effects; GNOME looks at its banner queue on input events).
        `xdotool mousemove --sync` waits for motion, so it would hang where the pointer already is."""
        if self.pointer() != (x, y):
            self._xdotool("mousemove", "--sync", str(x), str(y))

    def click(self, x: int, y: int, button: int = 1) -> None:
        self.move(x, y)
        self._xdotool("click", str(button))

    def click_word(self, word) -> None:
        self.click(*word.rect.centre)

    def key(self, keysym: str) -> None:
        """Presses and releases a key by its X keysym (XF86AudioPlay), as the keyboard would."""
        self._xdotool("key", keysym)

    def _xdotool(self, *args: str) -> str:
        r = self.sandbox.run(["xdotool", *args])
        if r.returncode != 0:
            raise RuntimeError(f"xdotool {' '.join(args)} failed: {r.stderr.strip()}")
        return r.stdout

    def wait_for_idle_user(self, timeout: float = 10.0) -> None:
        """Until the (virtual) user has not touched pointer or keyboard for a while; only GNOME
        behaves differently for an idle user (gnome.py)."""

    def information(self) -> list[str]:
        """GetServerInformation: name, vendor, version, spec version."""
        return self.bus.call(NOTIFY_NAME, NOTIFY_PATH, NOTIFY_NAME, "GetServerInformation")

    def capabilities(self) -> list[str]:
        return self.bus.call(NOTIFY_NAME, NOTIFY_PATH, NOTIFY_NAME, "GetCapabilities")

    def reset_agent_data(self) -> None:
        """Removes the agent's store, state, settings and cache: a fresh user for the next test,
        while the desktop's own files stay."""
        x = self.sandbox.xdg
        for base in (x.data, x.state, x.config, x.cache):
            shutil.rmtree(base / "moscowtime", ignore_errors=True)

    def _kill_leftovers(self) -> None:
        bus = getattr(self, "bus", None)
        for pid in processes_on_bus(bus.address) if bus else []:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def close(self) -> None:
        self.sandbox.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()
