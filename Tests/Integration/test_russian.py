# SPDX-License-Identifier: GPL-3.0-or-later
"""Everything agent-cli says, in Russian: every command's --help and the common errors under
LANG=ru_RU.UTF-8 (a locale this machine need not have generated), with no English sentence left;
and the catalogue holds every message the sources use (po/extract-messages --check, --lint)."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
RU = {"LANG": "ru_RU.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}

# Words that only an English sentence has: two of them on a line (outside code, options,
# placeholders and quoted text) mean the line was left in English.
ENGLISH = set("""the a an of to for and or with is are was be in on at by from this that it its not no as
each every one all show give expected use default values value missing unknown unexpected invalid
alarm alarms habit habits day days time times minutes see more information help version
option argument command subcommand nothing change changed new add list remove delete""".split())
CODE = re.compile(r"""(\bagent-cli [a-z].*$|\((?:values|значения): .*$|«[^»]*»|"[^"]*"|'[^']*'|<[^>]*>|\$\S+|\S*[-/_.:=~@0-9]\S*)""")


def english_lines(text: str) -> list[str]:
    found = []
    for line in text.splitlines():
        words = [w.lower() for w in re.findall(r"[A-Za-z]+", CODE.sub(" ", line))]
        if len({w for w in words if w in ENGLISH}) >= 2:
            found.append(line)
    return found


def test_english_detector_catches_english_and_passes_russian():
    assert english_lines("  --json   Print the new alarm as JSON.")
    assert english_lines("agent-cli: invalid time \"25:00\": expected HH:MM with hours 0–23")
    assert english_lines("  -h, --help              Show help information.")
    assert not english_lines("  --json   Вывести новый будильник в JSON.")
    assert not english_lines('  agent-cli habit add "Вода" --numeric --unit стакан,стакана,стаканов --target 8')
    assert not english_lines("ВЫЗОВ: agent-cli add <time> [--days <days>] [--once <once>]")


# Value names in help and usage (`--days <days>`): in the user's language too. Not words: X/Y, URL.
VALUE_NAME = re.compile(r"<([^<>\s]+)>")
NOT_WORDS = {"X/Y", "URL"}


def english_value_names(text: str) -> list[str]:
    return sorted({v for v in VALUE_NAME.findall(text)
                   if re.search("[A-Za-z]", v) and not re.search("[а-яё]", v, re.I) and v not in NOT_WORDS})


def test_value_name_detector():
    assert english_value_names("ВЫЗОВ: agent-cli add <time> [--days <days>] [--once <дата>]") == ["days", "time"]
    assert english_value_names("  --times-in <X/Y>   X раз за любые Y дней") == []
    assert english_value_names("ВЫЗОВ: agent-cli add <время> [--days <дни>]") == []


def command_paths(cli) -> list[list[str]]:
    """Every command and subcommand, from ArgumentParser's own description of the tree."""
    r = cli(["--experimental-dump-help"])
    assert r.rc == 0, r
    paths = []

    def walk(cmd, prefix):
        for sub in cmd.get("subcommands", []):
            name = sub["commandName"]
            if name == "help":
                continue
            paths.append(prefix + [name])
            walk(sub, prefix + [name])

    walk(json.loads(r.stdout)["command"], [])
    return paths


def test_every_help_is_russian(cli):
    paths = command_paths(cli)
    assert ["add"] in paths and ["habit", "done"] in paths and ["template", "apply"] in paths
    problems = {}
    for path in [[]] + paths:
        r = cli(path + ["--help"], env=RU)
        assert r.rc == 0, (path, r)
        assert "ВЫЗОВ:" in r.stdout and "Показать справку." in r.stdout, (path, r.stdout)
        bad = english_lines(r.stdout) + [f"<{v}>" for v in english_value_names(r.stdout)]
        if bad:
            problems[" ".join(path)] = bad
    assert not problems, "English left in Russian help:\n" + json.dumps(problems, ensure_ascii=False, indent=1)


