# SPDX-License-Identifier: GPL-3.0-or-later
"""The README keeps its promises: every relative link in README.md and docs/*.md leads to a file
that exists (and a #fragment to a heading there, as GitHub makes its anchors), and every command of
the README's usage block (between `<!-- usage -->` and `<!-- /usage -->`) runs as written and exits
0 — in order, in a scratch HOME, with no agent running and "now" pinned; a line run with a Russian
LANG answers in Russian."""
from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from harness import run_cli

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
# Wednesday 25 November 2026, noon in Moscow: `--once tomorrow` and `holidays 2027` mean the same
# every day the suite runs.
NOW = {"MOSCOWTIME_NOW": "2026-11-25T09:00:00Z", "LANGUAGE": ""}

FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
LINK = re.compile(r"\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
INLINE_CODE = re.compile(r"(`+)(.+?)\1")
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)


def prose_lines(text: str) -> list[str]:
    """The lines outside fenced code blocks and indented code blocks."""
    lines, fenced, previous_blank = [], False, True
    for line in text.splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        indented_code = line.startswith("    ") and previous_blank
        if not fenced and not indented_code:
            lines.append(line)
        previous_blank = (not line.strip()) or (indented_code and previous_blank)
    return lines


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: the text as shown, lower case, punctuation dropped, spaces
    made hyphens (letters of any script, digits, `_` and `-` stay)."""
    text = INLINE_CODE.sub(lambda m: m.group(2), heading)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"[*_]{1,3}(\S(?:.*?\S)?)[*_]{1,3}", r"\1", text)
    text = re.sub(r"<[^>]+>", "", text).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    found: set[str] = set()
    counts: dict[str, int] = {}
    for line in prose_lines(page.read_text(encoding="utf-8")):
        m = HEADING.match(line)
        if not m:
            continue
        base = slug(m.group(2))
        n = counts.get(base, 0)
        counts[base] = n + 1
        found.add(base if n == 0 else f"{base}-{n}")
    return found


def links(page: Path) -> list[str]:
    targets = []
    for line in prose_lines(page.read_text(encoding="utf-8")):
        targets += LINK.findall(INLINE_CODE.sub("", line))
    return targets


def broken_links(page: Path) -> list[str]:
    """Each relative link of `page` that leads nowhere, with why."""
    broken = []
    for target in links(page):
        if EXTERNAL.match(target):
            continue
        path, _, fragment = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.exists():
            broken.append(f"{target}: no file {file.relative_to(ROOT) if file.is_relative_to(ROOT) else file}")
        elif fragment and file.suffix == ".md" and fragment not in anchors(file):
            broken.append(f"{target}: no heading with the anchor #{fragment} in {file.name}")
    return broken


def usage_commands(readme: str) -> list[str]:
    block = re.search(r"<!-- usage -->\n(.*?)<!-- /usage -->", readme, re.S)
    assert block, "README.md has no <!-- usage --> … <!-- /usage --> block"
    return [line for line in block.group(1).splitlines() if line.strip() and not FENCE.match(line)]


def command_argv(line: str) -> tuple[dict[str, str], list[str]]:
    """`LANG=ru_RU.UTF-8 agent-cli list  # comment` → ({"LANG": …}, ["list"])."""
    words = shlex.split(line, comments=True)
    env = {}
    while words and re.fullmatch(r"[A-Z_][A-Z0-9_]*=.*", words[0]):
        name, _, value = words.pop(0).partition("=")
        env[name] = value
    assert words and words[0] == "agent-cli", f"not an agent-cli command: {line!r}"
    return env, words[1:]


def test_the_link_checker_finds_a_missing_file_and_a_missing_heading(tmp_path):
    page = tmp_path / "page.md"
    headings = "# Other\n\n## Using `agent-cli`\n\n## Event → effect\n\n## По-русски\n"
    (tmp_path / "other.md").write_text(headings)
    page.write_text("# Page\n\n[ok](other.md#using-agent-cli) [ok](other.md#event--effect) "
                    "[ok](other.md#по-русски) [ok](#page) [web](https://example.org/x)\n"
                    "[gone](missing.md) [no heading](other.md#nowhere)\n\n"
                    "```\n[in code](missing-too.md)\n```\n\n    [indented code](missing-three.md)\n")
    assert [b.split(":")[0] for b in broken_links(page)] == ["missing.md", "other.md#nowhere"]


def test_every_relative_link_in_the_readme_and_docs_resolves():
    assert (ROOT / "docs").is_dir() and len(PAGES) > 1
    assert sum(len(links(p)) for p in PAGES) > 10, "no links found: the link pattern is wrong"
    broken = {str(p.relative_to(ROOT)): b for p in PAGES if (b := broken_links(p))}
    assert not broken, broken


def test_the_usage_block_is_what_the_readme_promises():
    commands = usage_commands((ROOT / "README.md").read_text(encoding="utf-8"))
    assert 10 <= len(commands) <= 20, f"{len(commands)} commands: an everyday block holds 10–20"
    assert any(re.search("[а-яё]", c, re.I) for c in commands), "no Russian example"
    for line in commands:
        command_argv(line)


def english(sandbox, argv: list[str], env: dict[str, str]) -> str:
    """What a command prints in English: a line run under a Russian LANG must print something else
    (the labels of the block are Cyrillic, so Cyrillic alone proves nothing)."""
    return run_cli(sandbox, argv, env={**NOW, **env, "LANG": "C.UTF-8"}).stdout


@pytest.mark.agent
def test_every_command_of_the_usage_block_runs(sandbox):
    failed = []
    for line in usage_commands((ROOT / "README.md").read_text(encoding="utf-8")):
        env, argv = command_argv(line)
        r = run_cli(sandbox, argv, env={**NOW, **env})
        untranslated = env.get("LANG", "").startswith("ru") and english(sandbox, argv, env) == r.stdout
        if r.rc != 0 or not r.stdout.strip() or untranslated:
            failed.append(f"{line}\n  exit {r.rc}, stdout {r.stdout!r}, stderr {r.stderr!r}")
    assert not failed, "\n".join(failed)
