# SPDX-License-Identifier: GPL-3.0-or-later
"""Shell completion from the user's own data: the bash script agent-cli generates, sourced in a
real bash, completes alarm ids and labels, habit names, template names, settings keys and zone
names by calling back into agent-cli; zsh and fish scripts carry the same callbacks."""
from __future__ import annotations

import shlex
import subprocess

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
