# SPDX-License-Identifier: GPL-3.0-or-later
"""The real-desktop stage reads what the servers draw, and what they draw depends on the date (a
ringing alarm's body names the day): every test here runs the project's binaries on a pinned
clock, by default the day whose English text is the longest ("Wednesday, 30 September 2026").
Another day for a whole run: MOSCOWTIME_TEST_CLOCK=2026-05-01T12:00:00+03:00 scripts/test-desktops."""
from __future__ import annotations

import pytest

from harness.clock import pin_clock, requested_instant

LONGEST_ENGLISH_DAY = "2026-09-30T12:00:00+03:00"


@pytest.fixture(autouse=True)
def pinned_clock(sandbox):
    instant = requested_instant(LONGEST_ENGLISH_DAY)
    pin_clock(sandbox, instant)
    return instant
