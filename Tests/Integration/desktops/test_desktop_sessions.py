# SPDX-License-Identifier: GPL-3.0-or-later
"""The agent on two whole desktops as their notification server and tray host: GNOME Shell 43, 48
(X11 on Xvfb) and 50 (headless Wayland), banners read through org.gnome.Shell.Eval; KDE Plasma
5.27, 6.3, 6.7 (X11; popups read with tesseract OCR). Buttons, × and menu items are clicked with a
real pointer (xdotool, or on Wayland one the shell creates). Also the ringing alarm as a media
player: the shell's media controls and gsd-media-keys' Play/Pause key, and on the locked screen
GNOME's lock-screen media card (49+), the media key, and Plasma's greeter's media controls.

Each desktop starts once for this module (a few seconds; harness/gnome.py, harness/plasma.py) and
every test gets a fresh agent and a fresh store in it, on the stage's pinned clock (conftest.py):
times the tests compute are on that clock too (`_now`). Screenshots are kept under
.build/test-artefacts/desktops/gnome/ and .../plasma/. `scripts/test-desktops -k gnome` runs one.
"""
from __future__ import annotations

import re
import shutil
import time
from datetime import timedelta
from pathlib import Path

import dbus
import dbus.lowlevel
import pytest

from harness import BusMonitor, wait_until
from harness.alarms import AgentRig, hhmm, iso_z, parse_iso, store_document, timer_alarm, utc_now
from harness.clock import pin_clock, requested_instant
from harness.fake_player import FakePlayer
from harness import desktop_versions
from harness.agent import BIN_DIR_ENV
from harness.gnome import GnomeShell, gnome_installed
from harness.install import make_install, make_variables
from harness.plasma import PlasmaDesktop, plasma_installed
from harness.screen import Rect
from harness.sessions import changed_share, icon_pixels

from .artefacts import artefact_dir
from .conftest import LONGEST_ENGLISH_DAY

pytestmark = pytest.mark.agent

DESKTOPS = {"gnome": (GnomeShell, gnome_installed), "plasma": (PlasmaDesktop, plasma_installed)}
# Why an installed desktop cannot be driven on this release (desktop_versions), or None.
WHY_NOT = {"gnome": lambda: shutil.which("gnome-shell") and desktop_versions.gnome().why_not(),
           "plasma": lambda: shutil.which("plasmashell") and desktop_versions.plasma().why_not()}
# GetServerInformation: name, vendor, and the version of the desktop installed (desktop_versions)
SERVERS = {"gnome": ("gnome-shell", "GNOME", lambda: desktop_versions.gnome().version),
           "plasma": ("Plasma", "KDE", lambda: desktop_versions.plasma().version)}
SNOOZE_MINUTES = 10  # the default
ACHIEVEMENT = "Achievement earned"
AGENT_IFACE = "org.moscowtime.Agent1"
NOTIFY_IFACE = "org.freedesktop.Notifications"


@pytest.fixture(scope="module", params=sorted(DESKTOPS))
def desktop(request):
    cls, installed = DESKTOPS[request.param]
    if not installed():
        if why := WHY_NOT[request.param]():
            pytest.skip(f"{request.param}: {why}")
        pytest.fail(f"{request.param} is not installed: run scripts/setup-deps desktops")
    session = cls()
    session.name = request.param
    session.out = artefact_dir("desktops", request.param)
    try:
        yield session
    finally:
        session.close()


@pytest.fixture(autouse=True)
def pinned_clock(desktop):
    """conftest.py's pinned clock, in the desktop's sandbox (where this module's binaries run)."""
    instant = requested_instant(LONGEST_ENGLISH_DAY)
    pin_clock(desktop.sandbox, instant)
    return instant


def _offset(desktop) -> float:
    """Seconds the binaries' clock is ahead of the real one."""
    return float(desktop.sandbox.binary_env["FAKETIME"])


def _now(desktop):
    """Now on the binaries' clock."""
    return utc_now() + timedelta(seconds=_offset(desktop))


@pytest.fixture
def rig(desktop):
    """A fresh agent's rig in the desktop's session; afterwards its agents stop, whatever is left on
    screen goes and the store and state are removed."""
    rig = AgentRig(desktop.sandbox, desktop.bus, None)
    try:
        yield rig
    finally:
        try:
            for agent in rig.agents:
                agent.stop()
            rig.calls.monitor.stop()
            desktop.clear_notifications()
        finally:
            desktop.reset_agent_data()


