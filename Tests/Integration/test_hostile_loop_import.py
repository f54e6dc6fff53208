# SPDX-License-Identifier: GPL-3.0-or-later
"""A Loop Habit Tracker export folder is bounded as a whole: sparse CSV files, each under the per-file
limit, that add up to gigabytes are refused at once (their sizes are added up before any is read), with
the limit in the message and the store unchanged."""
from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = pytest.mark.agent

NOW = {"MOSCOWTIME_NOW": "2026-11-22T12:00:00Z", "LANG": "C.UTF-8", "LANGUAGE": ""}
HABITS = "Position,Name,Question,Description,NumRepetitions,Interval,Color\n"


def test_a_loop_folder_of_large_sparse_files_is_refused_at_once(cli, sandbox):
    assert cli(["habit", "add", "Keep me"], env=NOW).rc == 0
    store = Path(sandbox.env["XDG_DATA_HOME"]) / "moscowtime" / "store.json"
    before = store.read_bytes()
    folder = Path(sandbox.env["HOME"]) / "Loop Habits"
    folder.mkdir()
    (folder / "Habits.csv").write_text(HABITS + "".join(f"{k:03},Habit {k},,,1,1,#FF8F00\n" for k in range(1, 9)))
    for k in range(1, 9):
        (folder / f"{k:03} Habit {k}").mkdir()
        with open(folder / f"{k:03} Habit {k}" / "Checkmarks.csv", "wb") as f:
            f.truncate(250 * 1000 * 1000)  # sparse: 2 GB in all, each under the 256 MiB a file may have
    r = cli(["habit", "import", str(folder)], env=NOW, timeout=30)
    assert r.rc == 2, (r.rc, r.stdout, r.stderr)
    assert f"the CSV files in {folder} add up to more than 256 MB" in r.stderr, r.stderr
    # CPU time: the wall clock would count the tests running beside this one.
    assert r.cpu_seconds < 3, f"refused after {r.cpu_seconds:.1f} s of CPU"
    assert store.read_bytes() == before
    ru = cli(["habit", "import", str(folder)], env={**NOW, "LANG": "ru_RU.UTF-8"}, timeout=30)
    assert ru.rc == 2 and "256" in ru.stderr and "МБ" in ru.stderr, ru.stderr
