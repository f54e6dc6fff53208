# SPDX-License-Identifier: GPL-3.0-or-later
"""A calendar reminder (issue 38) on real notification servers, as a person sees it: a local
calendar folder set to remind (`agent-cli calendars remind`), an event whose VALARM comes due a few
seconds ahead (on the stage's pinned clock), shown with normal urgency (on GNOME a banner, not the
critical one that stays), its SUMMARY as the title, the event's time range and the calendar's name
in the body, exactly the buttons Snooze and Dismiss («Отложить», «Отклонить» in Russian). Dismiss
closes it and the agent's ledger says dismissed; Snooze brings it back at the snooze (1 min).

On GNOME Shell and Plasma (harness/gnome.py: read through Eval; harness/plasma.py: OCR) and on
xfce4-notifyd, notification-daemon and mate-notification-daemon (OCR of the window, clicks with
xdotool) and lxqt-notificationd (which leaves a notification open after its button: the agent
closes it). The snooze's minute is waited for on GNOME and xfce4-notifyd only (a minute each). Screenshots are kept under .build/test-artefacts/desktops/<server>/calendar-*.png.
"""
from __future__ import annotations

import json
import re
import shutil
from datetime import datetime, timedelta, timezone

import pytest

from harness import wait_until
from harness.clock import pin_clock, requested_instant
from harness.alarms import MOSCOW, AgentRig, parse_iso
from harness.desktops import NOTIFICATION_SERVERS, NotificationServer, server_installed
from harness.screen import first
from test_agent_calendar_reminders import event

from .artefacts import artefact_dir
from .conftest import LONGEST_ENGLISH_DAY
from .test_desktop_sessions import _now, desktop, rig  # noqa: F401 (fixtures)

pytestmark = pytest.mark.agent

SUMMARY = "Dentist Petrova"
CALENDAR = "Clinic"
BUTTONS = {"en": ["Snooze", "Dismiss"], "ru": ["Отложить", "Отклонить"]}
SNOOZE_WAITED_ON = {"gnome", "xfce4-notifyd"}  # a minute each: the snooze on one desktop, one server


def _remind(rig, uid: str, lead: int, now: datetime) -> datetime:
    """A folder `CALENDAR` set to remind, with an event whose VALARM rings `lead` s after `now`
    (the binaries' clock); its reminder instant."""
    folder = rig.sandbox.xdg.home / ".calendars" / CALENDAR.lower()
    shutil.rmtree(folder, ignore_errors=True)  # a previous test's, in the desktop's shared home
    folder.mkdir(parents=True)
    (folder / "displayname").write_text(CALENDAR + "\n")
    rig.cli("calendars", "remind", CALENDAR)
    at = datetime.fromtimestamp(int(now.timestamp()) + lead, timezone.utc)
    (folder / f"{uid}.ics").write_text(event(f"{uid}@test", SUMMARY, at))
    return at


def _time_range(at: datetime) -> str:
    """A regex for the body's range: the event starts 10 min after its reminder, lasts 30 min
    (Moscow time; OCR may read the en dash as another dash)."""
    start = (at + timedelta(minutes=10)).astimezone(MOSCOW)
    end = start + timedelta(minutes=30)
    return rf"{start:%H:%M}\s*[-–—~]\s*{end:%H:%M}"


def _ledger(rig, uid: str) -> dict:
    path = rig.sandbox.xdg.state / "moscowtime" / "calendar-reminders.json"
    try:
        entries = json.loads(path.read_text())["reminders"]
    except FileNotFoundError:
        return {}
    return next((e for e in entries if e["key"] == f"{uid}@test||0"), {})


def _dismissed(rig, uid: str) -> None:
    wait_until(lambda: _ledger(rig, uid).get("dismissed"), 5, "the dismissal in the agent's ledger")


def _snoozed_until(rig, uid: str) -> float:
    until = wait_until(lambda: _ledger(rig, uid).get("snoozedUntil"), 5, "the snooze in the agent's ledger")
    return parse_iso(until).timestamp()


@pytest.fixture(autouse=True)
def pinned_clock(request):
    """conftest.py's pinned clock, in the sandbox where this test's binaries run: the desktop's
    (test_desktop_sessions.py) or the lone server's."""
    holder = request.getfixturevalue("desktop") if "desktop" in request.fixturenames else None
    sandbox = holder.sandbox if holder else request.getfixturevalue("sandbox")
    instant = requested_instant(LONGEST_ENGLISH_DAY)
    pin_clock(sandbox, instant)
    return instant


# -- GNOME Shell and Plasma ------------------------------------------------------------------------

def _shown(desktop, rig, language: str, name: str):
    rig.cli("settings", "language", language)
    rig.cli("settings", "reminder-snooze", "1")
    at = _remind(rig, name, 6, _now(desktop))
    desktop.wait_for_idle_user()  # GNOME: a busy user's normal banner may go straight to the list
    rig.start_agent()
    shown = desktop.notification(SUMMARY, desktop.out / f"calendar-{name}.png", timeout=20,
                                 expect="(?i)" + BUTTONS[language][-1])
    assert not shown.critical, f"the reminder is critical on {desktop.name}: {shown}"
    # Exactly; Plasma's OCR reads «Отклонить» in its button as «отклонить».
    read = shown.buttons if desktop.name == "gnome" else [b.casefold() for b in shown.buttons]
    assert read == [b if desktop.name == "gnome" else b.casefold() for b in BUTTONS[language]], shown
    return at, shown


