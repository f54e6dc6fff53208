# SPDX-License-Identifier: GPL-3.0-or-later
"""A gentle start and the sound files that play (issue 21 §4), heard on a PulseAudio null sink.

The ramp: a ring starts quiet and reaches full volume over `--ramp` — for a short sound looped and
for one long file played once (the helper raises its own stream while it plays). The formats:
libcanberra decodes WAV (8/16-bit PCM) and Ogg Vorbis itself and nothing else, so each fixture
(made with sox; the MP3 with lame) is played by the agent's helper, `moscowtime-sound`, and heard
or not; `add`, `edit` and `settings sound` refuse the files that would not play, writing nothing."""
from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

from harness import wait_until
from harness.agent import binary, run_cli

pytestmark = pytest.mark.agent

BELL = "/usr/share/sounds/freedesktop/stereo/bell.oga"  # 0.14 s: looped, it sounds continuous
HEARD = 0.005


def _sox(sandbox, name: str, *effect: str, seconds: float = 1.0, **kw) -> str:
    """A sine tone file made by sox; `effect`/options before the output name set its encoding."""
    path = str(sandbox.path(name))
    sandbox.run(["sox", "-n", "-r", "44100", "-c", "2", *effect, path, "synth", str(seconds), "sine", "440",
                 "vol", "0.5"], check=True, timeout=30)
    return path


def _mp3(sandbox) -> str:
    if not shutil.which("lame"):
        pytest.skip("lame is not installed (scripts/setup-deps test)")
    wav = _sox(sandbox, "for-mp3.wav")
    path = str(sandbox.path("tone.mp3"))
    sandbox.run(["lame", "--quiet", wav, path], check=True, timeout=30)
    return path


def _fixtures(sandbox) -> dict[str, str]:
    return {
        "wav": _sox(sandbox, "tone.wav", "-b", "16"),
        "wav-8bit": _sox(sandbox, "tone8.wav", "-b", "8"),
        "ogg-vorbis": _sox(sandbox, "tone.ogg"),
        "flac": _sox(sandbox, "tone.flac"),
        "wav-24bit": _sox(sandbox, "tone24.wav", "-b", "24"),
        "wav-float": _sox(sandbox, "tonef.wav", "-e", "floating-point", "-b", "32"),
        "mp3": _mp3(sandbox),
    }


PLAYS = {"wav": True, "wav-8bit": True, "ogg-vorbis": True,
         "flac": False, "wav-24bit": False, "wav-float": False, "mp3": False}


def _play_with_helper(sandbox, path: str) -> int:
    """One play of `path` by moscowtime-sound as the agent runs it; its exit status (0: played)."""
    helper = subprocess.Popen([str(binary("moscowtime-sound")), f"media.filename={path}", "media.role=alarm",
                               "canberra.cache-control=never"],
                              env=sandbox.env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE)
    try:
        return helper.wait(timeout=10)  # stdin stays open: it ends by itself, played or refused
    finally:
        if helper.poll() is None:
            helper.kill()
        helper.stdin.close()
        helper.stderr.close()


@pytest.mark.parametrize("kind", sorted(PLAYS))
def test_exactly_wav_and_ogg_vorbis_play(sandbox, pulse, recorder, kind):
    path = _fixtures(sandbox)[kind]
    start = recorder.captured_ms()
    rc = _play_with_helper(sandbox, path)
    recorder.wait_for_more(300)  # what it played has reached the monitor
    heard = recorder.rms(start)
    if PLAYS[kind]:
        assert rc == 0 and heard > HEARD, (kind, rc, heard)
    else:
        # libcanberra refuses it (CA_ERROR_CORRUPT 7, CA_ERROR_NOTSUPPORTED 1) and nothing is heard
        assert rc in (1, 7) and heard == 0.0, (kind, rc, heard)


def _run(rig, *args: str, env=None):
    """agent-cli without the rig's rc == 0 check (for refusals)."""
    return run_cli(rig.sandbox, list(args), env=env)


def _store(rig) -> str:
    return rig.store_path.read_text() if rig.store_path.exists() else ""


def test_add_edit_and_settings_refuse_a_sound_file_that_cannot_play(rig):
    sandbox = rig.sandbox
    files = _fixtures(sandbox)
    text = sandbox.path("notes.txt"); text.write_text("not a sound\n")
    empty = sandbox.path("empty.ogg"); empty.write_bytes(b"")
    fifo = sandbox.path("fifo.ogg"); os.mkfifo(fifo)
    folder = sandbox.path("folder.ogg"); folder.mkdir()
    refused = {
        files["flac"]: "is FLAC, which cannot be played here",
        files["mp3"]: "is MP3, which cannot be played here",
        files["wav-24bit"]: "is a WAV file that cannot be played here",
        files["wav-float"]: "is a WAV file that cannot be played here",
        str(text): "is not a sound file that can be played here",
        str(empty): "is 0 bytes",
        str(fifo): "not a regular file",
        str(folder): "not a regular file",
        str(sandbox.path("missing.ogg")): "does not exist",
    }
    a = rig.cli_json("add", "07:00", "--label", "Sound check")
    before = _store(rig)
    for path, reason in refused.items():
        for args in (["add", "08:00", "--sound", path], ["edit", a["id"], "--sound", path],
                     ["settings", "sound", path]):
            r = _run(rig, *args)
            assert r.rc == 2 and reason in r.stderr and path in r.stderr, (args, r)
            assert _store(rig) == before, f"{args} wrote the store"
    # in Russian too
    r = _run(rig, "add", "08:00", "--sound", files["flac"], env={"LANGUAGE": "ru", "LANG": "ru_RU.UTF-8"})
    assert r.rc == 2 and "FLAC" in r.stderr and "не может быть воспроизведён" in r.stderr, r
    for kind in ("wav", "wav-8bit", "ogg-vorbis"):
        rig.cli("edit", a["id"], "--sound", files[kind])
        assert rig.alarm(a["id"])["sound"] == files[kind]
    rig.cli("settings", "sound", files["ogg-vorbis"])


