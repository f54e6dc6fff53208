// SPDX-License-Identifier: GPL-3.0-or-later
/// A calendar date in the proleptic Gregorian calendar, without a zone.
///
/// Day arithmetic uses Howard Hinnant's days-from-civil algorithms: exact, branch-light and
/// allocation-free, which matters when `next` scans thousands of alarms. GLib's GDate does the
/// same job but is a heap object behind a C API.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Nil for dates that do not exist (2026-02-30).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: year),
            (1...9999).contains(year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    public init(daysSinceEpoch z0: Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        year = Int(yoe + era * 400 + (m <= 2 ? 1 : 0))
        month = Int(m)
        day = Int(d)
    }

    public var daysSinceEpoch: Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = Int64(month > 2 ? month - 3 : month + 9)
        let doy = (153 * mp + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// ISO weekday: 1970-01-01 was a Thursday.
    public var weekday: Weekday {
        let d = daysSinceEpoch
        let index = ((d % 7) + 7 + 3) % 7  // 0 = Monday
        return Weekday(rawValue: Int(index) + 1)!
    }

    public func adding(days: Int64) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + days) }
    public func days(since other: CivilDate) -> Int64 { daysSinceEpoch - other.daysSinceEpoch }

    public static func < (a: CivilDate, b: CivilDate) -> Bool { a.daysSinceEpoch < b.daysSinceEpoch }

    public static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `2026-12-31`
    public var description: String {
        guard ASCIIFormat.fits(year, 4) else { return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))" }
        return ASCIIFormat.string(capacity: 10) { $0.isoDate(self) }
    }

    /// Parses exactly `YYYY-MM-DD` (ASCII digits).
    public init?(iso text: Substring) {
        var text = text
        guard let d = text.withUTF8({ CivilDate(isoBytes: $0) }) else { return nil }
        self = d
    }

    /// `YYYY-MM-DD` as UTF-8 bytes; no allocation (the store holds a date or two per alarm).
    package init?(isoBytes u: UnsafeBufferPointer<UInt8>) {
        guard u.count == 10, u[4] == UInt8(ascii: "-"), u[7] == UInt8(ascii: "-"),
            let y = ISO8601.digits(u, 0, 4), let m = ISO8601.digits(u, 5, 2), let d = ISO8601.digits(u, 8, 2)
        else { return nil }
        self.init(year: y, month: m, day: d)
    }
}

/// Zero-padded decimal, used by every fixed-width format in the core.
@inline(__always)
package func pad(_ value: Int, _ width: Int) -> String {
    if width == 2, value >= 0, value < 100 { return twoDigits[value] }  // hours, minutes, days, months
    let s = String(value)
    let n = s.utf8.count
    return n >= width ? s : String(repeating: "0", count: width - n) + s
}

/// "00"…"99", made once: dates and times are formatted for every row of `agent-cli list`.
private let twoDigits: [String] = (0..<100).map { $0 < 10 ? "0\($0)" : "\($0)" }
