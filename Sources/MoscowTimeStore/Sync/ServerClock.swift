// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// This machine's clock checked against the server's (the HTTP `Date` of its first answer).
///
/// Sync decisions that compare times across machines take the server's clock, the one clock all
/// machines share: a tombstone or an undone day is pruned only when the server says it is old
/// enough, and only while this machine's clock agrees with the server's within `marginSeconds` —
/// a machine set to 2030 by mistake, or 3 hours off because Windows keeps the hardware clock in
/// local time, also stamped its own records wrongly, so it prunes nothing until it is set right.
/// Five minutes is far above what NTP leaves (milliseconds) and the latency of one request,
/// and below the hour-sized mistakes that matter.
public struct ServerClock: Hashable, Sendable {
    public static let marginSeconds: Int64 = 300

    /// This machine's time when the sync began.
    public let local: Instant
    /// The server's time in its first answer; nil when it sent no `Date`.
    public let server: Instant?

    public init(local: Instant, server: Instant?) {
        self.local = local
        self.server = server
    }

    /// Local minus server, in seconds (positive: this machine is ahead); nil when unknown.
    public var skew: Int64? { server.map { local - $0 } }

    /// The clocks agree within the margin: pruning is safe.
    public var agrees: Bool { skew.map { abs($0) <= Self.marginSeconds } ?? false }

    /// The time sync decisions use: the server's when known.
    public var now: Instant { server ?? local }

    /// Stamps later than this were made by a clock ahead of the server's (now or earlier).
    public var latestPlausibleStamp: Instant { now + Self.marginSeconds }
}
