# SPDX-License-Identifier: GPL-3.0-or-later
"""Install, autostart, desktop files, translations: what MoscowTime puts on a user's desktop.

* `make install DESTDIR=… PREFIX=/usr` puts every file where the specs expect it, and
  `make uninstall` takes exactly those away again;
* desktop-file-validate on every .desktop, appstreamcli on the metainfo;
* `agent-cli autostart` in a temporary XDG home: the XDG autostart path (there is no systemd --user
  here) and the systemd path through a fake `systemctl` (MOSCOWTIME_SYSTEMCTL) that keeps state;
* translations: po/ru.po covers every message in the code; the CLI in English and Russian, with
  the language from the environment or from the `language` setting.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import stat
import struct
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
import time
from pathlib import Path

import pytest

from harness import bin_dir, children_cpu_seconds
from harness.install import make_variables

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "data"
NOW = {"MOSCOWTIME_NOW": "2026-11-21T12:00:00Z"}  # Saturday 15:00 in Moscow
APP = "org.moscowtime.Agent"

pytestmark = pytest.mark.agent


def run(argv, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(argv, capture_output=True, text=True, timeout=kw.pop("timeout", 600), **kw)


def agent_path() -> str:
    return os.path.realpath(bin_dir() / "moscowtime-agent")


# --- data files --------------------------------------------------------------------------------

def desktop_sources():
    return sorted(DATA.glob("**/*.desktop.in"))


@pytest.mark.parametrize("source", desktop_sources(), ids=lambda p: p.parent.name)
def test_desktop_files_validate(tmp_path, source):
    if not shutil.which("desktop-file-validate"):
        pytest.skip("desktop-file-validate not installed (scripts/setup-deps test)")
    out = tmp_path / source.name.removesuffix(".in")
    out.write_text(source.read_text().replace("@BINDIR@", "/usr/bin"))
    r = run(["desktop-file-validate", str(out)])
    assert r.returncode == 0 and not r.stdout.strip(), r.stdout + r.stderr


def test_autostart_entry_has_no_gnome_phase_and_yields_to_systemd():
    text = (DATA / "autostart" / f"{APP}.desktop.in").read_text()
    assert "X-GNOME-Autostart-Phase" not in text  # systemd's generator would skip it
    assert "X-systemd-skip=true" in text  # the user unit starts it where systemd runs the session
    assert "Exec=@BINDIR@/moscowtime-agent" in text


def test_metainfo_validates():
    if not shutil.which("appstreamcli"):
        pytest.skip("appstreamcli not installed (scripts/setup-deps test)")
    r = run(["appstreamcli", "validate", "--no-net", str(DATA / "metainfo" / f"{APP}.metainfo.xml")])
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Validation was successful" in r.stdout


def test_icons_are_svg_and_symbolic_icons_use_one_colour():
    import xml.etree.ElementTree as ET
    names = [APP, f"{APP}-ringing", f"{APP}-paused"]
    for name in names:
        for suffix in ("", "-symbolic"):
            root = ET.parse(DATA / "icons" / f"{name}{suffix}.svg").getroot()
            assert root.tag == "{http://www.w3.org/2000/svg}svg"
            if suffix:
                assert root.get("width") == "16" and root.get("height") == "16"
    symbolic = "".join((DATA / "icons" / f"{n}-symbolic.svg").read_text() for n in names)
    colours = {c for c in ("#2e3436", "#c01c28", "#e5a50a", "#3584e4") if c in symbolic}
    assert colours == {"#2e3436"}


# --- make install / uninstall ------------------------------------------------------------------

EXPECTED = {
    "usr/bin/agent-cli", "usr/bin/moscowtime-agent", "usr/libexec/moscowtime/moscowtime-calendar",
    "usr/libexec/moscowtime/moscowtime-wake", "usr/libexec/moscowtime/moscowtime-sound",
    "usr/lib/systemd/user/moscowtime-agent.service",
    f"etc/xdg/autostart/{APP}.desktop",
    f"usr/share/dbus-1/services/{APP}.service",
    "usr/share/dbus-1/interfaces/org.moscowtime.Agent1.xml",
    f"usr/share/applications/{APP}.desktop",
    f"usr/share/metainfo/{APP}.metainfo.xml",
    *(f"usr/share/icons/hicolor/scalable/apps/{APP}{v}.svg" for v in ("", "-ringing", "-paused")),
    *(f"usr/share/icons/hicolor/symbolic/apps/{APP}{v}-symbolic.svg" for v in ("", "-ringing", "-paused")),
    "usr/share/moscowtime/icons/hicolor/index.theme",
    *(f"usr/share/moscowtime/icons/hicolor/scalable/apps/{APP}{v}.svg" for v in ("", "-ringing", "-paused")),
    *(f"usr/share/moscowtime/icons/hicolor/symbolic/apps/{APP}{v}-symbolic.svg" for v in ("", "-ringing", "-paused")),
    "usr/share/man/man1/agent-cli.1", "usr/share/man/man1/moscowtime-agent.1",
    "usr/share/man/ru/man1/agent-cli.1", "usr/share/man/ru/man1/moscowtime-agent.1",
    "usr/share/bash-completion/completions/agent-cli",
    "usr/share/zsh/vendor-completions/_agent-cli",
    "usr/share/fish/vendor_completions.d/agent-cli.fish",
    "usr/share/locale/ru/LC_MESSAGES/moscowtime.mo",
    *(f"usr/share/moscowtime/templates/{p.name}" for p in (DATA / "templates").glob("*.json")),
}


@pytest.fixture(scope="module")
def make_vars(tmp_path_factory):
    """Make variables that install the already-built debug binaries (no release build in tests)."""
    return make_variables(tmp_path_factory.mktemp("gen"))


def tree(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file() or p.is_symlink()}


def test_make_install_puts_every_file_where_the_specs_expect_and_uninstall_removes_them(tmp_path, make_vars):
    root = tmp_path / "root"
    r = run(["make", "-s", "-C", str(REPO), "install", f"DESTDIR={root}", "PREFIX=/usr", *make_vars])
    assert r.returncode == 0, r.stdout + r.stderr
    assert tree(root) == EXPECTED
    listed = run(["make", "-s", "-C", str(REPO), "installed-files", "PREFIX=/usr", *make_vars]).stdout.split()
    assert {p.lstrip("/") for p in listed} == EXPECTED

    for f in ("usr/bin/agent-cli", "usr/bin/moscowtime-agent", "usr/libexec/moscowtime/moscowtime-calendar",
              "usr/libexec/moscowtime/moscowtime-wake", "usr/libexec/moscowtime/moscowtime-sound"):
        assert os.access(root / f, os.X_OK)
    # Never setuid or setgid: the helper's one capability is a file capability (set on a real install).
    assert not os.stat(root / "usr/libexec/moscowtime/moscowtime-wake").st_mode & 0o6000
    unit = (root / "usr/lib/systemd/user/moscowtime-agent.service").read_text()
    for line in ("PartOf=graphical-session.target", "After=graphical-session.target", "WantedBy=graphical-session.target",
                 "Type=dbus", "BusName=org.moscowtime.Agent", "Restart=on-failure", "ExecStart=/usr/bin/moscowtime-agent"):
        assert line in unit.splitlines(), line
    dbus = (root / f"usr/share/dbus-1/services/{APP}.service").read_text().splitlines()
    assert dbus[0] == "[D-BUS Service]"
    assert {"Name=org.moscowtime.Agent", "Exec=/usr/bin/moscowtime-agent", "SystemdService=moscowtime-agent.service"} <= set(dbus)
    # The interface description (test_dbus_api checks it against the running agent's introspection).
    installed_xml = root / "usr/share/dbus-1/interfaces/org.moscowtime.Agent1.xml"
    assert installed_xml.read_bytes() == (DATA / "dbus" / "org.moscowtime.Agent1.xml").read_bytes()
    assert [i.get("name") for i in ET.parse(installed_xml).getroot().iter("interface")] == ["org.moscowtime.Agent1"]
    if shutil.which("desktop-file-validate"):
        for d in root.rglob("*.desktop"):
            v = run(["desktop-file-validate", str(d)])
            assert v.returncode == 0 and not v.stdout.strip(), v.stdout
    # The application entry's basename is the notifications' desktop-entry hint.
    assert (root / f"usr/share/applications/{APP}.desktop").read_text().count(f"Icon={APP}\n") == 1
    man = (root / "usr/share/man/man1/agent-cli.1").read_text()
    assert ".Dt AGENT-CLI 1" in man and "template" in man and "autostart" in man
    assert r"\[u041F]\[u043E]\[u0434]\[u044A]\[u0451]\[u043C]" in man  # «Подъём» kept, not dropped
    if shutil.which("man"):
        page = run(["man", "-l", str(root / "usr/share/man/man1/agent-cli.1")], env={**os.environ, "MANWIDTH": "100"}).stdout
        assert "Подъём" in page
        # Examples are literal blocks, not filled into the next sentence; the exit status lists 3.
        assert re.search(r"\n +agent-cli add 9:00 --once tomorrow\n +agent-cli add 6:45 --every 2\n", page), page
        assert "agent-\n" not in page and "agent‐\n" not in page
        assert "the agent is not running" in page.split("EXIT STATUS")[1]
        ru = run(["man", "-l", str(root / "usr/share/man/ru/man1/agent-cli.1")], env={**os.environ, "MANWIDTH": "100"}).stdout
        assert "КОД ВЫХОДА" in ru and "Добавить будильник." in ru and "агент не запущен" in ru.split("КОД ВЫХОДА")[1]
        agent = run(["man", "-l", str(root / "usr/share/man/man1/moscowtime-agent.1")], env={**os.environ, "MANWIDTH": "100"}).stdout
        assert "3       when another agent already runs in the session" in agent, agent
        agent_ru = run(["man", "-l", str(root / "usr/share/man/ru/man1/moscowtime-agent.1")], env={**os.environ, "MANWIDTH": "100"}).stdout
        assert "3       если в сеансе уже работает другой агент" in agent_ru, agent_ru
    assert "complete" in (root / "usr/share/bash-completion/completions/agent-cli").read_text()
    assert (root / "usr/share/zsh/vendor-completions/_agent-cli").read_text().startswith("#compdef agent-cli")
    assert "complete -c" in (root / "usr/share/fish/vendor_completions.d/agent-cli.fish").read_text()

    # The installed agent-cli finds its catalogue and templates through <bindir>/../share.
    env = {"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "d"), "XDG_STATE_HOME": str(tmp_path / "s"),
           "LANG": "ru_RU.UTF-8", "PATH": "/usr/bin:/bin", **NOW}
    out = run([str(root / "usr/bin/agent-cli"), "template", "list"], env=env)
    assert out.returncode == 0 and "Помидор" in out.stdout and "ШАБЛОН" in out.stdout, out.stdout + out.stderr

    r = run(["make", "-s", "-C", str(REPO), "uninstall", f"DESTDIR={root}", "PREFIX=/usr", *make_vars])
    assert r.returncode == 0, r.stderr
    assert not root.exists() or not any(root.iterdir()), sorted(tree(root))


def test_install_with_prefix_usr_local_uses_its_own_etc(tmp_path, make_vars):
    root = tmp_path / "root"
    r = run(["make", "-s", "-C", str(REPO), "install", f"DESTDIR={root}", *make_vars])
    assert r.returncode == 0, r.stderr
    files = tree(root)
    assert f"usr/local/etc/xdg/autostart/{APP}.desktop" in files
    assert "usr/local/lib/systemd/user/moscowtime-agent.service" in files
    assert "usr/local/share/zsh/site-functions/_agent-cli" in files
    assert "Exec=/usr/local/bin/moscowtime-agent" in (root / f"usr/local/share/dbus-1/services/{APP}.service").read_text()
    run(["make", "-s", "-C", str(REPO), "uninstall", f"DESTDIR={root}", *make_vars])
    assert not root.exists() or not any(root.iterdir())


# --- agent-cli autostart: XDG ------------------------------------------------------------------

def test_autostart_xdg_enable_status_disable(cli, sandbox):
    config = Path(sandbox.env["XDG_CONFIG_HOME"])
    entry = config / "autostart" / f"{APP}.desktop"
    r = cli(["autostart", "status"])
    assert r.rc == 0 and "Autostart is disabled." in r.stdout and "XDG autostart" in r.stdout

    r = cli(["autostart", "enable"])
    assert r.rc == 0, r.stderr
    assert str(entry) in r.stdout and "XDG autostart" in r.stdout
    text = entry.read_text()
    assert f"Exec={agent_path()}" in text.splitlines()
    assert "X-GNOME-Autostart-Phase" not in text
    if shutil.which("desktop-file-validate"):
        v = run(["desktop-file-validate", str(entry)])
        assert v.returncode == 0 and not v.stdout.strip(), v.stdout

    status = json.loads(cli(["autostart", "status", "--json"]).stdout)
    assert status == {"enabled": True, "method": "xdg", "file": str(entry), "exec": agent_path(), "state": "user"}

    r = cli(["autostart", "disable"])
    assert r.rc == 0 and not entry.exists() and "removed" in r.stdout
    r = cli(["autostart", "disable"])
    assert r.rc == 0 and "was not enabled" in r.stdout


def test_autostart_honours_xdg_config_home_and_hides_a_system_entry(cli, sandbox, tmp_path):
    own = tmp_path / "elsewhere"
    system = tmp_path / "xdg"
    (system / "autostart").mkdir(parents=True)
    (system / "autostart" / f"{APP}.desktop").write_text(
        (DATA / "autostart" / f"{APP}.desktop.in").read_text().replace("@BINDIR@", "/usr/bin"))
    env = {"XDG_CONFIG_HOME": str(own), "XDG_CONFIG_DIRS": str(system)}
    status = json.loads(cli(["autostart", "status", "--json"], env=env).stdout)
    assert status["enabled"] and status["state"] == "system" and status["exec"] == "/usr/bin/moscowtime-agent"

    r = cli(["autostart", "disable"], env=env)
    assert r.rc == 0 and "hides the system-wide entry" in r.stdout
    hidden = (own / "autostart" / f"{APP}.desktop").read_text()
    assert "Hidden=true" in hidden.splitlines()
    assert json.loads(cli(["autostart", "status", "--json"], env=env).stdout)["enabled"] is False

    r = cli(["autostart", "enable"], env=env)
    assert r.rc == 0
    assert "Hidden=true" not in (own / "autostart" / f"{APP}.desktop").read_text()
    assert not (Path(sandbox.env["XDG_CONFIG_HOME"]) / "autostart").exists()


def test_autostart_files_are_written_like_every_other_file(cli, sandbox):
    """The core's atomic write: an exclusive temporary file renamed into place (none left behind),
    the usual 0644 for a file the session reads, and a FIFO in the entry's place refused, not
    replaced or waited on."""
    autostart = Path(sandbox.env["XDG_CONFIG_HOME"]) / "autostart"
    entry = autostart / f"{APP}.desktop"
    umask = os.umask(0o022); os.umask(umask)
    assert cli(["autostart", "enable"]).rc == 0
    assert stat.S_IMODE(entry.stat().st_mode) == 0o644 & ~umask
    assert stat.S_IMODE(autostart.stat().st_mode) == 0o755 & ~umask
    assert [p.name for p in autostart.iterdir()] == [entry.name]

    assert cli(["autostart", "disable"]).rc == 0
    os.mkfifo(entry)
    r = cli(["autostart", "enable"], timeout=20)
    assert r.rc == 1 and "named pipe (FIFO)" in r.stderr and str(entry) in r.stderr, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert stat.S_ISFIFO(entry.lstat().st_mode) and [p.name for p in autostart.iterdir()] == [entry.name]


def test_autostart_bad_input_changes_nothing(cli, sandbox):
    config = Path(sandbox.env["XDG_CONFIG_HOME"])
    before = sorted(config.rglob("*"))
    r = cli(["autostart", "enable", "--method", "launchd"])
    assert r.rc == 2 and "expected auto, systemd or xdg" in r.stderr
    r = cli(["autostart", "frobnicate"])
    assert r.rc == 2
    # No systemd --user here: asking for it is a failure (1), not a silent fallback.
    r = cli(["autostart", "enable", "--method", "systemd"])
    assert r.rc == 1 and "systemd --user is not running" in r.stderr
    assert sorted(config.rglob("*")) == before


def test_autostart_messages_in_russian(cli):
    r = cli(["autostart", "enable"], env={"LANG": "ru_RU.UTF-8", "LANGUAGE": ""})
    assert r.rc == 0 and "Автозапуск включён" in r.stdout
    r = cli(["autostart", "status"], env={"LANG": "ru_RU.UTF-8", "LANGUAGE": ""})
    assert "Автозапуск включён." in r.stdout


# --- agent-cli autostart: systemd, through a fake systemctl ------------------------------------

FAKE_SYSTEMCTL = textwrap.dedent('''\
    #!/usr/bin/env python3
    # A stand-in for `systemctl --user` with state in $FAKE_SYSTEMD_STATE; logs every call.
    import json, os, sys
    path = os.environ["FAKE_SYSTEMD_STATE"]
    state = json.load(open(path)) if os.path.exists(path) else {}
    state.setdefault("calls", []).append(sys.argv[1:])
    args = [a for a in sys.argv[1:] if a != "--user"]
    user_unit = os.path.join(os.environ["XDG_CONFIG_HOME"], "systemd/user/moscowtime-agent.service")
    out, rc = "", 0
    def fragment():
        if os.path.exists(user_unit): return user_unit
        return state.get("vendor_unit", "")
    if args[0] == "is-system-running":
        out, rc = "running", 0
    elif args[0] == "show":
        f = fragment()
        if state.get("masked"): st = "masked"
        elif state.get("user_enabled") or state.get("global_enabled"): st = "enabled"
        elif f: st = "disabled"
        else: st = ""
        out = "FragmentPath=%s\\nUnitFileState=%s" % (f if not state.get("masked") else "/dev/null", st)
    elif args[0] == "enable":
        if not fragment(): out, rc = "Failed to enable unit: Unit file moscowtime-agent.service does not exist.", 1
        else: state["user_enabled"] = True
    elif args[0] == "disable": state["user_enabled"] = False
    elif args[0] == "mask": state["masked"] = True
    elif args[0] == "unmask": state["masked"] = False
    elif args[0] == "daemon-reload": pass
    else: out, rc = "unknown command", 1
    json.dump(state, open(path, "w"))
    print(out)
    sys.exit(rc)
''')


@pytest.fixture
def fake_systemd(sandbox, tmp_path):
    tool = tmp_path / "systemctl"
    tool.write_text(FAKE_SYSTEMCTL)
    tool.chmod(0o755)
    state_file = tmp_path / "systemd-state.json"

    class Fake:
        env = {"MOSCOWTIME_SYSTEMCTL": str(tool), "FAKE_SYSTEMD_STATE": str(state_file)}
        user_unit = Path(sandbox.env["XDG_CONFIG_HOME"]) / "systemd/user/moscowtime-agent.service"

        def state(self):
            return json.loads(state_file.read_text()) if state_file.exists() else {}

        def set(self, **kw):
            s = self.state()
            s.update(kw)
            state_file.write_text(json.dumps(s))

        def verbs(self):
            return [[a for a in c if a != "--user"][0] for c in self.state().get("calls", [])]

    return Fake()


def test_systemd_enable_writes_a_user_unit_for_this_build_and_disable_removes_it(cli, fake_systemd):
    r = cli(["autostart", "enable"], env=fake_systemd.env)
    assert r.rc == 0, r.stderr
    assert "systemd user unit moscowtime-agent.service" in r.stdout
    unit = fake_systemd.user_unit.read_text().splitlines()
    for line in ("PartOf=graphical-session.target", "After=graphical-session.target", "WantedBy=graphical-session.target",
                 "Type=dbus", "BusName=org.moscowtime.Agent", "Restart=on-failure", f"ExecStart={agent_path()}"):
        assert line in unit, line
    assert fake_systemd.verbs()[-2:] == ["daemon-reload", "enable"]
    status = json.loads(cli(["autostart", "status", "--json"], env=fake_systemd.env).stdout)
    assert status == {"enabled": True, "method": "systemd", "file": str(fake_systemd.user_unit),
                      "exec": agent_path(), "state": "enabled"}

    r = cli(["autostart", "disable"], env=fake_systemd.env)
    assert r.rc == 0 and "no longer starts" in r.stdout
    assert not fake_systemd.user_unit.exists()
    assert "mask" not in fake_systemd.verbs()


def test_systemd_enable_uses_an_installed_unit_that_runs_this_agent(cli, fake_systemd, tmp_path):
    vendor = tmp_path / "vendor" / "moscowtime-agent.service"
    vendor.parent.mkdir()
    vendor.write_text(f"[Service]\nType=dbus\nExecStart={agent_path()}\n")
    fake_systemd.set(vendor_unit=str(vendor))
    r = cli(["autostart", "enable"], env=fake_systemd.env)
    assert r.rc == 0 and str(vendor) in r.stdout
    assert not fake_systemd.user_unit.exists()
    assert fake_systemd.verbs()[-1] == "enable" and "daemon-reload" not in fake_systemd.verbs()


def test_systemd_disable_masks_a_unit_enabled_for_all_users_and_enable_unmasks(cli, fake_systemd, tmp_path):
    vendor = tmp_path / "moscowtime-agent.service"
    vendor.write_text(f"[Service]\nExecStart={agent_path()}\n")
    fake_systemd.set(vendor_unit=str(vendor), global_enabled=True)
    r = cli(["autostart", "disable"], env=fake_systemd.env)
    assert r.rc == 0 and "masked for you" in r.stdout
    assert fake_systemd.state()["masked"] is True
    r = cli(["autostart", "enable"], env=fake_systemd.env)
    assert r.rc == 0
    assert fake_systemd.state()["masked"] is False
    assert "unmask" in fake_systemd.verbs()


def test_systemd_refuses_to_overwrite_a_unit_it_did_not_write(cli, fake_systemd):
    fake_systemd.user_unit.parent.mkdir(parents=True)
    fake_systemd.user_unit.write_text("[Service]\nExecStart=/opt/mine/moscowtime-agent --verbose\n")
    r = cli(["autostart", "enable"], env=fake_systemd.env)
    assert r.rc == 1 and "was not written by agent-cli" in r.stderr
    assert fake_systemd.user_unit.read_text().endswith("--verbose\n")
    assert "enable" not in fake_systemd.verbs()


# --- translations ------------------------------------------------------------------------------

def test_every_message_in_the_code_is_translated_in_ru_po():
    r = run([sys.executable, str(REPO / "po" / "extract-messages"), "--check"])
    assert r.returncode == 0, r.stderr
    r = run(["msgfmt", "--check", "--output-file=/dev/null", str(REPO / "po" / "ru.po")])
    assert r.returncode == 0, r.stderr


def test_the_pot_is_up_to_date(tmp_path):
    pot = tmp_path / "moscowtime.pot"
    run([sys.executable, str(REPO / "po" / "extract-messages"), "--output", str(pot)])
    ids = lambda p: sorted(l for l in p.read_text().splitlines() if l.startswith(("msgid", '"')) and not l.startswith('"P'))
    assert ids(pot) == ids(REPO / "po" / "moscowtime.pot"), "run `make update-po`"


def test_the_extractor_sees_the_call_forms_we_use(tmp_path):
    src = tmp_path / "Sources" / "X.swift"
    src.parent.mkdir()
    src.write_text(textwrap.dedent('''\
        /// t("not me: a comment")
        let a = t("Stop")
        let b = p.t("late: due {time}", ["time": x])
        let c = t(on ? "Enabled alarm {id}." : "Disabled alarm {id}.", ["id": id])
        let d = ctx.localizer(doc.settings)("Updated alarm {id}.", ["id": id])
        let e = t.plural("{n} day", "{n} days", count: n, ["n": s])
        let f = print("not a message")
        '''))
    import importlib.machinery, importlib.util
    loader = importlib.machinery.SourceFileLoader("extract_messages", str(REPO / "po" / "extract-messages"))
    spec = importlib.util.spec_from_loader("extract_messages", loader)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["extract_messages"] = mod  # dataclasses look their module up there
    loader.exec_module(mod)
    messages, problems = mod.extract(tmp_path)
    assert not problems
    assert list(messages) == ["Stop", "late: due {time}", "Enabled alarm {id}.", "Disabled alarm {id}.",
                              "Updated alarm {id}.", "{n} day"]
    assert messages["{n} day"].plural == "{n} days"
    src.write_text('let x = t("Hello \\(name)")\n')
    _, problems = mod.extract(tmp_path)
    assert problems and "interpolation" in problems[0]


@pytest.fixture
def alarms(cli):
    assert cli(["add", "7:30", "--label", "Подъём"], env=NOW).rc == 0
    assert cli(["add", "9:00", "--days", "sat,sun", "--label", "Weekend"], env=NOW).rc == 0
    return cli


ENGLISH = {"LANG": "C.UTF-8", "LANGUAGE": "", **NOW}
RUSSIAN = {"LANG": "ru_RU.UTF-8", "LANGUAGE": "", **NOW}


def test_list_next_now_in_english(alarms):
    out = alarms(["list"], env=ENGLISH).stdout
    assert out.splitlines()[0].split() == ["ID", "TIME", "REPEAT", "STATE", "NEXT", "LABEL"]
    assert "Weekdays" in out and "Mon 2026-11-23 07:30" in out and "Подъём" in out
    out = alarms(["next"], env=ENGLISH).stdout
    assert out.splitlines()[1].split() == ["WHEN", "IN", "ID", "LABEL"]
    assert "Sun 2026-11-22 09:00" in out and "18 h" in out
    assert alarms(["now"], env=ENGLISH).stdout == "15:00:00  Saturday, 21 November 2026\n"


def test_list_next_now_in_russian(alarms):
    out = alarms(["list"], env=RUSSIAN).stdout
    assert out.splitlines()[0].split() == ["ID", "ВРЕМЯ", "ПОВТОР", "СОСТОЯНИЕ", "СЛЕДУЮЩИЙ", "НАЗВАНИЕ"]
    assert "Будни" in out and "пн 23.11.2026 07:30" in out and "вкл" in out
    out = alarms(["next"], env=RUSSIAN).stdout
    assert out.splitlines()[1].split() == ["КОГДА", "ЧЕРЕЗ", "ID", "НАЗВАНИЕ"]
    assert "вс 22.11.2026 09:00" in out and "18 ч" in out
    assert alarms(["now"], env=RUSSIAN).stdout == "15:00:00  суббота, 21 ноября 2026\n"


def test_language_follows_gettext_variables_and_the_setting_overrides(cli):
    empty = lambda env: cli(["list"], env={**NOW, **env}).stdout
    assert empty({"LANG": "C.UTF-8", "LANGUAGE": "ru"}).startswith("Будильников пока нет")
    assert empty({"LANG": "C", "LANGUAGE": "ru"}).startswith("No alarms yet")  # LANGUAGE is ignored in C, as gettext does
    assert empty({"LANG": "en_US.UTF-8", "LC_MESSAGES": "ru_RU.UTF-8", "LANGUAGE": ""}).startswith("Будильников")
    assert empty({"LANG": "ru_RU.UTF-8", "LC_ALL": "en_GB.UTF-8", "LANGUAGE": ""}).startswith("No alarms yet")
    assert cli(["settings", "language", "en"]).rc == 0
    assert empty({"LANG": "ru_RU.UTF-8", "LANGUAGE": ""}).startswith("No alarms yet")
    assert cli(["settings", "language", "ru"]).rc == 0
    assert empty({"LANG": "C.UTF-8", "LANGUAGE": ""}).startswith("Будильников пока нет")


def test_moscowtime_localedir_comes_first(cli, tmp_path):
    po = tmp_path / "ru.po"
    po.write_text('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\nLanguage: ru\\n"\n\n'
                  'msgid "No upcoming alarms."\nmsgstr "Тестовый каталог."\n')
    mo = tmp_path / "locale" / "ru" / "LC_MESSAGES" / "moscowtime.mo"
    mo.parent.mkdir(parents=True)
    assert run(["msgfmt", "-o", str(mo), str(po)]).returncode == 0
    r = cli(["next"], env={**RUSSIAN, "MOSCOWTIME_LOCALEDIR": str(tmp_path / "locale")})
    assert r.stdout == "Тестовый каталог.\n"


def test_cold_start_of_list_with_100_alarms(cli, sandbox):
    """Reported, and held to a generous bound: the 10 ms goal is for the release build. The bound
    is on CPU time (user + system), which the tests running beside this one do not lengthen."""
    doc = {"schemaVersion": 1, "settings": {}, "alarms": [], "habits": []}
    for i in range(100):
        assert cli(["add", f"{i % 24}:{i % 60:02d}", "--label", f"Будильник {i}"], env=NOW).rc == 0
    cmd = [str(bin_dir() / "agent-cli"), "list"]
    for env in (ENGLISH, RUSSIAN):
        runs, cpu = [], []
        for _ in range(15):
            t0, c0 = time.perf_counter(), children_cpu_seconds()
            r = subprocess.run(cmd, env={**sandbox.env, **env}, capture_output=True)
            runs.append(time.perf_counter() - t0)
            cpu.append(children_cpu_seconds() - c0)
            assert r.returncode == 0
        median = sorted(runs)[len(runs) // 2] * 1000
        median_cpu = sorted(cpu)[len(cpu) // 2] * 1000
        print(f"agent-cli list, 100 alarms, {env['LANG']}: median {median:.1f} ms, {median_cpu:.1f} ms of CPU")
        assert median_cpu < 150


def test_make_install_gives_the_wake_helper_only_cap_wake_alarm(tmp_path, make_vars):
    """Without DESTDIR (a real install), `make install` runs setcap on the helper, with that one
    capability; staged installs (DESTDIR, the Debian package) leave it to the package's postinst."""
    prefix = tmp_path / "prefix"
    log = tmp_path / "setcap.log"
    fake = tmp_path / "setcap"
    fake.write_text(f'#!/bin/sh\necho "$@" >> {log}\n')
    fake.chmod(0o755)
    r = run(["make", "-s", "-C", str(REPO), "install", f"PREFIX={prefix}", f"SETCAP={fake}", *make_vars])
    assert r.returncode == 0, r.stdout + r.stderr
    assert log.read_text().splitlines() == [f"cap_wake_alarm+ep {prefix}/libexec/moscowtime/moscowtime-wake"]
    run(["make", "-s", "-C", str(REPO), "uninstall", f"PREFIX={prefix}", *make_vars])
    log.unlink()
    staged = tmp_path / "staged"
    r = run(["make", "-s", "-C", str(REPO), "install", f"DESTDIR={staged}", "PREFIX=/usr", f"SETCAP={fake}", *make_vars])
    assert r.returncode == 0 and not log.exists()
    postinst = (REPO / "packaging/debian/moscowtime-agent.postinst").read_text()
    assert "setcap cap_wake_alarm+ep \"$helper\"" in postinst and "helper=/usr/libexec/moscowtime/moscowtime-wake" in postinst
    assert "chmod" not in postinst and "u+s" not in postinst


