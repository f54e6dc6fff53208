# SPDX-License-Identifier: GPL-3.0-or-later
"""A private PulseAudio with a null sink, a recorder on the sink's monitor, and RMS measurements.

Proves sound was really played: whatever a client plays into the null sink appears on
"<sink>.monitor", which parec records as raw s16le 48 kHz stereo. The first 0.3-1 s of a
recording can be empty, so start the recorder before playing and judge by RMS amplitude.
"""
from __future__ import annotations

import array
import math
import sys
import wave
from pathlib import Path
from typing import Optional, Union

from .procs import Child, wait_until
from .sandbox import Sandbox

SINK = "moscowtime_test_sink"
RATE, CHANNELS, SAMPLE_BYTES = 48000, 2, 2
FRAME_BYTES = CHANNELS * SAMPLE_BYTES
SILENCE_RMS = 1e-4  # digital silence on a null sink is exactly 0; allow dither-level noise


def rms_of_s16le(data: bytes) -> float:
    """RMS amplitude (0..1, full scale = 1) of raw signed 16-bit little-endian samples."""
    usable = len(data) - len(data) % SAMPLE_BYTES
    if usable == 0:
        return 0.0
    samples = array.array("h")
    samples.frombytes(data[:usable])
    if sys.byteorder != "little":
        samples.byteswap()
    return math.sqrt(sum(s * s for s in samples) / len(samples)) / 32768.0


def _ms_to_bytes(ms: float) -> int:
    return int(RATE * ms / 1000) * FRAME_BYTES


class PulseServer:
    """pulseaudio -n (no default.pa) with a native socket and a null sink, all inside the sandbox.

    Exports PULSE_SERVER, PULSE_RUNTIME_PATH, PULSE_COOKIE and PULSE_CLIENTCONFIG to the
    sandbox so clients neither autospawn nor write under $HOME."""

    def __init__(self, sandbox: Sandbox, timeout: float = 10.0):
        self.sandbox = sandbox
        d = sandbox.path("pulse")
        (d / "home").mkdir(parents=True)
        (d / "run").mkdir(mode=0o700)
        (d / "client.conf").write_text("autospawn = no\n")
        self.socket = d / "native"
        client_env = {
            "PULSE_SERVER": f"unix:{self.socket}",
            "PULSE_RUNTIME_PATH": str(d / "run"),
            "PULSE_COOKIE": str(d / "cookie"),
            "PULSE_CLIENTCONFIG": str(d / "client.conf"),
        }
        # The daemon's own state goes to pulse/home, not the sandbox's (or the user's) home.
        server_env = {"HOME": str(d / "home"), "XDG_RUNTIME_DIR": str(d / "run"),
                      "XDG_CONFIG_HOME": str(d / "home" / ".config"),
                      "XDG_STATE_HOME": str(d / "home" / ".state")}
        self.child = sandbox.spawn("pulseaudio", [
            "pulseaudio", "-n", "--daemonize=no", "--use-pid-file=no", "--exit-idle-time=-1",
            "--disallow-exit=no", "--log-target=stderr", "--log-level=notice",
            "-L", f"module-native-protocol-unix socket={self.socket} auth-anonymous=1",
            "-L", f"module-null-sink sink_name={SINK} rate={RATE} channels={CHANNELS}"
                  " sink_properties=device.description=MoscowTimeTestSink",
            "-L", "module-null-source source_name=moscowtime_test_source",
        ], env=server_env)
        sandbox.env.update(client_env)
        wait_until(lambda: self._answers() or not self.child.alive(), timeout, "pulseaudio")
        if not self.child.alive():
            raise RuntimeError(self.child.describe())

    def _answers(self) -> bool:
        return self.sandbox.run(["pactl", "info"], timeout=5).returncode == 0

    def source_outputs(self) -> int:
        """Number of recording streams connected."""
        r = self.sandbox.run(["pactl", "list", "short", "source-outputs"], timeout=5)
        return len([line for line in r.stdout.splitlines() if line.strip()])

    def sink_inputs(self) -> int:
        """Number of playback streams connected to the server (playing or corked)."""
        r = self.sandbox.run(["pactl", "list", "short", "sink-inputs"], timeout=5)
        return len([line for line in r.stdout.splitlines() if line.strip()])

    def kick_sink(self) -> None:
        for state in ("1", "0"):
            self.sandbox.run(["pactl", "suspend-sink", SINK, state], timeout=5, check=True)

    def record(self, name: str = "recording") -> "Recorder":
        return Recorder(self, self.sandbox.path(f"{name}.s16le"))


