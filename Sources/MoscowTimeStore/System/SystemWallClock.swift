// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain

/// CLOCK_REALTIME, the clock alarms are defined against.
public struct SystemWallClock: WallClock {
    public init() {}
    public func now() -> Instant {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Instant(secondsSinceEpoch: Int64(ts.tv_sec))
    }
}