def _snooze(rig, alarm_id):
    return rig.state().get("snoozes", {}).get(alarm_id)


def _snoozed_at(rig, alarm_id) -> float:
    entry = wait_until(lambda: (e := rig.next_for(alarm_id)) and e["snoozed"] and e, 5,
                       "the snoozed ring in agent-cli next")
    return parse_iso(entry["at"]).timestamp()


def _assert_ring(desktop, shown, label):
    assert shown.critical, f"{label} is not shown as critical on {desktop.name}: {shown}"
    assert shown.buttons == ["Snooze", "Stop"], shown
    if desktop.name == "gnome":  # read exactly
        assert shown.title == label
        assert shown.body.startswith("Alarm · ") and shown.body.endswith(f"Snooze: {SNOOZE_MINUTES} min"), shown.body
    else:  # OCR
        assert re.search(rf"Snooze:? {SNOOZE_MINUTES} ?min", shown.body), shown.body


# -- the ringing alarm ------------------------------------------------------------------------------

def test_an_alarm_rings_critical_with_snooze_and_stop_and_snooze_snoozes(desktop, rig):
    info = desktop.information()
    (desktop.out / "server-information.txt").write_text(" | ".join(map(str, info)) + "\n")  # docs/TESTING.md's table
    name, vendor, version, _ = info
    assert (name, vendor) == SERVERS[desktop.name][:2] and version == SERVERS[desktop.name][2](), \
        (name, vendor, version)
    rig.start_agent()
    t = rig.timer(1, "Breakfast")
    shown = desktop.notification("Breakfast", desktop.out / "ringing.png", expect="Stop")
    _assert_ring(desktop, shown, "Breakfast")
    pressed = time.time() + _offset(desktop)
    desktop.press(shown, "Snooze")
    wait_until(lambda: _snooze(rig, t.id), 5, "the alarm to be snoozed")
    desktop.wait_for_gone(shown)
    assert rig.alarm(t.id)["enabled"] is True
    assert _snoozed_at(rig, t.id) - pressed == pytest.approx(SNOOZE_MINUTES * 60, abs=5)
    assert rig.cli_json("status")["ringing"] == []
    desktop.screen.screenshot(desktop.out / "after-snooze.png")


def test_stop_stops_and_a_stopped_one_time_timer_stays_off(desktop, rig):
    rig.start_agent()
    t = rig.timer(1, "Kettle")
    shown = desktop.notification("Kettle", desktop.out / "ringing-stop.png", expect="Stop")
    _assert_ring(desktop, shown, "Kettle")
    desktop.press(shown, "Stop")
    wait_until(lambda: rig.alarm(t.id)["enabled"] is False, 5, "the one-time timer to be switched off")
    desktop.wait_for_gone(shown)
    assert _snooze(rig, t.id) is None
    assert rig.next_for(t.id) is None
    assert rig.cli_json("status")["ringing"] == []


def test_closing_the_notification_snoozes(desktop, rig):
    """The × (GNOME's shows while the pointer is on the banner): a user dismissal, which snoozes."""
    rig.start_agent()
    t = rig.timer(1, "Dishes")
    shown = desktop.notification("Dishes", desktop.out / "ringing-close.png", expect="Stop")
    desktop.dismiss(shown)
    wait_until(lambda: _snooze(rig, t.id), 5, "the dismissed alarm to be snoozed")
    desktop.wait_for_gone(shown)
    assert rig.alarm(t.id)["enabled"] is True
    assert rig.next_for(t.id)["snoozed"] is True


