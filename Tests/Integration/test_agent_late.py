# SPDX-License-Identifier: GPL-3.0-or-later
"""Occurrences that came due while no agent was running: rung late within the late window, reported
as missed beyond it, and never rung twice across restarts (handled occurrences are persisted)."""
from __future__ import annotations

import time
from datetime import timedelta

import pytest

from harness import wait_until
from harness.alarms import (URGENCY_CRITICAL, URGENCY_NORMAL, clock_texts, date_line, hhmm, iso_z,
                            minute_floor, moscow, once_alarm, parse_iso, store_document, utc_now,
                            weekly_alarm)

pytestmark = pytest.mark.agent


def test_an_occurrence_within_the_late_window_rings_marked_late(rig):
    now = utc_now()
    due = minute_floor(now - timedelta(minutes=2))  # 2-3 minutes ago; late window: 15 minutes
    alarm = weekly_alarm("Overslept", due, modified=now - timedelta(hours=1))
    rig.write_store(store_document([alarm]))
    started = utc_now()
    rig.start_agent()

    call = rig.wait_for_ring("Overslept", timeout=3)
    # the time now, the date of the occurrence, and when it was due
    assert call.body.split("\n") in [
        [f"Alarm · {hm} · {date_line(due)}", f"late: due {hhmm(due)}", "Snooze: 10 min"]
        for hm in clock_texts(started, utc_now())], call.body
    assert call.hints["urgency"] == URGENCY_CRITICAL and call.action_keys == ["snooze", "stop"]
    assert rig.missed_reports() == []
    assert parse_iso(rig.state()["handled"][alarm["id"]]) == due


def test_the_cli_with_a_pinned_clock_creates_an_alarm_that_rings_late(rig):
    # MOSCOWTIME_NOW: the alarm is added "four minutes ago" for "three minutes ago", as if the
    # machine had been asleep since.
    now = utc_now()
    due = minute_floor(now - timedelta(minutes=3))
    pinned = {"MOSCOWTIME_NOW": iso_z(due - timedelta(minutes=1))}
    a = rig.cli_json("add", hhmm(due), "--once", moscow(due).date().isoformat(), "--label", "Pinned",
                     env=pinned)
    rig.start_agent()
    call = rig.wait_for_ring("Pinned", timeout=3)
    assert f"late: due {hhmm(due)}" in call.body.split("\n")
    rig.mock.emit_action_invoked(call.id, "stop")
    wait_until(lambda: rig.alarm(a["id"])["enabled"] is False, 2, "the one-time alarm to be switched off")


def test_beyond_the_late_window_one_missed_notification_lists_them(rig):
    now = utc_now()
    due = minute_floor(now - timedelta(minutes=5))
    weekly = weekly_alarm("Daily <b>& stand-up", due, modified=now - timedelta(hours=1))
    once = once_alarm("Dentist", due, modified=now - timedelta(hours=1))
    # newer than its occurrence: never rung nor reported
    edited = weekly_alarm("Edited since", due, modified=now - timedelta(minutes=1))
    rig.write_store(store_document([weekly, once, edited], lateWindowMinutes=1))
    agent = rig.start_agent()

    report = rig.wait_for_missed_report(timeout=3)
    # start_agent returned once the start's evaluation was carried out: a ring would be logged by then.
    assert "ringing alarm" not in agent.stderr_text(), "an occurrence older than the late window must not ring"
    assert rig.rings() == []
    assert len(rig.missed_reports()) == 1 and len(rig.mock.notify_calls()) == 1
    assert report.summary == "Missed alarms"
    assert report.hints["urgency"] == URGENCY_NORMAL and report.actions == []
    when = f"{moscow(due).strftime('%a')} {moscow(due).date().isoformat()} {hhmm(due)}"
    # body-markup is advertised: the label is escaped in the body
    assert sorted(report.body.split("\n")) == sorted([
        f"Daily &lt;b&gt;&amp; stand-up — due {when} (too late to ring)",
        f"Dentist — due {when} (too late to ring)",
    ]), report.body
    lst = {a["id"]: a for a in rig.list_json()}
    assert lst[once["id"]]["enabled"] is False   # a missed one-time alarm is done, but kept
    assert lst[weekly["id"]]["enabled"] is True and lst[weekly["id"]]["next"] is not None
    assert "missed alarm" in agent.stderr_text()


def test_a_restart_does_not_ring_a_handled_occurrence_again(rig):
    now = utc_now()
    today = moscow(now).strftime("%a").lower()
    # this minute, today only: due now, and next week again
    weekly = weekly_alarm("Weekly", now, days=[today], modified=now - timedelta(hours=1))
    rig.write_store(store_document([weekly]))
    agent = rig.start_agent()
    rig.wait_for_ring("Weekly", timeout=3)
    t = rig.timer(1, "Timer")
    timer_call = rig.wait_for_ring("Timer", timeout=4)
    handled = rig.state()["handled"]
    assert set(handled) == {weekly["id"], t.id}
    # Answered before the restart (a ring cut short by the restart rings on: test_agent_crash.py).
    rig.cli("stop", "--all")
    wait_until(lambda: "ringing" not in rig.state(), 2, "nothing ringing in the state")

    assert agent.stop() == 0
    assert timer_call.id in rig.mock.close_calls()
    notified = len(rig.mock.notify_calls())
    # start_agent returns once the start's evaluation is carried out: a ring would be logged by then.
    restarted = rig.start_agent()
    assert "ringing alarm" not in restarted.stderr_text() and "missed alarm" not in restarted.stderr_text()
    assert len(rig.mock.notify_calls()) == notified, [c.summary for c in rig.mock.notify_calls()[notified:]]
    assert rig.state()["handled"] == handled
    # the weekly alarm's next ring is next week's, not this minute's
    assert parse_iso(rig.next_for(weekly["id"])["at"]) - now > timedelta(days=6)


def test_a_newer_occurrence_replaces_the_ringing_one_with_exactly_one_notification(rig):
    """A ringing alarm whose next occurrence comes due (here: its time moved by hand in the file,
    `modified` kept; in life: a resume a day later while it rang) is rung anew. The close of the
    old notification, which the agent asked for, must not be taken for the new one's."""
    now = utc_now()
    alarm = weekly_alarm("Superseded", minute_floor(now - timedelta(minutes=4)), modified=now - timedelta(hours=1))
    rig.write_store(store_document([alarm]))
    agent = rig.start_agent()
    first = rig.wait_for_ring("Superseded", timeout=3)

    newer = minute_floor(now - timedelta(minutes=2))  # over a minute ago even if the minute turns now
    rig.write_store(store_document([dict(alarm, schedule=dict(alarm["schedule"], time=hhmm(newer)))]))
    second = rig.wait_for_ring("Superseded", count=2, timeout=2)
    assert f"late: due {hhmm(newer)}" in second.body.split("\n")
    rig.wait_for_close(first.id, timeout=1)
    # The old notification's close signal, taken for the new one's, would show or stop it at once:
    # nothing within half a second (a window is the point here).
    time.sleep(0.5)
    assert len(rig.rings("Superseded")) == 2, [c.id for c in rig.rings("Superseded")]
    assert rig.mock.close_calls() == [first.id]

    rig.mock.emit_action_invoked(second.id, "stop")
    rig.wait_for_close(second.id, timeout=1)
    agent.wait_for_log("silenced: stopped", timeout=1)
    time.sleep(0.3)  # and nothing shown after the stop (a window is the point here)
    assert len(rig.rings("Superseded")) == 2 and "warning: stop" not in agent.stderr_text()
