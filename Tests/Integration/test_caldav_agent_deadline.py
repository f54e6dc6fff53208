# SPDX-License-Identifier: GPL-3.0-or-later
"""The running agent ends a sync child that overruns the whole sync's deadline (SIGTERM to its
process group, then SIGKILL), says so in `status` and `sync status`, and later syncs still run; a
child that dies of a signal is a failure, never a success."""
from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from harness import run_cli, wait_until

pytestmark = pytest.mark.agent



def processes_with(needle: str) -> list[int]:
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                if needle in (d / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace"):
                    out.append(int(d.name))
            except OSError:
                pass
    return out


@pytest.mark.slow
def test_the_agent_ends_a_sync_child_stuck_past_the_deadline_and_syncs_again_later(
        rig, sandbox, system_bus, logind_mock, dav):
    # A password command that hangs while `stuck` exists (as `pass` waiting for a pinentry would).
    stuck = sandbox.path("stuck")
    marker = f"{os.getpid()}{id(dav) % 1000}"  # a sleep only this test runs
    script = sandbox.path("password.sh")
    script.write_text(f'if [ -e {stuck} ]; then sleep 600.{marker}; fi\necho secret\n')
    rig.cli("add", "7:30", "--label", "Подъём")
    rig.cli("sync", "setup", dav.url, "--user", "alice", "--password-command", f"sh {script}")
    stuck.write_text("")
    sandbox.env["MOSCOWTIME_SYNC_DEADLINE"] = "2"  # the agent gives up 2 + 15 s after starting a sync
    agent = rig.start_agent()
    wait_until(lambda: processes_with(f"sleep 600.{marker}"), 15, "the sync child to hang on its password command")

    agent.wait_for_log("sync: still running 17 s after it started; ending it", timeout=40)
    agent.wait_for_log("sync: ended after running past its 2 s deadline", timeout=15)
    # The whole process group went, the password command's sleep included.
    wait_until(lambda: not processes_with(f"sleep 600.{marker}"), 5, "the stuck password command to be ended")
    status = wait_until(lambda: (lambda t: t if "deadline" in t else None)(rig.cli("status").stdout), 10,
                        "status to name the ended sync")
    assert "the agent ended the sync after it ran past its 2 s deadline" in status, status
    assert "the agent ended the sync after it ran past its 2 s deadline" in rig.cli("sync", "status").stdout
    ru = rig.cli("sync", "status", env={"LANG": "ru_RU.UTF-8", "LANGUAGE": ""}).stdout
    assert "агент остановил синхронизацию" in ru, ru

    # The next sync runs (here: 10 s after a resume from suspend) and works.
    stuck.unlink()
    logind_mock.emit_prepare_for_sleep(True)
    logind_mock.emit_prepare_for_sleep(False)
    agent.wait_for_log("sync works again", timeout=40)
    assert dav.count(lambda r: r.method == "PUT") == 1
    assert "deadline" not in rig.cli("sync", "status").stdout
    assert agent.alive()


def killing_password_command(sandbox, armed: Path) -> str:
    """A password command that, while `armed` exists, kills the sync child that runs it (popen's
    shell is its parent, the sync child its grandparent) by SIGKILL: a crash nothing can catch (a
    SIGSEGV from outside is caught by Swift's backtracer, which then lets the program go on)."""
    script = sandbox.path("password.sh")
    script.write_text(f'if [ -e {armed} ]; then rm {armed}; kill -KILL $(cut -d" " -f4 /proc/$PPID/stat); sleep 1; fi\n'
                      'echo secret\n')
    return f"sh {script}"


def test_a_sync_child_killed_by_a_signal_is_a_failure_for_the_agent_and_agent_cli(rig, sandbox, dav):
    armed = sandbox.path("armed")
    rig.cli("sync", "setup", dav.url, "--user", "alice", "--password-command", killing_password_command(sandbox, armed))
    # agent-cli becomes the sync child: the shell sees the signal, not a success.
    armed.write_text("")
    r = run_cli(sandbox, ["sync"])
    assert r.rc == -signal.SIGKILL, r
    armed.write_text("")
    agent = rig.start_agent()
    agent.wait_for_log(f"sync: the sync program crashed (signal {int(signal.SIGKILL)})", timeout=30)
    assert "sync: done" not in agent.stderr_text()
    out = wait_until(lambda: (lambda t: t if "crashed" in t else None)(rig.cli("sync", "status").stdout), 10,
                     "sync status to name the crash")
    assert f"the sync program crashed (signal {int(signal.SIGKILL)})" in out, out
    assert "crashed" in rig.cli("status").stdout
