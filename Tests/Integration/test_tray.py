# SPDX-License-Identifier: GPL-3.0-or-later
"""The tray icon: org.kde.StatusNotifierItem registered with a test StatusNotifierWatcher
(harness/tray_watcher.py), its com.canonical.dbusmenu menu at /MenuBar, and the "today"
notification of a left click (dbusmock's notification daemon)."""
from __future__ import annotations

import json
import re
import subprocess
import time
import xml.etree.ElementTree as ET
from datetime import timedelta
from pathlib import Path
from typing import Optional

import dbus
import pytest

from harness import BusMonitor, wait_until
from harness.agent import BIN_DIR_ENV, REPO_ROOT
from harness.alarms import AGENT_BUS_NAME, MOSCOW, hhmm, parse_iso, utc_now
from harness.install import make_install, make_variables
from harness.tray_watcher import ITEM_IFACE, ITEM_PATH, MENU_IFACE, TrayItem, TrayWatcher

pytestmark = pytest.mark.agent

SUMMARY_CATEGORY = "x-moscowtime.summary"


@pytest.fixture
def watcher(sandbox, session_bus) -> TrayWatcher:
    return TrayWatcher(sandbox, session_bus)


def _item_name(agent) -> str:
    return f"org.kde.StatusNotifierItem-{agent.pid}-1"


def _tray(rig, watcher) -> TrayItem:
    """The registered item of the agent started last."""
    agent = rig.agents[-1]
    [reg] = [r for r in watcher.wait_for_registrations() if r["service"] == _item_name(agent)][-1:]
    return TrayItem(rig.bus, reg["service"])


def _wait_prop(tray: TrayItem, name: str, value, timeout: float = 3.0):
    return wait_until(lambda: tray.prop(name) == value, timeout, f"{name} == {value!r}")


def _labels(tray: TrayItem) -> list[str]:
    return [e["label"] for e in tray.entries() if e["type"] != "separator"]


# -- registration --------------------------------------------------------------------------------------

def test_the_item_registers_and_registers_again_when_the_watcher_restarts(rig, watcher):
    agent = rig.start_agent()
    [first] = watcher.wait_for_registrations(1)
    assert first["service"] == _item_name(agent)
    unique = rig.bus.conn.get_name_owner(AGENT_BUS_NAME)
    assert first["sender"] == unique  # registered by the agent's own connection
    assert rig.bus.conn.get_name_owner(first["service"]) == unique

    watcher.stop()
    time.sleep(0.3)  # a window is the point here: the agent neither exits nor registers with no one
    assert agent.alive() and len(watcher.registrations()) == 1
    watcher.start()
    [_, again] = watcher.wait_for_registrations(2, timeout=3)
    assert again["service"] == first["service"] and again["sender"] == unique
    # A second agent loses the single-instance race and shows no icon of its own.
    second = rig.start_agent(wait=False)
    wait_until(lambda: not second.alive(), 5, "the second agent to give up")
    assert second.child.returncode == 3  # "already running" (AgentOptions.alreadyRunningStatus)
    time.sleep(0.3)  # a registration the second agent sent before it exited would arrive by now
    assert len(watcher.registrations()) == 2  # once per watcher, and none from the second agent
    assert not rig.bus.has_owner(_item_name(second))


