// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Loop Habit Tracker's habit strength (`ScoreList.recompute` and `Score.compute` in uhabits-core),
/// an exponentially smoothed success rate:
///
///     m = 0.5 ^ (√f / 13)                f = X / Y of "X times in Y days" (1 daily, 3/7 for 3 a week)
///     score_today = score_yesterday · m + v · (1 − m)
///
/// Every day from the start updates the score except skipped days, with v from a rolling window
/// ending that day:
/// - yes/no (and numeric with a goal per day on a non-daily frequency): v = min(1, met days in the
///   last Y days / X), with X and Y doubled when f < 1 so that a weekly habit done on alternating
///   ends of the week stays at 100 %;
/// - numeric (daily, or a goal per period): v from the sum of the last Y days' amounts against the
///   target (at least: sum/target capped at 1; at most: 1 within the limit, down to 0 at twice it).
///   As in Loop a skipped day adds 0.003 to that sum (its stored value 3 is counted in thousandths).
/// At-most habits start at 1 (nothing logged is a good day), everything else at 0.
///
/// Fixed weekday habits (not in Loop) move on their weekdays with that day's v, and on another day
/// only when it is done (v = 1).
///
/// Deliberate difference from Loop: today, while it is still open (nothing logged, or an at-least
/// amount below a daily target), does not move the score; Loop scores it as a missed day at once.
/// Halving time: 13 days for a daily habit (m¹³ = ½).
public enum HabitScore {
    public static func multiplier(timesPerDay f: Double) -> Double {
        pow(0.5, f.squareRoot() / 13)
    }

    /// Loop's `Score.compute(frequency, previousScore, checkmarkValue)`.
    public static func next(previous: Double, value v: Double, multiplier m: Double) -> Double {
        previous * m + v * (1 - m)
    }

    /// Loop's stored value of a skipped day (`Entry.SKIP` = 3) as an amount in the numeric rolling sum.
    static let skipAmount = 0.003

    /// Scores at the end of each day, and each day's v (the window's share of the target; 0 on
    /// skipped days and an open today).
    static func dailyScores(
        habit: Habit, outcomes: [HabitDayOutcome], values: [Double], amounts: [Double],
        scheduled: [Bool], todayOpen: Bool
    ) -> (scores: [Double], shares: [Double]) {
        let count = outcomes.count
        var scores = [Double](repeating: 0, count: count)
        var shares = [Double](repeating: 0, count: count)
        let goal = habit.kind.goal
        var score = goal?.direction == .atMost ? 1.0 : 0.0
        guard count > 0 else { return (scores, shares) }
        let m = multiplier(timesPerDay: habit.frequency.timesPerDay)
        let last = todayOpen ? count - 1 : count

        guard let (x, y) = habit.frequency.loopFraction else {
            // Fixed weekdays.
            for i in 0..<count {
                if i < last, outcomes[i] != .skipped {
                    if scheduled[i] {
                        score = next(previous: score, value: values[i], multiplier: m)
                        shares[i] = values[i]
                    } else if outcomes[i] == .met {
                        score = next(previous: score, value: 1, multiplier: m)
                        shares[i] = 1
                    }
                }
                scores[i] = score
            }
            return (scores, shares)
        }

        if let goal, y == 1 || goal.per == .period {
            // Loop's numeric branch: the sum of the last y days' amounts against the target.
            var sum = 0.0
            for i in 0..<count {
                sum += outcomes[i] == .skipped ? skipAmount : amounts[i]
                if i >= y { sum -= outcomes[i - y] == .skipped ? skipAmount : amounts[i - y] }
                if i < last, outcomes[i] != .skipped {
                    let v = goal.value(of: max(0, sum))
                    score = next(previous: score, value: v, multiplier: m)
                    shares[i] = v
                }
                scores[i] = score
            }
            return (scores, shares)
        }

        // Loop's boolean branch: met days in a window of y days, doubled for non-daily habits.
        let doubled = x < y
        let need = Double(doubled ? 2 * x : x)
        let window = doubled ? 2 * y : y
        var met = 0
        for i in 0..<count {
            if outcomes[i] == .met { met += 1 }
            if i >= window, outcomes[i - window] == .met { met -= 1 }
            if i < last, outcomes[i] != .skipped {
                let v = min(1, Double(met) / need)
                score = next(previous: score, value: v, multiplier: m)
                shares[i] = v
            }
            scores[i] = score
        }
        return (scores, shares)
    }
}
