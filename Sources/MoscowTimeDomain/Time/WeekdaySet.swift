// SPDX-License-Identifier: GPL-3.0-or-later

/// A set of weekdays as seven bits (Monday = bit 0): the days of a weekly alarm or of a habit.
///
/// Not `Set<Weekday>`: that hashes every day it holds, and reading a store made one set per
/// distinct combination (a twentieth of `agent-cli list` of 100 alarms), which the schedule and
/// the text then turned back into these bits. Iterates Monday first.
public struct WeekdaySet: SetAlgebra, Sequence, Hashable, Sendable {
    public typealias Element = Weekday

    /// Bit `d.rawValue - 1` for each day `d` in the set; 0…127.
    public let mask: Int

    public init() { mask = 0 }
    /// The days whose bits are set in `mask` (bits above the seventh are ignored).
    public init(mask: Int) { self.mask = mask & 0x7F }
    public init(arrayLiteral days: Weekday...) { self.init(days) }
    public init<S: Sequence>(_ days: S) where S.Element == Weekday {
        self.init(mask: days.reduce(0) { $0 | $1.bit })
    }

    public var isEmpty: Bool { mask == 0 }
    public var count: Int { mask.nonzeroBitCount }
    public func contains(_ day: Weekday) -> Bool { mask & day.bit != 0 }

    public func union(_ other: WeekdaySet) -> WeekdaySet { WeekdaySet(mask: mask | other.mask) }
    public func intersection(_ other: WeekdaySet) -> WeekdaySet { WeekdaySet(mask: mask & other.mask) }
    public func symmetricDifference(_ other: WeekdaySet) -> WeekdaySet { WeekdaySet(mask: mask ^ other.mask) }

    @discardableResult
    public mutating func insert(_ day: Weekday) -> (inserted: Bool, memberAfterInsert: Weekday) {
        let inserted = !contains(day)
        self = WeekdaySet(mask: mask | day.bit)
        return (inserted, day)
    }
    @discardableResult
    public mutating func remove(_ day: Weekday) -> Weekday? {
        guard contains(day) else { return nil }
        self = WeekdaySet(mask: mask & ~day.bit)
        return day
    }
    @discardableResult
    public mutating func update(with day: Weekday) -> Weekday? {
        let had = contains(day)
        insert(day)
        return had ? day : nil
    }
    public mutating func formUnion(_ other: WeekdaySet) { self = union(other) }
    public mutating func formIntersection(_ other: WeekdaySet) { self = intersection(other) }
    public mutating func formSymmetricDifference(_ other: WeekdaySet) { self = symmetricDifference(other) }

    public func makeIterator() -> Iterator { Iterator(rest: mask) }

    /// The days of the set, Monday first.
    public struct Iterator: IteratorProtocol {
        var rest: Int
        public mutating func next() -> Weekday? {
            guard rest != 0 else { return nil }
            let bit = rest.trailingZeroBitCount
            rest &= rest - 1
            return Weekday(rawValue: bit + 1)
        }
    }
}