def _assert_body(desktop, shown, at: datetime) -> None:
    if desktop.name == "gnome":  # read exactly
        assert shown.title == SUMMARY, shown
        assert re.search(_time_range(at), shown.body) and f"Calendar: {CALENDAR}" in shown.body, shown.body
    else:  # OCR
        assert re.search(_time_range(at), shown.text) and re.search(rf"Calendar:?\s*{CALENDAR}", shown.text), shown.text


def test_a_calendar_reminder_shows_normal_with_snooze_and_dismiss_and_dismiss_dismisses(desktop, rig):
    at, shown = _shown(desktop, rig, "en", "dismiss")
    _assert_body(desktop, shown, at)
    desktop.press(shown, "Dismiss")
    desktop.wait_for_gone(shown)
    _dismissed(rig, "dismiss")


def test_a_snoozed_calendar_reminder_comes_back_at_the_snooze(desktop, rig):
    if desktop.name not in SNOOZE_WAITED_ON:
        pytest.skip(f"the snooze's minute is waited for on {sorted(SNOOZE_WAITED_ON)} only")
    _, shown = _shown(desktop, rig, "en", "snooze")
    desktop.press(shown, "Snooze")
    desktop.wait_for_gone(shown)
    until = _snoozed_until(rig, "snooze")
    again = desktop.notification(SUMMARY, desktop.out / "calendar-snoozed-again.png", timeout=90, expect="Dismiss")
    assert _now(desktop).timestamp() >= until - 0.5, "shown again before its snooze"
    assert not again.critical and again.buttons == BUTTONS["en"], again
    desktop.press(again, "Dismiss")
    _dismissed(rig, "snooze")


def test_a_calendar_reminder_in_russian_has_otlozhit_and_otklonit(desktop, rig):
    _, shown = _shown(desktop, rig, "ru", "ru")
    desktop.press(shown, next(b for b in shown.buttons if b.casefold() == "отклонить"))
    desktop.wait_for_gone(shown)
    _dismissed(rig, "ru")


# -- the other servers -----------------------------------------------------------------------------

@pytest.fixture(params=sorted(NOTIFICATION_SERVERS))
def server(request, sandbox, session_bus, display) -> NotificationServer:
    if not server_installed(request.param):
        pytest.fail(f"{request.param} is not installed: run scripts/setup-deps desktops")
    return NotificationServer(sandbox, session_bus, display, request.param)


@pytest.fixture
def plain_rig(sandbox, session_bus, server) -> AgentRig:
    return AgentRig(sandbox, session_bus, None)


def _server_now(rig) -> datetime:
    return datetime.now(timezone.utc) + timedelta(seconds=float(rig.sandbox.binary_env["FAKETIME"]))


def _server_shown(server, rig, language: str, name: str):
    if "actions" not in server.capabilities():
        pytest.skip(f"{server.kind.name} shows no action buttons")
    rig.cli("settings", "language", language)
    rig.cli("settings", "reminder-snooze", "1")
    at = _remind(rig, name, 5, _server_now(rig))
    rig.start_agent()
    out = artefact_dir("desktops", server.kind.name)
    window = server.wait_for_notification(timeout=20)
    text = server.read(window, out / f"calendar-{name}.png", expect=BUTTONS[language][-1])
    assert [w.text for w in _buttons(text)] == BUTTONS[language], f"on {server.kind.name}: {text.text!r}"
    assert len(server.windows()) == 1
    return at, text


def _buttons(text):
    """The lowest line of words, left to right: the buttons (the body's "Snooze: 1 min" line is
    above them; what OCR makes of an icon's edge is not a word)."""
    words = [w for w in text.words if re.search(r"[^\W\d_]{2}", w.text)]
    lowest = max(words, key=lambda w: w.rect.centre[1])
    return sorted((w for w in words if abs(w.rect.centre[1] - lowest.rect.centre[1]) <= 6), key=lambda w: w.rect.x)


def _click(server, text, label: str) -> None:
    server.screen.click_word(first([w for w in _buttons(text) if w.text == label], f"the {label} button"))


def test_a_calendar_reminder_on_the_server_reads_right_and_dismiss_dismisses(server, plain_rig):
    at, text = _server_shown(server, plain_rig, "en", "dismiss")
    assert text.find(re.escape(SUMMARY.split()[0])) and text.find(SUMMARY.split()[1]), text.text
    assert re.search(_time_range(at), text.text), text.text
    assert re.search(rf"Calendar:?\s*{CALENDAR}", text.text), text.text
    _click(server, text, "Dismiss")
    server.wait_for_none(timeout=5)
    _dismissed(plain_rig, "dismiss")


def test_a_snoozed_calendar_reminder_on_the_server_comes_back(server, plain_rig):
    if server.kind.name not in SNOOZE_WAITED_ON:
        pytest.skip(f"the snooze's minute is waited for on {sorted(SNOOZE_WAITED_ON)} only")
    _, text = _server_shown(server, plain_rig, "en", "snooze")
    _click(server, text, "Snooze")
    server.wait_for_none(timeout=5)
    until = _snoozed_until(plain_rig, "snooze")
    window = server.wait_for_notification(timeout=90)
    assert _server_now(plain_rig).timestamp() >= until - 0.5, "shown again before its snooze"
    again = server.read(window, artefact_dir("desktops", server.kind.name) / "calendar-snoozed-again.png",
                        expect="Dismiss")
    _click(server, again, "Dismiss")
    _dismissed(plain_rig, "snooze")


def test_a_calendar_reminder_on_the_server_in_russian(server, plain_rig):
    _, text = _server_shown(server, plain_rig, "ru", "ru")
    _click(server, text, "Отклонить")
    server.wait_for_none(timeout=5)
    _dismissed(plain_rig, "ru")
