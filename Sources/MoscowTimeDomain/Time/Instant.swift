// SPDX-License-Identifier: GPL-3.0-or-later
/// An absolute point in time: whole seconds since the Unix epoch (UTC).
/// Triggers have second resolution; a zone turns an instant into a local date and time.
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var secondsSinceEpoch: Int64

    public init(secondsSinceEpoch: Int64) { self.secondsSinceEpoch = secondsSinceEpoch }

    public static func < (a: Instant, b: Instant) -> Bool { a.secondsSinceEpoch < b.secondsSinceEpoch }
    public static func + (a: Instant, seconds: Int64) -> Instant { Instant(secondsSinceEpoch: a.secondsSinceEpoch + seconds) }
    public static func - (a: Instant, seconds: Int64) -> Instant { Instant(secondsSinceEpoch: a.secondsSinceEpoch - seconds) }
    public static func - (a: Instant, b: Instant) -> Int64 { a.secondsSinceEpoch - b.secondsSinceEpoch }

    public var description: String { ISO8601.utcString(self) }
}
