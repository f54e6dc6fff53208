// SPDX-License-Identifier: GPL-3.0-or-later
/// The rule a TZif file's footer gives for every instant after its last transition: a POSIX `TZ`
/// string with RFC 8536's extensions (`<+03>-3`, `MSK-3`, `CET-1CEST,M3.5.0,M10.5.0/3`,
/// `EST5EDT,M3.2.0,M11.1.0`, `<-03>3<-02>,M3.5.0/-2,M10.5.0/-1`, all-year DST as
/// `EST5EDT4,0/0,J365/25`). Why read here rather than by a library: see `Zone`.
struct PosixZoneRule: Sendable, Equatable {
    /// UTC offsets in seconds, east positive (POSIX writes them west positive).
    let standardOffset: Int
    let daylight: Daylight?

    struct Daylight: Sendable, Equatable {
        let offset: Int
        /// When daylight time starts, in local standard time, and ends, in local daylight time.
        let start: Boundary
        let end: Boundary
    }

    struct Boundary: Sendable, Equatable {
        enum Day: Sendable, Equatable {
            /// `Jn`: day 1…365, February 29 never counted.
            case julian(Int)
            /// `n`: day 0…365, February 29 counted.
            case zeroBased(Int)
            /// `Mm.w.d`: weekday `d` (0 = Sunday) of week `w` (1…4, 5 = the last) of month `m`.
            case monthWeek(month: Int, week: Int, weekday: Int)
        }
        let day: Day
        /// Seconds after that day's midnight; may be negative or past a day (RFC 8536, 3.3.1).
        let time: Int

        /// Seconds since 1970-01-01T00:00 of the same local clock, in `year`.
        func localSeconds(in year: Int) -> Int64 {
            let days: Int64
            switch day {
            case .julian(let n):
                let jan1 = CivilDate(year: year, month: 1, day: 1)!.daysSinceEpoch
                days = jan1 + Int64(n - 1) + (CivilDate.isLeap(year) && n >= 60 ? 1 : 0)
            case .zeroBased(let n):
                days = CivilDate(year: year, month: 1, day: 1)!.daysSinceEpoch + Int64(n)
            case .monthWeek(let month, let week, let weekday):
                let first = CivilDate(year: year, month: month, day: 1)!
                let firstWeekday = first.weekday.rawValue % 7  // 0 = Sunday, as POSIX counts
                var dayOfMonth = 1 + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
                while dayOfMonth > CivilDate.daysIn(month: month, year: year) { dayOfMonth -= 7 }
                days = first.daysSinceEpoch + Int64(dayOfMonth - 1)
            }
            return days * 86_400 + Int64(time)
        }
    }

    /// The UTC offset in force `instant` seconds after the epoch.
    func utcOffset(at instant: Int64) -> Int {
        guard let daylight else { return standardOffset }
        // The Gregorian calendar repeats every 400 years, whole weeks included, and so does the
        // rule: any instant is moved into 1970–2370, where the arithmetic below cannot overflow.
        let cycle: Int64 = 146_097 * 86_400
        let remainder = instant % cycle
        let t = remainder < 0 ? remainder + cycle : remainder
        let year = CivilDate(daysSinceEpoch: (t + Int64(standardOffset)).floorDiv(86_400)).year
        let start = daylight.start.localSeconds(in: year) - Int64(standardOffset)
        let end = daylight.end.localSeconds(in: year) - Int64(daylight.offset)
        // Northern rules start before they end within a year; southern ones end first.
        let inDaylight = start < end ? (start <= t && t < end) : (t < end || start <= t)
        return inDaylight ? daylight.offset : standardOffset
    }

