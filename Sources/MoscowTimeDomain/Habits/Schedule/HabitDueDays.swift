// SPDX-License-Identifier: GPL-3.0-or-later
/// Which days a habit is due (what `habit today` lists and reminders ring for).
///
/// Fixed weekdays are due on those days. Daily habits are due every day. "X per week/month" habits
/// are due on any day of a calendar week/month while its target is not met yet; "every N days" and
/// other "X in Y days" habits are due while the Y − 1 days before fall short of X. A skipped day
/// lowers the target by one (the user said "not this time"). Numeric goals per period count the
/// amounts logged in the period instead of met days.
extension Habit {
    /// Whether the calendar alone makes `date` a due day: the start date or later, and one of the
    /// weekdays for a weekday habit. Every other frequency makes every day a candidate.
    public func isScheduled(on date: CivilDate) -> Bool {
        guard date >= start else { return false }
        if case .weekdays(let days) = frequency { return days.contains(date.weekday) }
        if case .workingDays = frequency { return workingCalendar.isWorkingDay(date) }
        return true
    }

    /// Whether the habit is due on `date`, whatever was logged on `date` itself. Archived habits
    /// are never due.
    public func isDue(on date: CivilDate) -> Bool {
        guard !archived, isScheduled(on: date) else { return false }
        if let (kind, times) = frequency.periodTarget {
            let period = HabitPeriod(kind, containing: date)
            return remaining(times: times, from: period.first, through: period.last, excluding: date) > 0
        }
        guard let (x, y) = frequency.loopFraction, y > 1 else { return true }
        return remaining(times: x, from: date.adding(days: -Int64(y - 1)), through: date.adding(days: -1), excluding: nil) > 0
    }

    /// How many more met days the period containing `date` needs, not counting `excluded`'s entry.
    public func remainingInPeriod(
        _ kind: HabitPeriod.Kind, times: Int, containing date: CivilDate,
        excluding excluded: CivilDate? = nil
    ) -> Int {
        let period = HabitPeriod(kind, containing: date)
        return remaining(times: times, from: period.first, through: period.last, excluding: excluded)
    }

    /// What `first…last` still lacks: met days short of `times` less skipped days, or for a numeric
    /// goal per period, whether the logged amounts reach the target (1 when not, 0 when they do).
    func remaining(times: Int, from first: CivilDate, through last: CivilDate, excluding excluded: CivilDate?) -> Int {
        if let goal = kind.goal, goal.per == .period {
            guard goal.direction == .atLeast else { return 1 }
            var sum = 0.0
            for e in entries(from: first, through: last) where e.date != excluded && e.status == .done { sum += e.amount ?? 0 }
            return sum >= goal.target ? 0 : 1
        }
        var met = 0
        var skipped = 0
        for e in entries(from: first, through: last) where e.date != excluded {
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
    /// logged, or an amount still below an at-least daily target. (Exceeding an at-most limit is
    /// final; any amount towards a goal per period settles the day.)
    public func isUnsettled(_ outcome: HabitDayOutcome) -> Bool {
        switch outcome {
        case .empty: return true
        case .unmet: return kind.goal.map { $0.direction == .atLeast && $0.per == .day } ?? false
        case .met, .skipped: return false
        }
    }
}
