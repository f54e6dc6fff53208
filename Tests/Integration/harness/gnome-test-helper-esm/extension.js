// SPDX-License-Identifier: GPL-3.0-or-later
// The test-only helper of gnome-test-helper@moscowtime.test/extension.js for GNOME Shell 45 and
// later, which load extensions as ES modules (one folder cannot serve both loaders; harness/
// gnome_versions.py picks the folder). Same duties: unsafe mode, and no start-up banners.
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

export default class TestHelper extends Extension {
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
