// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// The planner's points: per habit 10 × the current streak + 5 × each completed day up to today;
/// the person's total is the sum over habits (archived ones too: their history was earned).
///
/// Level curve: level L needs 100 · (L − 1)² points — level 2 at 100, 3 at 400, 4 at 900, 5 at
/// 1 600, 10 at 8 100 — so each level takes a little longer than the one before, as a daily habit's
/// points grow by 15 a day while its streak lasts.
public enum HabitPoints {
    public static func points(_ s: HabitStatistics) -> Int {
        10 * s.streaks.current + 5 * s.totalCompletions
    }

    public static func level(points: Int) -> Int {
        guard points > 0 else { return 1 }
        var l = Int((Double(points) / 100).squareRoot()) + 1
        // Guard against floating-point rounding at the exact thresholds.
        while threshold(level: l + 1) <= points { l += 1 }
        while l > 1 && threshold(level: l) > points { l -= 1 }
        return l
    }

    /// Points needed to reach `level`.
    public static func threshold(level: Int) -> Int { 100 * (level - 1) * (level - 1) }
}
