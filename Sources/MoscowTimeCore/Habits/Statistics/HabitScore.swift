// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Loop Habit Tracker's habit strength, an exponentially smoothed success rate:
///
///     m = 0.5 ^ (√f / 13)                f = intended repetitions per day (1 daily, 3/7 for 3 a week)
///     score_today = score_yesterday · m + v · (1 − m)
///
/// with v = 1 for a completed day, amount/target (capped at 1) for a numeric at-least day, the
/// at-most rule of `HabitGoal.value`, and 0 for a missed day. The score starts at 0 the day before
/// the start date. A day updates the score when
/// - day-based frequencies: it is scheduled (a day done off-schedule counts too, with v = 1);
/// - per-week/month habits: every day, with v = min(1, met days in the trailing 7 (30) days / X)
///   (Loop's rolling sum), so keeping to "3 a week" on any days reaches 100 %;
/// and it is left unchanged by skipped days, by unscheduled days without a completion, and by
/// today while it is still open. Halving time: 13 days for a daily habit (m¹³ = ½).
public enum HabitScore {
    public static func multiplier(timesPerDay f: Double) -> Double {
        pow(0.5, f.squareRoot() / 13)
    }

    public static func next(previous: Double, value v: Double, multiplier m: Double) -> Double {
        previous * m + v * (1 - m)
    }

    static func dailyScores(habit: Habit, outcomes: [HabitDayOutcome], values: [Double], scheduled: [Bool]) -> [Double] {
        let count = outcomes.count
        var scores = [Double](repeating: 0, count: count)
        guard count > 0 else { return scores }
        let m = multiplier(timesPerDay: habit.frequency.timesPerDay)
        let todayOpen = habit.isUnsettled(outcomes[count - 1])
        let period = habit.frequency.periodTarget
        var score = 0.0
        var metInWindow = 0 // per-period habits: met days in the trailing window ending today
        for i in 0..<count {
            if period != nil {
                if outcomes[i] == .met { metInWindow += 1 }
                if let p = period, i >= p.kind.windowDays, outcomes[i - p.kind.windowDays] == .met { metInWindow -= 1 }
            }
            let o = outcomes[i]
            let open = i == count - 1 && todayOpen
            if o == .skipped || open { scores[i] = score; continue }
            if let p = period {
                score = next(previous: score, value: min(1, Double(metInWindow) / Double(p.times)), multiplier: m)
            } else if scheduled[i] {
                score = next(previous: score, value: values[i], multiplier: m)
            } else if o == .met {
                score = next(previous: score, value: 1, multiplier: m)
            }
            scores[i] = score
        }
        return scores
    }
}
