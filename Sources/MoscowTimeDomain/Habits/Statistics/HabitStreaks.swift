// SPDX-License-Identifier: GPL-3.0-or-later
/// Current and longest streaks, in days, as Loop Habit Tracker's `StreakList` counts them.
///
/// A streak is a run of consecutive days that each count:
/// - yes/no habits (and numeric ones with a goal per day on a non-daily frequency): a done day, a
///   skipped day, or a day Loop fills in automatically because the last X completions came within
///   Y days (`LoopIntervals`): a once-a-week habit done every week is one long streak of days;
/// - numeric habits: a day whose amount alone meets the goal, or a skipped day. At most: only a day
///   with an amount logged within the limit; a day with nothing logged breaks the streak, as in
///   Loop's `StreakList` (`value != UNKNOWN && value <= target`), though the score and the rates
///   take it as kept;
/// - fixed weekday habits (not in Loop): their weekdays only, done or skipped, the days between
///   ignored; the length counts those weekdays.
/// A skipped day keeps the streak and counts in its length (Loop's rule for yes/no habits; Loop
/// breaks a numeric at-least streak on a skip, which this project does not follow).
/// Streaks end today; today while it is still open neither extends nor breaks the streak.
public struct HabitStreaks: Hashable, Sendable {
    public enum Unit: String, Hashable, Sendable { case days, weeks, months }

    public struct Run: Hashable, Sendable {
        public let start: CivilDate
        public let end: CivilDate
        public let length: Int
    }

    public let current: Int
    public let longest: Int
    public let unit: Unit
    /// Every streak, oldest first.
    public let runs: [Run]

    /// Equal when the figures are; the runs behind them are detail.
    public static func == (a: HabitStreaks, b: HabitStreaks) -> Bool {
        a.current == b.current && a.longest == b.longest && a.unit == b.unit
    }
    public func hash(into h: inout Hasher) {
        h.combine(current)
        h.combine(longest)
        h.combine(unit)
    }

    public init(current: Int, longest: Int, unit: Unit = .days) {
        self.current = current
        self.longest = longest
        self.unit = unit
        runs = []
    }

    public init(_ t: HabitTimeline) {
        runs = Self.runs(t)
        longest = runs.map(\.length).max() ?? 0
        unit = .days
        if let last = runs.last, last.end == t.today || (t.isTodayOpen && last.end == t.today.adding(days: -1)) {
            current = last.length
        } else {
            current = 0
        }
    }

    /// Loop's `StreakList.getBest(limit)`: the `limit` longest streaks (the newer first among equals),
    /// listed newest first.
    public func best(_ limit: Int) -> [Run] {
        let longestFirst = runs.enumerated().sorted { a, b in
            a.element.length != b.element.length ? a.element.length > b.element.length : a.offset > b.offset
        }
        return longestFirst.prefix(limit).sorted { $0.offset > $1.offset }.map(\.element)
    }

    /// Each day's outcome as a streak counts it: the timeline's, except that an at-most day with
    /// nothing logged (met for the score) is empty here.
    static func streakOutcomes(_ t: HabitTimeline) -> [HabitDayOutcome] {
        guard t.habit.kind.goal?.direction == .atMost else { return t.outcomes }
        var outcomes = [HabitDayOutcome](repeating: .empty, count: t.count)
        for entry in t.habit.entries where entry.status != .noted {
            if let i = t.index(of: entry.date) { outcomes[i] = t.outcomes[i] }
        }
        return outcomes
    }

    static func runs(_ t: HabitTimeline) -> [Run] {
        let h = t.habit
        guard t.count > 0 else { return [] }
        if h.frequency.isFixedDays { return weekdayRuns(t) }
        let outcomes = streakOutcomes(t)
        let (x, y) = h.frequency.loopFraction!
        let base = t.first.daysSinceEpoch
        let todayDay = t.today.daysSinceEpoch
        let open = t.isTodayOpen
        // Days that count, as day numbers, ascending (may begin before the start date when Loop's
        // intervals slide back).
        var counted: [Int64] = []
        if let goal = h.kind.goal, y == 1 || goal.per == .period {
            for i in 0..<t.count where outcomes[i] == .met || outcomes[i] == .skipped {
                if i == t.count - 1 && open { continue }
                counted.append(base + Int64(i))
            }
        } else if x == y {
            for i in 0..<t.count where outcomes[i] == .met || outcomes[i] == .skipped { counted.append(base + Int64(i)) }
        } else {
            var done: [Int64] = []
            var skipped: [Int64] = []
            for i in 0..<t.count {
                switch outcomes[i] {
                case .met: done.append(base + Int64(i))
                case .skipped: skipped.append(base + Int64(i))
                case .empty, .unmet: break
                }
            }
            for d in LoopIntervals.positiveDays(done: done, skipped: skipped, times: x, days: y) where d <= todayDay {
                counted.append(d)
            }
        }
        var runs: [Run] = []
        var k = 0
        while k < counted.count {
            var j = k
            while j + 1 < counted.count && counted[j + 1] == counted[j] + 1 { j += 1 }
            runs.append(Run(start: CivilDate(daysSinceEpoch: counted[k]), end: CivilDate(daysSinceEpoch: counted[j]), length: j - k + 1))
            k = j + 1
        }
        return runs
    }

    static func weekdayRuns(_ t: HabitTimeline) -> [Run] {
        var runs: [Run] = []
        let outcomes = streakOutcomes(t)
        var startIndex = -1
        var lastIndex = -1
        var length = 0
        func close() {
            if length > 0 { runs.append(Run(start: t.date(at: startIndex), end: t.date(at: lastIndex), length: length)) }
            length = 0
        }
        for i in 0..<t.settledCount where t.scheduled[i] {
            switch outcomes[i] {
            case .met, .skipped:
                if length == 0 { startIndex = i }
                lastIndex = i
                length += 1
            case .empty, .unmet: close()
            }
        }
        // A streak still running after the last settled weekday is current: it ends today, the
        // days since (not due, or today still open) do not break it.
        if length > 0 { lastIndex = t.count - 1 }
        close()
        return runs
    }
}
