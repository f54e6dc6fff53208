# SPDX-License-Identifier: GPL-3.0-or-later
"""Reading a virtual screen as a person would: X windows by class, text by OCR, clicks by xdotool.

Buttons are found from what is drawn, not from hard-coded coordinates: the window's region is
read with tesseract (Russian + English models), and a click goes to the centre of the word.
Small UI fonts read reliably only when enlarged, so regions are scaled 3× before OCR.
"""
from __future__ import annotations

import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Optional, Union

from .procs import wait_until
from .sandbox import Sandbox

OCR_SCALE = 3
OCR_LANGUAGES = "rus+eng"
DARK = 128  # of 255 in every channel: text and glyphs on the servers' light backgrounds
# ImageMagick txt: "12,3: (52,52,52)  #343434  srgb(52,52,52)"
_TXT_PIXEL = re.compile(r"^(\d+),(\d+): \(\s*(\d+),\s*(\d+),\s*(\d+)", re.M)


@dataclass(frozen=True)
class Rect:
    x: int
    y: int
    width: int
    height: int

    @property
    def centre(self) -> tuple[int, int]:
        return self.x + self.width // 2, self.y + self.height // 2

    def contains(self, x: int, y: int) -> bool:
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height

    @property
    def geometry(self) -> str:
        """ImageMagick's WxH+X+Y."""
        return f"{self.width}x{self.height}+{self.x}+{self.y}"


@dataclass(frozen=True)
class Window:
    id: int
    rect: Rect


@dataclass(frozen=True)
class Word:
    text: str
    rect: Rect       # in screen coordinates
    confidence: float


@dataclass(frozen=True)
class ScreenText:
    """The words OCR found in one region, in reading order."""
    words: tuple[Word, ...]
    image: Path

    @property
    def text(self) -> str:
        return " ".join(w.text for w in self.words)

    def find(self, pattern: str) -> list[Word]:
        """Words matching the regex `pattern` entirely (case-sensitive)."""
        rx = re.compile(pattern)
        return [w for w in self.words if rx.fullmatch(w.text)]

    def count(self, pattern: str) -> int:
        return len(self.find(pattern))


