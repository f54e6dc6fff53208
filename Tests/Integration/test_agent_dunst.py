# SPDX-License-Identifier: GPL-3.0-or-later
"""End to end with the real dunst on Xvfb (the demo covers Snooze; these cover what it does not):
the alarm is drawn as a critical notification, Stop through dunst's menu ends a one-time alarm,
and closing it in dunst (a user dismissal) snoozes it."""
from __future__ import annotations

import time

import pytest

from harness import wait_until
from harness.alarms import AgentRig

pytestmark = pytest.mark.agent

CRITICAL_BACKGROUND = "#900000"  # [urgency_critical] background in harness/dunstrc.in


@pytest.fixture
def dunst_rig(sandbox, session_bus, dunst):
    rig = AgentRig(sandbox, session_bus, None)
    rig.dunst = dunst
    return rig


def _colours(sandbox, png) -> dict[str, int]:
    """Pixel count per colour (#RRGGBB) of a screenshot."""
    r = sandbox.run(["convert", str(png), "-format", "%c", "histogram:info:-"], timeout=20)
    assert r.returncode == 0, r.stderr
    counts = {}
    for line in r.stdout.splitlines():
        count, rest = line.split(":", 1)
        colour = next(w for w in rest.split() if w.startswith("#"))[:7].upper()
        counts[colour] = counts.get(colour, 0) + int(count)
    return counts


def test_the_alarm_is_drawn_as_critical_and_stop_in_dunst_ends_a_one_time_alarm(dunst_rig, tmp_path):
    rig, dunst = dunst_rig, dunst_rig.dunst
    assert _colours(rig.sandbox, dunst.display.screenshot(tmp_path / "before.png").path).get(
        CRITICAL_BACKGROUND, 0) == 0
    rig.start_agent()
    t = rig.timer(1, "Dunst: stop me")
    assert dunst.wait_for_displayed(1, timeout=4) == 1
    shot = dunst.display.wait_for_nonblank_screenshot(tmp_path / "ringing.png")
    assert not shot.blank and shot.colours > 2, shot
    # drawn with the critical urgency's colours: a large block of the configured background
    assert _colours(rig.sandbox, shot.path).get(CRITICAL_BACKGROUND, 0) > 2000
    time.sleep(0.3)  # and no second one (a window is the point here)
    assert dunst.count("displayed") == 1 and dunst.count("waiting") == 0

    chosen = dunst.invoke_action("Stop")
    assert chosen.startswith(f"#Stop ({t.label}) [") and chosen.endswith(",stop]"), chosen
    dunst.wait_for_none_displayed(timeout=3)
    a = wait_until(lambda: (lambda a: a if not a["enabled"] else None)(rig.alarm(t.id)), 3,
                   "the one-time alarm to be switched off")
    assert a["next"] is None and rig.next_for(t.id) is None
    assert t.id not in rig.state().get("snoozes", {})
    time.sleep(0.3)  # a window is the point here: not shown again
    assert dunst.count("displayed") == 0, "a stopped alarm must not be shown again"
    assert [h["summary"] for h in dunst.history()] == [t.label]


def test_closing_the_notification_in_dunst_snoozes_the_alarm(dunst_rig):
    rig, dunst = dunst_rig, dunst_rig.dunst
    agent = rig.start_agent()
    t = rig.timer(1, "Dunst: dismiss me")
    dunst.wait_for_displayed(1, timeout=4)
    dunst.close()  # NotificationClosed reason 2: dismissed by the user
    wait_until(lambda: rig.state().get("snoozes", {}).get(t.id), 3, "the alarm to be snoozed")
    agent.wait_for_log("silenced: snoozed", timeout=1)
    assert rig.alarm(t.id)["enabled"] is True
    time.sleep(0.3)  # a window is the point here: a snoozed alarm is not shown again at once
    assert dunst.count("displayed") == 0
