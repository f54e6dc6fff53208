# SPDX-License-Identifier: GPL-3.0-or-later
"""The agent on KDE Plasma 6 on Wayland (`kwin_wayland --virtual`, harness/plasma_wayland.py): an
alarm's critical popup with exactly Snooze and Stop, each of which does what it says when clicked,
its × snoozes, two stacked popups answered apart, habit reminders' Done / Skip / Later, a calendar
reminder's Dismiss, and the tray item's menu pausing the agent. Nothing is read from pixels there
(KWin gives no screenshot without a GPU): a popup's place and urgency come from KWin's window
list, its title and buttons from AT-SPI, the clicks go through KWin's fake-input protocol, and
what a click did is asserted through the notification server's signals (ActionInvoked,
NotificationClosed) and the agent (its state, ledger, `agent-cli status`). Plasma 5.27 is
skipped with the reason (desktop_versions.Plasma.wayland_why_not); everything, with what the
popups read, is also tested on X11 (test_desktop_sessions.py).
"""
from __future__ import annotations

import time
from datetime import timedelta

import pytest

from harness import BusMonitor, desktop_versions, wait_until
from harness.alarms import AgentRig, hhmm, iso_z, parse_iso, store_document, timer_alarm
from harness.clock import pin_clock, requested_instant
from harness.plasma_wayland import CLOSE, PlasmaWayland, plasma_wayland_installed
from harness.tray_watcher import WATCHER_NAME, WATCHER_PATH, TrayItem

from .conftest import LONGEST_ENGLISH_DAY
from .test_calendar_reminders_shown import SUMMARY, _dismissed, _remind
from .test_desktop_sessions import (ACHIEVEMENT, AGENT_IFACE, NOTIFY_IFACE, SNOOZE_MINUTES, _after_press, _habit_answers_logged, _now,
                                    _offset, _signals, _snooze, _snoozed_at)

pytestmark = pytest.mark.agent


@pytest.fixture(scope="module")
def plasma():
    if why := desktop_versions.plasma().wayland_why_not():
        pytest.skip(why)
    if not plasma_wayland_installed():
        pytest.fail("Plasma on Wayland is not installed: run scripts/setup-deps desktops")
    session = PlasmaWayland()
    try:
        yield session
    finally:
        session.close()


@pytest.fixture(autouse=True)
def pinned_clock(plasma):
    instant = requested_instant(LONGEST_ENGLISH_DAY)
    pin_clock(plasma.sandbox, instant)
    return instant


@pytest.fixture
def rig(plasma):
    rig = AgentRig(plasma.sandbox, plasma.bus, None)
    try:
        yield rig
    finally:
        try:
            for agent in rig.agents:
                agent.stop()
            rig.calls.monitor.stop()
            plasma.clear_notifications()
        finally:
            plasma.reset_agent_data()


@pytest.fixture
def monitor(plasma):
    m = BusMonitor(plasma.sandbox, plasma.bus, f"type='signal',interface='{NOTIFY_IFACE}'",
                   f"type='signal',interface='{AGENT_IFACE}'", name="wayland-signals")
    try:
        yield m
    finally:
        m.stop()


def _ringing(plasma, rig, label: str):
    """The alarm `label` ringing (a one-minute timer): its popup, critical, titled `label`, with
    exactly Snooze and Stop besides its ×."""
    t = rig.timer(1, label)
    [popup] = plasma.wait_for_popups(1, timeout=90)
    assert popup.critical, popup
    buttons = plasma.wait_for_buttons(popup, ["Snooze", "Stop"])
    assert [b.name for b in buttons if b.name != CLOSE] == ["Snooze", "Stop"], buttons
    assert label in plasma.texts(popup), plasma.texts(popup)  # its title (the body is not a label there)
    assert [a["id"] for a in rig.cli_json("status")["ringing"]] == [t.id]
    return t, popup


