# SPDX-License-Identifier: GPL-3.0-or-later
"""Everything agent-cli says, in Russian: every command's --help and the common errors under
LANG=ru_RU.UTF-8 (a locale this machine need not have generated), with no English sentence left;
and the catalogue holds every message the sources use (po/extract-messages --check, --lint)."""
from __future__ import annotations

import json
import re
import subprocess
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
    assert "(значения: zone, snooze, sound, ring-minutes, late-window, language, habit-later, habit-sound, wake, achievement-notifications, dismiss)" in text, text
    text = " ".join(cli(["autostart", "enable", "--help"]).stdout.split())
    assert "(values: auto, systemd, xdg; default: auto)" in text, text


def test_value_names_are_russian_in_usage_and_options(cli):
    text = cli(["add", "--help"], env=RU).stdout
    assert "agent-cli add <время> [--days <дни>] [--once <дата>]" in " ".join(text.split()), text
    assert "--label <метка>" in text and "<time>" not in text, text
    # English help keeps English value names.
    text = cli(["add", "--help"]).stdout
    assert "agent-cli add <time> [--days <days>] [--once <date>]" in " ".join(text.split()), text
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
    # A damaged store and one from a newer version: the error names the file, says why and what to
    # do, in Russian, exit 1, and the file is left byte for byte. (The parser's own reason, "not
    # valid JSON at line 1, column 3: …", is still English: it is cut off before the check.)
    store = sandbox.xdg.data / "moscowtime" / "store.json"
    assert cli(["add", "7:00"]).rc == 0
    for damaged, advice in ((b"{ not json", "Исправьте его вручную или восстановите"),
                            (b'{"schemaVersion": 999, "settings": {}, "alarms": []}', "обновите agent-cli")):
        store.write_bytes(damaged)
        r = cli(["list"], env=RU)
        assert r.rc == 1, r
        assert r.stderr.startswith("agent-cli: ") and r.stderr.count("\n") == 1, r.stderr
        assert str(store) in r.stderr and advice in r.stderr, r.stderr
        frame = re.sub(r"повреждён и оставлен как есть: .*?\. Исправьте", "повреждён. Исправьте", r.stderr)
        assert not english_lines(frame), r.stderr
        assert store.read_bytes() == damaged