def _rms_rise(rec, start: float, seconds: int) -> tuple[float, float]:
    rec.wait_for_ms(start + seconds * 1000 + 200)
    return rec.rms(start, start + 1000), rec.rms(start + (seconds - 1) * 1000, start + seconds * 1000)


@pytest.mark.parametrize("sound", ["long-file", "looped-bell"])
def test_the_ring_starts_quiet_and_reaches_full_volume_over_the_ramp(rig, pulse, recorder, sound):
    """One 12 s file played once must rise as a bell looped 40 times does: the first second of the
    ring is well below its last (`--ramp 8s`: -30 dB, then full)."""
    rec = recorder
    path = _sox(rig.sandbox, "long.wav", "-b", "16", seconds=12) if sound == "long-file" else BELL
    rig.start_agent()
    t = rig.timer(1, f"Ramp {sound}", "--sound", path, "--ramp", "8s")
    assert t.json["rampSeconds"] == 8
    rig.wait_for_ring(t.label, timeout=4)
    rec.wait_for_sound(0.0005, window_ms=100, timeout=3)  # the quiet start is heard
    start = rec.captured_ms() - 100
    first, last = _rms_rise(rec, start, 9)
    assert last > 0.05 and first < last / 8, (first, last)
    # and it is already rising after half the ramp
    middle = rec.rms(start + 4000, start + 5000)
    assert first < middle < last, (first, middle, last)
    rec.save_wav(rig.sandbox.path(f"ramp-{sound}.wav"))


def test_ramp_0_rings_at_full_volume_at_once(rig, pulse, recorder):
    rec = recorder
    rig.start_agent()
    t = rig.timer(1, "No ramp", "--sound", BELL, "--ramp", "0")
    rig.wait_for_ring(t.label, timeout=4)
    rec.wait_for_sound(0.0005, window_ms=100, timeout=3)
    start = rec.captured_ms() - 100
    first, later = _rms_rise(rec, start, 3)
    assert first > 0.05 and first > later / 2, (first, later)


def test_ramp_is_shown_and_range_checked(rig):
    a = rig.cli_json("add", "07:00", "--label", "Gentle", "--ramp", "1m30s")
    assert a["rampSeconds"] == 90
    show = rig.cli("show", a["id"]).stdout
    assert "ramp" in show and "1m30s" in show, show
    assert "ramp 1m30s" in rig.cli("list").stdout
    rig.cli("edit", a["id"], "--use-defaults")
    assert rig.alarm(a["id"])["rampSeconds"] is None
    assert "30s (default)" in rig.cli("show", a["id"]).stdout
    before = _store(rig)
    for bad in ("11m", "-5s", "loud", "601s"):
        r = _run(rig, "edit", a["id"], "--ramp", bad)
        assert r.rc == 2 and "ramp" in r.stderr, (bad, r)
        r = _run(rig, "settings", "ramp", "--", bad)
        assert r.rc == 2 and "ramp" in r.stderr, (bad, r)
    assert _store(rig) == before
    rig.cli("settings", "ramp", "off")
    assert rig.cli("settings", "ramp").stdout.strip() == "0"
    rig.cli("settings", "ramp", "45s")
    assert rig.cli("settings", "ramp").stdout.strip() == "45s"
    doc = json.loads(rig.store_path.read_text())
    assert doc["settings"]["rampSeconds"] == 45
    # a hand-edited store out of range is refused on load
    doc["settings"]["rampSeconds"] = 100000
    rig.store_path.write_text(json.dumps(doc))
    r = _run(rig, "list")
    assert r.rc != 0 and "rampSeconds" in r.stderr, r


def test_a_file_that_stopped_playing_rings_the_theme_sound_instead(rig, pulse, recorder):
    """A FLAC put into the store by hand (or an OGG replaced since it was chosen): agent-cli could
    not refuse it, so at the ring libcanberra's refusal makes the agent fall back to the theme sound
    instead of ringing silent."""
    flac = _sox(rig.sandbox, "tone.flac")
    agent = rig.start_agent()
    t = rig.timer(2, "Hand-edited", "--ramp", "0")
    doc = json.loads(rig.store_path.read_text())
    for a in doc["alarms"]:
        if a["id"] == t.id:
            a["sound"] = flac
    rig.store_path.write_text(json.dumps(doc))
    rig.cli("reload")
    rig.wait_for_ring(t.label, timeout=6)
    recorder.wait_for_sound(0.01, window_ms=100, timeout=3)  # the theme's alarm sound
    agent.wait_for_log(f"cannot play {flac}")
    agent.wait_for_log("playing the theme sound alarm-clock-elapsed instead")