def test_two_alarms_at_the_same_minute_can_both_be_answered(desktop, rig):
    """GNOME shows one banner at a time: the second waits in the queue until the first is answered,
    then shows and can be answered too. Plasma stacks both popups."""
    due = _now(desktop).replace(microsecond=0) + timedelta(seconds=3)
    one, two = timer_alarm("Coffee", due, duration=3), timer_alarm("Walk", due, duration=3)
    rig.write_store(store_document([one, two]))
    rig.start_agent()
    labels = {"Coffee": one["id"], "Walk": two["id"]}
    if desktop.name == "gnome":
        first = wait_until(lambda: (b := desktop.banner()) and b["state"] == 2 and len(b["queued"]) == 1 and b,
                           10, "one banner shown and one queued")
        assert {first["title"], *first["queued"]} == set(labels), first
        first, second = first["title"], first["queued"][0]
    else:
        desktop.wait_for_popups(2)
        first, second = "Coffee", "Walk"
    shown = desktop.notification(first, desktop.out / "two-alarms-first.png", expect="Stop")
    _assert_ring(desktop, shown, first)
    desktop.press(shown, "Snooze")
    wait_until(lambda: _snooze(rig, labels[first]), 5, f"{first} to be snoozed")
    desktop.wait_for_gone(shown)

    shown = desktop.notification(second, desktop.out / "two-alarms-second.png", expect="Stop")
    _assert_ring(desktop, shown, second)
    desktop.press(shown, "Stop")
    wait_until(lambda: rig.alarm(labels[second])["enabled"] is False, 5, f"{second} to be stopped")
    desktop.wait_for_gone(shown)
    # Nothing lost, nothing mixed up: one snoozed, one stopped, nothing rings.
    assert _snooze(rig, labels[first]) and _snooze(rig, labels[second]) is None
    assert rig.alarm(labels[first])["enabled"] is True
    assert rig.cli_json("status")["ringing"] == []


# -- habits --------------------------------------------------------------------------------------------


def _habit_answers_logged(rig, ids):
    """Done, Skip and Later pressed on Walking, Reading and Stretching: each is in the store or the state."""
    def today(name):
        return rig.cli_json("habit", "show", name)["today"]["state"]
    wait_until(lambda: today("Walking") == "done", 5, "Walking done today")
    wait_until(lambda: today("Reading") == "skipped", 5, "Reading skipped today")
    wait_until(lambda: ids["Stretching"] in rig.state().get("habitReminders", {}).get("later", {}), 5,
               "Stretching to be asked again later")
    assert today("Stretching") not in ("done", "skipped")


def test_habit_reminders_done_skip_later_and_an_achievement(desktop, rig):
    # Reminders at this minute, added "two minutes ago": due now, shown as soon as the agent starts
    # (not in a minute's last seconds: one due at 23:59 and shown at 00:00 would be yesterday's).
    now = wait_until(lambda: (t := _now(desktop)).second < 50 and t, 15, "a minute's first 50 seconds")
    pinned = {"MOSCOWTIME_NOW": iso_z(now - timedelta(minutes=2))}
    # Reminders show in the document's order. Done comes last: its achievement is a new banner, and
    # GNOME sends a queued banner that shows just as another arrives, while the user is active (the
    # click), straight into the message list (docs/TESTING.md, "What you meet there").
    answers = {"Reading": "Skip", "Stretching": "Later", "Walking": "Done"}
    ids = {name: rig.cli_json("habit", "add", name, "--remind", hhmm(now), env=pinned)["id"] for name in answers}
    # GNOME: with the user busy, of normal banners arriving in the same instant the first goes
    # straight into the message list (docs/TESTING.md, "What you meet there"); an idle user gets all three in turn.
    desktop.wait_for_idle_user()
    rig.start_agent()
    achievement = None
    left = dict(answers)
    while left or achievement is None:
        # Done last, as above, also where every reminder is on screen at once (Plasma): answered
        # first, its achievement's banner timed out while the other two were read and answered.
        pending = [name for name in sorted(left) if left[name] != "Done"] or sorted(left)
        titles = ([ACHIEVEMENT] if achievement is None else []) + pending
        shown = desktop.notification(titles, desktop.out / "habit.png", timeout=15)
        (desktop.out / "habit.png").replace(desktop.out / f"habit-{shown.title.split()[0].lower()}.png")
        if shown.title == ACHIEVEMENT:
            achievement = shown
            assert not shown.critical and shown.buttons == [], shown
            desktop.dismiss(shown)
        else:
            assert not shown.critical, shown
            assert shown.buttons == ["Done", "Skip", "Later"], shown
            desktop.press(shown, left.pop(shown.title))
        desktop.wait_for_gone(shown)
    if desktop.name == "gnome":
        assert achievement.body == "First completion — Walking", achievement
    else:
        assert re.search(r"First completion\W+Walking", achievement.body), achievement

    _habit_answers_logged(rig, ids)
    assert not rig.state()["habitReminders"].get("open")


