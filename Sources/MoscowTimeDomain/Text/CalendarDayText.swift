// SPDX-License-Identifier: GPL-3.0-or-later
/// How `holidays`, `show`, `status` and the tray word the production calendar.
public enum CalendarDayText {
    /// "Public holiday", "Day off (moved from 3 January 2026)", "Shortened working day", "Working day (moved from 4 January 2026)".
    public static func kind(_ day: CalendarDay, _ t: Localizer) -> String {
        let from = day.from.map { DateText.longDate($0, t.language) }  // «с 3 января 2026»: a date after «с» reads right in Russian
        switch day.kind {
        case .holiday: return t("Public holiday")
        case .off: return from.map { t("Day off (moved from {date})", ["date": $0]) } ?? t("Day off")
        case .short: return t("Shortened working day")
        case .work: return from.map { t("Working day (moved from {date})", ["date": $0]) } ?? t("Working day")
        }
    }

    /// The one line said wherever working days are used while a year's official calendar is
    /// missing (`WorkingCalendar.missingYear`).
    public static func missingYear(_ year: Int, _ t: Localizer) -> String {
        t(
            "The official production calendar for {year} is not known yet: working days that year are Monday to Friday without the fixed public holidays. Add it with agent-cli holidays import FILE, or update MoscowTime.",
            ["year": String(year)])
    }

    /// What `holidays import` says: a line per year added, and how to make working days follow it.
    public static func added(years: [Int], _ calendar: WorkingCalendar, holidays: HolidayCountry, _ t: Localizer) -> [String] {
        var lines = years.map { year in
            t(
                "Production calendar for {year} added: {count}.",
                ["year": String(year), "count": workingDayCount(calendar.workingDayCount(of: year), t)])
        }
        if holidays == .none { lines.append(t("Working days follow it once the setting says so: agent-cli settings holidays ru")) }
        return lines
    }

    /// "247 working days" («247 рабочих дней»).
    public static func workingDayCount(_ n: Int, _ t: Localizer) -> String {
        t.plural("{n} working day", "{n} working days", count: n, ["n": String(n)])
    }
}
