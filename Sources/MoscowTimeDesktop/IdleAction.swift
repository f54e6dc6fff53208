// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib

/// Runs `body` on the main loop soon (G_PRIORITY_DEFAULT idle). Always deferred, never inline.
@MainActor
func scheduleIdle(_ body: @escaping @MainActor () -> Void) {
    let box = IdleAction(body)
    g_idle_add_full(G_PRIORITY_DEFAULT, runIdleAction, Unmanaged.passRetained(box).toOpaque(), releaseRetainedBox)
}

/// Box for `scheduleIdle`: the closure travels through GLib as user data.
final class IdleAction: @unchecked Sendable {
    let body: @MainActor () -> Void
    init(_ body: @escaping @MainActor () -> Void) { self.body = body }
}

private func runIdleAction(_ pointer: UnsafeMutableRawPointer?) -> gboolean {
    guard let pointer else { return 0 }
    let action = Unmanaged<IdleAction>.fromOpaque(pointer).takeUnretainedValue()
    MainActor.assumeIsolated { action.body() }
    return 0 // G_SOURCE_REMOVE
}
