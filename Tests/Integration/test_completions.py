# SPDX-License-Identifier: GPL-3.0-or-later
"""Shell completion from the user's own data: the bash, zsh and fish scripts agent-cli generates,
loaded in a real bash, zsh and fish, complete alarm ids and labels, habit names, template names,
settings keys and zone names by calling back into agent-cli."""
from __future__ import annotations

import os
import pty
import re
import select
import shlex
import shutil
import subprocess
import time

import pytest

from harness.agent import binary


def bash_complete(sandbox, cli, line: str) -> list[str]:
    """COMPREPLY for the command line `line` (completing its last word), as bash would get it."""
    script = sandbox.path("agent-cli.bash")
    if not script.exists():
        script.write_text(cli(["--generate-completion-script", "bash"]).stdout)
    words = shlex.split(line) + ([""] if line.endswith(" ") else [])
    program = f"""
source {shlex.quote(str(script))}
COMP_WORDS=({" ".join(shlex.quote(w) for w in words)})
COMP_CWORD={len(words) - 1}
COMP_LINE={shlex.quote(line)}
COMP_POINT=${{#COMP_LINE}}
_agent-cli agent-cli {shlex.quote(words[-1])} {shlex.quote(words[-2])}
printf '%s\\n' "${{COMPREPLY[@]}}"
"""
    env = {**sandbox.env, "PATH": f"{binary('agent-cli').parent}:{sandbox.env.get('PATH', '/usr/bin:/bin')}"}
    r = subprocess.run(["bash", "--norc", "--noprofile", "-c", program], env=env, capture_output=True, text=True, timeout=30)
    assert r.returncode == 0, r.stderr
    return [w for w in r.stdout.splitlines() if w]


def shell_env(sandbox) -> dict[str, str]:
    """The sandbox's environment (HOME, XDG dirs with the data) with agent-cli on PATH: the
    scripts call back into it by name."""
    return {**sandbox.env, "PATH": f"{binary('agent-cli').parent}:{sandbox.env.get('PATH', '/usr/bin:/bin')}"}


class PtyShell:
    """An interactive shell on its own pseudo-terminal (its controlling tty, as in a terminal
    emulator): what it is sent is typed, what it prints is read back."""

    def __init__(self, argv: list[str], env: dict[str, str]):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: only exec (no Python state after fork)
            os.execvpe(argv[0], argv, env)
        self.out = b""

    def type(self, text: str) -> None:
        os.write(self.fd, text.encode())

    def read_until(self, marker: bytes, timeout: float = 60) -> bytes:
        deadline = time.monotonic() + timeout
        while marker not in self.out:
            left = deadline - time.monotonic()
            assert left > 0, f"no {marker!r} from the shell: {self.out.decode(errors='replace')[-2000:]}"
            ready, _, _ = select.select([self.fd], [], [], left)
            if ready:
                try:
                    self.out += os.read(self.fd, 65536)
                except OSError:  # the shell has gone
                    break
        text, self.out = self.out, b""
        return text

    def close(self) -> None:
        os.kill(self.pid, 9)
        os.waitpid(self.pid, 0)
        os.close(self.fd)


def fish_complete(sandbox, cli, line: str) -> list[str]:
    """What fish offers for `line` (`complete -C`, what Tab shows), with the generated script
    loaded, in an interactive fish: the script asks `commandline` for the cursor, which fish 3.6
    answers only in an interactive session."""
    script = sandbox.path("agent-cli.fish")
    if not script.exists():
        script.write_text(cli(["--generate-completion-script", "fish"]).stdout)
    out = sandbox.path("fish-complete.out")
    out.unlink(missing_ok=True)
    shell = PtyShell(["fish", "--no-config", "-i"], {**shell_env(sandbox), "TERM": "dumb"})
    try:
        shell.type(f"source {shlex.quote(str(script))}; complete -C {shlex.quote(line)} > {shlex.quote(str(out))}; "
                   "echo COMPLETION-''DONE\r")
        shell.read_until(b"COMPLETION-DONE\r")
    finally:
        shell.close()
    # Each line is the candidate, then a tab and its description when there is one.
    return [l.split("\t")[0] for l in out.read_text().splitlines() if l]


# Loaded into an interactive `zsh -f` on a pty: the real completion system (compinit) with the
# generated `_agent-cli` on fpath. compadd is wrapped to print each match that reaches the
# command line (calls with -O/-A/-D only fill arrays for compsys and pass through).
ZSH_INIT = r"""
PROMPT=''
fpath=({compdir} $fpath)
autoload -Uz compinit && compinit -u -D
bindkey '^I' complete-word
zstyle ':completion:*' insert-tab false
compadd() {{
    if [[ " $* " == *' -'[OAD]' '* ]]; then builtin compadd "$@"; return; fi
    local -a __found
    builtin compadd -A __found "$@"
    local m
    for m in $__found; do print -r -- "MATCH<$m>"; done
    builtin compadd "$@"
}}
__report_end() {{ print -r -- "COMPLETION-DONE"; }}
comppostfuncs=(__report_end)
print -r -- "READY"
"""


