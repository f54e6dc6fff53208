# SPDX-License-Identifier: GPL-3.0-or-later
"""The tray icons as drawn: on a monochrome tray (Plasma 6 draws an item's -symbolic icon) the states
must differ by shape. Draws data/icons with rsvg-convert; needs no agent."""
from __future__ import annotations

import re
import subprocess

from harness.agent import REPO_ROOT


def _ink(svg, size: int = 22) -> set[tuple[int, int]]:
    """The pixels an icon covers (alpha at least half) drawn at a tray's size."""
    png = subprocess.run(["rsvg-convert", "-w", str(size), "-h", str(size), str(svg)],
                         capture_output=True, check=True).stdout
    txt = subprocess.run(["convert", "png:-", "-depth", "8", "txt:-"], input=png, capture_output=True,
                         check=True).stdout.decode()
    return {(int(m[1]), int(m[2])) for m in re.finditer(r"^(\d+),(\d+): \(\d+,\d+,\d+,(\d+)\)", txt, re.M)
            if int(m[3]) >= 128}


def test_on_a_monochrome_tray_the_ringing_icon_differs_by_its_shape():
    """Plasma 6 draws an item's -symbolic icon, in one colour: the colour icon's ringing look is lost
    there, so the symbolic ringing icon (IconName and AttentionIconName while NeedsAttention) must
    differ from the others by shape, as much as paused differs from resting."""
    icons = REPO_ROOT / "data" / "icons"
    rest, ringing, paused = (_ink(icons / f"org.moscowtime.Agent{v}-symbolic.svg") for v in ("", "-ringing", "-paused"))
    assert rest and ringing and paused
    for other, name in ((rest, "resting"), (paused, "paused")):
        changed = len(ringing ^ other) / len(ringing | other)
        assert changed >= 0.3, f"at 22 px only {changed:.0%} of the ringing symbolic icon differs from the {name} one"
