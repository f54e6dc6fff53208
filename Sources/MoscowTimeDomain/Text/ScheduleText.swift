// SPDX-License-Identifier: GPL-3.0-or-later
/// Human summaries of schedules: "Будни", "Рабочие дни (производственный календарь)", "Каждый
/// день", "Пн, Ср, Пт", "Однократно 2026-12-31". `holidays` is the setting working days follow.
public enum ScheduleText {
    public static func summary(_ s: Schedule, _ t: Localizer, zone: Zone, holidays: HolidayCountry) -> String {
        switch s {
        case .workdays(_, nil):
            return holidays == .none ? t("Working days (Monday to Friday)") : t("Working days (production calendar)")
        case let .workdays(time, from?):
            return t("{days} from {date}", ["days": summary(.workdays(time: time), t, zone: zone, holidays: holidays), "date": from.description])
        case let .weekly(days, _, from?):
            return t("{days} from {date}", ["days": summary(.weekly(days: days, time: TimeOfDay(hour: 0, minute: 0)!), t, zone: zone, holidays: holidays), "date": from.description])
        case .weekly(let days, _, nil):
            let mask = days.reduce(0) { $0 | $1.bit } // compared as bits: one summary per row of `list`
            if mask == 0b111_1111 { return t("Every day") }
            if mask == 0b001_1111 { return t("Weekdays") }
            if mask == 0b110_0000 { return t("Weekends") }
            return (t.language == .ru ? daysRU : daysEN)[mask]
        case let .once(date, _):
            return t("Once on {date}", ["date": date.description])
        case let .everyNDays(n, start, _):
            // «каждый день», «каждые 2 дня», «каждые 5 дней», «каждый 21 день».
            if n == 1 { return t("Every day from {date}", ["date": start.description]) }
            return t.plural("Every {n} day from {date}", "Every {n} days from {date}", count: n,
                            ["n": String(n), "date": start.description])
        case let .timer(_, duration):
            return t("Timer {duration}", ["duration": DurationText.words(duration, t, exactSeconds: true)])
        }
    }

    /// `DateText.shortWeekday(…).capitalizedFirst`, precomputed: `list` shows one per alarm.
    static let capitalizedEN = DateText.shortEN.map(\.capitalizedFirst)
    static let capitalizedRU = DateText.shortRU.map(\.capitalizedFirst)

    /// "Mon, Wed, Fri" for each mask of days (bit 0 = Monday), made once per process.
    static let daysEN = dayLists(capitalizedEN)
    static let daysRU = dayLists(capitalizedRU)

    static func dayLists(_ names: [String]) -> [String] {
        (0..<128).map { mask in Weekday.allCases.filter { mask & $0.bit != 0 }.map { names[$0.rawValue - 1] }.joined(separator: ", ") }
    }

    /// The time column: `07:30`, or the local time a timer fires.
    public static func time(_ s: Schedule, zone: Zone) -> String {
        switch s {
        case .weekly(_, let t, _), .workdays(let t, _), .once(_, let t), .everyNDays(_, _, let t): return t.description
        case .timer(let at, _): return zone.local(at).shortClockText
        }
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