def elf_linking(path: Path) -> dict:
    """What the loader sees of an x86-64/aarch64 ELF executable: its type (2 fixed address, 3
    position-independent), whether it has a PT_GNU_RELRO segment, and its DT_FLAGS/DT_FLAGS_1."""
    data = path.read_bytes()
    assert data[:4] == b"\x7fELF" and data[4] == 2 and data[5] == 1, f"{path} is not a 64-bit little-endian ELF file"
    e_type, = struct.unpack_from("<H", data, 16)
    e_phoff, = struct.unpack_from("<Q", data, 32)
    e_phentsize, e_phnum = struct.unpack_from("<HH", data, 54)
    relro, flags, flags1 = False, 0, 0
    for k in range(e_phnum):
        p_type, _, p_offset, _, _, p_filesz = struct.unpack_from("<IIQQQQ", data, e_phoff + k * e_phentsize)
        if p_type == 0x6474E552:  # PT_GNU_RELRO
            relro = True
        elif p_type == 2:  # PT_DYNAMIC: (tag, value) pairs
            for at in range(p_offset, p_offset + p_filesz, 16):
                tag, value = struct.unpack_from("<qQ", data, at)
                if tag == 30:  # DT_FLAGS
                    flags = value
                elif tag == 0x6FFFFFFB:  # DT_FLAGS_1
                    flags1 = value
    return {"type": e_type, "relro": relro, "bind_now": bool(flags & 0x8 or flags1 & 0x1), "pie_flag": bool(flags1 & 0x08000000)}


