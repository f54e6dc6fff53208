# SPDX-License-Identifier: GPL-3.0-or-later
"""The agent on a disk that takes seconds to write (another program flushing gigabytes, a dying
SSD, a network home folder): it saves its state before it arms its timer, so the clock moves on
while it decides. An alarm that came due meanwhile must still ring, at once.

The slow disk is a preloaded fsync() that sleeps before the real one, for the agent's state file
only: the agent, the store and everything else are the real programs."""
from __future__ import annotations

import pytest

from harness.preload import build_preload, shim

pytestmark = pytest.mark.agent

SLOW_FSYNC = shim(r"""
int fsync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    const char *ms = getenv("SLOW_FSYNC_MS");
    if (ms && fd_path_contains(fd, getenv("SLOW_FSYNC_MATCH"))) {
        long m = atol(ms);
        struct timespec t = {m / 1000, (m % 1000) * 1000000L};
        nanosleep(&t, NULL);
    }
    return real(fd);
}
""")


def test_a_timer_that_comes_due_while_the_state_is_being_saved_still_rings(rig, tmp_path):
    shim = build_preload(tmp_path, "slow_fsync", SLOW_FSYNC)
    agent = rig.start_agent(env={"LD_PRELOAD": str(shim), "SLOW_FSYNC_MATCH": "agent-state.json",
                                 "SLOW_FSYNC_MS": "2500"})
    # The agent takes the timer in within a second, then spends 2.5 s saving that it has seen it:
    # the timer's second has passed by the time it arms its timer.
    t = rig.timer(2, "Tea")
    rig.wait_for_ring(t.label, timeout=12)
    log = agent.stderr_text()
    assert f'ringing alarm {t.id} "Tea"' in log, log
    assert len(rig.rings("Tea")) == 1
