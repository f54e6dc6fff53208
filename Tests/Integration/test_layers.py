# SPDX-License-Identifier: GPL-3.0-or-later
"""The module rules of docs/ARCHITECTURE.md that the compiler does not see, read off the sources.

Package.swift gives each target its dependencies, so the domain cannot use the store's types
(MoscowTimeStore depends on MoscowTimeDomain, and SwiftPM refuses a cycle). What it does not stop:
an `import` of a module built anyway (SwiftPM puts every module of the build on the search path),
and a call into the C library the domain imports for its arithmetic and the tz database (Glibc):
a file opened, the clock read, the environment looked at. Those are checked here, with
the rules that are not about modules at all: the agent module reaches GLib only through
GLibSupport and the adapters, the core names no agent-cli option, and file descriptors are read
and written through one helper (swift-system's FileDescriptor and the store's readAll)."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

SOURCES = Path(__file__).resolve().parents[2] / "Sources"
# The C libraries' modules (SwiftPM system libraries: a module map, no Swift).
C_MODULES = tuple(sorted(p.parent.name for p in SOURCES.glob("*/module.modulemap")))
# The modules that were MoscowTimeCore: what agent-cli and the agent share.
CORE_MODULES = ("MoscowTimeDomain", "MoscowTimeStore", "MoscowTimeTerminal")
# The domain imports the C library for arithmetic (exp, log) and the tz database's files, and
# Synchronization for its caches.
DOMAIN_IMPORTS = {"Glibc", "Synchronization"}
# The tz database is read in one place: ZoneNames checks that a name is one of its files ($TZDIR,
# as GLib and zoneinfo read it), lists them and reads a zone's file for Zone. No other domain file
# touches the file system.
TZ_DATABASE = {"Time/ZoneNames.swift"}
FILE_CALLS = ("open", "openat", "fopen", "read", "pread", "write", "pwrite", "stat", "lstat",
              "fstat", "opendir", "readdir", "realpath", "readlink", "access", "unlink", "rename",
              "mkdir", "flock", "getenv")
CLOCK_CALLS = ("clock_gettime", "gettimeofday", "time", "Date", "SystemWallClock")


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


def imports(path: Path) -> list[str]:
    return re.findall(r"^\s*(?:@testable\s+)?import\s+(?:(?:struct|enum|class|func)\s+)?(\w+)", code(path), re.M)


def calls(path: Path, names) -> list[tuple[int, str]]:
    """Free calls of `names` (not `x.name(`, not `func name(`) with their line numbers."""
    call = re.compile(r"(?<![.\w])(?<!func )(?:Glibc\.)?(" + "|".join(names) + r")\s*\(")
    return [(n, m.group(1)) for n, line in enumerate(code(path).splitlines(), 1) for m in call.finditer(line)]


def test_the_domain_imports_no_store_and_no_system_module():
    offenders = [f"{p.relative_to(SOURCES)}: import {m}" for p in swift_files("MoscowTimeDomain")
                 for m in imports(p) if m not in DOMAIN_IMPORTS]
    assert not offenders, "the domain imports only " + ", ".join(sorted(DOMAIN_IMPORTS)) + ":\n" + "\n".join(offenders)


def test_the_domain_reads_no_clock_and_no_file():
    offenders = []
    for p in swift_files("MoscowTimeDomain"):
        rel = str(p.relative_to(SOURCES / "MoscowTimeDomain"))
        names = CLOCK_CALLS if rel in TZ_DATABASE else CLOCK_CALLS + FILE_CALLS
        offenders += [f"{rel}:{n}: {name}(" for n, name in calls(p, names)]
        if rel not in TZ_DATABASE and re.search(r"\benviron\b|\bFileDescriptor\b", code(p)):
            offenders.append(f"{rel}: environ / FileDescriptor")
    assert not offenders, ("the domain is given `now` (a WallClock) and what files hold (by the store):\n"
                           + "\n".join(offenders))


def test_the_reminder_reader_is_pure():
    # ReminderReader (MoscowTimeCalendar/Reminders) reads calendars for the agent: given the text,
    # the zones and the window, as the domain is given `now`; only libical and the tz database.
    folder = SOURCES / "MoscowTimeCalendar" / "Reminders"
    files = sorted(folder.glob("*.swift"))
    assert files, folder
    offenders = [f"{p.relative_to(SOURCES)}:{n}: {name}(" for p in files for n, name in calls(p, CLOCK_CALLS + FILE_CALLS)]
    offenders += [f"{p.relative_to(SOURCES)}: import {m}" for p in files for m in imports(p)
                  if m not in ("CICal", "MoscowTimeDomain")]
    offenders += [f"{p.relative_to(SOURCES)}: {w}" for p in files
                  for w in sorted(set(re.findall(r"\b(?:environ|FileDescriptor|UserFile|SystemWallClock)\b", code(p))))]
    assert not offenders, "the reminder reader is given the text, the zones and the window:\n" + "\n".join(offenders)


def test_the_domain_and_the_terminal_call_no_glib():
    # Zones come from the TZif reader (ZoneNames reads the files, ZoneTransitions their contents)
    # and display widths from a generated table (DisplayWidth+Ranges): neither module needs GLib.
    offenders = [f"{p.relative_to(SOURCES)}: {f}" for module in ("MoscowTimeDomain", "MoscowTimeTerminal")
                 for p in swift_files(module) for f in sorted(set(re.findall(r"\bg_\w+", code(p))))]
    assert not offenders, offenders


def test_the_terminal_presentation_needs_no_store_and_no_c_library():
    offenders = [f"{p.relative_to(SOURCES)}: import {m}" for p in swift_files("MoscowTimeTerminal")
                 for m in imports(p) if m != "MoscowTimeDomain"]
    assert not offenders, offenders


def test_the_agent_module_imports_no_c_library():
    offenders = [f"{p.relative_to(SOURCES)}: import {m}" for p in swift_files("MoscowTimeAgent")
                 for m in imports(p) if m in C_MODULES]
    assert not offenders, offenders


def test_the_core_names_no_command_line_option():
    literal = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
    offenders = []
    for p in (f for module in CORE_MODULES for f in swift_files(module)):
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
    assert not offenders, "use FileDescriptor.writeFully / readAll (MoscowTimeStore/IO; the desktop adapters: writeAll): " + ", ".join(offenders)


def test_every_allowance_is_still_used():
    # An allowance nothing needs any more checks nothing: each must still match the sources.
    domain_imports = {m for p in swift_files("MoscowTimeDomain") for m in imports(p)}
    assert DOMAIN_IMPORTS <= domain_imports, f"unused: {sorted(DOMAIN_IMPORTS - domain_imports)}"
    for rel in TZ_DATABASE:
        assert calls(SOURCES / "MoscowTimeDomain" / rel, FILE_CALLS), f"{rel} reads no file any more"
    for module in CORE_MODULES + ("MoscowTimeAgent",):
        assert swift_files(module), f"no module {module}"
    assert "CGLib" in C_MODULES and "CNotify" in C_MODULES, C_MODULES


def test_no_function_is_over_80_lines():
    # The lint's rule (scripts/check-function-length), kept here so the suite holds it too.
    checker = SOURCES.parent / "scripts" / "check-function-length"
    result = subprocess.run([sys.executable, str(checker), str(SOURCES)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
