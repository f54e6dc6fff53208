// SPDX-License-Identifier: GPL-3.0-or-later
/// How often a habit is meant to be done: Loop Habit Tracker's "X times in Y days", with the
/// spellings people actually choose kept as their own cases, plus fixed weekdays (not in Loop).
///
/// Everything except `weekdays` is a rolling "X in Y" for scoring and streaks (see `loopFraction`);
/// `timesPerWeek`/`timesPerMonth` additionally count calendar weeks/months for what is due today.
public enum HabitFrequency: Hashable, Sendable {
    case daily
    /// On these weekdays only (never empty).
    case weekdays(WeekdaySet)
    /// On the working days of the production calendar (`Habit.workingCalendar`): a day off is not
    /// due, as a weekday outside a weekday habit's set.
    case workingDays
    /// Once in any `n` days (Loop's 1/n); n ≥ 2. Due again `n` days after the last completion.
    case everyNDays(Int)
    /// `n` days in each ISO week (Monday–Sunday), any days; 1…6 (Loop's n/7).
    case timesPerWeek(Int)
    /// `n` days in each calendar month, any days; 1…30 (Loop's n/30).
    case timesPerMonth(Int)
    /// Any other "X times in Y days": 2 ≤ X < Y ≤ 365, Y not 7 or 30. Build it with `make`.
    case timesInDays(Int, Int)

    public static let maximumInterval = 365
    public static let weekTimes = 1...6
    public static let monthTimes = 1...30

    /// "X times in Y days" in its friendly spelling: X = Y is daily, Y = 7 per week, Y = 30 per
    /// month, X = 1 every Y days. Nil when out of range (X < 1, X > Y, Y > 365).
    public static func make(times x: Int, inDays y: Int) -> HabitFrequency? {
        guard x >= 1, y >= 1, x <= y, y <= maximumInterval else { return nil }
        if x == y { return .daily }
        if y == 7 { return .timesPerWeek(x) }
        if y == 30 { return .timesPerMonth(x) }
        if x == 1 { return .everyNDays(y) }
        return .timesInDays(x, y)
    }

    /// Loop's numerator and denominator; nil for fixed weekdays, which Loop has no frequency for.
    public var loopFraction: (times: Int, days: Int)? {
        switch self {
        case .daily: return (1, 1)
        case .weekdays, .workingDays: return nil
        case .everyNDays(let n): return (1, n)
        case .timesPerWeek(let n): return (n, 7)
        case .timesPerMonth(let n): return n == 30 ? (1, 1) : (n, 30)
        case .timesInDays(let x, let y): return (x, y)
        }
    }

    /// The "f" of the strength score: intended repetitions per day (1 for daily, 3/7 for 3 per week,
    /// 10/30 for 10 per month, as Loop counts a month).
    public var timesPerDay: Double {
        if case .weekdays(let days) = self { return Double(days.count) / 7 }
        if case .workingDays = self { return 5.0 / 7 }
        let (x, y) = loopFraction!
        return Double(x) / Double(y)
    }

    /// Due on fixed days only (weekdays or working days), not "X in Y days".
    public var isFixedDays: Bool {
        switch self {
        case .weekdays, .workingDays: return true
        default: return false
        }
    }

    /// For "X per week/month": the target per calendar period (what `habit today` counts). Nil
    /// for the other frequencies.
    public var periodTarget: (kind: HabitPeriod.Kind, times: Int)? {
        switch self {
        case .timesPerWeek(let n): return (.week, n)
        case .timesPerMonth(let n): return (.month, n)
        case .daily, .weekdays, .workingDays, .everyNDays, .timesInDays: return nil
        }
    }

    /// The stable key used in the store and in CSV.
    public var key: String {
        switch self {
        case .daily: return "daily"
        case .weekdays: return "weekdays"
        case .workingDays: return "workdays"
        case .everyNDays: return "every"
        case .timesPerWeek: return "perWeek"
        case .timesPerMonth: return "perMonth"
        case .timesInDays: return "timesInDays"
        }
    }
}