class Screen:
    """The X screen of a sandbox (DISPLAY from its environment)."""

    def __init__(self, sandbox: Sandbox):
        for tool in ("xdotool", "tesseract", "import", "convert"):
            assert shutil.which(tool), f"{tool} is not installed (scripts/setup-deps desktops)"
        self.sandbox = sandbox
        self._shots = 0

    def _run(self, argv: list[str], timeout: float = 20.0) -> str:
        r = self.sandbox.run(argv, timeout=timeout)
        if r.returncode != 0:
            raise RuntimeError(f"{argv[0]} failed ({r.returncode}): {r.stderr.strip()}")
        return r.stdout

    # -- windows -----------------------------------------------------------------------------
    def windows(self, wm_class: str, min_width: int = 60, min_height: int = 30) -> list[Window]:
        """Mapped windows whose WM_CLASS (instance or class) matches `wm_class`, big enough to be
        a real window (servers keep small helper windows too)."""
        r = self.sandbox.run(["xdotool", "search", "--onlyvisible", "--class", f"^{re.escape(wm_class)}$"])
        found = []
        for wid in r.stdout.split():
            g = self.sandbox.run(["xdotool", "getwindowgeometry", "--shell", wid])
            if g.returncode != 0:
                continue  # unmapped meanwhile
            v = dict(line.split("=", 1) for line in g.stdout.split() if "=" in line)
            rect = Rect(int(v["X"]), int(v["Y"]), int(v["WIDTH"]), int(v["HEIGHT"]))
            if rect.width >= min_width and rect.height >= min_height:
                found.append(Window(int(wid), rect))
        return found

    def wait_for_window(self, wm_class: str, timeout: float = 10.0, **kw) -> Window:
        return wait_until(lambda: (self.windows(wm_class, **kw) or [None])[0], timeout,
                          f"a mapped {wm_class} window")

    def wait_for_no_window(self, wm_class: str, timeout: float = 10.0, **kw) -> None:
        wait_until(lambda: not self.windows(wm_class, **kw), timeout, f"no {wm_class} window")

    # -- pixels --------------------------------------------------------------------------------
    def screenshot(self, path: Union[str, Path], region: Optional[Rect] = None) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        argv = ["import", "-window", "root"]
        if region is not None:
            argv += ["-crop", region.geometry, "+repage"]
        self._run([*argv, str(path)])
        return path

    def colours(self, image: Path) -> dict[str, int]:
        """Pixel count per colour (#RRGGBB)."""
        out = self._run(["convert", str(image), "-format", "%c", "histogram:info:-"])
        counts: dict[str, int] = {}
        for line in out.splitlines():
            count, rest = line.split(":", 1)
            colour = next(w for w in rest.split() if w.startswith("#"))[:7].upper()
            counts[colour] = counts.get(colour, 0) + int(count)
        return counts

    def pixels(self, image: Path) -> dict[tuple[int, int], tuple[int, int, int]]:
        """Every pixel's 8-bit RGB by (x, y); for small images (a panel, an icon)."""
        # As RGB: ImageMagick 7 (Debian 13) writes a picture of one grey as a grey PNG.
        out = self._run(["convert", str(image), "-colorspace", "sRGB", "-type", "TrueColor", "-depth", "8", "txt:-"])
        found = {}
        for m in _TXT_PIXEL.finditer(out):
            found[(int(m[1]), int(m[2]))] = (int(m[3]), int(m[4]), int(m[5]))
        return found

    def close_glyph(self, region: Rect, artefact: Union[str, Path]) -> Optional[tuple[int, int]]:
        """The centre of a drawn × in a light `region`, in screen coordinates, or None: of the dark
        shapes there (8-connected), those shaped like an × (see `is_cross`), the one nearest the
        region's top right corner. Text that reaches the corner (a long body wrapped next to the ×)
        is made of other shapes, so it neither hides the × nor pulls the click off it."""
        found = cross_near_top_right(self.pixels(self.screenshot(artefact, region)))
        return None if found is None else (region.x + found[0], region.y + found[1])

    def read(self, region: Rect, artefact: Union[str, Path], light_text: bool = False) -> ScreenText:
        """OCR of `region`; the region's screenshot is kept at `artefact`. `light_text`: white text
        on a picture (a lock screen's), read as black on white (only what is nearly white)."""
        image = self.screenshot(artefact, region)
        big = image.with_name(image.stem + ".ocr.png")
        light = ["-threshold", "80%", "-negate"] if light_text else []
        self._run(["convert", str(image), "-colorspace", "Gray", "-resize", f"{OCR_SCALE * 100}%", *light, str(big)])
        tsv = self._run(["tesseract", str(big), "-", "-l", OCR_LANGUAGES, "--psm", "11", "tsv"], timeout=60)
        words = []
        for line in tsv.splitlines()[1:]:
            cols = line.split("\t")
            if len(cols) < 12 or not cols[11].strip() or float(cols[10]) < 0:
                continue
            left, top, width, height = (int(c) // OCR_SCALE for c in cols[6:10])
            words.append(Word(cols[11].strip(), Rect(region.x + left, region.y + top, max(width, 1),
                                                     max(height, 1)), float(cols[10])))
        big.unlink(missing_ok=True)
        return ScreenText(tuple(words), image)

    # -- input -------------------------------------------------------------------------------
    def click(self, x: int, y: int, button: int = 1) -> None:
        self._run(["xdotool", "mousemove", "--sync", str(x), str(y), "click", str(button)])

    def click_word(self, word: Word, button: int = 1) -> None:
        self.click(*word.rect.centre, button=button)

    def move_away(self) -> None:
        """Park the pointer in the top-left corner (hover effects change what OCR reads)."""
        self._run(["xdotool", "mousemove", "--sync", "0", "0"])


def cross_near_top_right(pixels: dict[tuple[int, int], tuple[int, int, int]]) -> Optional[tuple[int, int]]:
    """The centre of the ×-shaped dark shape nearest the top right corner of an image (`pixels`
    by (x, y)), or None."""
    dark = {xy for xy, rgb in pixels.items() if max(rgb) < DARK}
    crosses = [shape for shape in dark_shapes(dark) if is_cross(shape)]
    if not crosses:
        return None
    right = max(x for x, _ in pixels)

    def corner_distance(shape: frozenset) -> int:
        (_, y0), (x1, _) = bounds(shape)
        return (right - x1) ** 2 + y0 ** 2
    (x0, y0), (x1, y1) = bounds(min(crosses, key=corner_distance))
    return (x0 + x1) // 2, (y0 + y1) // 2


def dark_shapes(dark: set) -> list[frozenset]:
    """The 8-connected components of a set of (x, y) pixels."""
    left, shapes = set(dark), []
    while left:
        todo, shape = [left.pop()], set()
        while todo:
            x, y = todo.pop()
            shape.add((x, y))
            for n in ((x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)):
                if n in left:
                    left.remove(n)
                    todo.append(n)
        shapes.append(frozenset(shape))
    return shapes


def bounds(shape: Iterable[tuple[int, int]]) -> tuple[tuple[int, int], tuple[int, int]]:
    xs, ys = zip(*shape)
    return (min(xs), min(ys)), (max(xs), max(ys))


CROSS_SIZE = range(5, 33)  # px: a close button's × at the usual UI scales
CROSS_ON_DIAGONALS = 0.9   # share of its pixels near one of its box's two diagonals


def is_cross(shape: frozenset) -> bool:
    """An × : a roughly square shape whose pixels lie along both diagonals of its box and fill its
    four corners and its centre. A digit, a letter's stroke or a frame line fails one of these."""
    (x0, y0), (x1, y1) = bounds(shape)
    w, h = x1 - x0 + 1, y1 - y0 + 1
    if w not in CROSS_SIZE or h not in CROSS_SIZE or not 0.7 <= w / h <= 1.4:
        return False
    near = max(1.5, 0.2 * max(w, h))

    def diagonal_distance(x: int, y: int) -> float:
        u, v = (x - x0) / max(w - 1, 1) * (h - 1), y - y0  # x scaled onto the height
        return min(abs(u - v), abs(u - (h - 1 - v)))
    on = sum(1 for x, y in shape if diagonal_distance(x, y) <= near)
    corner = max(1, round(near))

    def filled(cx: int, cy: int) -> bool:
        return any(abs(x - cx) <= corner and abs(y - cy) <= corner for x, y in shape)
    centre = ((x0 + x1) // 2, (y0 + y1) // 2)
    return (on >= CROSS_ON_DIAGONALS * len(shape)
            and all(filled(cx, cy) for cx, cy in ((x0, y0), (x1, y0), (x0, y1), (x1, y1), centre)))


def first(words: Iterable[Word], what: str) -> Word:
    found = list(words)
    if not found:
        raise LookupError(f"{what} is not on the screen")
    return found[0]
