# SPDX-License-Identifier: GPL-3.0-or-later
"""The ringing alarm on four real notification servers besides dunst (xfce4-notifyd,
notification-daemon, mate-notification-daemon, lxqt-notificationd) under Xvfb, as a person sees it:
the window is read with OCR, its buttons are clicked with xdotool where OCR found them.

On each: exactly one Snooze and one Stop button (the `default` action must not become a third
button), the Cyrillic label drawn intact, Snooze snoozes, Stop stops. Screenshots are kept under
.build/test-artefacts/desktops/.
"""
from __future__ import annotations

import pytest

from harness import wait_until
from harness.alarms import AgentRig
from harness.desktop_versions import ocr_cyrillic
from harness.desktops import NOTIFICATION_SERVERS, NotificationServer, server_installed
from harness.screen import first

from .artefacts import artefact_dir

pytestmark = pytest.mark.agent

LABEL = "Подъём Ёлка"  # two Cyrillic words, ё in both cases
SNOOZE = r"Snooze"  # the button; the body says "Snooze: 10 min"
STOP = r"Stop"
STOPS = {"en": STOP, "ru": r"Остановить"}


@pytest.fixture(params=sorted(NOTIFICATION_SERVERS))
def server(request, sandbox, session_bus, display) -> NotificationServer:
    if not server_installed(request.param):
        pytest.fail(f"{request.param} is not installed: run scripts/setup-deps desktops")
    return NotificationServer(sandbox, session_bus, display, request.param)


@pytest.fixture
def rig(sandbox, session_bus, server) -> AgentRig:
    return AgentRig(sandbox, session_bus, None)


def _ringing_window(rig, server, label, shot):
    t = rig.timer(1, label)
    window = server.wait_for_notification(timeout=8)
    text = server.read(window, shot, expect=STOP)
    return t, window, text


def test_the_ringing_alarm_shows_exactly_snooze_and_stop_and_snooze_snoozes(rig, server):
    out = artefact_dir("desktops", server.kind.name)
    info = server.information()
    (out / "server-information.txt").write_text(" | ".join(map(str, info)) + "\n")  # docs/TESTING.md's table
    assert info[0] == server.kind.server_name
    rig.start_agent()
    t, window, text = _ringing_window(rig, server, LABEL, out / "ringing.png")

    # Exactly two buttons: one Snooze, one Stop (no duplicate "Stop" from the default action).
    assert text.count(SNOOZE) == 1, text.text
    assert text.count(STOP) == 1, f"{text.count(STOP)} × Stop on {server.kind.name}: {text.text!r}"
    # The Cyrillic label is drawn intact (both words, ё and Ё, as far as OCR tells them from е).
    assert text.find(ocr_cyrillic("Подъём")) and text.find(ocr_cyrillic("Ёлка")), text.text

    server.screen.click_word(first(text.find(SNOOZE), "the Snooze button"))
    snoozes = wait_until(lambda: rig.state().get("snoozes", {}).get(t.id), 5, "the alarm to be snoozed")
    assert snoozes
    server.wait_for_none(timeout=5)
    assert rig.alarm(t.id)["enabled"] is True
    server.screen.screenshot(out / "after-snooze.png")


def test_stop_on_the_real_server_stops_a_one_time_alarm(rig, server):
    out = artefact_dir("desktops", server.kind.name)
    rig.start_agent()
    t, window, text = _ringing_window(rig, server, "Стоп-кран", out / "ringing-stop.png")
    server.screen.click_word(first(text.find(STOP), "the Stop button"))
    wait_until(lambda: rig.alarm(t.id)["enabled"] is False, 5, "the one-time alarm to be switched off")
    server.wait_for_none(timeout=5)
    assert t.id not in rig.state().get("snoozes", {})
    assert rig.next_for(t.id) is None


@pytest.mark.parametrize("language", ["en", "ru"])
def test_closing_the_notification_snoozes_rather_than_stops(rig, server, language):
    """A click on its text (or its × where a click on the text does nothing) closes the
    notification: a user dismissal, which must not end the alarm. In both languages, whose bodies
    wrap differently around the ×."""
    out = artefact_dir("desktops", server.kind.name)
    rig.cli("settings", "language", language)
    rig.start_agent()
    t = rig.timer(1, "Подъём")
    window = server.wait_for_notification(timeout=8)
    text = server.read(window, out / f"ringing-dismiss-{language}.png", expect=STOPS[language])
    server.dismiss(window, text, out / f"close-corner-{language}.png")
    wait_until(lambda: rig.state().get("snoozes", {}).get(t.id), 5, "the alarm to be snoozed")
    server.wait_for_none(timeout=5)
    assert rig.alarm(t.id)["enabled"] is True
