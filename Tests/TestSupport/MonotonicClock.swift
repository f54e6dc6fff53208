// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Milliseconds on CLOCK_MONOTONIC: for the tests' deadlines while they wait on a program, which a
/// step of the wall clock must not lengthen or cut short.
public func monotonicMilliseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
}