class Recorder:
    """parec on the null sink's monitor, raw samples to a file that grows in real time."""

    def __init__(self, pulse: PulseServer, raw_path: Path, timeout: float = 10.0):
        self.pulse, self.raw_path = pulse, raw_path
        before = pulse.source_outputs()
        out = open(raw_path, "wb")
        try:
            self.child: Child = pulse.sandbox.spawn(
                f"parec-{raw_path.stem}",
                ["parec", "-d", f"{SINK}.monitor", "--format=s16le", f"--rate={RATE}",
                 f"--channels={CHANNELS}", "--latency-msec=20"],
                stdout=out)
        finally:
            out.close()
        wait_until(lambda: pulse.source_outputs() > before or not self.child.alive(), timeout,
                   "parec to connect")
        if pulse.sink_inputs() == 0:
            # An idle null sink renders in 2 s blocks and re-reads the latency our stream asks
            # for only on its next wake-up, so the first samples would come ~2 s late. Suspending
            # and resuming it restarts its clock with the new 20 ms block size.
            pulse.kick_sink()
        wait_until(lambda: self.captured_ms() > 0 or not self.child.alive(), timeout,
                   "the first recorded samples")
        if not self.child.alive():
            raise RuntimeError(self.child.describe())

    def data(self) -> bytes:
        return self.raw_path.read_bytes()

    def captured_ms(self) -> float:
        return self.raw_path.stat().st_size / FRAME_BYTES / RATE * 1000

    def rms(self, start_ms: float = 0.0, end_ms: Optional[float] = None) -> float:
        """RMS of the window [start_ms, end_ms) of the recording (end: what is captured so far)."""
        data = self.data()
        end = len(data) if end_ms is None else min(len(data), _ms_to_bytes(end_ms))
        return rms_of_s16le(data[_ms_to_bytes(start_ms):end])

    def rms_last(self, ms: float) -> float:
        """RMS of the last `ms` milliseconds captured so far."""
        data = self.data()
        usable = len(data) - len(data) % FRAME_BYTES
        return rms_of_s16le(data[max(0, usable - _ms_to_bytes(ms)):usable])

    def wait_for_ms(self, ms: float, timeout: Optional[float] = None) -> None:
        """Wait until `ms` milliseconds have been captured in total (the stream is real-time)."""
        wait_until(lambda: self.captured_ms() >= ms, timeout or ms / 1000 + 5,
                   f"{ms:g} ms of recording")

    def wait_for_more(self, ms: float) -> None:
        """Keep recording `ms` more milliseconds from now."""
        self.wait_for_ms(self.captured_ms() + ms)

    def wait_for_sound(self, threshold: float = 0.01, window_ms: float = 200, timeout: float = 5.0) -> float:
        """Wait until the last `window_ms` are louder than `threshold`; returns that RMS."""
        return wait_until(lambda: (lambda r: r if r > threshold else None)(self.rms_last(window_ms)),
                          timeout, f"sound louder than RMS {threshold}")

    def wait_for_silence(self, window_ms: float = 300, timeout: float = 5.0,
                         threshold: float = SILENCE_RMS) -> None:
        """Wait until the last `window_ms` are silent (RMS <= threshold)."""
        wait_until(lambda: self.captured_ms() >= window_ms and self.rms_last(window_ms) <= threshold,
                   timeout, "silence")

    def stop(self) -> bytes:
        self.child.stop()
        return self.data()

    def save_wav(self, path: Union[str, Path]) -> Path:
        """Write what was captured so far as a WAV file (e.g. into a kept output directory)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        data = self.data()
        data = data[:len(data) - len(data) % FRAME_BYTES]
        with wave.open(str(path), "wb") as w:
            w.setnchannels(CHANNELS)
            w.setsampwidth(SAMPLE_BYTES)
            w.setframerate(RATE)
            w.writeframes(data)
        return path
