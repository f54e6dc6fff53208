// SPDX-License-Identifier: GPL-3.0-or-later
/// Weekday and month names and the long date line (`суббота, 21 ноября 2026` / `Saturday, 21 November 2026`).
public enum DateText {
    static let weekdaysEN = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    static let weekdaysRU = ["понедельник", "вторник", "среда", "четверг", "пятница", "суббота", "воскресенье"]
    static let shortEN = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let shortRU = ["пн", "вт", "ср", "чт", "пт", "сб", "вс"]
    static let monthsEN = [
        "January", "February", "March", "April", "May", "June", "July", "August",
        "September", "October", "November", "December",
    ]
    /// Genitive case, as used with a day number: «21 ноября».
    static let monthsRU = [
        "января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа",
        "сентября", "октября", "ноября", "декабря",
    ]

    public static func weekdayName(_ w: Weekday, _ lang: Language) -> String {
        (lang == .ru ? weekdaysRU : weekdaysEN)[w.rawValue - 1]
    }

    public static func shortWeekday(_ w: Weekday, _ lang: Language) -> String {
        (lang == .ru ? shortRU : shortEN)[w.rawValue - 1]
    }

    /// `21 ноября 2026` / `21 November 2026` (the `d MMMM yyyy` pattern).
    public static func longDate(_ d: CivilDate, _ lang: Language) -> String {
        "\(d.day) \((lang == .ru ? monthsRU : monthsEN)[d.month - 1]) \(d.year)"
    }

    /// `суббота, 21 ноября 2026`
    public static func weekdayAndDate(_ d: CivilDate, _ lang: Language) -> String {
        "\(weekdayName(d.weekday, lang)), \(longDate(d, lang))"
    }

    /// `пн 23.11 07:30` / `Mon 23 Nov 07:30` — compact, for tables.
    public static func shortDateTime(_ l: LocalDateTime, _ lang: Language) -> String {
        let wd = shortWeekday(l.date.weekday, lang)
        guard (1000...9999).contains(l.date.year), l.isClockReading else {  // the Russian year is not zero-padded
            if lang == .ru { return "\(wd) \(pad(l.date.day, 2)).\(pad(l.date.month, 2)).\(l.date.year) \(l.shortClockText)" }
            return "\(wd) \(l.date) \(l.shortClockText)"
        }
        // Written in place: `list` shows one per alarm.
        return ASCIIFormat.string(capacity: wd.utf8.count + 17) { f in
            f.text(wd)
            f.byte(UInt8(ascii: " "))
            if lang == .ru {
                f.digits(l.date.day, 2)
                f.byte(UInt8(ascii: "."))
                f.digits(l.date.month, 2)
                f.byte(UInt8(ascii: "."))
                f.digits(l.date.year, 4)
            } else {
                f.isoDate(l.date)
            }
            f.byte(UInt8(ascii: " "))
            f.clock(l.hour, l.minute)
        }
    }

    /// `2 h 5 min` / `2 ч 5 мин`: how far away an instant is (see `DurationText`).
    public static func relative(_ seconds: Int64, _ t: Localizer) -> String {
        DurationText.words(seconds, t)
    }
}
