// SPDX-License-Identifier: GPL-3.0-or-later
// The test-only helper of gnome-test-helper@moscowtime.test/extension.js for GNOME Shell 45 and
// later, which load extensions as ES modules (one folder cannot serve both loaders; harness/
// desktop_versions.py picks the folder). Same duties: unsafe mode, and no start-up banners; and,
// for a shell without X11 (49+, headless Wayland) where xdotool has nothing to drive, a pointer
// and a keyboard the shell itself creates (Clutter virtual input devices), which the harness
// moves and presses through Eval as globalThis.moscowtimeTest.
import Clutter from 'gi://Clutter';
import GLib from 'gi://GLib';
import * as Main from 'resource:///org/gnome/shell/ui/main.js';
import * as MessageTray from 'resource:///org/gnome/shell/ui/messageTray.js';
import {Extension} from 'resource:///org/gnome/shell/extensions/extension.js';

function dropSystemNotifications() {
    // MessageTray.SystemNotificationSource is gone since 46: the system source is one object.
    const system = MessageTray.getSystemSource?.();
    for (const source of Main.messageTray.getSources()) {
        if (source === system || source.constructor?.name === 'SystemNotificationSource')
            [...source.notifications].forEach(n => n.destroy());
    }
}

// Events need a timestamp; the shell's own are in microseconds of the monotonic clock.
const now = () => GLib.get_monotonic_time();

function virtualInput() {
    const seat = global.stage.context.get_backend().get_default_seat();
    const pointer = seat.create_virtual_device(Clutter.InputDeviceType.POINTER_DEVICE);
    const keyboard = seat.create_virtual_device(Clutter.InputDeviceType.KEYBOARD_DEVICE);
    return {
        pointer: () => global.get_pointer().slice(0, 2),
        // There, and the shell has handled the crossing: the widget drawn there shows it is
        // hovered (St buttons track it); a press sent sooner reaches the one it left, or none.
        at: (x, y) => {
            const [px, py] = global.get_pointer();
            const actor = global.stage.get_actor_at_pos(Clutter.PickMode.REACTIVE, x, y);
            return px === x && py === y && (!actor?.track_hover || actor.hover);
        },
        move: (x, y) => pointer.notify_absolute_motion(now(), x, y),
        button: (button, pressed) => pointer.notify_button(now(), button,
            pressed ? Clutter.ButtonState.PRESSED : Clutter.ButtonState.RELEASED),
        key: keyval => {
            keyboard.notify_keyval(now(), keyval, Clutter.KeyState.PRESSED);
            keyboard.notify_keyval(now(), keyval, Clutter.KeyState.RELEASED);
        },
    };
}

export default class TestHelper extends Extension {
    enable() {
        global.context.unsafe_mode = true;
        // Kept across a lock (disable, enable again in the unlock-dialog mode): one device each.
        globalThis.moscowtimeTest ??= virtualInput();
        dropSystemNotifications();
        if (Main.layoutManager._startingUp) {
            // main.js queues its banners in its own 'startup-complete' handler: run after it.
            this._startupId = Main.layoutManager.connect('startup-complete', () => {
                GLib.idle_add(GLib.PRIORITY_DEFAULT, () => {
                    dropSystemNotifications();
                    return GLib.SOURCE_REMOVE;
                });
            });
        }
    }

    disable() {
        if (this._startupId)
            Main.layoutManager.disconnect(this._startupId);
        this._startupId = 0;
        global.context.unsafe_mode = false;
    }
}
