// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import GLibSupport

/// Runs `handler` on the main loop when the process receives `signal` (SIGHUP, SIGINT, SIGTERM,
/// SIGUSR1, SIGUSR2, SIGWINCH — what `g_unix_signal_add` supports). The handler runs as ordinary
/// main-loop code, not in signal context, so it may do anything. Stops watching when released.
@MainActor
public final class UnixSignalWatcher {
    private let handler: @MainActor () -> Void
    private var sourceID: UInt32 = 0
    public let signal: Int32

    public init(signal: Int32, handler: @escaping @MainActor () -> Void) {
        self.signal = signal
        self.handler = handler
        sourceID = g_unix_signal_add_full(
            G_PRIORITY_DEFAULT, signal, unixSignalFired,
            WeakRef(self).retainedPointer(), releaseRetainedBox)
        if sourceID == 0 { Log.error("cannot watch signal \(signal)") }
    }

    isolated deinit {
        if sourceID != 0 { g_source_remove(sourceID) }
    }

    fileprivate func fire() { handler() }
}

private func unixSignalFired(_ data: UnsafeMutableRawPointer?) -> gboolean {
    let ref = WeakRef<UnixSignalWatcher>.from(data)  // resolve the box here: only Sendable values enter the closure
    MainActor.assumeIsolated {
        ref?.object?.fire()
    }
    return 1  // G_SOURCE_CONTINUE
}
