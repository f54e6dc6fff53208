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
