# SPDX-License-Identifier: GPL-3.0-or-later
"""A fake MPRIS media player on a private bus, for the tests of pausing other media while an
alarm rings: org.mpris.MediaPlayer2.<name> at /org/mpris/MediaPlayer2 with the Player interface's
PlaybackStatus and its Play/Pause/PlayPause/Stop, and a test interface that returns every call
it received. `hung=True` makes it answer nothing (the calls are still recorded), as a player
whose main loop is stuck; `late_signal=True` sends its PropertiesChanged 200 ms after answering,
as browsers do (others send it before the answer).

Run as a script it is the service (dbus-python on a GLib main loop); `FakePlayer` starts it
as a child of the sandbox and asks it over the bus.
"""
from __future__ import annotations

import sys
from typing import Optional

MPRIS_PATH = "/org/mpris/MediaPlayer2"
ROOT_IFACE = "org.mpris.MediaPlayer2"
PLAYER_IFACE = "org.mpris.MediaPlayer2.Player"
PROPS_IFACE = "org.freedesktop.DBus.Properties"
TEST_IFACE = "org.moscowtime.Test.FakePlayer"


def _serve(bus_name: str, status: str, hung: bool, late_signal: bool) -> None:
    import dbus
    import dbus.mainloop.glib
    import dbus.service
    from gi.repository import GLib

    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()

    class Player(dbus.service.Object):
        def __init__(self):
            super().__init__(bus, MPRIS_PATH)
            self.status = status
            self.calls: list[str] = []

        def _props(self, interface):
            if interface == ROOT_IFACE:
                return {"Identity": dbus.String("Fake player"), "CanQuit": dbus.Boolean(False),
                        "CanRaise": dbus.Boolean(False), "HasTrackList": dbus.Boolean(False),
                        "SupportedUriSchemes": dbus.Array([], signature="s"),
                        "SupportedMimeTypes": dbus.Array([], signature="s")}
            if interface == PLAYER_IFACE:
                return {"PlaybackStatus": dbus.String(self.status), "CanPlay": dbus.Boolean(True),
                        "CanPause": dbus.Boolean(True), "CanControl": dbus.Boolean(True),
                        "Metadata": dbus.Dictionary({"xesam:title": dbus.String("Some music")}, signature="sv")}
            raise dbus.exceptions.DBusException(f"no interface {interface}",
                                                name="org.freedesktop.DBus.Error.UnknownInterface")

        def _set_status(self, new):
            if new != self.status:
                self.status = new
                if late_signal:
                    GLib.timeout_add(200, self._announce, new)
                else:
                    self._announce(new)

        def _announce(self, status):
            self.PropertiesChanged(PLAYER_IFACE, {"PlaybackStatus": dbus.String(status)}, dbus.Array([], signature="s"))
            return False

        def _answer(self, name, ok, value=None):
            self.calls.append(name)
            if hung:
                return  # never answered: the caller's timeout is all it gets
            ok() if value is None else ok(value)

        @dbus.service.method(PROPS_IFACE, in_signature="ss", out_signature="v", async_callbacks=("ok", "err"))
        def Get(self, interface, prop, ok, err):
            self._answer(f"Get {prop}", ok, self._props(interface)[prop])

        @dbus.service.method(PROPS_IFACE, in_signature="s", out_signature="a{sv}", async_callbacks=("ok", "err"))
        def GetAll(self, interface, ok, err):
            self._answer("GetAll", ok, self._props(interface))

        @dbus.service.signal(PROPS_IFACE, signature="sa{sv}as")
        def PropertiesChanged(self, interface, changed, invalidated):
            pass

        @dbus.service.method(PLAYER_IFACE, async_callbacks=("ok", "err"))
        def Play(self, ok, err):
            if not hung:
                self._set_status("Playing")
            self._answer("Play", ok)

        @dbus.service.method(PLAYER_IFACE, async_callbacks=("ok", "err"))
        def Pause(self, ok, err):
            if not hung:
                self._set_status("Paused")
            self._answer("Pause", ok)

        @dbus.service.method(PLAYER_IFACE, async_callbacks=("ok", "err"))
        def PlayPause(self, ok, err):
            if not hung:
                self._set_status("Paused" if self.status == "Playing" else "Playing")
            self._answer("PlayPause", ok)

        @dbus.service.method(PLAYER_IFACE, async_callbacks=("ok", "err"))
        def Stop(self, ok, err):
            if not hung:
                self._set_status("Stopped")
            self._answer("Stop", ok)

        # the test's side: always answered, also when hung
        @dbus.service.method(TEST_IFACE, out_signature="as")
        def Calls(self):
            return dbus.Array(self.calls, signature="s")

        @dbus.service.method(TEST_IFACE, in_signature="s")
        def SetStatus(self, new):
            self._set_status(str(new))

    player = Player()
    # The name last: once it is owned, the object answers.
    _name = dbus.service.BusName(bus_name, bus, do_not_queue=True)
    GLib.MainLoop().run()


class FakePlayer:
    """The fake player as a child of `sandbox` on its session bus; ready once its name is owned."""

    def __init__(self, sandbox, bus, name: str = "fake", status: str = "Playing", hung: bool = False,
                 late_signal: bool = False):
        self.bus = bus
        self.bus_name = f"org.mpris.MediaPlayer2.{name}"
        argv = [sys.executable, __file__, self.bus_name, status] + (["--hung"] if hung else []) \
            + (["--late-signal"] if late_signal else [])
        self.child = sandbox.spawn(f"fake-player-{name}", argv)
        bus.wait_for_name(self.bus_name)

    def stop(self) -> None:
        """Ends it now (else at the sandbox's close), its name gone."""
        self.child.stop()
        self.bus.wait_for_name_gone(self.bus_name)

    def calls(self) -> list[str]:
        """Every call the player received, in order ("Get PlaybackStatus", "Pause", "Play", …)."""
        return self.bus.call(self.bus_name, MPRIS_PATH, TEST_IFACE, "Calls")

    def control_calls(self) -> list[str]:
        """The transport calls only (Play, Pause, PlayPause, Stop)."""
        return [c for c in self.calls() if c in ("Play", "Pause", "PlayPause", "Stop")]

    def status(self) -> str:
        """Its PlaybackStatus, by Properties.Get (recorded in `calls`; never answered when hung)."""
        return self.bus.call(self.bus_name, MPRIS_PATH, PROPS_IFACE, "Get", PLAYER_IFACE, "PlaybackStatus")

    def set_status(self, status: str) -> None:
        """As if the user pressed a button in the player itself."""
        self.bus.call(self.bus_name, MPRIS_PATH, TEST_IFACE, "SetStatus", status)


if __name__ == "__main__":
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    _serve(args[0], args[1], "--hung" in sys.argv[1:], "--late-signal" in sys.argv[1:])
