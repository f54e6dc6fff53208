# SPDX-License-Identifier: GPL-3.0-or-later
"""Calendar reminders beside the alarms (issue 38): the tray's line and `next --json` name the
next one with its calendar; their own snooze setting; a notification closed by the user is a
Dismiss, one that expired is not; what came due while the agent did not run is shown once, as
missed, within a day. The real agent, the dbusmock notification daemon and the test
StatusNotifierWatcher; where the words name a day, the clock is pinned (harness.clock)."""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pytest

from harness import bin_dir, wait_until
from harness.agent import run_cli
from harness.clock import binaries_now, pin_clock
from harness.tray_watcher import TrayItem, TrayWatcher
from test_agent_calendar_reminders import calendar, event, ledger, reminders, soon, wait_for_reminder

pytestmark = pytest.mark.agent

#: Monday 30 November 2026, 09:00 in Moscow.
MONDAY_9 = datetime(2026, 11, 30, 6, 0, tzinfo=timezone.utc)
RU = {"LANGUAGE": "ru", "LANG": "ru_RU.UTF-8"}


def menu_line(tray: TrayItem, prefix: str) -> str:
    """The tray menu's line that starts with `prefix`, once there."""
    def found():
        return next((e["label"] for e in tray.entries() if e["label"].startswith(prefix)), None)
    return wait_until(found, 10, f"a tray menu line {prefix!r}…")


@pytest.fixture
def watcher(sandbox, session_bus) -> TrayWatcher:
    return TrayWatcher(sandbox, session_bus)


def tray_of(rig, watcher) -> TrayItem:
    service = f"org.kde.StatusNotifierItem-{rig.agents[-1].pid}-1"
    wait_until(lambda: any(r["service"] == service for r in watcher.registrations()), 5, "the tray item")
    return TrayItem(rig.bus, service)


def test_the_tray_next_json_and_status_name_the_next_calendar_reminder(rig, watcher):
    pin_clock(rig.sandbox, MONDAY_9)
    home = calendar(rig, "Home")
    (home / "dentist.ics").write_text(event("dentist@test", "Dentist", MONDAY_9 + timedelta(minutes=105)))
    rig.cli("add", "12:00", "--days", "everyday", "--label", "Lunch")
    rig.start_agent()
    tray = tray_of(rig, watcher)
    assert menu_line(tray, "Calendar:") == "Calendar: Mon 10:45 Dentist — Home"
    assert any(e["label"] == "Mon 12:00 Lunch" for e in tray.entries())  # the alarms' lines stay as they were
    assert "Calendar: Mon 10:45 Dentist — Home" in tray.tooltip()[1].split("\n")

    # A sooner one written while the agent runs: the line follows the planner.
    (home / "standup.ics").write_text(event("standup@test", "Standup", MONDAY_9 + timedelta(minutes=75)))
    wait_until(lambda: menu_line(tray, "Calendar:") == "Calendar: Mon 10:15 Standup — Home", 5, "the tray's new line")
    rows = json.loads(rig.cli("next", "--json").stdout)
    assert [r["label"] for r in rows] == ["Lunch"] * 5 + ["Standup"]
    assert all("calendar" not in r for r in rows[:5])
    assert rows[-1] == {"id": "standup@test", "label": "Standup", "at": "2026-11-30T10:15:00+03:00",
                        "zone": "Europe/Moscow", "snoozed": False, "due": "2026-11-30T10:15:00+03:00",
                        "calendar": "Home"}
    status = rig.cli_json("status")["nextCalendarReminder"]
    assert (status["summary"], status["calendar"]) == ("Standup", "Home")

    rig.cli("settings", "language", "ru")
    wait_until(lambda: menu_line(tray, "Календарь:") == "Календарь: пн 10:15 Standup — Home", 5, "the Russian line")
    rig.cli("calendars", "quiet", "Home")
    wait_until(lambda: not any(e["label"].startswith("Календарь:") for e in tray.entries()), 5, "the line gone")
    assert "calendar" not in json.dumps(json.loads(rig.cli("next", "--json").stdout))


