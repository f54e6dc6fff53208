// SPDX-License-Identifier: GPL-3.0-or-later
/// Everything `habit stats` shows for one habit, computed from one `HabitTimeline`.
public struct HabitStatistics: Sendable {
    public let timeline: HabitTimeline
    public let streaks: HabitStreaks
    /// Completion rates for the last 7, 30 and 365 days (see `HabitCompletionRate`).
    public let rate7: Double?
    public let rate30: Double?
    public let rate365: Double?
    /// Strength score today, 0…1 (see `HabitScore`).
    public let score: Double
    /// Logged days up to today that met the goal (due or not).
    public let totalCompletions: Int
    /// The planner's points for this habit (see `HabitPoints`).
    public var points: Int { HabitPoints.points(self) }
    /// Numeric habits: the sum of all amounts logged up to today; nil for yes/no habits.
    public let totalAmount: Double?

    public init(_ habit: Habit, today: CivilDate) {
        let t = HabitTimeline(habit, today: today)
        timeline = t
        streaks = HabitStreaks(t)
        rate7 = HabitCompletionRate.rate(t, lastDays: 7)
        rate30 = HabitCompletionRate.rate(t, lastDays: 30)
        rate365 = HabitCompletionRate.rate(t, lastDays: 365)
        score = t.score
        totalCompletions = t.completions
        if habit.kind.isNumeric {
            totalAmount = t.amounts.reduce(0, +)
        } else {
            totalAmount = nil
        }
    }
}