def zsh_complete(sandbox, cli, line: str) -> list[str]:
    """The matches zsh's completion system offers when Tab is pressed after `line`."""
    compdir = sandbox.path("zsh-functions")
    if not compdir.exists():
        compdir.mkdir()
        (compdir / "_agent-cli").write_text(cli(["--generate-completion-script", "zsh"]).stdout)
    init = sandbox.path("complete.zsh")
    init.write_text(ZSH_INIT.format(compdir=shlex.quote(str(compdir))))
    shell = PtyShell(["zsh", "-f", "-i"], {**shell_env(sandbox), "TERM": "dumb"})
    try:
        shell.type(f"source {shlex.quote(str(init))}\n")
        shell.read_until(b"READY\r\n")
        shell.type(line + "\t")
        text = shell.read_until(b"COMPLETION-DONE").decode("utf-8", errors="replace")
    finally:
        shell.close()
    found = []
    for m in re.finditer(r"MATCH<(.*?)>\r?\n", text):
        if m.group(1) not in found:
            found.append(m.group(1))
    return found


needs_zsh = pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed (scripts/setup-deps test)")
needs_fish = pytest.mark.skipif(shutil.which("fish") is None, reason="fish is not installed (scripts/setup-deps test)")


@pytest.fixture
def data(cli):
    added = cli(["add", "7:30", "--label", "Zарядка", "--json"])
    assert added.rc == 0, added
    assert cli(["habit", "add", "Вода"]).rc == 0
    assert cli(["habit", "add", "Walk"]).rc == 0
    import json
    return json.loads(added.stdout)["id"]


def test_alarm_ids_and_labels(sandbox, cli, data):
    assert bash_complete(sandbox, cli, "agent-cli show ") == [data, "Zарядка"]
    assert bash_complete(sandbox, cli, f"agent-cli rm {data[:3]}") == [data]
    assert bash_complete(sandbox, cli, "agent-cli disable Z") == ["Zарядка"]


def test_habit_names(sandbox, cli, data):
    assert sorted(bash_complete(sandbox, cli, "agent-cli habit done ")) == ["Walk", "Вода"]
    assert bash_complete(sandbox, cli, "agent-cli habit stats W") == ["Walk"]


def test_template_names(sandbox, cli):
    names = cli(["__complete", "template"]).stdout.split()
    assert "pomodoro" in names, names
    assert bash_complete(sandbox, cli, "agent-cli template apply pomo") == ["pomodoro"]


def test_settings_keys_and_values(sandbox, cli):
    assert bash_complete(sandbox, cli, "agent-cli settings late") == ["late-window"]
    assert bash_complete(sandbox, cli, "agent-cli settings language ") == ["auto", "ru", "en"]
    assert bash_complete(sandbox, cli, "agent-cli settings zone Europe/Mosc") == ["Europe/Moscow"]


def test_zsh_and_fish_scripts_call_back_for_the_same_arguments(cli):
    for shell in ("zsh", "fish"):
        text = cli(["--generate-completion-script", shell]).stdout
        for path, arg in (("show", 0), ("habit done", 0), ("template apply", 0), ("settings", 1)):
            assert f"---completion {path} -- positional@{arg}" in text, (shell, path)
        # The settings keys are a closed set: listed in the script itself.
        assert "ring-minutes" in text and "habit-sound" in text, shell


@needs_fish
def test_fish_completes_from_the_users_data(sandbox, cli, data):
    assert fish_complete(sandbox, cli, "agent-cli show ") == [data, "Zарядка"]
    assert fish_complete(sandbox, cli, f"agent-cli rm {data[:3]}") == [data]
    assert sorted(fish_complete(sandbox, cli, "agent-cli habit done ")) == ["Walk", "Вода"]
    assert fish_complete(sandbox, cli, "agent-cli habit stats W") == ["Walk"]
    assert fish_complete(sandbox, cli, "agent-cli settings late") == ["late-window"]
    assert fish_complete(sandbox, cli, "agent-cli settings zone Europe/Mo") == ["Europe/Monaco", "Europe/Moscow"]
    assert fish_complete(sandbox, cli, "agent-cli template apply pomo") == ["pomodoro"]
    # A closed set from its type: --target-per day|period.
    assert fish_complete(sandbox, cli, "agent-cli habit add X --target-per ") == ["day", "period"]


@needs_zsh
def test_zsh_completes_from_the_users_data(sandbox, cli, data):
    assert sorted(zsh_complete(sandbox, cli, "agent-cli show ")) == sorted([data, "Zарядка"])
    assert zsh_complete(sandbox, cli, f"agent-cli rm {data[:3]}") == [data]
    assert sorted(zsh_complete(sandbox, cli, "agent-cli habit done ")) == ["Walk", "Вода"]
    assert zsh_complete(sandbox, cli, "agent-cli habit stats W") == ["Walk"]
    assert zsh_complete(sandbox, cli, "agent-cli settings late") == ["late-window"]
    assert sorted(zsh_complete(sandbox, cli, "agent-cli settings zone Europe/Mo")) == ["Europe/Monaco", "Europe/Moscow"]
    assert zsh_complete(sandbox, cli, "agent-cli template apply pomo") == ["pomodoro"]
    assert sorted(zsh_complete(sandbox, cli, "agent-cli habit add X --target-per ")) == ["day", "period"]
