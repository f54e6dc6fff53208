# SPDX-License-Identifier: GPL-3.0-or-later
"""The tray icon in a real StatusNotifierItem host: xfce4-panel's systray plugin under Xvfb.

As a person sees it: the alarm clock is drawn in the panel (its red rim, not a fallback icon),
a right click opens the menu with the next alarms, Pause for 1 hour and Quit (read by OCR), and
clicking Pause pauses the agent. Once from the build tree (the icons come from the source tree)
and once installed with `make install` (the icons come from the installed hicolor theme).
Screenshots are kept under .build/test-artefacts/desktops/tray-*/.
"""
from __future__ import annotations

from datetime import timedelta

import pytest

from harness import wait_until
from harness.agent import BIN_DIR_ENV
from harness.alarms import AgentRig, MOSCOW, hhmm, utc_now
from harness.desktops import XfcePanel
from harness.install import make_install, make_variables
from harness.screen import first
from harness.sessions import changed_share

from .artefacts import artefact_dir

pytestmark = pytest.mark.agent

LABEL = "Подъём"
RIM_MIN_PIXELS = 12  # of the icon's red rim (#c01c28) at the panel's 24 px icon size


def _is_rim_red(rgb) -> bool:
    r, g, b = rgb
    return r >= 150 and g <= 80 and b <= 90


@pytest.fixture(scope="module")
def installed_make_variables(tmp_path_factory):
    return make_variables(tmp_path_factory.mktemp("gen"))


def _check_the_tray(sandbox, session_bus, panel: XfcePanel, out):
    rig = AgentRig(sandbox, session_bus, None)
    at = utc_now() + timedelta(hours=3)
    rig.cli("add", hhmm(at), "--days", "everyday", "--label", LABEL)
    agent = rig.start_agent()

    item = panel.wait_for_item(out / "panel.png")
    icon = panel.screen.screenshot(out / "item.png", item)
    red = sum(1 for rgb in panel.screen.pixels(icon).values() if _is_rim_red(rgb))
    assert red >= RIM_MIN_PIXELS, f"the item in the panel is not the alarm clock ({red} red pixels, {item})"

    menu = panel.open_menu(item)
    text = panel.screen.read(menu.rect, out / "menu.png")
    assert text.find(hhmm(at.astimezone(MOSCOW))), f"next alarm {hhmm(at)} not in the menu: {text.text!r}"
    assert text.find(LABEL), text.text
    assert text.find("Pause") and text.find("Quit"), text.text
    assert rig.cli_json("status")["pausedUntil"] is None

    panel.screen.click_word(first(text.find("Pause"), "Pause for 1 hour"))
    paused = wait_until(lambda: rig.cli_json("status")["pausedUntil"], 5, "the agent to pause")
    assert paused
    panel.screen.screenshot(out / "paused.png")
    assert agent.alive()


def test_from_the_build_tree_the_icon_is_drawn_and_its_menu_pauses(sandbox, session_bus, display):
    panel = XfcePanel(sandbox, session_bus, display)
    _check_the_tray(sandbox, session_bus, panel, artefact_dir("desktops", "tray-build-tree"))


def test_the_ringing_state_is_visible_in_the_panel_and_goes_when_stopped(sandbox, session_bus, display, notify_mock):
    """Status NeedsAttention and the ringing icon, as the panel draws them."""
    out = artefact_dir("desktops", "tray-ringing")
    panel = XfcePanel(sandbox, session_bus, display)
    rig = AgentRig(sandbox, session_bus, notify_mock)
    rig.start_agent()
    item = panel.wait_for_item(out / "panel.png")

    def icon(name):
        return panel.screen.pixels(panel.screen.screenshot(out / name, item))
    resting = icon("resting.png")
    t = rig.timer(1, "Tea")
    rig.wait_for_ring("Tea")
    wait_until(lambda: changed_share(resting, icon("ringing.png")) >= 0.3, 5,
               "the icon to look different while the alarm rings")
    rig.cli("stop", t.id)
    wait_until(lambda: changed_share(resting, icon("stopped.png")) < 0.1, 5, "the icon to look as before once stopped")


def test_installed_the_icon_is_drawn_and_its_menu_pauses(sandbox, session_bus, display, installed_make_variables,
                                                        monkeypatch):
    prefix = make_install(installed_make_variables, sandbox.path("prefix"))
    # The panel finds installed icons through XDG_DATA_DIRS, as on a desktop with /usr/local.
    panel = XfcePanel(sandbox, session_bus, display,
                      env={"XDG_DATA_DIRS": f"{prefix / 'share'}:/usr/local/share:/usr/share"})
    monkeypatch.setenv(BIN_DIR_ENV, str(prefix / "bin"))  # the installed agent-cli and agent
    _check_the_tray(sandbox, session_bus, panel, artefact_dir("desktops", "tray-installed"))
