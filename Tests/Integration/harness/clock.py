# SPDX-License-Identifier: GPL-3.0-or-later
"""A pinned wall clock for the project's binaries, through libfaketime (Debian's libfaketime).

Where the text a test reads depends on the date (a notification's body names the day, and its
length moves the server's layout), the test pins the date instead of taking the day it runs on:
`pin_clock(sandbox, instant)` starts agent-cli and moscowtime-agent in that sandbox (not the
notification servers, not Python) on a clock that reads `instant` now and runs on from there at
the real rate. The monotonic clock stays real, so GLib's timeouts are unaffected; an absolute
CLOCK_REALTIME timerfd (the agent's next ring) is translated by libfaketime.
"""
from __future__ import annotations

import os
import time
from datetime import datetime, timezone
from pathlib import Path

from .sandbox import Sandbox

LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1"
CLOCK_ENV = "MOSCOWTIME_TEST_CLOCK"  # an ISO 8601 instant with its offset, e.g. 2026-09-30T12:00:00+03:00


def libfaketime_installed() -> bool:
    return Path(LIBFAKETIME).is_file()


def pin_clock(sandbox: Sandbox, instant: datetime) -> None:
    """From now on the project's binaries spawned in `sandbox` see the wall clock at `instant`."""
    assert instant.tzinfo is not None, "a pinned instant needs its UTC offset"
    assert libfaketime_installed(), f"{LIBFAKETIME} is missing (scripts/setup-deps test)"
    offset = round(instant.timestamp() - time.time())
    # A fixed offset, not an absolute start ("@…"): every child spawned later shares one clock.
    # FAKETIME_SHARED names no real semaphore: without it libfaketime calls setenv() in its
    # constructor, which moves `environ` before Swift's runtime finds argv next to it, and a
    # Swift program then sees no arguments at all. With it, the (unneeded) sharing is off.
    remove_stale_faketime_shm()
    # NO_FAKE_STAT: file times are left as they are. The store stamps its file with the writer's
    # (pinned) clock, which is what the agent must read back; libfaketime would otherwise shift
    # every time fstat() returns by the offset once more, so a reader saw the write a whole offset
    # before it happened (a test passed or failed depending on the real date).
    sandbox.binary_env.update({"LD_PRELOAD": LIBFAKETIME, "FAKETIME": f"{offset:+d}",
                               "FAKETIME_SHARED": "none none", "FAKETIME_DONT_FAKE_MONOTONIC": "1",
                               "FAKETIME_NO_CACHE": "1", "NO_FAKE_STAT": "1"})


def binaries_now(sandbox: Sandbox) -> datetime:
    """The wall clock the project's binaries in `sandbox` see now (pinned or real), in UTC."""
    pinned = LIBFAKETIME in sandbox.binary_env.get("LD_PRELOAD", "")
    offset = int(sandbox.binary_env.get("FAKETIME", "0")) if pinned else 0
    return datetime.fromtimestamp(time.time() + offset, timezone.utc)


def remove_stale_faketime_shm(directory: Path = Path("/dev/shm")) -> None:
    """libfaketime makes /faketime_shm_<pid> and /faketime_sem_<pid> for each process it starts in
    and, if the process is killed (a server or agent at a test's teardown), leaves them behind. A
    later process whose pid is reused then cannot make its own, and exits at once ("sem_open failed
    and recreation attempts failed"). Removes those of processes that no longer exist."""
    for path in directory.glob("*faketime_s[he]m_*"):
        pid = path.name.rsplit("_", 1)[-1]
        if not pid.isdigit():
            continue
        try:
            os.kill(int(pid), 0)
        except ProcessLookupError:
            path.unlink(missing_ok=True)
        except PermissionError:
            pass  # alive, another user's


def requested_instant(default: str) -> datetime:
    """$MOSCOWTIME_TEST_CLOCK if set, else `default` (both ISO 8601 with an offset)."""
    return datetime.fromisoformat(os.environ.get(CLOCK_ENV) or default)
