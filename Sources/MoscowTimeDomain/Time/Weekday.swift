// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// ISO weekday numbering: Monday = 1 … Sunday = 7.
public enum Weekday: Int, CaseIterable, Comparable, Sendable {
    case monday = 1
    case tuesday, wednesday, thursday, friday, saturday, sunday

    public static func < (a: Weekday, b: Weekday) -> Bool { a.rawValue < b.rawValue }

    /// Stable three-letter key used in the store and accepted on the command line.
    public var key: String { ["mon", "tue", "wed", "thu", "fri", "sat", "sun"][rawValue - 1] }
    /// Inlinable: the store's decoding calls it for every weekday of every alarm.
    @inlinable public init?(key: String) {
        switch key {
        case "mon": self = .monday
        case "tue": self = .tuesday
        case "wed": self = .wednesday
        case "thu": self = .thursday
        case "fri": self = .friday
        case "sat": self = .saturday
        case "sun": self = .sunday
        default: return nil
        }
    }

    /// This day's bit in a 7-bit mask (Monday = 1).
    public var bit: Int { 1 << (rawValue - 1) }

    /// The set of days whose bits are in `mask` (0…127), shared rather than rebuilt: reading a
    /// store of 10 000 weekly alarms would otherwise hash 10 000 new sets. Each is made the first
    /// time it is asked for: a store of a hundred alarms has fewer masks than the 128.
    public static func set(mask: Int) -> Set<Weekday> {
        setsByMask.withLock { sets in
            if let days = sets[mask & 0x7F] { return days }
            let days = Set(allCases.filter { mask & $0.bit != 0 })
            sets[mask & 0x7F] = days
            return days
        }
    }

    private static let setsByMask = Mutex<[Set<Weekday>?]>(Array(repeating: nil, count: 128))

    public static let workdays: Set<Weekday> = [.monday, .tuesday, .wednesday, .thursday, .friday]
    public static let weekend: Set<Weekday> = [.saturday, .sunday]
    public static let all: Set<Weekday> = Set(allCases)
}
