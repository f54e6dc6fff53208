# SPDX-License-Identifier: GPL-3.0-or-later
"""Where the desktop tests keep their screenshots: <repo>/.build/test-artefacts/<parts…>
(or $MOSCOWTIME_ARTEFACT_DIR), overwritten on each run."""
from __future__ import annotations

import os
from pathlib import Path

from harness.agent import REPO_ROOT


def artefact_dir(*parts: str) -> Path:
    base = Path(os.environ.get("MOSCOWTIME_ARTEFACT_DIR") or REPO_ROOT / ".build" / "test-artefacts")
    d = base.joinpath(*parts)
    d.mkdir(parents=True, exist_ok=True)
    return d