def test_wayland_an_alarm_rings_critical_with_snooze_and_stop_and_snooze_snoozes(plasma, rig, monitor):
    rig.start_agent()
    t, popup = _ringing(plasma, rig, "Breakfast")
    pressed = time.time() + _offset(plasma)
    plasma.press(popup, "Snooze")
    nid, closed = _after_press(monitor, "snooze")
    assert closed[:2] == [[nid, "3"], [nid, "3"]], closed
    wait_until(lambda: _snooze(rig, t.id), 5, "the alarm to be snoozed")
    plasma.wait_for_popup_gone(popup)
    assert rig.alarm(t.id)["enabled"] is True
    assert _snoozed_at(rig, t.id) - pressed == pytest.approx(SNOOZE_MINUTES * 60, abs=5)
    assert rig.cli_json("status")["ringing"] == []


def test_wayland_stop_stops_and_a_stopped_one_time_timer_stays_off(plasma, rig, monitor):
    rig.start_agent()
    t, popup = _ringing(plasma, rig, "Kettle")
    plasma.press(popup, "Stop")
    _after_press(monitor, "stop")
    wait_until(lambda: rig.alarm(t.id)["enabled"] is False, 5, "the one-time timer to be switched off")
    plasma.wait_for_popup_gone(popup)
    assert _snooze(rig, t.id) is None and rig.next_for(t.id) is None
    assert rig.cli_json("status")["ringing"] == []
    stopped = [a for i, m, a in _signals(monitor) if (i, m) == (AGENT_IFACE, "AlarmStopped") and a[0] == t.id]
    assert len(stopped) == 1, _signals(monitor)


def test_wayland_closing_the_popup_snoozes(plasma, rig, monitor):
    """The popup's × (NotificationClosed reason 2, dismissed by the user): a snooze."""
    rig.start_agent()
    t, popup = _ringing(plasma, rig, "Dishes")
    plasma.press(popup, CLOSE)
    wait_until(lambda: [a for i, m, a in _signals(monitor) if (i, m) == (NOTIFY_IFACE, "NotificationClosed")
                        and a[1] == "2"], 5, "NotificationClosed(id, 2)")
    wait_until(lambda: _snooze(rig, t.id), 5, "the dismissed alarm to be snoozed")
    plasma.wait_for_popup_gone(popup)
    assert rig.alarm(t.id)["enabled"] is True and rig.next_for(t.id)["snoozed"] is True


def test_wayland_two_alarms_at_the_same_minute_are_stacked_and_each_answered(plasma, rig, monitor):
    """Both popups are on screen at once; each is found by its title (AT-SPI) and the click lands on
    its own button, also after the other one closed and it slid down."""
    due = _now(plasma).replace(microsecond=0) + timedelta(seconds=3)
    one, two = timer_alarm("Coffee", due, duration=3), timer_alarm("Walk", due, duration=3)
    rig.write_store(store_document([one, two]))
    rig.start_agent()
    coffee = plasma.wait_for_popup("Coffee", count=2)
    walk = plasma.wait_for_popup("Walk", count=2)
    assert coffee.critical and walk.critical and coffee.rect != walk.rect, (coffee, walk)
    plasma.press(coffee, "Snooze")
    wait_until(lambda: _snooze(rig, one["id"]), 5, "Coffee to be snoozed")
    plasma.wait_for_popup_gone(coffee)
    plasma.press(walk, "Stop")
    wait_until(lambda: rig.alarm(two["id"])["enabled"] is False, 5, "Walk to be stopped")
    plasma.wait_for_popup_gone(walk)
    assert _snooze(rig, one["id"]) and _snooze(rig, two["id"]) is None
    assert rig.alarm(one["id"])["enabled"] is True
    assert rig.cli_json("status")["ringing"] == []
    invoked = [a[1] for i, m, a in _signals(monitor) if (i, m) == (NOTIFY_IFACE, "ActionInvoked")]
    assert invoked == ["snooze", "stop"], invoked


def _keyboard_steps(entries: list[dict], label: str) -> int:
    """How many Down presses select `label` in the menu as Qt shows it: separators, hidden and
    disabled entries take no keyboard."""
    takes = [e for e in entries if e["type"] != "separator" and e["enabled"] and e.get("visible", True)]
    return 1 + next(i for i, e in enumerate(takes) if e["label"] == label)