# -- the tray icon ------------------------------------------------------------------------------------

def _skip_unless_the_tray_icon_can_be_found(desktop):
    if desktop.name == "plasma" and (why := desktop_versions.plasma().tray_why_not()):
        pytest.skip(why)


def test_the_tray_icon_is_shown_and_its_menu_pauses(desktop, rig):
    _skip_unless_the_tray_icon_can_be_found(desktop)
    at = _now(desktop) + timedelta(hours=3)
    rig.cli("add", hhmm(at), "--days", "everyday", "--label", "Breakfast")
    agent = rig.start_agent()
    icon = desktop.wait_for_tray_icon(desktop.out / "tray-icon.png")
    wait_until(lambda: rig.cli_json("status")["tray"] == "shown", 5, "status to say the icon is shown")
    menu = desktop.open_tray_menu(icon, desktop.out / "tray-menu.png")
    assert hhmm(at) in menu.text and "Breakfast" in menu.text, menu.labels
    assert "Pause" in menu.text and "Quit" in menu.text, menu.labels
    if desktop.name == "gnome":
        assert "Pause for 1 hour" in menu.labels, menu.labels
    assert rig.cli_json("status")["pausedUntil"] is None
    pressed = time.time() + _offset(desktop)
    menu.click("Pause for 1 hour")
    paused = wait_until(lambda: rig.cli_json("status")["pausedUntil"], 5, "the agent to pause")
    assert parse_iso(paused).timestamp() - pressed == pytest.approx(3600, abs=5)
    desktop.screen.screenshot(desktop.out / "tray-paused.png")
    assert agent.alive()


