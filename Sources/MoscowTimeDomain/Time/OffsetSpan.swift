// SPDX-License-Identifier: GPL-3.0-or-later
/// Seconds `first...last` since the epoch, all at one UTC offset.
struct OffsetSpan: Sendable {
    let first: Int64
    let last: Int64
    let offset: Int

    func contains(_ t: Int64) -> Bool { first <= t && t <= last }
}
