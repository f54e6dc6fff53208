# SPDX-License-Identifier: GPL-3.0-or-later
"""khal, the real program, on one calendar folder (a vdir as vdirsyncer writes it), with a
configuration of its own: ISO dates and 24-hour times, so the tests can write what they mean."""
from __future__ import annotations

from pathlib import Path


class Khal:
    """`khal(*args)` runs khal on `folder` (its one calendar, `name`) in `zone` and returns what it
    printed; its configuration and database live in `root` (created)."""

    def __init__(self, sandbox, folder: Path, root: Path, *, name: str = "home", zone: str = "Europe/Berlin"):
        self.sandbox, self.folder = sandbox, folder
        root.mkdir(parents=True, exist_ok=True)
        self.config = root / "khal.conf"
        self.config.write_text(f"""[calendars]
[[{name}]]
path = {folder}/
[locale]
timeformat = %H:%M
dateformat = %Y-%m-%d
longdateformat = %Y-%m-%d
datetimeformat = %Y-%m-%d %H:%M
longdatetimeformat = %Y-%m-%d %H:%M
default_timezone = {zone}
local_timezone = {zone}
[default]
default_calendar = {name}
[sqlite]
path = {root / 'khal.db'}
""")

    def __call__(self, *args: str) -> str:
        r = self.sandbox.run(["khal", "-c", str(self.config), *args], timeout=60)
        assert r.returncode == 0, (args, r.stdout, r.stderr)
        return r.stdout
