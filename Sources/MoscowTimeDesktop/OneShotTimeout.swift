// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport

/// Runs an action once after a delay on the monotonic clock. For retries and debouncing only:
/// alarm triggers use `WallClockTimer`, because the monotonic clock stops during suspend.
@MainActor
public final class OneShotTimeout {
    private var sourceID: UInt32 = 0

    public init() {}

    isolated deinit { cancel() }

    public var isPending: Bool { sourceID != 0 }

    /// Replaces any pending run.
    public func schedule(afterMilliseconds ms: UInt32, _ body: @escaping @MainActor () -> Void) {
        cancel()
        sourceID = MainLoopSource.timeout(milliseconds: ms) { [weak self] in
            self?.sourceID = 0
            body()
        }
    }

    public func cancel() {
        MainLoopSource.remove(sourceID)
        sourceID = 0
    }
}