def test_without_a_watcher_the_agent_runs_and_registers_when_one_starts(rig, sandbox):
    agent = rig.start_agent()
    # The item exists, waiting for a watcher (its name is asked for after the agent's own).
    rig.bus.wait_for_name(_item_name(agent), timeout=5)
    agent.wait_for_log("no org.kde.StatusNotifierWatcher")
    t = rig.timer(1, "Tea")
    rig.wait_for_ring("Tea")
    assert agent.alive()
    assert rig.cli_json("status")["ringing"][0]["id"] == t.id
    assert "warning" not in "".join(l for l in agent.stderr_text().splitlines() if "tray" in l)
    # Said once (without --verbose too: it is an info line), and in `agent-cli status`.
    assert agent.stderr_text().count("info: tray: no org.kde.StatusNotifierWatcher") == 1
    assert rig.cli_json("status")["tray"] == "no-watcher"
    assert "tray:          not shown: no StatusNotifierWatcher on the session bus" in rig.cli("status").stdout

    late = TrayWatcher(sandbox, rig.bus)
    [reg] = late.wait_for_registrations(1, timeout=3)
    assert reg["service"] == _item_name(agent)
    wait_until(lambda: rig.cli_json("status")["tray"] == "shown", 3, "status to say the icon is shown")
    assert "tray:          icon shown" in rig.cli("status").stdout
    ru = rig.cli("status", env={"LANGUAGE": "ru", "LANG": "ru_RU.UTF-8"}).stdout
    assert "лоток:         значок показан" in ru


# -- properties --------------------------------------------------------------------------------------

def interface_shape(xml_text: str, name: str) -> dict:
    root = ET.fromstring(xml_text)
    [iface] = [i for i in root.iter("interface") if i.get("name") == name]
    def args(el):
        return [(a.get("name"), a.get("type"), a.get("direction", "in" if el.tag == "method" else "out"))
                for a in el.findall("arg")]
    return {"methods": {m.get("name"): args(m) for m in iface.findall("method")},
            "signals": {s.get("name"): [(n, t) for n, t, _ in args(s)] for s in iface.findall("signal")},
            "properties": {p.get("name"): (p.get("type"), p.get("access")) for p in iface.findall("property")}}


def test_item_properties_tooltip_and_interfaces(rig, watcher):
    alarm = rig.cli_json("add", hhmm(utc_now() + timedelta(hours=3)), "--days", "everyday", "--label", "Подъём_1")
    rig.start_agent()
    tray = _tray(rig, watcher)
    p = tray.props()
    assert (p["Category"], p["Id"], p["Title"], p["Status"]) == ("ApplicationStatus", "moscowtime", "MoscowTime", "Active")
    assert (p["IconName"], p["AttentionIconName"]) == ("org.moscowtime.Agent", "org.moscowtime.Agent-ringing")
    assert (p["Menu"], p["ItemIsMenu"], p["WindowId"]) == ("/MenuBar", False, 0)
    # From the build tree hosts find the icons in the source tree (no theme has them installed).
    assert p["IconThemePath"] == str(REPO_ROOT / "data" / "icons")
    assert (REPO_ROOT / "data" / "icons" / f"{p['IconName']}.svg").is_file()
    at = parse_iso(rig.next_for(alarm["id"])["at"])
    title, text = tray.tooltip()
    weekday = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")[at.astimezone(MOSCOW).weekday()]
    assert title == f"Next: {weekday} {hhmm(at)} — Подъём_1"
    assert "Europe/Moscow" in text

    for path, iface, name in ((ITEM_PATH, ITEM_IFACE, "org.kde.StatusNotifierItem.xml"),
                              ("/MenuBar", MENU_IFACE, "com.canonical.dbusmenu.xml")):
        xml_text = rig.bus.call(tray.service, path, "org.freedesktop.DBus.Introspectable", "Introspect")
        documented = (REPO_ROOT / "data" / "dbus" / name).read_text()
        assert interface_shape(xml_text, iface) == interface_shape(documented, iface), name
    assert (tray.menu_prop("Version"), tray.menu_prop("Status"), tray.menu_prop("TextDirection")) == (3, "normal", "ltr")


@pytest.fixture(scope="module")
def make_vars(tmp_path_factory):
    return make_variables(tmp_path_factory.mktemp("gen"))


