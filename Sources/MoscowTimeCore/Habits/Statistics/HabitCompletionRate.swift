// SPDX-License-Identifier: GPL-3.0-or-later
/// The share of what was expected in the last N days (N = 7, 30, 365, today included) that was
/// done, 0…1; nil when nothing was expected (the habit started today, or every day was skipped).
///
/// - Day-based frequencies: met due days ÷ due days, leaving out skipped days. A day done off
///   schedule does not count.
/// - Per-week/month habits: met days ÷ (f × days), f = X/7 or X/30 per day and the days leaving out
///   skipped ones; capped at 1 (more than X a week is still 100 %).
/// Days before the start date, and today while it is still open, are outside the window.
public enum HabitCompletionRate {
    public static let windows = [7, 30, 365]

    public static func rate(_ t: HabitTimeline, lastDays n: Int) -> Double? {
        let end = t.settledCount
        let begin = max(0, t.count - n)
        guard begin < end else { return nil }
        if t.habit.frequency.periodTarget != nil {
            var met = 0, countable = 0
            for i in begin..<end where t.outcomes[i] != .skipped {
                countable += 1
                if t.outcomes[i] == .met { met += 1 }
            }
            let expected = t.habit.frequency.timesPerDay * Double(countable)
            return expected > 0 ? min(1, Double(met) / expected) : nil
        }
        var met = 0, due = 0
        for i in begin..<end where t.scheduled[i] && t.outcomes[i] != .skipped {
            due += 1
            if t.outcomes[i] == .met { met += 1 }
        }
        return due > 0 ? Double(met) / Double(due) : nil
    }
}