def test_the_catalogue_is_inside_the_binary(tmp_path):
    """What `swift build` (and scripts/run, the README's run command) makes speaks Russian by
    itself: a copy of the binary far from the source tree and any share/locale, on a machine whose
    ru_RU locale need not be generated."""
    from harness.agent import binary
    import shutil
    lone = tmp_path / "bin" / "agent-cli"
    lone.parent.mkdir()
    shutil.copy2(binary("agent-cli"), lone)
    env = {"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "d"), "PATH": "/usr/bin:/bin", "LANG": "ru_RU.UTF-8"}
    r = subprocess.run([str(lone), "--help"], env=env, capture_output=True, text=True)
    assert r.returncode == 0 and "Будильники и привычки по московскому времени" in r.stdout, r.stdout + r.stderr
    r = subprocess.run([str(lone), "add", "25:00"], env=env, capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.startswith("agent-cli: неверное время «25:00»"), r.stderr


def test_closed_sets_are_listed_in_help(cli):
    text = " ".join(cli(["settings", "--help"], env=RU).stdout.split())
    assert "(значения: zone, snooze, sound, ring-minutes, ramp, late-window, language, habit-later, habit-sound, wake, achievement-notifications, dismiss, holidays, pre-notice, reminder-snooze)" in text, text
    text = " ".join(cli(["autostart", "enable", "--help"]).stdout.split())
    assert "(values: auto, systemd, xdg; default: auto)" in text, text


def test_value_names_are_russian_in_usage_and_options(cli):
    # add has more than 12 options since --ramp, so ArgumentParser shortens its usage line to
    # "add [<options>] <time>"; timer's is still written out in full.
    text = cli(["add", "--help"], env=RU).stdout
    assert "agent-cli add [<параметры>] <время>" in " ".join(text.split()), text
    assert "--days <дни>" in text and "--label <метка>" in text and "<time>" not in text, text
    text = cli(["timer", "--help"], env=RU).stdout
    assert "agent-cli timer <длительность> [<метка>] [--snooze <минуты>] [--sound <звук>] [--ramp <длительность>]" \
        in " ".join(text.split()), text
    # English help keeps English value names.
    text = cli(["add", "--help"]).stdout
    assert "agent-cli add [<options>] <time>" in " ".join(text.split()) and "--days <days>" in text, text
    # And ArgumentParser's own messages name the value the same way.
    r = cli(["habit", "done"], env=RU)
    assert "<привычка>" in r.stderr, r.stderr


def test_help_follows_language_setting_over_locale(cli):
    assert cli(["settings", "language", "ru"]).rc == 0
    r = cli(["--help"])  # LANG=C.UTF-8, LANGUAGE=en in the sandbox
    assert "Будильники и привычки" in r.stdout
    assert cli(["settings", "language", "en"]).rc == 0
    r = cli(["--help"], env=RU)
    assert "Alarms and habits in Moscow time" in r.stdout and "USAGE:" in r.stdout


COMMON_ERRORS = [
    (["add"], 2),
    (["add", "25:00"], 2),
    (["add", "7:00", "--bogus"], 2),
    (["add", "7:00", "--every", "0"], 2),
    (["add", "7:00", "--days", "funday"], 2),
    (["add", "7:00", "--once", "2020-01-01"], 2),
    (["add", "7:00", "--days", "mon", "--every", "2"], 2),
    (["add", "7:00", "extra", "words"], 2),
    (["timer", "forever"], 2),
    (["show", "nosuchalarm"], 2),
    (["rm"], 2),
    (["settings", "zone", "Nowhere/City"], 2),
    (["settings", "snooze", "0"], 2),
    (["settings", "colour", "red"], 2),
    (["habit", "done", "Nothing"], 2),
    (["habit", "add", "Water", "--numeric"], 2),
    (["habit", "done", "Water", "--amount", "lots"], 2),
    (["habit", "add", "Water", "--per-week", "9"], 2),
    (["habit", "add", "Water", "--daily", "--per-week", "2"], 2),
    (["habit", "stats", "--as-of", "someday"], 2),
    (["next", "--count", "0"], 2),
    (["status"], 3),
    (["snooze"], 3),
    (["frobnicate"], 2),
]


@pytest.mark.parametrize("args,status", COMMON_ERRORS, ids=[" ".join(a) for a, _ in COMMON_ERRORS])
def test_common_errors_are_russian(cli, args, status):
    before = cli(["list", "--json"]).stdout
    r = cli(args, env=RU)
    assert r.rc == status, r
    assert r.stderr.startswith("agent-cli: ") and r.stderr.count("\n") == 1, r.stderr
    assert re.search("[а-яё]", r.stderr), r.stderr
    assert not english_lines(r.stderr) and not english_value_names(r.stderr), r.stderr
    assert cli(["list", "--json"]).stdout == before  # nothing changed


def test_catalogue_has_every_message():
    r = subprocess.run([str(REPO / "po" / "extract-messages"), "--check"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "all translated" in r.stdout


def test_no_user_visible_literal_bypasses_the_catalogue():
    r = subprocess.run([str(REPO / "po" / "extract-messages"), "--lint"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_lint_sees_english_in_the_calendar_tool_its_library_and_the_store_decoder(tmp_path):
    """A new English message in moscowtime-calendar, MoscowTimeCalendar or the store's decoder that
    bypasses the catalogue fails the lint; the same text through the catalogue passes."""
    import importlib.machinery
    import importlib.util
    loader = importlib.machinery.SourceFileLoader("extract_messages", str(REPO / "po" / "extract-messages"))
    spec = importlib.util.spec_from_loader("extract_messages", loader)
    em = importlib.util.module_from_spec(spec)
    sys.modules["extract_messages"] = em  # its dataclasses look their module up
    try:
        loader.exec_module(em)
    finally:
        del sys.modules["extract_messages"]
    files = {
        "Sources/MoscowTimeCalendar/CalDAV/Extra.swift": 'throw SyncError(.setup, "the server went away")',
        "Sources/moscowtime-calendar/Extra.swift": 'ToolOutput.line("the keyring is locked")',
        "Sources/MoscowTimeStore/Store/DocumentCoding.swift": 'throw r.fail("zone", "expected a zone name")',
    }
    for rel, line in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(f"// SPDX-License-Identifier: GPL-3.0-or-later\nfunc f() throws {{ {line} }}\n")
    problems = em.lint(tmp_path)
    assert sorted(p.split(":")[0] for p in problems) == sorted(files), problems
    (tmp_path / "Sources/MoscowTimeCalendar/CalDAV/Extra.swift").write_text('func f(_ t: Localizer) -> String { t("the server went away") }\n')
    (tmp_path / "Sources/moscowtime-calendar/Extra.swift").write_text('func f() throws { throw ToolFailure("the keyring {name} is locked", ["name": x], status: 1) }\n')
    (tmp_path / "Sources/MoscowTimeStore/Store/DocumentCoding.swift").write_text('func f() throws { throw r.fail("zone", Message("expected a zone name")) }\n')
    assert em.lint(tmp_path) == []


def test_lint_sees_english_in_file_system_reasons_templates_and_habit_imports(tmp_path):
    """Issue 11's second round: a new English reason in the store's file system or lock code, the
    template reader, the habit CSV importer or the wake wording of agent-cli fails the lint; the same
    reason through the catalogue passes."""
    import importlib.machinery
    import importlib.util
    loader = importlib.machinery.SourceFileLoader("extract_messages", str(REPO / "po" / "extract-messages"))
    spec = importlib.util.spec_from_loader("extract_messages", loader)
    em = importlib.util.module_from_spec(spec)
    sys.modules["extract_messages"] = em
    try:
        loader.exec_module(em)
    finally:
        del sys.modules["extract_messages"]
    planted = {
        "Sources/MoscowTimeStore/Store/FileSystem.swift": ('throw Failure(message: "the disk is full")', 'throw Failure(Message("the disk is full"))'),
        "Sources/MoscowTimeStore/Store/FileLock.swift": ('throw Failure(message: "cannot lock \\(path)")', 'throw Failure(Message("cannot lock {path}", ["path": path]))'),
        "Sources/MoscowTimeStore/IO/Extra.swift": ('let why = "read was interrupted"', 'let why = Message("read was interrupted")'),
        "Sources/MoscowTimeStore/Templates/Template.swift": ('throw fail("\\(path) must be a time")', 'throw fail(path, Message("expected a time like 07:30"))'),
        "Sources/MoscowTimeStore/HabitExchange/HabitCSVImporter.swift": ('throw fail(row, "id", "habit id appears twice")', 'throw fail(row, "id", Message("habit id {id} appears twice", ["id": id]))'),
        "Sources/agent-cli/Support/WakeReasonWording.swift": ('return "the kernel refused the timer"', 'return t("the kernel refused the timer")'),
    }
    for rel, (english, _) in planted.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(f"// SPDX-License-Identifier: GPL-3.0-or-later\nfunc f() throws {{ {english} }}\n")
    problems = em.lint(tmp_path)
    assert sorted(p.split(":")[0] for p in problems) == sorted(planted), problems
    for rel, (_, worded) in planted.items():
        (tmp_path / rel).write_text(f"// SPDX-License-Identifier: GPL-3.0-or-later\nfunc f() throws {{ {worded} }}\n")
    assert em.lint(tmp_path) == []


def test_ru_po_is_complete():
    r = subprocess.run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(REPO / "po" / "ru.po")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert "untranslated" not in r.stderr and "fuzzy" not in r.stderr, r.stderr


def hard_breaks(text: str, width: int) -> list[str]:
    """Line breaks in the help's overview that ArgumentParser did not make: a line the next one's
    first word would still have fitted on, inside a sentence (not after '.' or ':', not before an
    indented example or a capital)."""
    overview = text.split("\n\n", 1)[1] if "\n\n" in text else ""
    overview = re.split(r"\n(?:USAGE|ВЫЗОВ):", overview)[0]
    lines = overview.splitlines()
    found = []
    for a, b in zip(lines, lines[1:]):
        if not a or not b or b.startswith(" ") or a.endswith((".", ":")) or b[0].isupper():
            continue
        # ArgumentParser fills a line up to width - 1 characters.
        if len(a) + 1 + len(b.split()[0]) <= width - 1:
            found.append(f"{a!r} / {b!r}")
    return found


def test_hard_break_detector():
    assert hard_breaks("OVERVIEW: x\n\nKeys: zone (IANA name), sound (theme id or file,\nalarm-clock-elapsed).\n\nUSAGE: y", 200)
    assert not hard_breaks("OVERVIEW: x\n\nKeys: zone (IANA name), sound (theme id or file,\nalarm-clock-elapsed).\n\nUSAGE: y", 60)
    assert not hard_breaks("OVERVIEW: x\n\nExamples:\n  agent-cli add 7:30\nWithout --days it rings.\n\nUSAGE: y", 200)


@pytest.mark.parametrize("width", [60, 200])
def test_discussions_are_wrapped_by_the_parser(cli, width):
    """One paragraph per line in the catalogue: the help re-wraps to any terminal width, in
    English and Russian, with no break left over from the source's own wrapping."""
    problems = {}
    for path in [[]] + command_paths(cli):
        for env in ({"COLUMNS": str(width)}, {**RU, "COLUMNS": str(width)}):
            r = cli(path + ["--help"], env=env)
            bad = hard_breaks(r.stdout, width)
            if bad:
                problems[" ".join(path) + (" (ru)" if "LANG" in env else "")] = bad
    assert not problems, json.dumps(problems, ensure_ascii=False, indent=1)


def test_store_errors_are_russian(cli, sandbox):
    # A damaged store and one from a newer version: the error names the file, says why (the JSON
    # parser's or the decoder's own reason too) and what to do, in Russian, exit 1, and the file is
    # left byte for byte. The calendar tool (export --ics) says the same.
    store = sandbox.xdg.data / "moscowtime" / "store.json"
    assert cli(["add", "7:00"]).rc == 0
    good = store.read_text()
    wrong_type = re.sub(r'"label" *: *"[^"]*"', '"label": 7', good, count=1)
    assert wrong_type != good
    cases = (
        (b"{ not json", "некорректный JSON: строка 1, столбец 3: ожидалось имя поля в двойных кавычках", "Исправьте его вручную или восстановите"),
        (wrong_type.encode(), "alarms[0].label: ожидалась строка", "Исправьте его вручную или восстановите"),
        (b'{"schemaVersion": 999, "settings": {}, "alarms": []}', "", "обновите agent-cli"),
    )
    for damaged, reason, advice in cases:
        store.write_bytes(damaged)
        for args in (["list"], ["export", "--ics"]):
            r = cli(args, env=RU)
            assert r.rc == 1, r
            assert r.stderr.startswith("agent-cli: ") and r.stderr.count("\n") == 1, r.stderr
            assert str(store) in r.stderr and advice in r.stderr and reason in r.stderr, r.stderr
            assert not english_lines(r.stderr), r.stderr
            assert store.read_bytes() == damaged
    store.write_bytes(b"{ not json")
    r = cli(["list"])
    assert "is damaged and was left untouched: not valid JSON at line 1, column 3: expected a member name in double quotes" in r.stderr, r.stderr


# --- the calendar tool (import, export): errors, warnings and counted summaries ----------------

NOW = {"MOSCOWTIME_NOW": "2026-11-22T10:00:00Z"}


def test_malformed_ics_is_named_by_file_and_line_in_russian(cli, sandbox):
    home = Path(sandbox.env["HOME"])
    cases = {
        "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nSUMMARY\nEND:VEVENT\nEND:VCALENDAR\n": (4, "ожидалось ИМЯ:значение"),
        "BEGIN:VCALENDAR\nBEGIN:VEVENT\nEND:VTODO\nEND:VCALENDAR\n": (3, "END:VTODO закрывает BEGIN:VEVENT из строки 2"),
        "BEGIN:VCALENDAR\nBEGIN:VEVENT\nEND:VEVENT\n": (1, "BEGIN:VCALENDAR не закрыт"),
        "hello there\n": (1, "ожидалось ИМЯ:значение, а найдено «hello there»"),
    }
    assert cli(["add", "7:00"]).rc == 0
    before = cli(["list", "--json"]).stdout
    for k, (text, (line, reason)) in enumerate(cases.items()):
        path = home / f"bad{k}.ics"
        path.write_text(text)
        r = cli(["import", str(path)], env=RU)
        assert r.rc == 2, r
        assert r.stderr == f"agent-cli: {path}, строка {line}: " + r.stderr.split(": ", 2)[2], r.stderr
        assert reason in r.stderr and not english_lines(r.stderr), r.stderr
        en = cli(["import", str(path)])
        assert en.rc == 2 and f"{path}, line {line}: " in en.stderr, en.stderr
    empty = home / "empty.ics"
    empty.write_text("")
    r = cli(["import", str(empty)], env=RU)
    assert r.rc == 2 and r.stderr == f"agent-cli: {empty}: это не файл iCalendar: нет BEGIN:VCALENDAR\n", r.stderr
    assert cli(["list", "--json"]).stdout == before


def test_a_refused_event_is_a_russian_warning_naming_it(cli, sandbox):
    path = Path(sandbox.env["HOME"]) / "other.ics"
    event = ("BEGIN:VEVENT\r\nUID:{uid}\r\nDTSTAMP:20261101T000000Z\r\nSUMMARY:{summary}\r\nDTSTART;TZID=Europe/Moscow:20261123T090000\r\n"
             "{extra}BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\nEND:VEVENT\r\n")
    path.write_text("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//pytest//EN\r\n"
                    + event.format(uid="monthly@example", summary="Отчёт", extra="RRULE:FREQ=MONTHLY;BYMONTHDAY=1\r\n")
                    + event.format(uid="skip@example", summary="Йога", extra="RRULE:FREQ=DAILY\r\nRDATE;TZID=Europe/Moscow:20261125T090000\r\n")
                    + event.format(uid="ok@example", summary="Стендап", extra="")
                    + "END:VCALENDAR\r\n")
    r = cli(["import", str(path)], env={**RU, **NOW})
    assert r.rc == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == ("предупреждение: событие «Отчёт» (UID monthly@example): RRULE FREQ=MONTHLY;BYMONTHDAY=1 "
                        "нельзя выразить расписанием будильника; пропущено"), lines
    assert lines[1] == ("предупреждение: событие «Йога» (UID skip@example): RDATE "
                        "нельзя выразить расписанием будильника; пропущено"), lines
    assert lines[2] == f"Импортировано из {path}: 1 новый будильник.", lines
    assert not any(english_lines(l) for l in lines), lines
    en = cli(["import", str(path), "--dry-run"], env=NOW)
    assert 'warning: event "Отчёт" (UID monthly@example): RRULE FREQ=MONTHLY;BYMONTHDAY=1 cannot be expressed' in en.stdout, en.stdout


# Russian forms for 1, 2, 5, 21: one, few, many, and one again.
COUNTS = [1, 2, 5, 21]
ALARMS = {1: "1 будильник", 2: "2 будильника", 5: "5 будильников", 21: "21 будильник"}
HABITS = {1: "1 привычка", 2: "2 привычки", 5: "5 привычек", 21: "21 привычка"}
NEW_ALARMS = {1: "1 новый будильник", 2: "2 новых будильника", 5: "5 новых будильников", 21: "21 новый будильник"}
NEW_HABITS = {1: "1 новая привычка", 2: "2 новые привычки", 5: "5 новых привычек", 21: "21 новая привычка"}
UNCHANGED = {1: "1 будильник без изменений", 2: "2 будильника без изменений", 5: "5 будильников без изменений", 21: "21 будильник без изменений"}
UNCHANGED_HABITS = {1: "1 привычка без изменений", 2: "2 привычки без изменений", 5: "5 привычек без изменений", 21: "21 привычка без изменений"}
EN = {"LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}


@pytest.mark.parametrize("n", COUNTS)
def test_import_and_export_summaries_count_in_russian_plural_forms(cli, sandbox, n):
    home = Path(sandbox.env["HOME"])
    for k in range(n):
        assert cli(["add", f"{k % 24}:{k % 60:02d}", "--label", f"Будильник {k}"]).rc == 0
        assert cli(["habit", "add", f"Привычка {k}"]).rc == 0
    ics, csv = home / "all.ics", home / "habits.csv"
    r = cli(["export", "--ics", str(ics)], env=RU)
    assert r.rc == 0 and r.stdout == f"Экспортировано в {ics}: {ALARMS[n]}, {HABITS[n]}.\n", r.stdout
    en = cli(["export", "--ics", str(ics)])
    assert en.stdout == f"Exported to {ics}: {n} alarm{'s' * (n != 1)}, {n} habit{'s' * (n != 1)}.\n", en.stdout
    other = {**RU, **NOW, "XDG_DATA_HOME": str(home / "machine-b")}
    r = cli(["import", str(ics), "--dry-run"], env=other)
    assert r.stdout == f"Пробный импорт из {ics}, ничего не изменено: {NEW_ALARMS[n]}; {NEW_HABITS[n]}.\n", r.stdout
    r = cli(["import", str(ics)], env=other)
    assert r.rc == 0, r.stderr
    assert r.stdout == f"Импортировано из {ics}: {NEW_ALARMS[n]}; {NEW_HABITS[n]}.\n", r.stdout
    r = cli(["import", str(ics)], env=other)
    assert r.stdout == f"Импортировано из {ics}: {UNCHANGED[n]}; {UNCHANGED_HABITS[n]}.\n", r.stdout
    en = cli(["import", str(ics)], env={**other, **EN})
    s = "s" * (n != 1)
    assert en.stdout == f"Imported from {ics}: {n} alarm{s} unchanged; {n} habit{s} unchanged.\n", en.stdout
    # habit export/import (agent-cli's own CSV)
    r = cli(["habit", "export", "--output", str(csv)], env=RU)
    verb = {1: "выгружена", 2: "выгружены", 5: "выгружено", 21: "выгружена"}[n]
    assert r.stdout == f"В {csv} {verb} {HABITS[n]}.\n", r.stdout
    third = {**RU, **NOW, "XDG_DATA_HOME": str(home / "machine-c")}
    r = cli(["habit", "import", str(csv)], env=third)
    new = {1: "1 новая", 2: "2 новые", 5: "5 новых", 21: "21 новая"}[n]
    assert r.stdout == f"Импортировано: {HABITS[n]} ({new}, 0 дополнено), добавлено 0 дней; 0 уже отмеченных дней сохранено.\n", r.stdout
    r = cli(["habit", "import", str(csv)], env=third)
    merged = {1: "1 дополнена", 2: "2 дополнены", 5: "5 дополнено", 21: "21 дополнена"}[n]
    assert r.stdout.startswith(f"Импортировано: {HABITS[n]} (0 новых, {merged}), "), r.stdout


def test_habit_days_are_counted_in_russian(cli, sandbox):
    csv = Path(sandbox.env["HOME"]) / "h.csv"
    assert cli(["habit", "add", "Вода", "--start", "2026-10-01"], env=NOW).rc == 0
    for day in range(1, 22):
        assert cli(["habit", "done", "Вода", "--date", f"2026-11-{day:02d}"], env=NOW).rc == 0
    assert cli(["habit", "export", "--output", str(csv)]).rc == 0
    other = {**RU, **NOW, "XDG_DATA_HOME": str(Path(sandbox.env["HOME"]) / "b")}
    r = cli(["habit", "import", str(csv)], env=other)
    assert r.stdout == "Импортировано: 1 привычка (1 новая, 0 дополнено), добавлен 21 день; 0 уже отмеченных дней сохранено.\n", r.stdout
    r = cli(["habit", "import", str(csv)], env=other)
    assert r.stdout == "Импортировано: 1 привычка (0 новых, 1 дополнена), добавлено 0 дней; 21 уже отмеченный день сохранён.\n", r.stdout


# --- file system and lock reasons, templates, habit CSV rows, the wake helper (issue 11) -------

def disk_state(folder: Path) -> dict:
    """What is on disk in `folder`: each entry's type, link target, size, mtime and (small files) bytes."""
    import os
    import stat as st
    state = {}
    for p in sorted(folder.iterdir()):
        s = os.lstat(p)
        kind = st.S_IFMT(s.st_mode)
        small = kind == st.S_IFREG and s.st_size < 1 << 20 and os.access(p, os.R_OK)
        state[p.name] = (kind, os.readlink(p) if st.S_ISLNK(s.st_mode) else None, s.st_size, s.st_mtime_ns, st.S_IMODE(s.st_mode),
                         p.read_bytes() if small else None)
    return state


def assert_russian_failure(r, status: int, *says: str):
    assert r.rc == status, r
    assert r.stderr.startswith("agent-cli: ") and r.stderr.count("\n") == 1, r.stderr
    assert all(s in r.stderr for s in says), r.stderr
    assert not english_lines(r.stderr), r.stderr


def test_file_system_reasons_in_store_errors_are_russian(cli, sandbox):
    """A FIFO, a symlink loop, a folder, a file too large in place of store.json; a FIFO in place of
    the lock; a data folder others can write: a Russian reason that says what to do, exit 1, and
    nothing on disk changes."""
    import os
    folder = sandbox.xdg.data / "moscowtime"
    store = folder / "store.json"
    assert cli(["add", "7:00"]).rc == 0
    good = store.read_bytes()

    def fifo(p):
        p.unlink(); os.mkfifo(p)

    def loop(p):
        p.unlink(); p.symlink_to(p.name)

    def to_folder(p):
        (folder / "elsewhere").mkdir(); p.unlink(); p.symlink_to("elsewhere")

    def too_large(p):
        os.truncate(p, 300 << 20)

    stores = (
        (fifo, "это именованный канал (FIFO), а не обычный файл; уберите его или замените настоящим файлом"),
        (loop, "слишком много символических ссылок"),
        (to_folder, "это папка, а не обычный файл"),
        (too_large, "его размер — 314572800 байт, больше допустимых 268435456 байт"),
    )
    for plant, says in stores:
        plant(store)
        before = disk_state(folder)
        for args in (["list"], ["add", "8:00"], ["export", "--ics"]):
            assert_russian_failure(cli(args, env=RU), 1, f"не удаётся прочитать {store}: {says}")
            assert disk_state(folder) == before, args
        # Put the real store back for the next case.
        store.unlink()
        if (folder / "elsewhere").exists():
            (folder / "elsewhere").rmdir()
        store.write_bytes(good)

    lock = folder / "store.json.lock"
    fifo(lock)
    before = disk_state(folder)
    assert_russian_failure(cli(["add", "8:00"], env=RU), 1,
                           f"не удаётся записать {store}: блокировка {lock} — именованный канал (FIFO), а не обычный файл; уберите её",
                           "прежняя версия не изменена")
    assert disk_state(folder) == before
    lock.unlink()

    folder.chmod(0o707)
    before = disk_state(folder)
    assert_russian_failure(cli(["add", "8:00"], env=RU), 1, f"в папку {folder} могут писать другие пользователи (права 707); исправьте так: chmod go-w '{folder}'")
    assert disk_state(folder) == before
    folder.chmod(0o700)
    assert cli(["list", "--json"]).rc == 0 and store.read_bytes() == good


def test_an_unreadable_store_is_refused_in_russian(cli, sandbox):
    """store.json the user may not read (mode 000; as root, without the capability that overrides
    it): "доступ запрещён" and what to check, exit 1, the file untouched."""
    import os
    import shutil as sh
    from harness import binary
    folder = sandbox.xdg.data / "moscowtime"
    store = folder / "store.json"
    assert cli(["add", "7:00"]).rc == 0
    prefix = []
    if os.geteuid() == 0:
        if not sh.which("setpriv"):
            pytest.skip("setpriv (util-linux) is needed to drop CAP_DAC_OVERRIDE as root")
        prefix = ["setpriv", "--inh-caps=-all", "--bounding-set=-dac_override,-dac_read_search"]
    store.chmod(0)
    try:
        before = disk_state(folder)
        for args in (["list"], ["add", "8:00"]):
            r = sandbox.run(prefix + [str(binary("agent-cli")), *args], env=RU, timeout=15)
            assert_russian_failure(type("R", (), {"rc": r.returncode, "stderr": r.stderr})(), 1,
                                   f"не удаётся прочитать {store}: доступ запрещён: проверьте владельца и права файла и его папки")
            assert disk_state(folder) == before
    finally:
        store.chmod(0o600)


def test_a_broken_template_is_explained_in_russian(cli, tmp_path):
    """A user's own template file with a mistake: which file, which field and why, in Russian, exit 1;
    applying it creates nothing."""
    import os
    d = tmp_path / "data" / "templates"
    d.mkdir(parents=True)
    base = {"format": 1, "name": {"en": "Tea", "ru": "Чай"}, "description": {"en": "Tea time", "ru": "Время чая"}}
    env = {**RU, "MOSCOWTIME_DATADIR": str(tmp_path / "data")}
    before = cli(["list", "--json"]).stdout
    cases = (
        ('{"format": 1, "name": {"en": "B"}', "некорректный JSON: строка 1, столбец"),
        (json.dumps(base), "в нём нет ни будильников, ни привычек"),
        (json.dumps({**base, "alarms": [{"label": {"en": "Tea", "ru": "Чай"}, "time": "25:00"}]}), "alarms[0].time: ожидалось время вида 07:30"),
        (json.dumps({**base, "alarms": [{"label": {"en": "Tea"}, "time": "17:00"}]}), 'alarms[0].label: ожидалось {"en": "…", "ru": "…"}'),
        (json.dumps({**base, "habits": [{"name": {"en": "Tea", "ru": "Чай"}, "frequency": "hourly"}]}), "habits[0].frequency: «hourly»"),
        (json.dumps({**base, "format": 2}), "«format» должен быть 1"),
    )
    for text, says in cases:
        (d / "tea.json").write_text(text)
        for args in (["template", "list"], ["template", "apply", "tea"], ["template", "show", "tea"]):
            assert_russian_failure(cli(args, env=env), 1, f"шаблон {d / 'tea.json'} содержит ошибку: ", says)
    (d / "tea.json").unlink()
    os.mkfifo(d / "tea.json")
    assert_russian_failure(cli(["template", "apply", "tea"], env=env), 1, "это именованный канал (FIFO), а не обычный файл")
    assert cli(["list", "--json"]).stdout == before


def test_a_bad_habit_csv_row_is_named_by_line_and_column_in_russian(cli, sandbox):
    home = Path(sandbox.env["HOME"])
    csv = home / "h.csv"
    assert cli(["habit", "add", "Вода", "--start", "2026-10-01"], env=NOW).rc == 0
    assert cli(["habit", "done", "Вода", "--date", "2026-11-02"], env=NOW).rc == 0
    assert cli(["habit", "export", "--output", str(csv)]).rc == 0
    good = csv.read_text()
    lines = good.splitlines(keepends=True)
    entry = next(i for i, l in enumerate(lines) if l.startswith("entry,"))
    other = {**RU, **NOW, "XDG_DATA_HOME": str(home / "b")}
    assert cli(["habit", "import", str(csv)], env=other).rc == 0
    folder = home / "b" / "moscowtime"
    cases = (
        (lines[entry].replace("2026-11-02", "2026-11-31"), f"строка {entry + 1}, столбец «date»: неверная дата «2026-11-31»: ожидается ГГГГ-ММ-ДД"),
        (lines[entry].replace(",done,", ",maybe,"), f"строка {entry + 1}, столбец «state»: "),
        ("hobbit" + lines[entry][len("entry"):], f"строка {entry + 1}, столбец «record»: запись «hobbit» — не habit, не entry и не achievement"),
    )
    for row, says in cases:
        csv.write_text("".join(lines[:entry] + [row] + lines[entry + 1:]))
        before = disk_state(folder)
        assert_russian_failure(cli(["habit", "import", str(csv)], env=other), 2, f"{csv}, {says}")
        assert disk_state(folder) == before


@pytest.mark.agent
def test_why_alarms_cannot_wake_the_computer_is_russian(rig, sandbox):
    """agent-cli status words the wake helper's reason by its code; only an unknown code shows the
    helper's own text, quoted."""
    rig.start_agent()
    answers = {
        "error no-capability moscowtime-wake lacks CAP_WAKE_ALARM (check: getcap)": "у moscowtime-wake нет права CAP_WAKE_ALARM",
        "error no-rtc the kernel cannot set wake alarms on this machine's RTC (Invalid argument)": "ядро не может ставить будильники пробуждения",
        "error timerfd cannot create the wake-up timer: Bad file descriptor": "ядро не дало создать таймер пробуждения",
        "": "помощник пробуждения не дал понятного ответа",
        "error sparkles the moon is wrong": "помощник пробуждения ответил: «the moon is wrong»",
    }
    for i, (answer, says) in enumerate(answers.items()):
        helper = sandbox.path(f"wake-{i}")
        helper.write_text(f"#!/bin/sh\necho \"{answer}\"\nexit 1\n")
        helper.chmod(0o755)
        r = rig.cli("status", env={**RU, "MOSCOWTIME_WAKE_HELPER": str(helper)})
        [line] = [l for l in r.stdout.splitlines() if l.startswith("пробуждение:")]
        assert "компьютер нельзя вывести из спящего режима: " in line and says in line, line
        assert not english_lines(line.replace("the moon is wrong", "")), line
    r = rig.cli("status", env={**RU, "MOSCOWTIME_WAKE_HELPER": str(sandbox.path("nothing"))})
    [line] = [l for l in r.stdout.splitlines() if l.startswith("пробуждение:")]
    assert "помощник пробуждения moscowtime-wake не установлен (его ставит make install или пакет)" in line, line