def test_the_ringing_state_is_visible_in_the_tray_and_goes_when_stopped(desktop, rig):
    """The tray says an alarm rings (Status NeedsAttention; the ringing icon) in a way one sees."""
    _skip_unless_the_tray_icon_can_be_found(desktop)
    rig.start_agent()
    where = desktop.tray_icon_rect(desktop.wait_for_tray_icon(desktop.out / "tray-before-ringing.png"))

    def icon(name, at=None):
        return desktop.screen.pixels(desktop.screen.screenshot(desktop.out / name, at or where))
    def found_again(name):
        """The icon where the tray draws it now, in a picture the size of the resting one, centred
        alike: a tray may move an item (Plasma 6 puts a media controller beside it while it rings)."""
        now = desktop.tray_icon_rect(desktop.wait_for_tray_icon(desktop.out / name))
        (x, y) = now.centre
        return icon(name, Rect(x - where.width // 2, y - where.height // 2, where.width, where.height))
    # Drawn: a host may draw the item again just after showing it (AppIndicator on GNOME 43).
    resting = wait_until(lambda: (p := icon("tray-icon-resting.png")) and icon_pixels(p) >= 20 and p, 5,
                         "the resting icon to be drawn")
    t = rig.timer(1, "Tea")
    shown = desktop.notification("Tea", desktop.out / "tray-ringing-banner.png")
    share = wait_until(lambda: (c := changed_share(resting, found_again("tray-icon-ringing.png"))) >= 0.3 and c, 5,
                       "the tray icon to look different while the alarm rings")
    assert share >= 0.3
    desktop.press(shown, "Stop")
    wait_until(lambda: rig.alarm(t.id)["enabled"] is False, 5, "the timer to be stopped")
    wait_until(lambda: changed_share(resting, found_again("tray-icon-stopped.png")) < 0.1, 10,
               "the tray icon to look as before once stopped")


@pytest.fixture(scope="module")
def installed_make_variables(tmp_path_factory):
    return make_variables(tmp_path_factory.mktemp("gen"))


def test_installed_under_a_prefix_outside_xdg_data_dirs_the_tray_icon_is_drawn(desktop, rig, installed_make_variables,
                                                                                monkeypatch):
    """As under /opt/moscowtime or `make install PREFIX=~/.local` where the session does not look:
    the host finds the icon through the item's IconThemePath alone (GNOME's AppIndicator drew its
    "•••" placeholder when that folder had no hicolor/index.theme)."""
    _skip_unless_the_tray_icon_can_be_found(desktop)
    prefix = make_install(installed_make_variables, desktop.sandbox.path("opt-moscowtime"))
    monkeypatch.setenv(BIN_DIR_ENV, str(prefix / "bin"))
    agent = rig.start_agent()
    environ = Path(f"/proc/{agent.pid}/environ").read_bytes().split(b"\0")
    searched = [e for e in environ if e.startswith(b"XDG_DATA_DIRS=")]
    assert not any(str(prefix).encode() in e for e in searched), "the prefix must be one the session does not search"
    desktop.wait_for_tray_icon(desktop.out / "tray-icon-prefix.png")
    assert agent.alive()


@pytest.mark.parametrize("desktop", ["gnome"], indirect=True)
def test_gnome_without_the_appindicator_extension_status_says_why_there_is_no_icon(desktop, rig):
    desktop.set_appindicator(False)
    try:
        rig.start_agent()
        wait_until(lambda: rig.cli_json("status")["tray"] == "no-watcher", 5, "status to report no watcher")
        text = rig.cli("status").stdout
        assert "GNOME without the AppIndicator extension" in text, text
        assert desktop.indicators() == []
        # Notifications work as usual.
        t = rig.timer(1, "Toast")
        shown = desktop.notification("Toast", desktop.out / "no-appindicator-ringing.png")
        desktop.press(shown, "Stop")
        wait_until(lambda: rig.alarm(t.id)["enabled"] is False, 5, "the timer to be stopped")
    finally:
        desktop.set_appindicator(True)


# -- the ringing alarm as a media player (issue 21 §3) -----------------------------------------------

def _players_js() -> str:
    """The shell's MPRIS players by bus name (where they are differs by version: desktop_versions)."""
    return desktop_versions.gnome().players_js


_MEDIA_JS = """
const p = PLAYERS.get('org.mpris.MediaPlayer2.MoscowTime');
p ? {title: p.trackTitle, artists: p.trackArtists, visible: SHOWN, status: p.status, next: p.canGoNext} : null
"""


def _media(desktop):
    """The agent's player as the shell sees it, or None."""
    v = desktop_versions.gnome()
    return desktop.eval(_MEDIA_JS.replace("PLAYERS", v.players_js).replace("SHOWN", v.player_shown_js))


@pytest.mark.parametrize("desktop", ["gnome"], indirect=True)
def test_gnome_shows_the_ringing_alarm_as_a_media_player_whose_buttons_stop_and_snooze_it(desktop, rig):
    """GNOME Shell's own MPRIS client (the calendar menu's media section on 43, the lock screen from
    49 on) sees the alarm's label; its play/pause button stops the alarm, its next button snoozes."""
    rig.start_agent()
    stop, snooze = rig.timer(1, "Media stop"), rig.timer(4, "Media snooze")
    shown = desktop.notification("Media stop", desktop.out / "media-ringing.png", expect="Stop")
    player = wait_until(lambda: (p := _media(desktop)) and p["visible"] and p["title"] == "Media stop" and p, 5,
                        "GNOME Shell's media section to show the alarm")
    assert player == {"title": "Media stop", "artists": ["MoscowTime"], "visible": True, "status": "Playing", "next": True}
    desktop.eval(_players_js() + ".get('org.mpris.MediaPlayer2.MoscowTime').playPause()")
    wait_until(lambda: rig.alarm(stop.id)["enabled"] is False, 5, "the one-time timer to be switched off")
    desktop.wait_for_gone(shown)
    wait_until(lambda: _media(desktop) is None, 5, "the player to leave GNOME Shell")

    shown = desktop.notification("Media snooze", desktop.out / "media-ringing-2.png", expect="Stop")
    wait_until(lambda: (p := _media(desktop)) and p["title"] == "Media snooze", 5, "the second alarm in the shell")
    desktop.eval(_players_js() + ".get('org.mpris.MediaPlayer2.MoscowTime').next()")
    wait_until(lambda: _snooze(rig, snooze.id), 5, "the alarm to be snoozed")
    desktop.wait_for_gone(shown)
    assert rig.alarm(snooze.id)["enabled"] is True
    wait_until(lambda: _media(desktop) is None, 5, "the player to leave GNOME Shell")


@pytest.mark.parametrize("late_signal", [False, True], ids=["signal-first", "answer-first"])
@pytest.mark.parametrize("desktop", ["gnome"], indirect=True)
def test_gnome_media_keys_reach_the_ringing_alarm_not_the_music_it_paused(desktop, rig, late_signal):
    """GNOME 43–48 (the lock screen shows no media controls there): gnome-settings-daemon sends
    the Play/Pause key to one MPRIS player, the one that plays, and does not switch to a player
    that appears while another still plays. The agent pauses the music and then says again
    that it plays (after the Pause is answered, and after the music says Paused, which browsers
    do only after answering), so the key stops the alarm, and the music plays on after."""
    keys = desktop.spawn("gsd-media-keys", ["/usr/libexec/gsd-media-keys"],
                         ready_name="org.gnome.SettingsDaemon.MediaKeys", timeout=20)
    monitor = BusMonitor(desktop.sandbox, desktop.bus,
                         "type='signal',interface='org.freedesktop.DBus.Properties',path='/org/mpris/MediaPlayer2'",
                         name="mpris-signals")
    music = None
    try:
        music = FakePlayer(desktop.sandbox, desktop.bus, "music", status="Playing", late_signal=late_signal)
        rig.start_agent()
        t = rig.timer(1, "Key stop")
        shown = desktop.notification("Key stop", desktop.out / "media-key-ringing.png", expect="Stop")
        wait_until(lambda: music.control_calls() == ["Pause"], 5, "the music to be paused")
        monitor.wait_for(r'string "PlaybackStatus"\s+variant\s+string "Paused".*'
                         r'string "PlaybackStatus"\s+variant\s+string "Playing"', timeout=5)
        desktop.key("XF86AudioPlay")
        wait_until(lambda: rig.alarm(t.id)["enabled"] is False, 5, "the Play/Pause key to stop the alarm")
        desktop.wait_for_gone(shown)
        wait_until(lambda: music.control_calls() == ["Pause", "Play"], 5, "the music to be resumed")
    finally:
        if music:
            music.stop()  # the desktop's sandbox outlives the test
        monitor.stop()
        keys.stop()


# -- the locked screen ---------------------------------------------------------------------------------

PLAYER = "org.mpris.MediaPlayer2.MoscowTime"


@pytest.fixture
def locked(desktop):
    """The GNOME session locked (the lock screen as after Super+L); unlocked afterwards."""
    desktop.lock()
    try:
        yield desktop
    finally:
        desktop.unlock()


def _lock_card(desktop, title):
    """The agent's media card on the lock screen once it shows `title` with live buttons."""
    return wait_until(lambda: (c := desktop.lock_screen_player(PLAYER)) and c["shown"] and c["title"] == title
                      and all(c[b]["visible"] and (c[b]["w"] or 0) > 0 for b in ("playPause", "next")) and c, 10,
                      f"the lock screen's media card for {title}")


@pytest.mark.parametrize("desktop", ["gnome"], indirect=True)
def test_gnome_lock_screen_media_controls_stop_and_snooze_the_ringing_alarm_while_locked(desktop, rig, locked):
    """GNOME 49+ shows the agent's MPRIS player on the lock screen: its ⏸ stops the ringing alarm and
    its ⏭ snoozes it, both clicked with the pointer; the session stays locked and agent-cli agrees."""
    if why := desktop_versions.gnome().lock_screen_media_why_not():
        pytest.skip(why)
    rig.start_agent()
    stop = rig.timer(1, "Locked stop")
    card = _lock_card(desktop, "Locked stop")
    assert card["body"] == "MoscowTime" and card["playPause"]["reactive"] and card["next"]["reactive"], card
    wait_until(lambda: [r["id"] for r in rig.cli_json("status")["ringing"]] == [stop.id], 5, "status to say it rings")
    desktop.screen.screenshot(desktop.out / "lock-screen-ringing.png")
    desktop.click(card["playPause"]["x"], card["playPause"]["y"])
    wait_until(lambda: rig.alarm(stop.id)["enabled"] is False, 5, "⏸ on the lock screen to stop the alarm")
    assert rig.cli_json("status")["ringing"] == [] and _snooze(rig, stop.id) is None
    wait_until(lambda: desktop.lock_screen_player(PLAYER) is None, 5, "the card to leave the lock screen")

    snooze = rig.timer(1, "Locked snooze")
    card = _lock_card(desktop, "Locked snooze")
    pressed = time.time() + _offset(desktop)
    desktop.click(card["next"]["x"], card["next"]["y"])
    wait_until(lambda: _snooze(rig, snooze.id), 5, "⏭ on the lock screen to snooze the alarm")
    assert rig.cli_json("status")["ringing"] == [] and rig.alarm(snooze.id)["enabled"] is True
    assert _snoozed_at(rig, snooze.id) - pressed == pytest.approx(SNOOZE_MINUTES * 60, abs=5)
    assert desktop.locked(), "the session must stay locked"
    desktop.screen.screenshot(desktop.out / "lock-screen-after.png")


@pytest.mark.parametrize("desktop", ["gnome"], indirect=True)
def test_gnome_lock_screen_media_key_stops_the_ringing_alarm_while_locked(desktop, rig, locked):
    """The Play/Pause key (gsd-media-keys) stops a ringing alarm on the locked screen, which stays
    locked; the lock screen shows the ringing alarm as its source's row (43–48: the only thing of
    it there, with no text of the alarm and no button; 49+ shows the media card too)."""
    keys = desktop.spawn("gsd-media-keys", ["/usr/libexec/gsd-media-keys"],
                         ready_name="org.gnome.SettingsDaemon.MediaKeys", timeout=20)
    try:
        rig.start_agent()
        t = rig.timer(1, "Locked key")
        wait_until(lambda: [r["id"] for r in rig.cli_json("status")["ringing"]] == [t.id], 10, "the alarm to ring")
        rows = wait_until(lambda: [r for r in desktop.lock_screen_sources() if r["title"] == "MoscowTime"], 10,
                          "the ringing alarm's row on the lock screen")
        desktop.screen.screenshot(desktop.out / "lock-screen-key-ringing.png")
        # What a locked user sees of it: the app's row alone, never the alarm's label or a button.
        assert not any("Locked key" in text for r in rows for text in r["texts"]), rows
        desktop.key("XF86AudioPlay")
        wait_until(lambda: rig.alarm(t.id)["enabled"] is False, 5, "the Play/Pause key to stop the alarm")
        assert rig.cli_json("status")["ringing"] == [] and desktop.locked()
    finally:
        keys.stop()


@pytest.mark.parametrize("desktop", ["plasma"], indirect=True)
def test_plasma_greeter_media_controls_stop_and_snooze_the_ringing_alarm(desktop, rig):
    """Plasma's screen locker shows the agent's MPRIS player under its password prompt: its ⏸
    stops the ringing alarm, its ⏭ snoozes it, clicked with the pointer. The greeter runs as
    `kscreenlocker_greet --testing` (in a window): a real lock needs the locker's logind session
    and input grab, which the headless session has not. (One-word labels: it elides a longer one.)"""
    if why := desktop_versions.plasma().greeter_media_why_not():
        pytest.skip(why)
    greeter = desktop.open_greeter()
    try:
        rig.start_agent()
        before = desktop.greeter_media_row(desktop.out / "greeter-before.png")

        def buttons(title):
            return wait_until(lambda: desktop.greeter_media_buttons(title, before, desktop.out / "greeter-ringing.png"),
                              15, f"the greeter's media controls for {title}", interval=0.3)
        stop = rig.timer(1, "Kettle")
        pause, _ = buttons("Kettle")
        desktop.press_greeter_button(pause, before)
        wait_until(lambda: rig.alarm(stop.id)["enabled"] is False, 5, "⏸ in the greeter to stop the alarm")
        assert rig.cli_json("status")["ringing"] == [] and _snooze(rig, stop.id) is None

        snooze = rig.timer(1, "Porridge")
        _, skip = buttons("Porridge")
        pressed = time.time() + _offset(desktop)
        desktop.press_greeter_button(skip, before)
        wait_until(lambda: _snooze(rig, snooze.id), 5, "⏭ in the greeter to snooze the alarm")
        assert rig.cli_json("status")["ringing"] == [] and rig.alarm(snooze.id)["enabled"] is True
        assert _snoozed_at(rig, snooze.id) - pressed == pytest.approx(SNOOZE_MINUTES * 60, abs=5)
    finally:
        greeter.stop()


# -- Plasma's NotificationClosed(id, 3) after a button ------------------------------------------------

_SIGNAL_RX = re.compile(r"^signal time=\S+ .*?interface=([\w.]+); member=(\w+)\n((?:   .*\n?)*)", re.M)


def _signals(monitor):
    """(interface, member, [arguments as text]) of every signal dbus-monitor printed."""
    out = []
    for m in _SIGNAL_RX.finditer(monitor.text()):
        args = [re.sub(r"^\s*\w+ ", "", a).strip('"') for a in m.group(3).splitlines() if a.strip()]
        out.append((m.group(1), m.group(2), args))
    return out


def _after_press(monitor, key):
    """The notification id that `key` was invoked on, once plasmashell also said it closed twice."""
    def seen():
        sigs = _signals(monitor)
        ids = [a[0] for i, m, a in sigs if (i, m) == (NOTIFY_IFACE, "ActionInvoked") and a[1] == key]
        if not ids:
            return None
        closed = [a for i, m, a in sigs if (i, m) == (NOTIFY_IFACE, "NotificationClosed") and a[0] == ids[0]]
        return (ids[0], closed) if len(closed) >= 2 else None
    return wait_until(seen, 5, f"ActionInvoked({key}) and two NotificationClosed")


MARK_IFACE = "org.moscowtime.Test"


def _settled(rig, monitor, mark):
    """Returns once the agent has handled every signal sent before this call, and the monitor has
    printed every signal the agent sent meanwhile: a round trip to the agent (agent-cli status),
    then a signal of ours, which the monitor prints after everything the bus routed before it."""
    rig.cli_json("status")
    msg = dbus.lowlevel.SignalMessage("/org/moscowtime/Test", MARK_IFACE, "Mark")
    msg.append(mark)
    rig.bus.conn.send_message(msg)
    monitor.wait_for(rf'member=Mark\n\s+string "{mark}"')


@pytest.mark.parametrize("desktop", ["plasma"], indirect=True)
def test_plasma_closed_reason_3_after_a_button_does_nothing_twice(desktop, rig):
    monitor = BusMonitor(desktop.sandbox, desktop.bus, f"type='signal',interface='{NOTIFY_IFACE}'",
                         f"type='signal',interface='{AGENT_IFACE}'", f"type='signal',interface='{MARK_IFACE}'",
                         name="plasma-signals")
    try:
        rig.start_agent()
        t = rig.timer(1, "Coffee")
        shown = desktop.notification("Coffee", desktop.out / "double-close-snooze.png", expect="Stop")
        pressed = time.time() + _offset(desktop)
        desktop.press(shown, "Snooze")
        nid, closed = _after_press(monitor, "snooze")
        assert closed == [[nid, "3"], [nid, "3"]], closed
        _settled(rig, monitor, "snooze")
        snoozed = [a for i, m, a in _signals(monitor) if (i, m) == (AGENT_IFACE, "AlarmSnoozed") and a[0] == t.id]
        assert len(snoozed) == 1, snoozed
        assert int(snoozed[0][1]) - pressed == pytest.approx(SNOOZE_MINUTES * 60, abs=5)
        assert _snoozed_at(rig, t.id) - pressed == pytest.approx(SNOOZE_MINUTES * 60, abs=5)

        s = rig.timer(1, "Walk")
        shown = desktop.notification("Walk", desktop.out / "double-close-stop.png", expect="Stop")
        desktop.press(shown, "Stop")
        nid, closed = _after_press(monitor, "stop")
        assert closed == [[nid, "3"], [nid, "3"]], closed
        _settled(rig, monitor, "stop")
        mine = [(m, a) for i, m, a in _signals(monitor) if i == AGENT_IFACE and a and a[0] == s.id]
        assert [m for m, _ in mine].count("AlarmStopped") == 1 and "AlarmSnoozed" not in [m for m, _ in mine], mine
        assert rig.alarm(s.id)["enabled"] is False and _snooze(rig, s.id) is None
        assert rig.next_for(s.id) is None
        # The first alarm's snooze was not touched by the second's signals.
        assert len([a for i, m, a in _signals(monitor) if (i, m) == (AGENT_IFACE, "AlarmSnoozed")]) == 1
    finally:
        monitor.stop()
