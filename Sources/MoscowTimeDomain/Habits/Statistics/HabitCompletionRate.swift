// SPDX-License-Identifier: GPL-3.0-or-later
/// The share of what was expected in the last N days (N = 7, 30, 365, today included) that was
/// done, 0…1; nil when nothing was expected (the habit started today, or every day was skipped).
///
/// - Fixed weekdays: met due days ÷ due days, leaving out skipped days. A day done off schedule
///   does not count.
/// - "X times in Y days" (daily, every N days, per week/month…): met days ÷ (f × days), f = X/Y,
///   the days leaving out skipped ones; capped at 1 (more than X in Y days is still 100 %).
/// - Numeric goals per period: the mean of each day's window share of the target (`HabitScore`).
/// Days before the start date, and today while it is still open, are outside the window.
public enum HabitCompletionRate {
    public static let windows = [7, 30, 365]

    public static func rate(_ t: HabitTimeline, lastDays n: Int) -> Double? {
        let end = t.settledCount
        let begin = max(0, t.count - n)
        guard begin < end else { return nil }
        if t.habit.frequency.isFixedDays {
            var met = 0
            var due = 0
            for i in begin..<end where t.scheduled[i] && t.outcomes[i] != .skipped {
                due += 1
                if t.outcomes[i] == .met { met += 1 }
            }
            return due > 0 ? Double(met) / Double(due) : nil
        }
        var met = 0
        var countable = 0
        var shares = 0.0
        for i in begin..<end where t.outcomes[i] != .skipped {
            countable += 1
            shares += t.shares[i]
            if t.outcomes[i] == .met { met += 1 }
        }
        guard countable > 0 else { return nil }
        if let goal = t.habit.kind.goal, goal.per == .period, (t.habit.frequency.loopFraction?.days ?? 1) > 1 {
            return shares / Double(countable)
        }
        return min(1, Double(met) / (t.habit.frequency.timesPerDay * Double(countable)))
    }
}
