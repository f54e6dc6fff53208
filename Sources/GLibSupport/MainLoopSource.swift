// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib

/// Closures run by the GLib main loop: the trampolines every adapter used to write for itself.
/// The closure travels through GLib as retained user data, released when the source goes away.
public enum MainLoopSource {
    /// Runs `body` on the main loop soon (G_PRIORITY_DEFAULT idle). Always deferred, never inline.
    @MainActor
    public static func idle(_ body: @escaping @MainActor () -> Void) {
        g_idle_add_full(G_PRIORITY_DEFAULT, runOnce, ClosureBox(body).retainedPointer(), releaseRetainedBox)
    }

    /// Runs `body` once after `milliseconds` on the monotonic clock (which stops during suspend: for
    /// retries and debouncing, never for alarms). Returns the source id for `g_source_remove`.
    @MainActor @discardableResult
    public static func timeout(milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> UInt32 {
        g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, runOnce, ClosureBox(body).retainedPointer(), releaseRetainedBox)
    }

    /// Removes a pending source by id (0 is ignored).
    public static func remove(_ id: UInt32) {
        if id != 0 { g_source_remove(id) }
    }
}

/// A main-actor closure as GLib user data. @unchecked Sendable: created, run and released on the main thread.
private final class ClosureBox: @unchecked Sendable {
    let body: @MainActor () -> Void
    init(_ body: @escaping @MainActor () -> Void) { self.body = body }
    func retainedPointer() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }
}

private func runOnce(_ pointer: UnsafeMutableRawPointer?) -> gboolean {
    guard let pointer else { return 0 }
    let box = Unmanaged<ClosureBox>.fromOpaque(pointer).takeUnretainedValue()
    MainActor.assumeIsolated { box.body() }
    return 0  // G_SOURCE_REMOVE
}

/// GDestroyNotify for any box passed with `Unmanaged.passRetained`.
/// Works for every class because release only needs the object pointer.
public func releaseRetainedBox(_ pointer: UnsafeMutableRawPointer?) {
    guard let pointer else { return }
    Unmanaged<AnyObject>.fromOpaque(pointer).release()
}