    /// Nil when `text` is not such a string, or names daylight time without saying when (POSIX
    /// leaves that to the implementation; TZif footers always say).
    init?(_ text: some Collection<UInt8>) {
        var p = Parser(Array(text))
        guard p.name(), let standard = p.offset(maxHours: 24) else { return nil }
        standardOffset = -standard
        if p.atEnd {
            daylight = nil
            return
        }
        guard p.name() else { return nil }
        var offset = standardOffset + 3_600
        if !p.peek(UInt8(ascii: ",")) {
            guard let given = p.offset(maxHours: 24) else { return nil }
            offset = -given
        }
        guard p.take(UInt8(ascii: ",")), let start = p.boundary(), p.take(UInt8(ascii: ",")),
            let end = p.boundary(), p.atEnd
        else { return nil }
        daylight = Daylight(offset: offset, start: start, end: end)
    }

    private struct Parser {
        let bytes: [UInt8]
        var i = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { i == bytes.count }
        func peek(_ c: UInt8) -> Bool { i < bytes.count && bytes[i] == c }
        mutating func take(_ c: UInt8) -> Bool {
            guard peek(c) else { return false }
            i += 1
            return true
        }

        /// `MSK` (three or more letters) or `<+03>` (three or more of letters, digits, `+`, `-`).
        mutating func name() -> Bool {
            let isLetter = { (c: UInt8) in (c | 0x20) >= UInt8(ascii: "a") && (c | 0x20) <= UInt8(ascii: "z") }
            if take(UInt8(ascii: "<")) {
                let from = i
                while i < bytes.count, isLetter(bytes[i]) || isDigit(bytes[i]) || bytes[i] == 0x2B || bytes[i] == 0x2D {
                    i += 1
                }
                return i - from >= 3 && take(UInt8(ascii: ">"))
            }
            let from = i
            while i < bytes.count, isLetter(bytes[i]) { i += 1 }
            return i - from >= 3
        }

        func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

        mutating func number(maxDigits: Int) -> Int? {
            let from = i
            var n = 0
            while i < bytes.count, isDigit(bytes[i]), i - from < maxDigits {
                n = n * 10 + Int(bytes[i] - UInt8(ascii: "0"))
                i += 1
            }
            return i > from ? n : nil
        }

        /// `[+-]hh[:mm[:ss]]` in seconds, as written (west positive for an offset).
        mutating func offset(maxHours: Int) -> Int? {
            var sign = 1
            if take(UInt8(ascii: "-")) { sign = -1 } else { _ = take(UInt8(ascii: "+")) }
            guard let h = number(maxDigits: 3), h <= maxHours else { return nil }
            var seconds = h * 3_600
            for scale in [60, 1] {
                guard take(UInt8(ascii: ":")) else { break }
                guard let n = number(maxDigits: 2), n < 60 else { return nil }
                seconds += n * scale
            }
            return sign * seconds
        }

        mutating func boundary() -> Boundary? {
            let day: Boundary.Day
            if take(UInt8(ascii: "J")) {
                guard let n = number(maxDigits: 3), (1...365).contains(n) else { return nil }
                day = .julian(n)
            } else if take(UInt8(ascii: "M")) {
                guard let m = number(maxDigits: 2), (1...12).contains(m), take(UInt8(ascii: ".")),
                    let w = number(maxDigits: 1), (1...5).contains(w), take(UInt8(ascii: ".")),
                    let d = number(maxDigits: 1), (0...6).contains(d)
                else { return nil }
                day = .monthWeek(month: m, week: w, weekday: d)
            } else {
                guard let n = number(maxDigits: 3), (0...365).contains(n) else { return nil }
                day = .zeroBased(n)
            }
            var time = 7_200
            if take(UInt8(ascii: "/")) {
                guard let t = offset(maxHours: 167) else { return nil }
                time = t
            }
            return Boundary(day: day, time: time)
        }
    }
}

extension Int64 {
    /// Division rounding toward minus infinity (days before 1970 included).
    func floorDiv(_ d: Int64) -> Int64 {
        let q = self / d
        return self % d != 0 && (self < 0) != (d < 0) ? q - 1 : q
    }
}
