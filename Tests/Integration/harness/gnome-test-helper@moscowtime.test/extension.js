// SPDX-License-Identifier: GPL-3.0-or-later
// For headless tests only (harness/gnome.py copies this into the test session's private
// $XDG_DATA_HOME; it is never installed).
// 1. Unsafe mode: any D-Bus caller may use org.gnome.Shell.Eval and org.gnome.Shell.Screenshot
//    (GNOME 43 has no --unsafe-mode option), so a test reads the banner's title, body and buttons.
// 2. Drops the shell's own start-up banners ("System was put in unsafe mode", "Logged in as a
//    privileged user" when run as root, ...). GNOME shows one banner at a time, and a non-critical
//    one stays up for as long as the (virtual) user is idle, so they would hide the notifications
//    under test for an unpredictable time.
const { GLib } = imports.gi;
const Main = imports.ui.main;
const MessageTray = imports.ui.messageTray;

function dropSystemNotifications() {
    for (const source of Main.messageTray.getSources()) {
        if (source instanceof MessageTray.SystemNotificationSource)
            [...source.notifications].forEach(n => n.destroy());
    }
}

class Extension {
    enable() {
        global.context.unsafe_mode = true;
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

function init() {
    return new Extension();
}
