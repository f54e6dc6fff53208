# SPDX-License-Identifier: GPL-3.0-or-later
"""End to end: the demo itself, run against the built binaries (marker `agent`)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from harness.demo import RMS_THRESHOLD, find_snoozed, run_demo


@pytest.mark.agent
def test_demo_alarm_is_shown_heard_and_snoozed(tmp_path):
    result = run_demo(tmp_path, say=print)
    assert result.failures == []
    assert result.screenshot is not None and not result.screenshot.blank
    assert result.screenshot.path.is_file()
    assert result.rms > RMS_THRESHOLD
    assert result.wav is not None and result.wav.is_file()
    assert result.snoozed is not None and result.snoozed["snoozed"] is True
    at = datetime.fromisoformat(result.snoozed["at"])
    # Snooze (10 min, as the body says): the ring moves roughly ten minutes ahead
    assert timedelta(minutes=5) < at - datetime.now(timezone.utc) < timedelta(minutes=15)


def test_find_snoozed_reads_the_next_json_contract():
    soon = (datetime.now(timezone.utc) + timedelta(minutes=10)).astimezone(timezone(timedelta(hours=3)))
    past = datetime(2020, 1, 1, 7, 30, tzinfo=timezone(timedelta(hours=3)))
    entries = [
        {"id": "a", "label": "Демо: будильник", "at": past.isoformat(), "snoozed": True},
        {"id": "b", "label": "Other", "at": soon.isoformat(), "snoozed": True},
        {"id": "c", "label": "Демо: будильник", "at": soon.isoformat(), "snoozed": False},
        {"id": "d", "label": "Демо: будильник", "at": soon.isoformat(timespec="seconds"), "snoozed": True},
    ]
    assert find_snoozed(entries, "Демо: будильник")["id"] == "d"
    assert find_snoozed(entries[:3], "Демо: будильник") is None
