# SPDX-License-Identifier: GPL-3.0-or-later
"""Every source file and script says its licence on its first line (after a `#!` line, or
Package.swift's `swift-tools-version` line, which must come first). swift format's import sorting
carries a comment on an import's line along with that import: a header written above a wrongly
ordered import once ended up in the middle of 33 files."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SPDX = "SPDX-License-Identifier: GPL-3.0-or-later"
SUFFIXES = {".swift", ".c", ".h", ".py", ".sh"}
# Programs without a suffix: every file in these folders, and the message extractor.
SCRIPT_FOLDERS = ("scripts", ".ci", "packaging/tools")
SCRIPTS = ("po/extract-messages", "packaging/debian/rules", "packaging/debian/moscowtime-agent.postinst")
SKIPPED = {".build", ".git", "__pycache__", ".pytest_cache"}


def sources() -> list[Path]:
    found = []
    for folder in ("Sources", "Tests", "scripts", "packaging", "po", "docs", "data", ".ci"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file() and path.suffix in SUFFIXES and not SKIPPED & set(path.parts):
                found.append(path)
    for folder in SCRIPT_FOLDERS:
        found += [p for p in (ROOT / folder).iterdir() if p.is_file() and p.suffix in ("", ".sh", ".py")]
    found += [ROOT / s for s in SCRIPTS] + [ROOT / "Package.swift"]
    return sorted(set(found))


def header_line(path: Path) -> str:
    lines = path.read_text(encoding="utf-8").splitlines()
    first = 1 if lines and (lines[0].startswith("#!") or lines[0].startswith("// swift-tools-version")) else 0
    return lines[first] if len(lines) > first else ""


def test_every_source_file_starts_with_its_licence():
    files = sources()
    assert len(files) > 400, f"only {len(files)} files found: the walk is wrong"
    wrong = [str(p.relative_to(ROOT)) for p in files if SPDX not in header_line(p)]
    assert not wrong, "the licence line is not first in:\n" + "\n".join(wrong)


def test_a_header_below_an_import_is_found(tmp_path):
    # The check itself: the shape swift format left behind is caught, a script's is not.
    moved = tmp_path / "Moved.swift"
    moved.write_text(f"import B\n// {SPDX}\nimport C\n", encoding="utf-8")
    script = tmp_path / "run"
    script.write_text(f"#!/bin/sh\n# {SPDX}\n", encoding="utf-8")
    assert SPDX not in header_line(moved)
    assert SPDX in header_line(script)