def test_calendar_reminders_snooze_by_their_own_setting(rig):
    home = calendar(rig, "Home")
    assert rig.cli("settings", "reminder-snooze").stdout == "5\n"
    refused = run_cli(rig.sandbox, ["settings", "reminder-snooze", "0"], env=RU)
    assert refused.rc == 2 and "для reminder-snooze: ожидается целое число минут 1–120" in refused.stderr
    rig.cli("settings", "reminder-snooze", "2")
    at = soon(4)
    (home / "call.ics").write_text(event("call@test", "Call Anna", at))
    rig.start_agent()
    call = wait_for_reminder(rig, "Call Anna")
    assert call.body.split("\n")[-1] == "Snooze: 2 min"  # the alarms' `snooze` (10) is not theirs
    pressed = datetime.now(timezone.utc)
    rig.mock.emit_action_invoked(call.id, "snooze")
    until = wait_until(lambda: (ledger(rig).get("call@test||0") or {}).get("snoozedUntil"), 3, "the snooze")
    waited = datetime.fromisoformat(until.replace("Z", "+00:00")) - pressed
    assert timedelta(seconds=118) <= waited <= timedelta(seconds=122)


def test_closed_by_the_user_is_dismissed_expired_or_closed_by_the_server_is_not(rig):
    """Three reminders at one instant, each repeated 3 s later (DURATION/REPEAT). The one the user
    closes (reason 2) is dismissed: its repetition stays silent; the expired one (1) and the one the
    server closed (3) are rung, and their repetitions ring."""
    home = calendar(rig, "Home")
    at = soon(5)
    for uid in ("swiped", "expired", "closed"):
        (home / f"{uid}.ics").write_text(event(f"{uid}@test", uid.title(), at, alarm="DURATION:PT3S\nREPEAT:1"))
    rig.start_agent()
    shown = {name: wait_for_reminder(rig, name) for name in ("Swiped", "Expired", "Closed")}
    for name, reason in (("Swiped", 2), ("Expired", 1), ("Closed", 3)):
        rig.mock.emit_closed(shown[name].id, reason)
    wait_until(lambda: (ledger(rig).get("swiped@test||0") or {}).get("dismissed"), 3, "the close as a dismissal")
    assert not ledger(rig)["expired@test||0"]["dismissed"] and not ledger(rig)["closed@test||0"]["dismissed"]
    # The repetitions come due together, shown in order of summary: Closed, Expired, (Swiped).
    wait_for_reminder(rig, "Closed", count=2)
    wait_for_reminder(rig, "Expired", count=2)
    assert len(reminders(rig, "Swiped")) == 1


def alarm_file(home, uid: str, summary: str, at: datetime, extra: str = "") -> None:
    (home / f"{uid}.ics").write_text(event(f"{uid}@test", summary, at, alarm=extra))


def body_of(rig, summary: str) -> list[str]:
    return wait_for_reminder(rig, summary).body.split("\n")


