# SPDX-License-Identifier: GPL-3.0-or-later
"""The notification's buttons and closing it: Snooze, Stop, dismissal (snoozes unless dismiss = stop), expiry.
Signals come from the dbusmock notification daemon itself (libnotify accepts them only from the
owner of org.freedesktop.Notifications)."""
from __future__ import annotations

import time
from datetime import timedelta

import pytest

from harness import CLOSED_DISMISSED, CLOSED_EXPIRED, wait_until
from harness.alarms import parse_iso, utc_now

pytestmark = pytest.mark.agent


def _snoozed_entry(rig, alarm_id):
    entry = rig.next_for(alarm_id)
    return entry if entry and entry["snoozed"] else None


def test_snooze_closes_the_notification_and_survives_a_restart(rig):
    agent = rig.start_agent()
    t = rig.timer(1, "Snooze me", "--snooze", "1")
    call = rig.wait_for_ring(t.label, timeout=4)
    assert call.action_label("snooze") == "Snooze" and "Snooze: 1 min" in call.body.split("\n")

    pressed = utc_now()
    rig.mock.emit_action_invoked(call.id, "snooze")
    rig.wait_for_close(call.id, timeout=1)
    snooze = wait_until(lambda: rig.state().get("snoozes", {}).get(t.id), 2, "the snooze in agent-state.json")
    until = parse_iso(snooze["until"])
    assert timedelta(seconds=55) <= until - pressed <= timedelta(seconds=62), snooze
    assert parse_iso(snooze["due"]) == t.due and snooze["count"] == 1
    entry = wait_until(lambda: _snoozed_entry(rig, t.id), 2, "snoozed:true in agent-cli next --json")
    assert parse_iso(entry["at"]) == until and parse_iso(entry["due"]) == t.due
    assert rig.alarm(t.id)["enabled"] is True  # snoozing is not stopping

    assert agent.stop() == 0
    # start_agent returns once the start's evaluation is carried out: a ring would be logged by then.
    restarted = rig.start_agent()
    assert "ringing alarm" not in restarted.stderr_text(), "a snoozed alarm must not ring again at start"
    assert len(rig.rings(t.label)) == 1
    assert rig.state()["snoozes"][t.id] == snooze
    assert _snoozed_entry(rig, t.id) is not None


def test_stop_stops_while_a_dismissal_snoozes_by_default(rig):
    """Only Stop stops: someone who swipes the notification away half asleep must not oversleep."""
    rig.start_agent()
    stop, dismiss, expire = (rig.timer(2, label) for label in ("Stop me", "Dismiss me", "Let me expire"))
    calls = {t.label: rig.wait_for_ring(t.label, timeout=5) for t in (stop, dismiss, expire)}
    assert len({c.id for c in calls.values()}) == 3

    rig.mock.emit_action_invoked(calls["Stop me"].id, "stop")
    rig.mock.emit_closed(calls["Dismiss me"].id, CLOSED_DISMISSED)
    # Closed by the server while still ringing (not by the user): shown again, keeps ringing.
    rig.mock.emit_closed(calls["Let me expire"].id, CLOSED_EXPIRED)

    rig.wait_for_close(calls["Stop me"].id, timeout=1)
    a = wait_until(lambda: (lambda a: a if not a["enabled"] else None)(rig.alarm(stop.id)), 2,
                   "the stopped timer to be switched off")
    assert a["label"] == stop.label and a["next"] is None  # kept, switched off
    assert stop.id not in rig.state().get("snoozes", {})
    snooze = wait_until(lambda: rig.state().get("snoozes", {}).get(dismiss.id), 2, "the dismissed alarm to be snoozed")
    assert parse_iso(snooze["due"]) == dismiss.due and snooze["count"] == 1
    assert rig.alarm(dismiss.id)["enabled"] is True
    assert _snoozed_entry(rig, dismiss.id) is not None
    # a dismissed notification is gone already: nothing to close
    assert calls["Dismiss me"].id not in rig.mock.close_calls()

    reshown = rig.wait_for_ring("Let me expire", count=2, timeout=2)
    assert reshown.body.startswith("Alarm · ") and reshown.actions == calls["Let me expire"].actions
    assert rig.alarm(expire.id)["enabled"] is True
    # Not shown a third time, nor the others again: nothing more within half a second (a window is
    # the point here; each of them would ring at once).
    time.sleep(0.5)
    assert [c.summary for c in rig.rings()].count("Let me expire") == 2
    for label in ("Stop me", "Dismiss me"):
        assert len(rig.rings(label)) == 1, f"{label!r} was shown again before its snooze ended"


