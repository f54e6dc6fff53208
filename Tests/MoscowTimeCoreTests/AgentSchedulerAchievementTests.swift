// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain

/// The scheduler announces achievements a document change earned today, whatever made the change
/// (the CLI, the tray, a notification's Done), once, and not at all when the setting is off.
@Suite(.timeLimit(.minutes(1)))
struct AgentSchedulerAchievementTests {
    typealias F = CoreFixtures
    typealias H = HabitFixture

    let noon = CoreFixtures.at("2026-11-21T09:00:00Z")  // 12:00 in Moscow
    let today = HabitFixture.day("2026-11-21")

    func document(_ habits: [Habit], notifications: Bool = true) -> StoreDocument {
        var d = F.document([]) { $0.achievementNotifications = notifications }
        d.habits = habits
        return d
    }

    func announced(_ decision: AgentDecision) -> [String] {
        decision.effects.compactMap {
            if case .announceAchievement(let a) = $0 { return "\(a.habitName):\(a.achievement.key)" }
            return nil
        }
    }

    /// Six days done; logging today earns the 7-day streak as the CLI or the check-in would.
    func readingDoneToday() throws -> (before: Habit, after: Habit) {
        var h = H.habit(start: "2026-11-15", H.run("2026-11-15", 6))
        HabitAchievements.award(&h, today: H.day("2026-11-20"))
        let before = h
        try HabitLog.done(&h, on: today, today: today)
        HabitAchievements.award(&h, today: today)
        return (before, h)
    }

    @Test func announcesWhatTheChangeEarnedOnce() throws {
        let (before, after) = try readingDoneToday()
        let s = AgentScheduler(document: document([before]), state: AgentState(), zone: F.moscow)
        #expect(announced(s.handle(.started, now: noon)).isEmpty)  // earned before: not news
        let effects = s.handle(.documentChanged(document([after]), zone: F.moscow), now: noon)
        #expect(announced(effects) == ["Read:streak-7"])
        #expect(
            effects.effects.contains {
                if case .announceAchievement(let a) = $0 { return a.habitID == after.id && a.achievement.earned == today }
                return false
            })
        // The same document again (the directory watcher after the runner's own reload): nothing.
        #expect(announced(s.handle(.documentChanged(document([after]), zone: F.moscow), now: noon + 1)).isEmpty)
    }

    @Test func settingOffAnnouncesNothing() throws {
        let (before, after) = try readingDoneToday()
        let s = AgentScheduler(document: document([before], notifications: false), state: AgentState(), zone: F.moscow)
        _ = s.handle(.started, now: noon)
        #expect(announced(s.handle(.documentChanged(document([after], notifications: false), zone: F.moscow), now: noon)).isEmpty)
    }

    @Test func importedOrOlderAchievementsAreNotNews() throws {
        var imported = H.habit(start: "2026-01-01", H.run("2026-01-01", 30))
        HabitAchievements.award(&imported, today: H.day("2026-01-30"))
        let s = AgentScheduler(document: document([]), state: AgentState(), zone: F.moscow)
        _ = s.handle(.started, now: noon)
        #expect(announced(s.handle(.documentChanged(document([imported]), zone: F.moscow), now: noon)).isEmpty)
    }

    /// A notification's Done goes through `.recordHabit`; the runner writes with `HabitCheckIn`,
    /// which awards, then reloads: the reload announces.
    @Test func doneFromTheNotificationIsAnnouncedOnReload() throws {
        let (before, _) = try readingDoneToday()
        var doc = document([before])
        let s = AgentScheduler(document: doc, state: AgentState(), zone: F.moscow)
        _ = s.handle(.started, now: noon)
        try HabitCheckIn.record(.done, habitID: before.id, in: &doc, now: noon, zone: F.moscow)
        #expect(announced(s.handle(.documentChanged(doc, zone: F.moscow), now: noon)) == ["Read:streak-7"])
    }
}