def test_reminders_missed_while_the_agent_did_not_run_are_shown_once_within_a_day(rig):
    """Monday 09:00 the agent reads the calendars and rings Dentist (dismissed, so its repetition an
    hour later stays silent), then stops. Started at 11:00 it shows Standup (10:00) and Review
    (10:30) as missed, not Acked (acknowledged in Thunderbird). Stopped again and started Tuesday
    at 12:00 it shows Evening (Monday 21:00) as missed yesterday, and not Morning (Monday 11:30,
    more than a day ago)."""
    pin_clock(rig.sandbox, MONDAY_9)
    home = calendar(rig, "Home")
    minutes = lambda m: MONDAY_9 + timedelta(minutes=m)  # noqa: E731
    now = binaries_now(rig.sandbox)
    alarm_file(home, "dentist", "Dentist", now.replace(microsecond=0) + timedelta(seconds=5), "DURATION:PT1H\nREPEAT:1")
    alarm_file(home, "standup", "Standup", minutes(60))
    alarm_file(home, "review", "Review", minutes(90))
    (home / "acked.ics").write_text(event("acked@test", "Acked", minutes(70)).replace(
        "BEGIN:VALARM", f"X-MOZ-LASTACK:{minutes(80).strftime('%Y%m%dT%H%M%SZ')}\r\nBEGIN:VALARM"))
    alarm_file(home, "morning", "Morning", minutes(150))
    alarm_file(home, "evening", "Evening", minutes(12 * 60))
    agent = rig.start_agent()
    dentist = wait_for_reminder(rig, "Dentist", timeout=15)
    rig.mock.emit_action_invoked(dentist.id, "dismiss")
    wait_until(lambda: (ledger(rig).get("dentist@test||0") or {}).get("dismissed"), 3, "the dismissal")
    assert agent.stop() == 0

    pin_clock(rig.sandbox, minutes(120))
    rig.start_agent()
    assert body_of(rig, "Standup")[0] == "Missed at 10:00"
    assert body_of(rig, "Review")[0] == "Missed at 10:30"
    # Dentist's repetition (10:00) and Acked (10:10) came due before Review: neither was shown.
    assert len(reminders(rig, "Dentist")) == 1 and reminders(rig, "Acked") == []
    assert rig.agents[-1].stop() == 0

    pin_clock(rig.sandbox, minutes(27 * 60))  # Tuesday 12:00
    rig.start_agent()
    assert body_of(rig, "Evening")[0] == "Missed yesterday at 21:00"
    assert reminders(rig, "Morning") == [] and len(reminders(rig, "Standup")) == 1


def test_a_pause_holds_missed_reminders_too(rig):
    """Paused for three hours at 09:00 and stopped; started at 11:00, the reminder missed at 10:00
    is not shown (logged), and counts as rung in the ledger."""
    pin_clock(rig.sandbox, MONDAY_9)
    home = calendar(rig, "Home")
    alarm_file(home, "standup", "Standup", MONDAY_9 + timedelta(minutes=60))
    agent = rig.start_agent()
    agent.wait_for_log("calendar reminder timer armed for", timeout=10)
    rig.cli("pause", "--for", "3h")
    assert agent.stop() == 0

    pin_clock(rig.sandbox, MONDAY_9 + timedelta(minutes=120))
    again = rig.start_agent()
    again.wait_for_log('calendar reminder "Standup" not shown: paused', timeout=10)
    assert reminders(rig, "Standup") == []
    wait_until(lambda: "standup@test||0" in ledger(rig), 3, "the held reminder in the ledger")


def test_a_reminder_snoozed_elsewhere_for_an_hour_stays_listed_until_its_snooze(rig):
    """Thunderbird snoozed the 09:00 reminder until 10:00 (X-MOZ-SNOOZE-TIME): every reading until
    then lists it at 10:00 — one at 09:40 too, long after its own instant — and none after."""
    home = calendar(rig, "Home")
    at = MONDAY_9
    snoozed = event("tb@test", "Thunderbird's", at).replace(
        "BEGIN:VALARM", f"X-MOZ-SNOOZE-TIME:{(at + timedelta(hours=1)).strftime('%Y%m%dT%H%M%SZ')}\r\nBEGIN:VALARM")
    (home / "tb.ics").write_text(snoozed)

    def listed(now: datetime, *since: str) -> list[str]:
        r = rig.sandbox.run([str(bin_dir() / "moscowtime-calendar"), "calendar-next", "5", *since],
                            env={"MOSCOWTIME_NOW": now.strftime("%Y-%m-%dT%H:%M:%SZ")}, timeout=30)
        assert r.returncode == 0, r.stderr
        return [x["at"] for x in json.loads(r.stdout)["reminders"]]

    ten = "2026-11-30T10:00:00+03:00"
    assert listed(at + timedelta(minutes=1)) == [ten]
    assert listed(at + timedelta(minutes=40)) == [ten]
    assert listed(at + timedelta(minutes=50), "--since", "2026-11-30T06:35:00Z") == [ten]
    assert listed(at + timedelta(minutes=61)) == []
