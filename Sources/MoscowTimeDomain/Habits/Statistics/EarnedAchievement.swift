// SPDX-License-Identifier: GPL-3.0-or-later
/// An achievement as the agent announces it: which habit, and what it earned.
public struct EarnedAchievement: Hashable, Sendable {
    public let habitID: String
    public let habitName: String
    public let achievement: HabitAchievement

    public init(habitID: String, habitName: String, achievement: HabitAchievement) {
        self.habitID = habitID
        self.habitName = habitName
        self.achievement = achievement
    }

    /// What `new` has earned today that `old` had not: the achievements the last change (the
    /// CLI, the tray, a notification's Done) awarded. Ones earned earlier (an import, a restore)
    /// are not news. In habit order, then in the order earned.
    public static func news(from old: StoreDocument, to new: StoreDocument, today: CivilDate) -> [EarnedAchievement] {
        var before: [String: Set<String>] = [:]
        for h in old.habits { before[h.id] = Set(h.achievements.map(\.key)) }
        var out: [EarnedAchievement] = []
        for h in new.habits {
            let had = before[h.id] ?? []
            for a in h.achievements where a.earned == today && !had.contains(a.key) {
                out.append(EarnedAchievement(habitID: h.id, habitName: h.name, achievement: a))
            }
        }
        return out
    }
}
