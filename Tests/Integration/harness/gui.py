# SPDX-License-Identifier: GPL-3.0-or-later
"""A virtual display (Xvfb) and the real notification server dunst, driven via dunstctl.

Named actions: dunstctl cannot invoke one directly, but its context menu pipes
"#Label (summary) [id,key]" lines to the configured dmenu program; ours (pick-menu-entry)
chooses the label written in a pick file.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional, Union

from .bus import PrivateBus, _read_line
from .mocks import NOTIFY_NAME
from .procs import wait_until
from .sandbox import Sandbox

HERE = Path(__file__).resolve().parent
BLANK_EPSILON = 1e-4  # a uniform screen has standard deviation 0


class VirtualDisplay:
    """Xvfb with a black root window (-br), so an empty screen is truly uniform; sets DISPLAY."""

    def __init__(self, sandbox: Sandbox, size: str = "1024x768x24", timeout: float = 10.0):
        self.sandbox = sandbox
        read_fd, write_fd = os.pipe()
        try:
            self.child = sandbox.spawn(
                "xvfb", ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", size,
                         "-nolisten", "tcp", "-noreset", "-br"],
                pass_fds=(write_fd,))
            os.close(write_fd)
            write_fd = -1
            # Xvfb writes the display number once it accepts connections: readiness barrier.
            try:
                self.display = ":" + _read_line(read_fd, timeout)
            except (TimeoutError, EOFError) as exc:
                raise RuntimeError(f"Xvfb did not start: {exc}\n{self.child.describe()}") from exc
        finally:
            os.close(read_fd)
            if write_fd >= 0:
                os.close(write_fd)
        sandbox.env["DISPLAY"] = self.display

    def screenshot(self, path: Union[str, Path]) -> "Screenshot":
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        r = self.sandbox.run(["import", "-window", "root", str(path)], timeout=20)
        if r.returncode != 0:
            raise RuntimeError(f"import failed: {r.stderr}")
        return Screenshot.of(path, self.sandbox)

    def wait_for_nonblank_screenshot(self, path: Union[str, Path], timeout: float = 5.0) -> "Screenshot":
        """Screenshot until something is drawn (a window may be mapped a frame after it exists)."""
        shots = []

        def take():
            shots.append(self.screenshot(path))
            return shots[-1] if not shots[-1].blank else None
        try:
            return wait_until(take, timeout, "a non-blank screen", interval=0.1)
        except TimeoutError:
            return shots[-1]


@dataclass(frozen=True)
class Screenshot:
    path: Path
    stddev: float  # normalised 0..1 over all channels
    colours: int   # distinct colours

    @property
    def blank(self) -> bool:
        return self.stddev <= BLANK_EPSILON or self.colours <= 1

    @classmethod
    def of(cls, path: Path, sandbox: Optional[Sandbox] = None) -> "Screenshot":
        # `identify` rather than `convert`: both are ImageMagick, identify only reads.
        argv = ["identify", "-format", "%[fx:standard_deviation] %k", str(path)]
        r = (sandbox.run(argv, timeout=20) if sandbox
             else subprocess.run(argv, capture_output=True, text=True, timeout=20))
        if r.returncode != 0:
            raise RuntimeError(f"identify failed: {r.stderr}")
        stddev, colours = r.stdout.split()
        return cls(Path(path), float(stddev), int(colours))


class Dunst:
    """The real dunst on the private session bus and display, with the project's dunstrc."""

    def __init__(self, sandbox: Sandbox, bus: PrivateBus, display: VirtualDisplay, timeout: float = 10.0):
        assert shutil.which("dunst"), "dunst is not installed (scripts/setup-deps test)"
        self.sandbox, self.bus, self.display = sandbox, bus, display
        self.pick_file = sandbox.path("menu-pick")
        self.config = sandbox.path("dunstrc")
        template = (HERE / "dunstrc.in").read_text()
        self.config.write_text(template.replace("@MENU_SCRIPT@", str(HERE / "pick-menu-entry")))
        self.child = sandbox.spawn(
            "dunst", ["dunst", "-config", str(self.config)],
            env={"MOSCOWTIME_MENU_PICK_FILE": str(self.pick_file)})
        wait_until(lambda: bus.has_owner(NOTIFY_NAME) or not self.child.alive(), timeout, "dunst")
        if not self.child.alive():
            raise RuntimeError(self.child.describe())

    def _ctl(self, *args: str) -> str:
        r = self.sandbox.run(["dunstctl", *args], timeout=10)
        if r.returncode != 0:
            raise RuntimeError(f"dunstctl {' '.join(args)} failed: {r.stderr.strip()}")
        return r.stdout

    def count(self, which: str = "displayed") -> int:
        """dunstctl count displayed|waiting|history."""
        return int(self._ctl("count", which).strip())

    def wait_for_displayed(self, count: int = 1, timeout: float = 10.0) -> int:
        return wait_until(lambda: (lambda n: n if n >= count else None)(self.count()), timeout,
                          f"{count} notification(s) displayed by dunst")

    def wait_for_none_displayed(self, timeout: float = 10.0) -> None:
        wait_until(lambda: self.count() == 0, timeout, "dunst to show no notification")

    def invoke_action(self, labels: Union[str, Iterable[str]], timeout: float = 10.0) -> str:
        """Press the action button whose label starts with one of `labels` (first match wins)
        through dunst's context menu. Returns the chosen menu line; raises LookupError if none matched."""
        words = [labels] if isinstance(labels, str) else list(labels)
        chosen = self.pick_file.with_name(self.pick_file.name + ".chosen")
        menu = self.pick_file.with_name(self.pick_file.name + ".menu")
        chosen.unlink(missing_ok=True)
        self.pick_file.write_text("\n".join(words) + "\n")
        # dunst ignores a ContextMenuCall while the previous menu is still being wound down
        # (it reaps the picker and dispatches its answer asynchronously), so ask again until
        # our picker has run. A repeated call cannot pick twice: dunst runs one menu at a time.
        deadline = time.monotonic() + timeout
        while not chosen.exists():
            if time.monotonic() >= deadline:
                raise TimeoutError("dunst did not open its context menu "
                                   "(is a notification with actions displayed?)")
            self._ctl("context")
            try:
                wait_until(chosen.exists, min(0.5, max(0.05, deadline - time.monotonic())), "menu", at_least=0)
            except TimeoutError:
                pass
        line = chosen.read_text().strip()
        if not line:
            raise LookupError(f"no menu entry starts with {words}; menu was:\n{menu.read_text()}")
        return line

    def default_action(self) -> None:
        """dunstctl action 0: the default action of the newest notification (or the context menu)."""
        self._ctl("action", "0")

    def close(self) -> None:
        """dunstctl close: closes the newest notification (NotificationClosed reason 2)."""
        self._ctl("close")

    def close_all(self) -> None:
        self._ctl("close-all")

    def history(self) -> list[dict]:
        data = json.loads(self._ctl("history"))
        return [{k: v.get("data") for k, v in entry.items()} for entry in data["data"][0]]
