// SPDX-License-Identifier: GPL-3.0-or-later
/// One habit's days from its start date through "today", evaluated once so that streaks, rates,
/// the score, the heatmap and the sparkline are each a single pass over flat arrays (50 habits ×
/// 5 years of daily entries stay far inside `habit stats`' time budget).
///
/// "Today" is still open: while it is unsettled (nothing logged, or an at-least amount below its
/// target) it neither breaks a streak, nor counts in rates, nor moves the score. Days after today
/// are not part of the timeline. For an at-most habit a past day with nothing logged is met.
public struct HabitTimeline: Sendable {
    public let habit: Habit
    public let today: CivilDate
    /// Day 0 is the habit's start date.
    public let first: CivilDate
    public let outcomes: [HabitDayOutcome]
    /// The score's "v" per day: 1 met, amount/target for a partial numeric day, 0 otherwise.
    public let values: [Double]
    /// Whether the calendar makes the day due (false only off a weekday habit's weekdays).
    public let scheduled: [Bool]
    /// The strength score at the end of each day (see `HabitScore`).
    public let scores: [Double]

    /// Numeric habits: the amount logged each day (0 without one); empty for yes/no habits.
    public let amounts: [Double]
    /// The score's v of each day: the rolling window's share of the target (see `HabitScore`).
    public let shares: [Double]
    /// Logged days that met the goal (due or not).
    public let completions: Int

    public init(_ habit: Habit, today: CivilDate) {
        self.habit = habit
        self.today = today
        first = habit.start
        let count = max(0, Int(today.days(since: habit.start)) + 1)
        let atMost = habit.kind.goal?.direction == .atMost
        // At most: a day with nothing logged is a good day (as in Loop), today excepted while open.
        var outcomes = [HabitDayOutcome](repeating: atMost ? .met : .empty, count: count)
        var values = [Double](repeating: atMost ? 1 : 0, count: count)
        if atMost && count > 0 {
            outcomes[count - 1] = .empty
            values[count - 1] = 0
        }
        var amounts = [Double](repeating: 0, count: habit.kind.isNumeric ? count : 0)
        let base = habit.start.daysSinceEpoch
        var completions = 0
        let entries = habit.entries
        for k in entries.indices {  // by index, fields in place: iterating copied each entry (and its note)
            let i = Int(entries[k].date.daysSinceEpoch - base)
            let status = entries[k].status
            guard i >= 0, i < count, status != .noted else { continue }
            (outcomes[i], values[i]) = habit.evaluate(status, entries[k].amount)
            if outcomes[i] == .met { completions += 1 }
            if !amounts.isEmpty, status == .done { amounts[i] = entries[k].amount ?? 0 }
        }
        self.completions = completions
        var scheduled = [Bool](repeating: true, count: count)
        if case .weekdays(let days) = habit.frequency {
            let startIndex = habit.start.weekday.rawValue - 1
            var mask = [Bool](repeating: false, count: 7)
            for d in days { mask[d.rawValue - 1] = true }
            for i in 0..<count { scheduled[i] = mask[(startIndex + i) % 7] }
        }
        if case .workingDays = habit.frequency {
            let first = habit.start.daysSinceEpoch
            for i in 0..<count { scheduled[i] = habit.workingCalendar.isWorkingDay(dayNumber: first + Int64(i)) }
        }
        self.outcomes = outcomes
        self.values = values
        self.scheduled = scheduled
        self.amounts = amounts
        let todayOpen = count > 0 && habit.isUnsettled(outcomes[count - 1])
        (scores, shares) = HabitScore.dailyScores(
            habit: habit, outcomes: outcomes, values: values, amounts: amounts,
            scheduled: scheduled, todayOpen: todayOpen)
    }

    public var count: Int { outcomes.count }

    public func date(at index: Int) -> CivilDate { first.adding(days: Int64(index)) }

    /// The day's index, or nil outside start…today.
    public func index(of date: CivilDate) -> Int? {
        let i = Int(date.days(since: first))
        return i >= 0 && i < count ? i : nil
    }

    /// Whether the last day (today) is still open and must be left out of streaks, rates and score.
    public var isTodayOpen: Bool { count > 0 && habit.isUnsettled(outcomes[count - 1]) }

    /// Days settled so far: the whole timeline, minus today while it is open.
    public var settledCount: Int { isTodayOpen ? count - 1 : count }

    /// The current strength score, 0…1 (0 before the start date).
    public var score: Double { scores.last ?? 0 }
}
