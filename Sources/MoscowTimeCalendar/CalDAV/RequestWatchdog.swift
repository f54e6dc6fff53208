// SPDX-License-Identifier: GPL-3.0-or-later
import CSoup
import Synchronization

/// Cancels the request in flight when its deadline passes. The sync's requests block (libsoup's
/// synchronous API) and libsoup's own timeouts bound only the wait for each read, so a server that
/// sends a byte every few seconds would never be given up: a thread of its own watches the clock and
/// cancels the request's `GCancellable` (thread-safe) at the deadline.
final class RequestWatchdog: Sendable {
    private struct Armed: @unchecked Sendable {
        let cancellable: UnsafeMutablePointer<GCancellable>
        let deadline: Int  // g_get_monotonic_time() microseconds
    }

    private let armed = Mutex<Armed?>(nil)

    init() {
        let me = Unmanaged.passRetained(self).toOpaque()  // lives as long as the process's thread
        g_thread_unref(
            g_thread_new(
                "sync-deadline",
                { data in  // not UI
                    let watchdog = Unmanaged<RequestWatchdog>.fromOpaque(data!).takeUnretainedValue()
                    while true {
                        g_usleep(50_000)
                        watchdog.check()
                    }
                }, me))
    }

    /// Watches `cancellable` until `disarm`, cancelling it at `deadline` (monotonic microseconds).
    func arm(_ cancellable: UnsafeMutablePointer<GCancellable>, deadline: Int) {
        armed.withLock { $0 = Armed(cancellable: cancellable, deadline: deadline) }
    }

    func disarm() { armed.withLock { $0 = nil } }

    private func check() {
        armed.withLock { a in
            guard let current = a, g_get_monotonic_time() >= current.deadline else { return }
            g_cancellable_cancel(current.cancellable)
            a = nil
        }
    }
}
