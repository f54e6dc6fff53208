# SPDX-License-Identifier: GPL-3.0-or-later
"""The headless demo: a countdown alarm rings on a private desktop, is seen, heard and snoozed.

Run:  scripts/demo            (or: cd Tests/Integration && /usr/bin/python3 -m harness.demo)
The end-to-end test (test_demo.py) calls run_demo() too, so the demo and the test cannot drift.

What it expects from the project (see also README of this directory):
  moscowtime-agent --verbose   runs in the foreground, shows a ringing alarm as a notification with
                               actions whose labels start with "Snooze" (or "Отложить"), plays sound
  agent-cli timer 4s LABEL     creates a one-time alarm at now+4 s, exit code 0
  agent-cli next [--json]      upcoming rings; --json: array of {"id", "label", "at" (ISO 8601 with
                               offset), "snoozed": bool, ...}
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import sys
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, Optional

from .agent import AGENT_NAME, CLI_NAME, REPO_ROOT, BinariesMissing, binary
from .audio import Recorder
from .gui import Screenshot
from .procs import wait_until
from .stack import DesktopStack

ALARM_IN = "4s"
ALARM_LABEL = "Демо: будильник"
SNOOZE_LABELS = ("Snooze", "Отложить")  # the English label is expected (LANGUAGE=en)
RMS_THRESHOLD = 0.01                    # a played alarm measured ~0.05-0.14; silence is 0.0
RECORD_MS = 2000
OUT_ENV = "MOSCOWTIME_DEMO_OUT"


@dataclass
class DemoResult:
    out_dir: Path
    screenshot: Optional[Screenshot] = None
    wav: Optional[Path] = None
    rms: float = 0.0
    rms_after_snooze: Optional[float] = None
    snoozed: Optional[dict] = None       # the snoozed entry of `agent-cli next --json`
    next_text: str = ""
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.failures


def default_out_dir() -> Path:
    return Path(os.environ.get(OUT_ENV) or REPO_ROOT / "out" / "demo")


def check_binaries() -> None:
    """Raises BinariesMissing with a clear message when the project is not built."""
    binary(CLI_NAME)
    binary(AGENT_NAME)


def find_snoozed(entries: list, label: str) -> Optional[dict]:
    """The snoozed ring for `label` in `agent-cli next --json` output whose time is in the future."""
    now = datetime.now(timezone.utc)
    for entry in entries:
        if not (isinstance(entry, dict) and entry.get("snoozed") is True):
            continue
        if entry.get("label") not in (label, None):
            continue
        at = datetime.fromisoformat(entry["at"])
        if at.tzinfo is not None and at > now:
            return entry
    return None


def run_demo(out_dir: Optional[Path] = None, say: Callable[[str], None] = print) -> DemoResult:
    """Every step of the demo; failures are collected in the result rather than raised."""
    check_binaries()
    out_dir = Path(out_dir or default_out_dir())
    out_dir.mkdir(parents=True, exist_ok=True)
    result = DemoResult(out_dir)
    fail = result.failures.append

    # logind=True: the agent finds a (mock) logind on a private system bus, never the real one.
    with DesktopStack(notifications="dunst", audio=True, logind=True) as stack:
        say(f"private desktop: session and system buses (logind mock), Xvfb {stack.display.display}, "
            f"dunst, PulseAudio null sink; "
            f"temporary home {stack.sandbox.xdg.home}")
        agent = stack.start_agent(["--verbose"])
        try:
            try:
                say(f"agent up (pid {agent.pid}), owns {', '.join(agent.wait_for_bus_name(5))}")
            except TimeoutError:
                # Not every build has to own a name; the alarm is the real check below.
                say(f"agent running (pid {agent.pid}); it claimed no bus name within 5 s")
            except RuntimeError as exc:  # it exited
                fail(str(exc))
                return result
            recorder: Recorder = stack.pulse.record("demo")  # before the ring: the start of a recording may be lost

            # --ramp 0: full volume at once, so the level is judged from the ring's first moment.
            rc, out, err = stack.cli(["timer", ALARM_IN, ALARM_LABEL, "--ramp", "0"])
            say(f"$ agent-cli timer {ALARM_IN} '{ALARM_LABEL}' --ramp 0  -> rc {rc}\n{out.strip()}")
            if rc != 0:
                fail(f"agent-cli timer failed (rc {rc}): {err.strip()}")
                return result

            try:
                stack.dunst.wait_for_displayed(1, timeout=10)
            except TimeoutError:
                state = "running" if agent.alive() else f"exited with {agent.child.returncode}"
                fail(f"the alarm was not shown by the notification server within 10 s (agent {state})")
                return result
            say("the alarm is on screen")

            result.screenshot = stack.display.wait_for_nonblank_screenshot(out_dir / "screenshot.png")
            say(f"screenshot: {result.screenshot.path} "
                f"(stddev {result.screenshot.stddev:.4f}, {result.screenshot.colours} colours)")
            if result.screenshot.blank:
                fail("the screenshot is blank: nothing was drawn")

            ring_start = recorder.captured_ms()
            try:
                recorder.wait_for_sound(RMS_THRESHOLD, timeout=3)
            except TimeoutError:
                pass  # judged below over the whole window
            recorder.wait_for_ms(ring_start + RECORD_MS)
            result.rms = recorder.rms(start_ms=ring_start)
            result.wav = recorder.save_wav(out_dir / "alarm.wav")
            say(f"recording: {result.wav} (RMS {result.rms:.4f} over "
                f"{(recorder.captured_ms() - ring_start) / 1000:.1f} s while ringing)")
            if result.rms < RMS_THRESHOLD:
                fail(f"the recording is silent (RMS {result.rms:.4f} < {RMS_THRESHOLD})")

            try:
                chosen = stack.dunst.invoke_action(SNOOZE_LABELS)
                say(f"pressed through dunst's context menu: {chosen}")
            except (LookupError, TimeoutError) as exc:
                fail(f"could not press Snooze: {exc}")
                return result

            def snoozed_entry():
                rc, out, _ = stack.cli(["next", "--json"])
                return find_snoozed(json.loads(out), ALARM_LABEL) if rc == 0 and out.strip() else None
            try:
                result.snoozed = wait_until(snoozed_entry, 5, "a snoozed ring in `agent-cli next --json`")
            except (TimeoutError, ValueError) as exc:
                rc, out, err = stack.cli(["next", "--json"])
                fail(f"snooze did not reschedule the alarm ({exc}); agent-cli next --json said: "
                     f"{out.strip() or err.strip()}")

            mark = recorder.captured_ms()
            recorder.wait_for_ms(mark + 1000)
            result.rms_after_snooze = recorder.rms(start_ms=mark + 500)
            say(f"RMS 0.5-1 s after Snooze: {result.rms_after_snooze:.4f}; "
                f"notifications on screen: {stack.dunst.count()}")

            rc, out, err = stack.cli(["next"])
            result.next_text = out
            say(f"$ agent-cli next\n{out.rstrip() or err.rstrip()}")
        finally:
            rc = agent.stop()
            shutil.copyfile(agent.stderr_path, out_dir / "agent.log")
            say(f"agent stopped (exit {rc}); its log: {out_dir / 'agent.log'}")
    return result


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="demo", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help=f"output directory (default: ${OUT_ENV} or out/demo)")
    args = parser.parse_args(argv)
    # SIGTERM unwinds like Ctrl-C, so the stack is torn down either way.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    say = lambda line: print(f"demo: {line}", flush=True)
    try:
        result = run_demo(args.out, say)
    except BinariesMissing as exc:
        print(f"demo: cannot run: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("demo: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # the private stack itself failed to start
        print(f"demo: error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return 2
    print(f"demo: outputs kept in {result.out_dir}")
    if result.ok:
        print("demo: OK - the alarm was shown, heard and snoozed")
        return 0
    for failure in result.failures:
        print(f"demo: FAILED: {failure}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