def test_with_dismiss_stop_a_dismissal_stops(rig):
    rig.cli("settings", "dismiss", "stop")
    agent = rig.start_agent()
    t = rig.timer(2, "Dismiss me")
    call = rig.wait_for_ring(t.label, timeout=5)
    rig.mock.emit_closed(call.id, CLOSED_DISMISSED)
    a = wait_until(lambda: (lambda a: a if not a["enabled"] else None)(rig.alarm(t.id)), 2,
                   "the dismissed one-time alarm to be switched off")
    assert a["next"] is None and t.id not in rig.state().get("snoozes", {})
    agent.wait_for_log("silenced: stopped", timeout=1)


@pytest.mark.slow
def test_a_snoozed_alarm_rings_again_and_an_unanswered_one_gives_up(rig):
    """The one real-time minute: `settings snooze 1` and `settings ring-minutes 1`. Of two alarms
    rung together, the snoozed one rings again after 60 s; the unanswered one stops by itself
    after 60 s and is reported as missed."""
    rig.cli("settings", "snooze", "1")
    rig.cli("settings", "ring-minutes", "1")
    rig.start_agent()
    t = rig.timer(1, "Ring again")
    u = rig.timer(1, "Unanswered")
    first = rig.wait_for_ring(t.label, timeout=4)
    unanswered = rig.wait_for_ring(u.label, timeout=4)
    [u_rung] = wait_until(lambda: rig.notify_times(u.label), 2, "the Notify in dbus-monitor")
    assert first.action_label("snooze") == "Snooze" and "Snooze: 1 min" in first.body.split("\n")
    rig.mock.emit_action_invoked(first.id, "snooze")
    rig.wait_for_close(first.id, timeout=1)
    until = parse_iso(wait_until(lambda: rig.state().get("snoozes", {}).get(t.id), 2, "the snooze")["until"])

    wait_until(lambda: time.time() > min(until.timestamp(), u_rung + 60) - 2, 70, "the end of the minute")
    assert len(rig.rings(t.label)) == 1, "rang again before the snooze ended"
    assert rig.missed_reports() == [] and unanswered.id not in rig.mock.close_calls()

    again = rig.wait_for_ring(t.label, count=2, timeout=4)
    [_, arrived] = wait_until(lambda: (lambda x: x if len(x) == 2 else None)(rig.notify_times(t.label)), 2,
                              "the second Notify in dbus-monitor")
    assert 0 <= arrived - until.timestamp() < 1.0
    assert "snoozed 1 time" in again.body  # counts the snoozes of this occurrence
    assert "late" not in again.body
    assert again.actions == first.actions and again.hints["urgency"] == 2
    assert t.id not in rig.state().get("snoozes", {})

    rig.wait_for_close(unanswered.id, timeout=3)
    report = rig.wait_for_missed_report(timeout=2)
    assert report.summary == "Missed alarm"
    assert report.body.startswith(f"{u.label} — due ") and report.body.endswith(" (rang unanswered)")
    wait_until(lambda: rig.alarm(u.id)["enabled"] is False, 2, "the unanswered timer to be switched off")
    assert len(rig.rings(u.label)) == 1

    # and Stop ends the snoozed one for good
    rig.mock.emit_action_invoked(again.id, "stop")
    wait_until(lambda: rig.alarm(t.id)["enabled"] is False, 2, "the timer to be switched off")
