// SPDX-License-Identifier: GPL-3.0-or-later
/// Awards a habit's achievements after a change: the milestones its statistics reach as of today
/// that it has not earned before. Earned ones are kept with the habit (see `HabitAchievement`).
public enum HabitAchievements {
    /// The milestones `s` reaches, in a stable order.
    public static func reached(_ s: HabitStatistics) -> [HabitAchievement.Kind] {
        var kinds: [HabitAchievement.Kind] = []
        if s.totalCompletions >= 1 { kinds.append(.firstCompletion) }
        for n in HabitAchievement.completionMilestones where s.totalCompletions >= n { kinds.append(.completions(n)) }
        for n in HabitAchievement.streakMilestones where s.streaks.longest >= n { kinds.append(.streak(n)) }
        for n in HabitAchievement.strengthMilestones where s.score * 100 >= Double(n) - 1e-9 { kinds.append(.strength(n)) }
        return kinds
    }

    /// Adds to `habit` the achievements it newly reaches as of `today` and returns them.
    @discardableResult
    public static func award(_ habit: inout Habit, today: CivilDate) -> [HabitAchievement] {
        let have = Set(habit.achievements.map(\.key))
        let new = reached(HabitStatistics(habit, today: today))
            .filter { !have.contains(HabitAchievement.key($0)) }
            .map { HabitAchievement($0, earned: today) }
        habit.achievements += new
        return new
    }
}