def _found_searching_only(path: str, name: str) -> Optional[str]:
    """The file a host that searches only the item's IconThemePath finds for `name` (GNOME's
    AppIndicator gives that folder an icon theme of its own, St's copy of GTK's), with GTK's lookup."""
    js = ('imports.gi.versions.Gtk = "3.0"; const Gtk = imports.gi.Gtk; const t = new Gtk.IconTheme(); '
          f't.set_search_path([{json.dumps(path)}]); const i = t.lookup_icon({json.dumps(name)}, 22, 0); '
          'print(i ? i.get_filename() : "");')
    r = subprocess.run(["gjs", "-c", js], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    return r.stdout.strip() or None


def test_installed_under_any_prefix_a_host_finds_the_icons_through_icon_theme_path(rig, watcher, sandbox, make_vars,
                                                                                     monkeypatch):
    """Under a prefix the session's XDG_DATA_DIRS lacks (/opt/moscowtime, ~/.local on some desktops)
    IconThemePath is the only way to the icons: a folder in the hicolor layout without its own
    index.theme gave AppIndicator's "•••" placeholder."""
    prefix = make_install(make_vars, sandbox.path("opt-moscowtime"))
    monkeypatch.setenv(BIN_DIR_ENV, str(prefix / "bin"))
    rig.start_agent()
    path = _tray(rig, watcher).prop("IconThemePath")
    assert path.startswith(str(prefix)), path
    for name in ("org.moscowtime.Agent", "org.moscowtime.Agent-ringing", "org.moscowtime.Agent-paused"):
        found = _found_searching_only(path, name)
        installed = prefix / "share" / "icons" / "hicolor" / "scalable" / "apps" / f"{name}.svg"
        assert found and Path(found).resolve() == installed.resolve(), f"{name} in {path}: {found}"


def test_status_needs_attention_while_ringing_and_active_after_stop(rig, watcher, sandbox):
    signals = BusMonitor(sandbox, rig.bus, f"type='signal',interface='{ITEM_IFACE}'", name="tray-signals")
    rig.start_agent()
    tray = _tray(rig, watcher)
    t = rig.timer(1, "Tea")
    _wait_prop(tray, "Status", "NeedsAttention")
    assert tray.prop("IconName") == "org.moscowtime.Agent-ringing"
    assert tray.tooltip()[0] == "Ringing: Tea"
    labels = _labels(tray)
    assert labels[:2] == ['Snooze "Tea"', 'Stop "Tea"'], labels
    signals.wait_for(r'member=NewStatus\n\s+string "NeedsAttention"')
    signals.wait_for(r"member=NewIcon")

    assert tray.prop("AttentionIconName") == "org.moscowtime.Agent-ringing"

    tray.click(tray.entry('Stop "Tea"')["id"])
    assert tray.prop("Status") == "Active"  # the click's effect is visible when Event returns
    assert tray.prop("IconName") == "org.moscowtime.Agent"
    assert rig.cli_json("status")["ringing"] == []
    signals.wait_for(r'member=NewStatus\n\s+string "Active"')
    assert not any(l.startswith(("Snooze", "Stop")) for l in _labels(tray))
    wait_until(lambda: not rig.alarm(t.id)["enabled"], 2, "the stopped timer to be switched off")


# -- the menu -----------------------------------------------------------------------------------------

def test_menu_lists_the_next_alarms_and_snooze_snoozes(rig, watcher, sandbox):
    menu_signals = BusMonitor(sandbox, rig.bus, f"type='signal',interface='{MENU_IFACE}'", name="menu-signals")
    wake = rig.cli_json("add", hhmm(utc_now() + timedelta(hours=3)), "--days", "everyday", "--label", "Wake_up")
    rig.start_agent()
    tray = _tray(rig, watcher)
    entries = tray.entries()
    upcoming = [e for e in entries if e["label"].endswith(" Wake_up") and not e["label"].startswith("Skip the next one: ")]
    assert len(upcoming) == 5 and not any(e["enabled"] for e in upcoming)
    assert re.fullmatch(r"\w{3} \d\d:\d\d Wake_up", upcoming[0]["label"])
    assert [e["label"] for e in entries if e["type"] != "separator"][-2:] == ["Pause for 1 hour", "Quit"]
    assert len({e["id"] for e in entries}) == len(entries)

    revision = tray.layout()[0]
    t = rig.timer(1, "Tea")
    wait_until(lambda: 'Snooze "Tea"' in _labels(tray), 3, "Snooze \"Tea\" in the menu")
    assert tray.layout()[0] > revision
    menu_signals.wait_for(r"member=LayoutUpdated\n\s+uint32 \d+\n\s+int32 0")

    pressed = time.time()
    tray.click(tray.entry('Snooze "Tea"')["id"])
    entry = wait_until(lambda: (lambda e: e if e and e["snoozed"] else None)(rig.next_for(t.id)), 2,
                       "snoozed:true in agent-cli next --json")
    assert parse_iso(entry["at"]).timestamp() - pressed == pytest.approx(600, abs=3)
    assert tray.prop("Status") == "Active"
    assert any(l.endswith("Tea (snoozed)") for l in _labels(tray)), _labels(tray)
    assert wake["id"] in [e["id"] for e in rig.next_json()]


def test_snooze_all_and_stop_all_when_several_ring(rig, watcher):
    rig.start_agent()
    tray = _tray(rig, watcher)
    one, two = rig.timer(1, "One"), rig.timer(1, "Two")
    wait_until(lambda: "Snooze all" in _labels(tray), 3, "Snooze all in the menu")
    assert tray.tooltip()[0] in ("Ringing: One, Two", "Ringing: Two, One")  # in id order, as ListRinging
    tray.click(tray.entry("Snooze all")["id"])
    assert sorted(x["id"] for x in rig.cli_json("status")["snoozed"]) == sorted([one.id, two.id])
    three = rig.timer(1, "Three")
    four = rig.timer(1, "Four")
    wait_until(lambda: "Stop all" in _labels(tray), 3, "Stop all in the menu")
    tray.click(tray.entry("Stop all")["id"])
    s = rig.cli_json("status")
    assert s["ringing"] == [] and len(s["snoozed"]) == 2  # Stop all: what rings, not the snoozes
    assert {three.id, four.id}.isdisjoint(x["id"] for x in s["snoozed"])


def test_menu_done_marks_a_habit_done_today(rig, watcher):
    habit = rig.cli_json("habit", "add", "Read_books")
    rig.cli("habit", "add", "Water", "--numeric", "--unit", "glasses", "--target", "8")
    rig.start_agent()
    tray = _tray(rig, watcher)
    assert "Habits due today: Read_books, Water (0 / 8 glasses)" in tray.tooltip()[1]
    done = tray.entry("Done: Read_books")
    assert done["enabled"]
    tray.click(done["id"])
    shown = rig.cli_json("habit", "show", habit["id"])
    assert shown["today"]["state"] == "done"
    assert "Done: Read_books" not in _labels(tray)
    # the first completion, done from the tray, is announced once (normal urgency)
    achievements = lambda: [c for c in rig.mock.notify_calls() if c.hints.get("category") == "x-moscowtime.habit.achievement"]
    [note] = wait_until(lambda: achievements() or None, 3, "the achievement notification")
    assert note.body == "First completion — Read_books" and note.hints["urgency"] == 1
    tray.click(tray.entry("Done: Water")["id"])  # a numeric habit: one more unit
    assert rig.cli_json("habit", "show", "Water")["today"]["amount"] == 1
    assert "Done: Water (1 / 8 glasses)" in _labels(tray)
    # a habit done from the CLI leaves the menu too
    rig.cli("habit", "done", "Water", "--amount", "8")
    wait_until(lambda: not any(l.startswith("Done:") for l in _labels(tray)), 2, "no habit left to do")
    assert "All habits are done for today." in tray.tooltip()[1]


def test_menu_pause_for_an_hour_and_resume(rig, watcher):
    rig.start_agent()
    tray = _tray(rig, watcher)
    pressed = time.time()
    tray.click(tray.entry("Pause for 1 hour")["id"])
    until = parse_iso(rig.cli_json("status")["pausedUntil"])
    assert until.timestamp() - pressed == pytest.approx(3600, abs=3)
    assert tray.prop("IconName") == "org.moscowtime.Agent-paused" and tray.prop("Status") == "Active"
    assert tray.tooltip()[0].startswith("Paused until ")
    resume = tray.entry("Resume (paused until ")
    assert hhmm(until) in resume["label"]
    tray.click(resume["id"])
    assert rig.cli_json("status")["pausedUntil"] is None
    assert tray.prop("IconName") == "org.moscowtime.Agent"
    assert "Pause for 1 hour" in _labels(tray)


def test_activate_shows_todays_summary(rig, watcher):
    soon = utc_now() + timedelta(minutes=2)
    if hhmm(soon) < hhmm(utc_now()):  # crosses midnight in Moscow: nothing is "today" then
        pytest.skip("too close to midnight in Moscow")
    rig.cli_json("add", hhmm(soon), "--days", "everyday", "--label", "Tea time")
    rig.cli("habit", "add", "Stretch")
    rig.start_agent()
    tray = _tray(rig, watcher)
    tray.activate()
    call = wait_until(lambda: next((c for c in rig.mock.notify_calls() if c.hints.get("category") == SUMMARY_CATEGORY), None),
                      3, "the summary notification")
    assert call.summary.startswith("Today, ") and call.app_name == "MoscowTime"
    assert f"Alarms today: {hhmm(soon)} Tea time" in call.body
    assert "Habits due today: Stretch" in call.body
    assert call.hints.get("transient") is True and call.actions == []
    # a second click replaces it instead of stacking another one
    tray.activate()
    wait_until(lambda: len([c for c in rig.mock.notify_calls() if c.hints.get("category") == SUMMARY_CATEGORY]) == 2,
               3, "the second summary")
    second = [c for c in rig.mock.notify_calls() if c.hints.get("category") == SUMMARY_CATEGORY][-1]
    assert second.replaces_id == call.id


def test_menu_errors_and_quit(rig, watcher):
    agent = rig.start_agent()
    tray = _tray(rig, watcher)
    with pytest.raises(dbus.DBusException) as info:
        tray.click(9999)
    assert info.value.get_dbus_name() == "org.freedesktop.DBus.Error.InvalidArgs"
    with pytest.raises(dbus.DBusException):
        tray.menu_call("GetLayout", 9999, -1, [], signature="iias")
    revision, root = tray.menu_call("GetLayout", 0, 0, ["label"], signature="iias")
    assert root[0] == 0 and root[2] == []  # depth 0: no children
    [[item_id, props]] = tray.menu_call("GetGroupProperties", [tray.entry("Quit")["id"]], ["label"], signature="aias")
    assert props == {"label": "Quit"}
    assert tray.menu_call("AboutToShow", 0, signature="i") is False  # nothing changed meanwhile
    assert tray.menu_call("AboutToShowGroup", [0, 9999], signature="ai") == [[], [9999]]
    hover = dbus.Struct((tray.entry("Quit")["id"], "hovered", dbus.String("", variant_level=1), dbus.UInt32(0)))
    stale = dbus.Struct((9999, "clicked", dbus.String("", variant_level=1), dbus.UInt32(0)))
    assert tray.menu_call("EventGroup", [hover, stale], signature="a(isvu)") == [9999]
    assert agent.alive()  # "hovered" is not a click
    tray.activate()  # no crash on other clicks
    tray.call("Scroll", 1, "vertical", signature="is")
    tray.call("SecondaryActivate", 0, 0, signature="ii")

    tray.click(tray.entry("Quit")["id"])
    wait_until(lambda: not agent.alive(), 5, "the agent to exit after Quit")
    assert agent.child.returncode == 0
    rig.bus.wait_for_name_gone(AGENT_BUS_NAME, timeout=2)
    assert not rig.bus.has_owner(tray.service)


def test_russian_texts(rig, watcher, sandbox):
    """With `settings language ru` the icon, the menu and the summary speak Russian (ru.po compiled
    into the sandbox, found through MOSCOWTIME_LOCALEDIR)."""
    import subprocess
    mo = sandbox.path("locale") / "ru" / "LC_MESSAGES" / "moscowtime.mo"
    mo.parent.mkdir(parents=True)
    subprocess.run(["msgfmt", "-o", str(mo), str(REPO_ROOT / "po" / "ru.po")], check=True)
    sandbox.env["MOSCOWTIME_LOCALEDIR"] = str(sandbox.path("locale"))
    rig.cli("settings", "language", "ru")
    rig.cli("habit", "add", "Чтение")
    rig.start_agent()
    tray = _tray(rig, watcher)
    labels = _labels(tray)
    assert labels[-3:] == ["Сделано: Чтение", "Пауза на 1 час", "Выйти"], labels
    assert tray.tooltip()[0] == "Ближайших срабатываний нет."
    assert "Привычки на сегодня: Чтение" in tray.tooltip()[1]
    rig.timer(1, "Чай")
    wait_until(lambda: "Отложить «Чай»" in _labels(tray), 3, "the Russian Snooze entry")
    assert "Остановить «Чай»" in _labels(tray) and tray.tooltip()[0] == "Звонит: Чай"
    tray.activate()
    call = wait_until(lambda: next((c for c in rig.mock.notify_calls() if c.hints.get("category") == SUMMARY_CATEGORY), None),
                      3, "the summary notification")
    assert call.summary.startswith("Сегодня, ") and "Звонит: Чай" in call.body


def test_menu_skips_the_next_ring(rig, watcher):
    wake = rig.cli_json("add", hhmm(utc_now() + timedelta(hours=3)), "--days", "everyday", "--label", "Wake_up")
    rig.start_agent()
    tray = _tray(rig, watcher)
    first = rig.next_for(wake["id"])["at"]
    skip = tray.entry("Skip the next one: ")
    assert skip["enabled"] and skip["label"].endswith(" Wake_up")
    tray.click(skip["id"])
    wait_until(lambda: (rig.next_for(wake["id"]) or {}).get("at") not in (None, first), 3, "the next ring to move a day on")
    assert parse_iso(rig.next_for(wake["id"])["at"]) - parse_iso(first) == timedelta(days=1)
    assert rig.alarm(wake["id"])["skipped"] == [parse_iso(first).astimezone(MOSCOW).date().isoformat()]


def test_dbus_skip_takes_out_the_next_rings(rig):
    wake = rig.cli_json("add", hhmm(utc_now() + timedelta(hours=3)), "--days", "everyday", "--label", "Wake_up")
    rig.start_agent()
    agent = dbus.Interface(rig.bus.conn.get_object(AGENT_BUS_NAME, "/org/moscowtime/Agent"), "org.moscowtime.Agent1")
    first = parse_iso(rig.next_for(wake["id"])["at"])
    days = [str(d) for d in agent.Skip(wake["id"], dbus.UInt32(2))]
    assert days == [(first + timedelta(days=n)).astimezone(MOSCOW).date().isoformat() for n in (0, 1)]
    wait_until(lambda: parse_iso((rig.next_for(wake["id"]) or {"at": first.isoformat()})["at"]) - first == timedelta(days=2), 3,
               "the next ring two days on")
    for args, error in (((wake["id"], dbus.UInt32(0)), "InvalidArgument"), ((wake["id"], dbus.UInt32(101)), "InvalidArgument"),
                        (("nope", dbus.UInt32(1)), "UnknownAlarm"), (("x" * 65, dbus.UInt32(1)), "InvalidArgument")):
        with pytest.raises(dbus.DBusException) as e:
            agent.Skip(*args)
        assert e.value.get_dbus_name() == f"org.moscowtime.Agent1.Error.{error}"
    timer = rig.timer(600, "Tea")
    wait_until(lambda: agent.NextTriggers(dbus.UInt32(10)) and timer.id in [str(t[0]) for t in agent.NextTriggers(dbus.UInt32(10))], 3,
               "the agent to know the timer")
    with pytest.raises(dbus.DBusException) as e:
        agent.Skip(timer.id, dbus.UInt32(1))
    assert e.value.get_dbus_name() == "org.moscowtime.Agent1.Error.NothingToSkip"

