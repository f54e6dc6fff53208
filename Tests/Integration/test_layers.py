# SPDX-License-Identifier: GPL-3.0-or-later
"""The module rules of docs/ARCHITECTURE.md, read off the sources: nothing imports upward, the
agent module reaches GLib only through GLibSupport and the adapters, the core names no agent-cli
option, and file descriptors are read and written through one helper (swift-system's
FileDescriptor and the core's readAll), not through loops of their own."""
from __future__ import annotations

import re
from pathlib import Path

SOURCES = Path(__file__).resolve().parents[2] / "Sources"
C_MODULES = ("CGLib", "CNotify", "CCanberra", "CICal", "CSoup", "CXML", "CSecret")


def swift_files(module: str):
    return sorted((SOURCES / module).rglob("*.swift"))


def code(path: Path) -> str:
    """The file without its comments (// to the end of a line, outside string literals)."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        in_string, i = False, 0
        while i < len(line):
            c = line[i]
            if c == "\\" and in_string:
                i += 2
                continue
            if c == '"':
                in_string = not in_string
            elif not in_string and line.startswith("//", i):
                line = line[:i]
                break
            i += 1
        out.append(line)
    return "\n".join(out)


def test_the_agent_module_imports_no_c_library():
    offenders = [f"{p.relative_to(SOURCES)}: import {m}" for p in swift_files("MoscowTimeAgent")
                 for m in re.findall(r"^\s*import\s+(\w+)", p.read_text(encoding="utf-8"), re.M) if m in C_MODULES]
    assert not offenders, offenders


def test_the_core_names_no_command_line_option():
    literal = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
    offenders = []
    for p in swift_files("MoscowTimeCore"):
        for n, line in enumerate(code(p).splitlines(), 1):
            for text in literal.findall(line):
                if re.search(r"(?<![\w-])--[a-z][a-z-]+", text):
                    offenders.append(f"{p.relative_to(SOURCES)}:{n}: {text[:80]}")
    assert not offenders, "the core words no agent-cli option; throw a typed error and let agent-cli word it:\n" + "\n".join(offenders)


def test_no_hand_written_read_or_write_loops():
    # A loop (within a few lines of its `while`) that calls read(2)/write(2) itself and retries on EINTR.
    raw_call = re.compile(r"(?<![.\w])(?:Glibc\.)?(?:read|write)\(\s*[\w\[\]]+\s*,")
    offenders = []
    for p in SOURCES.rglob("*.swift"):
        lines = code(p).splitlines()
        for n, line in enumerate(lines):
            if re.search(r"\bwhile\b", line):
                window = "\n".join(lines[n:n + 8])
                if raw_call.search(window) and "EINTR" in window:
                    offenders.append(f"{p.relative_to(SOURCES)}:{n + 1}")
    assert not offenders, "use FileDescriptor.writeAll / readAll (swift-system, MoscowTimeCore/IO): " + ", ".join(offenders)