def test_static_builds_carry_no_origin_run_path():
    """make's release build (the static runtime) links no $ORIGIN run path, for which the loader
    probed a dozen folders beside the program for each library at every start; the shared-runtime
    builds of the tests keep SwiftPM's run paths."""
    def flags(*extra: str) -> list[str]:
        r = run(["make", "-s", "-C", str(REPO), "--eval=show-flags: ; @echo $(SWIFT_FLAGS)", "show-flags", *extra])
        assert r.returncode == 0, r.stderr
        return r.stdout.split()
    assert "--disable-local-rpath" in flags() and "--static-swift-stdlib" in flags()
    assert "--disable-local-rpath" not in flags("STATIC=")


def test_every_program_is_position_independent_with_relro_and_make_binds_now():
    """Every program is linked as Debian links its programs: position-independent (ELF type DYN
    with DF_1_PIE, so its address is randomised) with a read-only segment after relocation; make's
    release build (and so the package) adds immediate binding, which scripts/test-deb checks in
    the installed binaries."""
    for name in ("agent-cli", "moscowtime-agent", "moscowtime-calendar"):
        linked = elf_linking(bin_dir() / name)
        assert linked["type"] == 3 and linked["pie_flag"] and linked["relro"], (name, linked)
    r = run(["make", "-s", "-C", str(REPO), "--eval=show-flags: ; @echo $(SWIFT_FLAGS)", "show-flags"])
    assert r.returncode == 0, r.stderr
    flags = " ".join(r.stdout.split())
    assert "-Xlinker -z -Xlinker relro -Xlinker -z -Xlinker now" in flags, flags
