// SPDX-License-Identifier: GPL-3.0-or-later
import Synchronization

/// Human summaries of schedules: "Будни", "Рабочие дни (производственный календарь)", "Каждый
/// день", "Пн, Ср, Пт", "Однократно 2026-12-31". `holidays` is the setting working days follow.
public enum ScheduleText {
    public static func summary(_ s: Schedule, _ t: Localizer, zone: Zone, holidays: HolidayCountry) -> String {
        switch s {
        case .workdays(_, nil):
            return holidays == .none ? t("Working days (Monday to Friday)") : t("Working days (production calendar)")
        case .workdays(let time, let from?):
            return t(
                "{days} from {date}", ["days": summary(.workdays(time: time), t, zone: zone, holidays: holidays), "date": from.description])
        case .weekly(let days, _, let from?):
            return t(
                "{days} from {date}",
                [
                    "days": summary(.weekly(days: days, time: TimeOfDay(hour: 0, minute: 0)!), t, zone: zone, holidays: holidays),
                    "date": from.description,
                ])
        case .weekly(let days, _, nil):
            let mask = days.mask  // compared as bits: one summary per row of `list`
            if mask == 0b111_1111 { return t("Every day") }
            if mask == 0b001_1111 { return t("Weekdays") }
            if mask == 0b110_0000 { return t("Weekends") }
            return dayList(mask, t.language)
        case .once(let date, _):
            return t("Once on {date}", ["date": date.description])
        case .everyNDays(let n, let start, _):
            // «каждый день», «каждые 2 дня», «каждые 5 дней», «каждый 21 день».
            if n == 1 { return t("Every day from {date}", ["date": start.description]) }
            return t.plural(
                "Every {n} day from {date}", "Every {n} days from {date}", count: n,
                ["n": String(n), "date": start.description])
        case .timer(_, let duration):
            return t("Timer {duration}", ["duration": DurationText.words(duration, t, exactSeconds: true)])
        }
    }

    /// `DateText.shortWeekday(…).capitalizedFirst`, precomputed: `list` shows one per alarm.
    static let capitalizedEN = DateText.shortEN.map(\.capitalizedFirst)
    static let capitalizedRU = DateText.shortRU.map(\.capitalizedFirst)

    /// "Mon, Wed, Fri" for a mask of days (bit 0 = Monday), made the first time a schedule asks
    /// for it and kept for the process: `list` of 10 000 alarms asks for the same few again and
    /// again, while making all 128 of both languages up front was a tenth of `list` of 100.
    static func dayList(_ mask: Int, _ language: Language) -> String {
        let slot = (language == .ru ? 128 : 0) + (mask & 0x7F)
        return dayLists.withLock { lists in
            if let text = lists[slot] { return text }
            let names = language == .ru ? capitalizedRU : capitalizedEN
            // Appended rather than `joined`: the generic `joined` finds its element types at run
            // time, by name, the first time (0.2 M instructions).
            var text = ""
            for day in Weekday.allCases where mask & day.bit != 0 {
                if !text.isEmpty { text += ", " }
                text += names[day.rawValue - 1]
            }
            lists[slot] = text
            return text
        }
    }

    /// English lists in slots 0…127, Russian ones in 128…255.
    private static let dayLists = Mutex<[String?]>(Array(repeating: nil, count: 256))

    /// The time column: `07:30`, or the local time a timer fires.
    public static func time(_ s: Schedule, zone: Zone) -> String {
        switch s {
        case .weekly(_, let t, _), .workdays(let t, _), .once(_, let t), .everyNDays(_, _, let t): return t.description
        case .timer(let at, _): return zone.local(at).shortClockText
        }
    }
}

extension String {
    /// (`String(dropFirst())`: adding a Substring to a String takes the generic append, whose
    /// element types the runtime looks up by name the first time, 0.2 M instructions.)
    var capitalizedFirst: String { prefix(1).uppercased() + String(dropFirst()) }
}
