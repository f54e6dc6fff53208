// SPDX-License-Identifier: GPL-3.0-or-later
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

    /// `init(key:)` of UTF-8 bytes (the store's weekdays, read in place).
    package init?(keyUTF8 u: UnsafeBufferPointer<UInt8>) {
        guard u.count == 3, let k = Weekday.packedKeys.firstIndex(of: Int(u[0]) << 16 | Int(u[1]) << 8 | Int(u[2])) else {
            return nil
        }
        self = Weekday.allCases[k]
    }

    /// Each day's key, its three ASCII bytes in one number.
    private static let packedKeys: [Int] = Weekday.allCases.map { day in
        var key = day.key
        return key.withUTF8 { Int($0[0]) << 16 | Int($0[1]) << 8 | Int($0[2]) }
    }

    /// This day's bit in a 7-bit mask (Monday = 1).
    public var bit: Int { 1 << (rawValue - 1) }

    public static let workdays: WeekdaySet = [.monday, .tuesday, .wednesday, .thursday, .friday]
    public static let weekend: WeekdaySet = [.saturday, .sunday]
    public static let all = WeekdaySet(mask: 0b111_1111)
}
