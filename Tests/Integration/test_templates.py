# SPDX-License-Identifier: GPL-3.0-or-later
"""`agent-cli template list|show|apply`: the ten shipped templates, in English and Russian."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
NOW = {"MOSCOWTIME_NOW": "2026-11-21T12:00:00Z"}  # Saturday 15:00 in Moscow
EN = {"LANG": "C.UTF-8", "LANGUAGE": "", **NOW}
RU = {"LANG": "ru_RU.UTF-8", "LANGUAGE": "", **NOW}
IDS = ["bedtime", "commute", "lunch-break", "medication", "pomodoro", "study-session", "water",
       "weekend-wakeup", "workday-wakeup", "workout"]

pytestmark = pytest.mark.agent


def store(sandbox) -> Path:
    return Path(sandbox.env["XDG_DATA_HOME"]) / "moscowtime" / "store.json"


def test_list_in_both_languages(cli):
    en = cli(["template", "list"], env=EN)
    assert en.rc == 0, en.stderr
    lines = en.stdout.splitlines()
    assert lines[0].split() == ["TEMPLATE", "NAME", "ALARMS", "HABITS"]
    assert [l.split()[0] for l in lines[1:]] == IDS
    assert "Workday wake-up" in en.stdout and "Pomodoro" in en.stdout
    ru = cli(["template", "list"], env=RU).stdout
    assert ru.splitlines()[0].split() == ["ШАБЛОН", "НАЗВАНИЕ", "БУДИЛЬНИКИ", "ПРИВЫЧКИ"]
    assert "Подъём в будни" in ru and "Помидор" in ru
    data = json.loads(cli(["template", "list", "--json"], env=EN).stdout)
    assert [t["id"] for t in data] == IDS
    assert data[IDS.index("water")]["names"] == {"en": "Water", "ru": "Вода"}
    assert cli(["template"], env=EN).stdout == en.stdout  # list is the default


def test_show_describes_without_creating_anything(cli, sandbox):
    r = cli(["template", "show", "medication"], env=EN)
    assert r.rc == 0
    assert "Morning medication" in r.stdout and "09:00" in r.stdout and "Take medication" in r.stdout
    r = cli(["template", "show", "Вода"], env=RU)
    assert "Пить воду" in r.stdout and "≥ 8 стаканов" in r.stdout and "10:00, 12:00" in r.stdout
    r = cli(["template", "show", "workday-wakeup", "--at", "6:30"], env=EN)
    assert "06:30" in r.stdout and "06:40" in r.stdout
    assert not store(sandbox).exists()


def test_apply_creates_alarms_and_habits(cli):
    r = cli(["template", "apply", "study-session", "--at", "18:30"], env=EN)
    assert r.rc == 0, r.stderr
    assert r.stdout.startswith('Applied template "Study session": 2 alarm(s), 1 habit(s).')
    alarms = json.loads(cli(["list", "--json"], env=EN).stdout)
    assert [(a["label"], a["schedule"]["time"]) for a in alarms] == [("Study session", "18:30"), ("Study: take a break", "19:30")]
    assert alarms[0]["summary"] == "Mon, Tue, Wed, Thu"
    habits = json.loads(cli(["habit", "list", "--json"], env=EN).stdout)
    assert [h["name"] for h in habits] == ["Study"]


def test_apply_in_russian_names_things_in_russian(cli):
    r = cli(["template", "apply", "workday-wakeup"], env=RU)
    assert r.rc == 0 and r.stdout.startswith("Применён шаблон «Подъём в будни»")
    labels = [a["label"] for a in json.loads(cli(["list", "--json"], env=EN).stdout)]
    assert labels == ["Подъём в будни", "Будни: пора вставать"]


def test_pomodoro_counts_down_from_now(cli):
    r = cli(["template", "apply", "pomodoro", "--json"], env=EN)
    assert r.rc == 0, r.stderr
    made = json.loads(r.stdout)
    assert made["template"] == "pomodoro" and len(made["alarms"]) == 7
    assert made["alarms"][0]["durationSeconds"] == 25 * 60
    assert made["alarms"][0]["next"] == "2026-11-21T15:25:00+03:00"
    assert made["alarms"][-1]["next"] == "2026-11-21T16:55:00+03:00"


def test_a_name_clash_is_refused_and_nothing_is_created(cli, sandbox):
    assert cli(["template", "apply", "medication"], env=EN).rc == 0
    before = store(sandbox).read_bytes()
    for lang in (EN, RU):  # the Russian names clash with the English ones too
        r = cli(["template", "apply", "medication"], env=lang)
        assert r.rc == 2
        assert store(sandbox).read_bytes() == before
    assert 'alarm "Morning medication"' in cli(["template", "apply", "medication"], env=EN).stderr
    # A single clashing alarm is enough.
    assert cli(["add", "13:00", "--label", "Обеденный перерыв"], env=EN).rc == 0
    before = store(sandbox).read_bytes()
    r = cli(["template", "apply", "lunch-break"], env=RU)
    assert r.rc == 2 and "ничего не создано" in r.stderr
    assert store(sandbox).read_bytes() == before


def test_bad_input_exits_2_and_changes_nothing(cli, sandbox):
    for args in (["template", "apply", "nope"], ["template", "apply", "water", "--at", "24:00"],
                 ["template", "show", "nope"], ["template", "apply"]):
        r = cli(args, env=EN)
        assert r.rc == 2, (args, r.stderr)
    assert "choose one of bedtime, commute" in cli(["template", "apply", "nope"], env=EN).stderr
    assert not store(sandbox).exists()


def test_every_template_applies_together(cli):
    for tid in IDS:
        r = cli(["template", "apply", tid], env=EN)
        assert r.rc == 0, (tid, r.stderr)
    assert len(json.loads(cli(["list", "--json"], env=EN).stdout)) == 2 + 1 + 2 + 2 + 7 + 2 + 0 + 1 + 2 + 0
    assert len(json.loads(cli(["habit", "list", "--json"], env=EN).stdout)) == 5


def test_datadir_override_and_damaged_templates(cli, tmp_path):
    d = tmp_path / "data" / "templates"
    d.mkdir(parents=True)
    (d / "tea.json").write_text(json.dumps({
        "format": 1, "name": {"en": "Tea", "ru": "Чай"}, "description": {"en": "Tea time", "ru": "Время чая"},
        "alarms": [{"label": {"en": "Tea", "ru": "Чай"}, "time": "17:00", "days": "everyday"}]}))
    env = {**EN, "MOSCOWTIME_DATADIR": str(tmp_path / "data")}
    assert [l.split()[0] for l in cli(["template", "list"], env=env).stdout.splitlines()[1:]] == ["tea"]
    assert cli(["template", "apply", "Чай"], env=env).rc == 0
    (d / "broken.json").write_text('{"format": 1, "name": {"en": "B"}}')
    r = cli(["template", "list"], env=env)
    assert r.rc == 1 and "broken.json is invalid: it has neither alarms nor habits" in r.stderr
    env["MOSCOWTIME_DATADIR"] = str(tmp_path / "nowhere")
    r = cli(["template", "list"], env=env)
    # The override is only the first place looked in: the build tree's data/templates follows.
    assert r.rc == 0 and "pomodoro" in r.stdout
