// SPDX-License-Identifier: GPL-3.0-or-later
/// Human summaries of a habit's frequency and goal, in the user's language.
public enum HabitText {
    public static func frequency(_ f: HabitFrequency, _ t: Localizer) -> String {
        switch f {
        case .daily: return t("Every day")
        case .weekdays(let days):
            if days == Weekday.all { return t("Every day") }
            if days == Weekday.workdays { return t("Weekdays") }
            if days == Weekday.weekend { return t("Weekends") }
            return days.sorted().map { DateText.shortWeekday($0, t.language).capitalizedFirst }.joined(separator: ", ")
        case .everyNDays(let n): return t("Every {n} days", ["n": String(n)])
        case .timesPerWeek(let n): return t("{n} times a week", ["n": String(n)])
        case .timesPerMonth(let n): return t("{n} times a month", ["n": String(n)])
        }
    }

    /// `≥ 8 glasses`, `≤ 2 cups`; nil for yes/no habits.
    public static func goal(_ kind: HabitKind) -> String? {
        guard let g = kind.goal else { return nil }
        let unit = g.unit.isEmpty ? "" : " " + g.unit
        return (g.direction == .atLeast ? "≥ " : "≤ ") + HabitAmount.text(g.target) + unit
    }

    /// `3 / 8 glasses` for a numeric day; nil for yes/no habits.
    public static func progress(_ habit: Habit, on date: CivilDate) -> String? {
        guard let g = habit.kind.goal else { return nil }
        let amount = habit.entry(on: date).flatMap { $0.status == .done ? $0.amount : nil } ?? 0
        return HabitAmount.text(amount) + " / " + HabitAmount.text(g.target) + (g.unit.isEmpty ? "" : " " + g.unit)
    }

    /// `08:00, 20:00`, or `—` without reminders.
    public static func reminders(_ times: [TimeOfDay]) -> String {
        times.isEmpty ? "—" : times.map(\.description).joined(separator: ", ")
    }

    /// `87%`, or `—` when there is nothing to rate.
    public static func percent(_ x: Double?) -> String {
        guard let x else { return "—" }
        return String(Int((x * 100).rounded())) + "%"
    }

    /// `12 d`, `3 wk`, `2 mo` (`12 дн`, `3 нед`, `2 мес`).
    public static func streak(_ n: Int, _ unit: HabitStreaks.Unit, _ lang: Language) -> String {
        switch (unit, lang) {
        case (.days, .en): return "\(n) d"
        case (.weeks, .en): return "\(n) wk"
        case (.months, .en): return "\(n) mo"
        case (.days, .ru): return "\(n) дн"
        case (.weeks, .ru): return "\(n) нед"
        case (.months, .ru): return "\(n) мес"
        }
    }
}
