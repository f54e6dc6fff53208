// SPDX-License-Identifier: GPL-3.0-or-later
/// User data of one `ca_context_play_full` call: which sound ended, and how.
///
/// @unchecked Sendable: libcanberra calls back on its own thread, which only stores `errorCode` and
/// hands the token to `g_idle_add_full`; GLib's context lock orders that write before the main
/// thread reads it. `player` is only touched on the main thread.
final class SoundFinishToken: @unchecked Sendable {
    weak var player: SoundPlayer?
    let key: UInt32
    let serial: UInt64
    var errorCode: Int32 = 0

    init(player: SoundPlayer, key: UInt32, serial: UInt64) {
        self.player = player
        self.key = key
        self.serial = serial
    }
}
