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
        case .workingDays: return t("Working days (production calendar)")
        case .everyNDays(let n):
            // «каждые 2 дня», «каждые 5 дней», «каждый 21 день»; "every day" for 1.
            if n == 1 { return t("Every day") }
            return t.plural("Every {n} day", "Every {n} days", count: n, ["n": String(n)])
        case .timesPerWeek(let n):
            if n == 1 { return t("once a week") }
            return t.plural("{n} time a week", "{n} times a week", count: n, ["n": String(n)])
        case .timesPerMonth(let n):
            if n == 1 { return t("once a month") }
            return t.plural("{n} time a month", "{n} times a month", count: n, ["n": String(n)])
        case .timesInDays(let x, let y):
            // «2 раза за 5 дней», «3 раза за 4 дня».
            return t.plural("{n} time", "{n} times", count: x, ["n": String(x)]) + " "
                + t.plural("in {n} day", "in {n} days", count: y, ["n": String(y)])
        }
    }

    /// `≥ 8 glasses`, `≤ 2 cups`; nil for yes/no habits.
    public static func goal(_ kind: HabitKind) -> String? {
        guard let g = kind.goal else { return nil }
        return (g.direction == .atLeast ? "≥ " : "≤ ") + amount(g.target, unit: g.unit)
    }

    /// `≥ 10 km in 7 days` for a goal per period; the plain goal otherwise.
    public static func goal(_ habit: Habit, _ t: Localizer) -> String? {
        guard let text = goal(habit.kind), let g = habit.kind.goal else { return nil }
        guard g.per == .period, let (_, y) = habit.frequency.loopFraction, y > 1 else { return text }
        return text + " " + t.plural("in {n} day", "in {n} days", count: y, ["n": String(y)])
    }

    /// `7-day streak`, `First completion`, `100 completions`, `Strength 80%`.
    public static func achievement(_ kind: HabitAchievement.Kind, _ t: Localizer) -> String {
        switch kind {
        case .firstCompletion: return t("First completion")
        case .completions(let n): return t.plural("{n} completion", "{n} completions", count: n, ["n": String(n)])
        case .streak(let n): return t.plural("{n}-day streak", "{n}-day streak", count: n, ["n": String(n)])
        case .strength(let n): return t("Strength {n}%", ["n": String(n)])
        }
    }

    /// `3 / 8 glasses` for a numeric day; nil for yes/no habits.
    public static func progress(_ habit: Habit, on date: CivilDate) -> String? {
        guard let g = habit.kind.goal else { return nil }
        let amount = habit.entry(on: date).flatMap { $0.status == .done ? $0.amount : nil } ?? 0
        return HabitAmount.text(amount) + " / " + self.amount(g.target, unit: g.unit)
    }

    /// `3 стакана`, `5 стаканов`, `2,5 km`: the number with its unit in the form it takes.
    public static func amount(_ value: Double, unit: String) -> String {
        let form = HabitUnit.form(unit, for: value)
        return HabitAmount.text(value) + (form.isEmpty ? "" : " " + form)
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

    /// `12 days`, `3 weeks`, `1 month` (`12 дней`, `3 недели`, `1 месяц`).
    public static func streak(_ n: Int, _ unit: HabitStreaks.Unit, _ t: Localizer) -> String {
        let values = ["n": String(n)]
        switch unit {
        case .days: return t.plural("{n} day", "{n} days", count: n, values)
        case .weeks: return t.plural("{n} week", "{n} weeks", count: n, values)
        case .months: return t.plural("{n} month", "{n} months", count: n, values)
        }
    }
}