def test_wayland_the_tray_icon_is_shown_and_its_menu_pauses(plasma, rig):
    """The agent's item in Plasma's tray (found through AT-SPI by its title), its menu opened by a
    right click, "Pause for 1 hour" chosen with the keyboard (the menu is not on AT-SPI; its
    entries, in order, are the agent's dbusmenu's)."""
    at = _now(plasma) + timedelta(hours=3)
    rig.cli("add", hhmm(at), "--days", "everyday", "--label", "Breakfast")
    rig.start_agent()
    wait_until(lambda: rig.cli_json("status")["tray"] == "shown", 10, "status to say the icon is shown")
    icon = plasma.wait_for_tray_item("MoscowTime")
    [service] = [s.split("/")[0] for s in plasma.bus.call(WATCHER_NAME, WATCHER_PATH, "org.freedesktop.DBus.Properties",
                                                          "Get", WATCHER_NAME, "RegisteredStatusNotifierItems")]
    entries = TrayItem(plasma.bus, service).entries()
    labels = [e["label"] for e in entries]
    assert "Pause for 1 hour" in labels and "Quit" in labels, labels
    menu = plasma.open_menu(icon)
    assert menu["y"] + menu["height"] <= icon.centre[1], (menu, icon)  # above the panel's icon
    assert rig.cli_json("status")["pausedUntil"] is None
    pressed = time.time() + _offset(plasma)
    plasma.choose(_keyboard_steps(entries, "Pause for 1 hour"))
    paused = wait_until(lambda: rig.cli_json("status")["pausedUntil"], 5, "the agent to pause")
    assert parse_iso(paused).timestamp() - pressed == pytest.approx(3600, abs=5)


def test_wayland_habit_reminders_done_skip_later_and_an_achievement(plasma, rig):
    """Three habit reminders (normal urgency, Done / Skip / Later), each found by its title and
    answered; Done's achievement shows without buttons but its ×."""
    # Reminders at this minute, added "two minutes ago": due now (test_desktop_sessions.py's twin).
    now = wait_until(lambda: (t := _now(plasma)).second < 50 and t, 15, "a minute's first 50 seconds")
    pinned = {"MOSCOWTIME_NOW": iso_z(now - timedelta(minutes=2))}
    answers = {"Reading": "Skip", "Stretching": "Later", "Walking": "Done"}
    ids = {name: rig.cli_json("habit", "add", name, "--remind", hhmm(now), env=pinned)["id"] for name in answers}
    rig.start_agent()
    for name, answer in answers.items():  # Done last: its achievement is one more popup
        popup = plasma.wait_for_popup(name, timeout=15)
        assert not popup.critical, popup
        buttons = plasma.wait_for_buttons(popup, ["Done", "Skip", "Later"])
        assert [b.name for b in buttons if b.name != CLOSE] == ["Done", "Skip", "Later"], buttons
        plasma.press(popup, answer)
        plasma.wait_for_popup_gone(popup)
    achievement = plasma.wait_for_popup(ACHIEVEMENT)
    assert not achievement.critical and [b.name for b in plasma.buttons(achievement)] == [CLOSE], achievement
    plasma.press(achievement, CLOSE)
    plasma.wait_for_popup_gone(achievement)

    _habit_answers_logged(rig, ids)


def test_wayland_a_calendar_reminder_shows_snooze_and_dismiss_and_dismiss_dismisses(plasma, rig):
    """A calendar reminder (test_calendar_reminders_shown.py's): normal urgency, titled with the
    event's summary, exactly Snooze and Dismiss; Dismiss closes it and the agent's ledger says so."""
    rig.cli("settings", "reminder-snooze", "1")
    _remind(rig, "wayland", 6, _now(plasma))
    rig.start_agent()
    popup = plasma.wait_for_popup(SUMMARY, timeout=20)
    assert not popup.critical, popup
    buttons = plasma.wait_for_buttons(popup, ["Snooze", "Dismiss"])
    assert [b.name for b in buttons if b.name != CLOSE] == ["Snooze", "Dismiss"], buttons
    plasma.press(popup, "Dismiss")
    plasma.wait_for_popup_gone(popup)
    _dismissed(rig, "wayland")
