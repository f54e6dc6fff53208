// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib

/// Runs an action once after a delay on the monotonic clock. For retries and debouncing only:
/// alarm triggers use `WallClockTimer`, because the monotonic clock stops during suspend.
@MainActor
public final class OneShotTimeout {
    private var sourceID: guint = 0

    public init() {}

    isolated deinit { cancel() }

    public var isPending: Bool { sourceID != 0 }

    /// Replaces any pending run.
    public func schedule(afterMilliseconds ms: UInt32, _ body: @escaping @MainActor () -> Void) {
        cancel()
        let box = IdleAction { [weak self] in
            self?.sourceID = 0
            body()
        }
        sourceID = g_timeout_add_full(G_PRIORITY_DEFAULT, ms, runOneShot, Unmanaged.passRetained(box).toOpaque(), releaseRetainedBox)
    }

    public func cancel() {
        if sourceID != 0 { g_source_remove(sourceID); sourceID = 0 }
    }
}

private func runOneShot(_ pointer: UnsafeMutableRawPointer?) -> gboolean {
    guard let pointer else { return 0 }
    let action = Unmanaged<IdleAction>.fromOpaque(pointer).takeUnretainedValue()
    MainActor.assumeIsolated { action.body() }
    return 0
}
