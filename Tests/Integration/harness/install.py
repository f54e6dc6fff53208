# SPDX-License-Identifier: GPL-3.0-or-later
"""`make install` of the already-built test binaries (debug, shared Swift runtime): the make
variables that point the Makefile at them, after generating what install needs (catalogues,
man pages, completions) into `gen`."""
from __future__ import annotations

import fcntl
import os
import subprocess
from pathlib import Path

from .agent import REPO_ROOT, bin_dir


def make_variables(gen: Path, timeout: float = 900) -> list[str]:
    bins = Path(os.path.realpath(bin_dir()))
    scratch = bins.parent.parent  # <scratch>/<triple>/<config>
    # PREBUILT=1: make uses the test build's binaries as they are; building them again without the
    # tests' flags relinked them while other tests (pytest-xdist workers) ran them.
    v = [f"CONFIG={bins.name}", "STATIC=", "HARDEN=", "PREBUILT=1", f"SCRATCH={scratch}", f"BIN={bins}", f"GEN={gen}"]
    # One worker at a time builds generate-manual and the catalogues in the shared scratch folder.
    with open(scratch / "make-variables.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        r = subprocess.run(["make", "-s", "-C", str(REPO_ROOT), "mo", "man", "completions", *v],
                           capture_output=True, text=True, timeout=timeout)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    return v


def make_install(variables: list[str], prefix: Path, timeout: float = 300) -> Path:
    """Installs into PREFIX=`prefix` (no DESTDIR: the files are where they will be used)."""
    r = subprocess.run(["make", "-s", "-C", str(REPO_ROOT), "install", f"PREFIX={prefix}", *variables],
                       capture_output=True, text=True, timeout=timeout)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    return prefix
