# SPDX-License-Identifier: GPL-3.0-or-later
"""A pointer on KWin's Wayland session through its fake-input protocol (org_kde_kwin_fake_input,
plasma-wayland-protocols' fake-input.xml), spoken on the socket directly: the wire format is
small and the stage needs four requests, so no Wayland binding has to be installed on every
release. KWin serves the global to any client when it runs with KWIN_WAYLAND_NO_PERMISSION_CHECKS=1.

    pointer = FakeInput(runtime_dir / "wayland-0")
    pointer.click(640, 400)         # motion, press, release; each waits for KWin's round trip
    pointer.key("Down")             # a key on its fake keyboard (evdev codes, KEYS)
"""
from __future__ import annotations

import socket
import struct
from pathlib import Path

DISPLAY_ID, REGISTRY_ID = 1, 2
INTERFACE = "org_kde_kwin_fake_input"
# Request opcodes, in the order fake-input.xml declares them.
AUTHENTICATE, BUTTON, POINTER_MOTION_ABSOLUTE, KEYBOARD_KEY = 0, 2, 9, 10
BTN_LEFT, BTN_RIGHT = 0x110, 0x111
# Linux evdev key codes (linux/input-event-codes.h).
KEYS = {"Down": 108, "Up": 103, "Return": 28, "Escape": 1}
RELEASED, PRESSED = 0, 1


def _string(s: str) -> bytes:
    raw = s.encode() + b"\0"
    return struct.pack("<I", len(raw)) + raw + b"\0" * (-len(raw) % 4)


def _fixed(v: float) -> bytes:
    return struct.pack("<i", round(v * 256))


class FakeInput:
    def __init__(self, socket_path: Path, timeout: float = 5.0):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(timeout)
        self.sock.connect(str(socket_path))
        self.buffer = b""
        self.next_id = 3
        self.globals: dict[str, tuple[int, int]] = {}
        self._send(DISPLAY_ID, 1, struct.pack("<I", REGISTRY_ID))  # wl_display.get_registry
        self.roundtrip()
        if INTERFACE not in self.globals:
            raise RuntimeError(f"KWin offers no {INTERFACE} (KWIN_WAYLAND_NO_PERMISSION_CHECKS=1 unset?)")
        name, version = self.globals[INTERFACE]
        self.id = self._new_id()
        version = min(version, 4)
        self._send(REGISTRY_ID, 0, struct.pack("<I", name) + _string(INTERFACE) + struct.pack("<II", version, self.id))
        self._send(self.id, AUTHENTICATE, _string("moscowtime-tests") + _string("the desktop stage's clicks"))
        self.roundtrip()

    def _new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    def _send(self, obj: int, opcode: int, args: bytes = b"") -> None:
        self.sock.sendall(struct.pack("<II", obj, (8 + len(args)) << 16 | opcode) + args)

    def roundtrip(self) -> None:
        """wl_display.sync: returns once KWin has handled every request sent before it."""
        callback = self._new_id()
        self._send(DISPLAY_ID, 0, struct.pack("<I", callback))
        while True:
            obj, opcode, args = self._event()
            if obj == callback:
                return
            if obj == DISPLAY_ID and opcode == 0:  # wl_display.error(object, code, message)
                raise RuntimeError(f"Wayland error: {args[12:-1].rstrip(bytes(1)).decode(errors='replace')}")
            if obj == REGISTRY_ID and opcode == 0:  # wl_registry.global(name, interface, version)
                name, length = struct.unpack_from("<II", args)
                interface = args[8:8 + length - 1].decode()
                (version,) = struct.unpack_from("<I", args, 8 + length + (-length % 4))
                self.globals[interface] = (name, version)

    def _event(self) -> tuple[int, int, bytes]:
        while True:
            if len(self.buffer) >= 8:
                obj, word = struct.unpack_from("<II", self.buffer)
                size = word >> 16
                if len(self.buffer) >= size:
                    args, self.buffer = self.buffer[8:size], self.buffer[size:]
                    return obj, word & 0xFFFF, args
            chunk = self.sock.recv(4096)
            if not chunk:
                raise RuntimeError("KWin closed the Wayland connection")
            self.buffer += chunk

    def move(self, x: float, y: float) -> None:
        self._send(self.id, POINTER_MOTION_ABSOLUTE, _fixed(x) + _fixed(y))
        self.roundtrip()

    def button(self, button: int, state: int) -> None:
        self._send(self.id, BUTTON, struct.pack("<II", button, state))
        self.roundtrip()

    def click(self, x: float, y: float, button: int = BTN_LEFT) -> None:
        self.move(x, y)
        self.button(button, PRESSED)
        self.button(button, RELEASED)

    def key(self, name: str) -> None:
        """Presses and releases a key (KEYS) on KWin's fake keyboard (protocol version 4)."""
        for state in (PRESSED, RELEASED):
            self._send(self.id, KEYBOARD_KEY, struct.pack("<II", KEYS[name], state))
            self.roundtrip()

    def close(self) -> None:
        self.sock.close()
