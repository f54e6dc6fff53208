# SPDX-License-Identifier: GPL-3.0-or-later
"""A C shim preloaded into one of the project's programs (LD_PRELOAD), to give it what the kernel
gives only rarely: a syscall's error, a disk that takes seconds to write. Built for the test with
the machine's C compiler (the Swift toolchain's clang when there is no other)."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Optional


def c_compiler() -> Optional[str]:
    return shutil.which("cc") or shutil.which("gcc") or shutil.which("clang") or shutil.which("/opt/swift/usr/bin/clang")


def build_preload(directory: Path, name: str, source: str) -> Path:
    """Compiles `source` into `directory`/`name`.so; skips the test when no C compiler is installed."""
    import pytest

    cc = c_compiler()
    if not cc:
        pytest.skip("a C compiler is needed for the preload shim")
    c_file = directory / f"{name}.c"
    c_file.write_text(source)
    lib = directory / f"{name}.so"
    subprocess.run([cc, "-shared", "-fPIC", "-O1", "-o", str(lib), str(c_file), "-ldl"], check=True)
    return lib


#: What every shim here starts with: the headers they use and `fd_path`, the file behind a
#: descriptor (from /proc/self/fd), which each matches against a name the test gives.
SHIM_PRELUDE = r"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Whether `fd` names a file whose path contains `part` (NULL: never). */
static int fd_path_contains(int fd, const char *part) {
    char link[64], path[4096];
    if (!part) return 0;
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = readlink(link, path, sizeof path - 1);
    if (n <= 0) return 0;
    path[n] = 0;
    return strstr(path, part) != NULL;
}
"""


def shim(body: str) -> str:
    """A shim's C source: the prelude, then `body` (the functions it replaces)."""
    return SHIM_PRELUDE + body


#: Holds a calendar reading at one file until the test lets it go: a read of a file named gate.ics,
#: in a process that MOSCOWTIME_GATE names a folder for, waits until $MOSCOWTIME_GATE/open exists,
#: having made $MOSCOWTIME_GATE/reached, so the test knows the reading listed its folder and has
#: not finished.
GATED_READ = shim(r"""
ssize_t read(int fd, void *buf, size_t count) {
    static ssize_t (*real)(int, void *, size_t);
    if (!real) real = (ssize_t (*)(int, void *, size_t))dlsym(RTLD_NEXT, "read");
    const char *gate = getenv("MOSCOWTIME_GATE");
    char mark[4096];
    if (gate && fd_path_contains(fd, "/gate.ics")) {
        snprintf(mark, sizeof mark, "%s/open", gate);
        if (access(mark, F_OK) != 0) {
            snprintf(mark, sizeof mark, "%s/reached", gate);
            fclose(fopen(mark, "w"));
            snprintf(mark, sizeof mark, "%s/open", gate);
            while (access(mark, F_OK) != 0) usleep(1000);
        }
    }
    return real(fd, buf, count);
}
""")


def start_agent_held_at_gate(rig, directory: Path):
    """Starts the agent with GATED_READ (a folder it reminds holds a gate.ics) and waits until its
    first reading is held at gate.ics; returns the agent and the gate folder (touch `open` in it)."""
    from harness import wait_until

    gate = directory / "gate"
    gate.mkdir()
    shim = build_preload(directory, "gated_read", GATED_READ)
    agent = rig.start_agent(env={"LD_PRELOAD": str(shim), "MOSCOWTIME_GATE": str(gate)})
    wait_until(lambda: (gate / "reached").exists(), 30, "the first reading held at gate.ics")
    return agent, gate
