// SPDX-License-Identifier: GPL-3.0-or-later
/// Current and longest streaks.
///
/// Day-based frequencies count due days in a row: a met due day extends the streak, a skipped one
/// neither breaks nor extends it, a missed one (nothing logged, or an amount that misses the goal)
/// breaks it. Days that are not due (Tuesday for a Mon/Wed/Fri habit) are ignored, even when done.
///
/// Per-week/month habits count periods (ISO weeks, calendar months) in a row. A period is met when
/// its met days reach the target less its skipped days (3 a week with one skip: 2 are enough); a
/// period that is entirely skipped (no met day, skips ≥ target) is neutral, like a skipped day;
/// any other period breaks the streak, except the current one (still running) and a first period
/// that began before the start date and fell short (a partial period).
public struct HabitStreaks: Hashable, Sendable {
    public enum Unit: String, Hashable, Sendable { case days, weeks, months }

    public let current: Int
    public let longest: Int
    public let unit: Unit

    public init(current: Int, longest: Int, unit: Unit) { self.current = current; self.longest = longest; self.unit = unit }

    public init(_ t: HabitTimeline) {
        if let p = t.habit.frequency.periodTarget {
            self = Self.periodStreaks(t, kind: p.kind, times: p.times)
        } else {
            self = Self.dayStreaks(t)
        }
    }

    static func dayStreaks(_ t: HabitTimeline) -> HabitStreaks {
        var run = 0, longest = 0
        for i in 0..<t.settledCount where t.scheduled[i] {
            switch t.outcomes[i] {
            case .met: run += 1; longest = max(longest, run)
            case .skipped: break
            case .empty, .unmet: run = 0
            }
        }
        return HabitStreaks(current: run, longest: longest, unit: .days)
    }

    static func periodStreaks(_ t: HabitTimeline, kind: HabitPeriod.Kind, times: Int) -> HabitStreaks {
        var run = 0, longest = 0
        guard t.count > 0 else { return HabitStreaks(current: 0, longest: 0, unit: kind == .week ? .weeks : .months) }
        var period = HabitPeriod(kind, containing: t.first)
        while period.first <= t.today {
            var met = 0, skipped = 0
            let a = t.index(of: max(period.first, t.first))!
            let b = t.index(of: min(period.last, t.today))!
            for i in a...b {
                if t.outcomes[i] == .met { met += 1 } else if t.outcomes[i] == .skipped { skipped += 1 }
            }
            let required = times - skipped
            if met > 0 && met >= required {
                run += 1; longest = max(longest, run)
            } else if met == 0 && required <= 0 {
                // entirely skipped: neutral
            } else if period.contains(t.today) || period.first < t.first {
                // still running, or a partial first period: neutral
            } else {
                run = 0
            }
            period = period.next
        }
        return HabitStreaks(current: run, longest: longest, unit: kind == .week ? .weeks : .months)
    }
}
