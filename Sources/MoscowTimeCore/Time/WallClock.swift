// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// The source of "now". The agent's scheduling logic takes it as a parameter so that tests can
/// step the clock, simulate a resume or cross a DST change without touching the real clock.
public protocol WallClock: Sendable {
    func now() -> Instant
}

/// CLOCK_REALTIME, the clock alarms are defined against.
public struct SystemWallClock: WallClock {
    public init() {}
    public func now() -> Instant {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Instant(secondsSinceEpoch: Int64(ts.tv_sec))
    }
}
