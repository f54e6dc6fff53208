// SPDX-License-Identifier: GPL-3.0-or-later
/// Which days a habit is due.
///
/// Day-based frequencies (daily, weekdays, every N days) have fixed due days. "X per week/month"
/// habits are due on any day of a period while the period's target is not met yet; a skipped day
/// lowers that period's target by one (the user said "not this time").
extension Habit {
    /// Whether the calendar alone makes `date` a due day (day-based frequencies, from the start date).
    /// For per-period habits every day from the start is a candidate.
    public func isScheduled(on date: CivilDate) -> Bool {
        guard date >= start else { return false }
        switch frequency {
        case .daily, .timesPerWeek, .timesPerMonth: return true
        case .weekdays(let days): return days.contains(date.weekday)
        case .everyNDays(let n): return date.days(since: start) % Int64(n) == 0
        }
    }

    /// Whether the habit is due on `date`, whatever was logged on `date` itself. For per-period
    /// habits: the other days of the period leave the target unmet. Archived habits are never due.
    public func isDue(on date: CivilDate) -> Bool {
        guard !archived, isScheduled(on: date) else { return false }
        guard let (kind, times) = frequency.periodTarget else { return true }
        return remainingInPeriod(kind, times: times, containing: date, excluding: date) > 0
    }

    /// How many more met days the period containing `date` needs, not counting `excluded`'s entry.
    public func remainingInPeriod(_ kind: HabitPeriod.Kind, times: Int, containing date: CivilDate,
                                  excluding excluded: CivilDate? = nil) -> Int {
        let period = HabitPeriod(kind, containing: date)
        var met = 0, skipped = 0
        for e in entries(from: period.first, through: period.last) where e.date != excluded {
            switch evaluate(e).outcome {
            case .met: met += 1
            case .skipped: skipped += 1
            case .unmet, .empty: break
            }
        }
        return max(0, times - skipped - met)
    }

    /// Whether `date` still wants an entry: due, and nothing met or skipped logged on it yet (an
    /// amount below an at-least goal leaves it open). What `habit today` lists and reminders ask about.
    public func isOpen(on date: CivilDate) -> Bool {
        isDue(on: date) && isUnsettled(outcome(on: date))
    }

    /// Whether a day with this outcome may still change for the better while it lasts: nothing
    /// logged, or an amount still below an at-least target. (Exceeding an at-most limit is final.)
    public func isUnsettled(_ outcome: HabitDayOutcome) -> Bool {
        switch outcome {
        case .empty: return true
        case .unmet: return kind.goal?.direction == .atLeast
        case .met, .skipped: return false
        }
    }
}
