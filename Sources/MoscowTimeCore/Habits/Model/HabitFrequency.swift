// SPDX-License-Identifier: GPL-3.0-or-later
/// How often a habit is meant to be done (Loop Habit Tracker's "X times in Y days", split into the
/// cases people actually choose).
public enum HabitFrequency: Hashable, Sendable {
    case daily
    /// On these weekdays only (never empty).
    case weekdays(Set<Weekday>)
    /// Every `n` days counted from the habit's start date (the start date itself is due); n ≥ 2.
    case everyNDays(Int)
    /// `n` days in each ISO week (Monday–Sunday), any days; 1…6.
    case timesPerWeek(Int)
    /// `n` days in each calendar month, any days; 1…30.
    case timesPerMonth(Int)

    public static let maximumInterval = 365
    public static let weekTimes = 1...6
    public static let monthTimes = 1...30

    /// The "f" of the strength score: intended repetitions per day (1 for daily, 3/7 for 3 per week,
    /// 10/30 for 10 per month, as Loop counts a month).
    public var timesPerDay: Double {
        switch self {
        case .daily: return 1
        case .weekdays(let days): return Double(days.count) / 7
        case .everyNDays(let n): return 1 / Double(n)
        case .timesPerWeek(let n): return Double(n) / 7
        case .timesPerMonth(let n): return Double(n) / 30
        }
    }

    /// For "X per week/month": the target per period. Nil for day-based frequencies, whose due
    /// days are fixed by the calendar.
    public var periodTarget: (kind: HabitPeriod.Kind, times: Int)? {
        switch self {
        case .timesPerWeek(let n): return (.week, n)
        case .timesPerMonth(let n): return (.month, n)
        case .daily, .weekdays, .everyNDays: return nil
        }
    }

    /// The stable key used in the store and in CSV (`daily`, `weekdays`, `every`, `perWeek`, `perMonth`).
    public var key: String {
        switch self {
        case .daily: return "daily"
        case .weekdays: return "weekdays"
        case .everyNDays: return "every"
        case .timesPerWeek: return "perWeek"
        case .timesPerMonth: return "perMonth"
        }
    }
}
