// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain

/// Points, the level curve, achievements earned once, and the frequency spellings in Russian.
struct HabitPointsTests {
    typealias F = HabitFixture

    @Test func pointsAreTenPerStreakDayAndFivePerCompletion() {
        // Done 1–3, missed 4, done 5–6, today (7th) open: streak 2, completions 5 → 20 + 25.
        let h = F.habit(start: "2026-11-01", F.merge(F.run("2026-11-01", 3), F.run("2026-11-05", 2)))
        let s = HabitStatistics(h, today: F.day("2026-11-07"))
        #expect(s.streaks.current == 2 && s.totalCompletions == 5 && s.points == 45)
    }

    @Test func levelCurve() {
        let cases = [(0, 1), (99, 1), (100, 2), (399, 2), (400, 3), (899, 3), (900, 4), (1_600, 5), (8_099, 9), (8_100, 10)]
        for (points, level) in cases { #expect(HabitPoints.level(points: points) == level, "\(points) points") }
        #expect((1...50).map { HabitPoints.threshold(level: $0) } == (1...50).map { 100 * ($0 - 1) * ($0 - 1) })
        // Every threshold is the first point count of its level.
        for l in 2...200 {
            #expect(
                HabitPoints.level(points: HabitPoints.threshold(level: l)) == l
                    && HabitPoints.level(points: HabitPoints.threshold(level: l) - 1) == l - 1)
        }
    }

    @Test func achievementsAreEarnedOnceAndSurviveUndo() throws {
        var h = F.habit(start: "2026-11-01", F.run("2026-11-01", 6))
        let today = F.day("2026-11-07")
        #expect(HabitAchievements.award(&h, today: today).map(\.key) == ["first"])
        try HabitLog.done(&h, on: today, today: today)
        #expect(HabitAchievements.award(&h, today: today).map(\.key) == ["streak-7"])
        try HabitLog.undo(&h, on: today)
        #expect(HabitAchievements.award(&h, today: today).isEmpty)
        #expect(h.achievements.map(\.key) == ["first", "streak-7"])  // undo keeps them
        try HabitLog.done(&h, on: today, today: today)
        #expect(HabitAchievements.award(&h, today: today).isEmpty)  // redo does not earn again
        #expect(h.achievements.map(\.earned) == [today, today])
    }

    /// The agent's Done button and the tray go through `HabitCheckIn`: they award as the CLI does.
    @Test func checkInAwards() throws {
        var doc = StoreDocument(settings: Settings(), alarms: [], habits: [F.habit(start: "2026-11-15", F.run("2026-11-15", 6))])
        let zone = Zone(identifier: "Europe/Moscow")!
        let now = Instant(secondsSinceEpoch: 1_795_251_600)  // 2026-11-21T09:00:00Z, 12:00 in Moscow
        let (entry, earned) = try HabitCheckIn.recordAwarding(.done, habitID: "0a0a0a0a", in: &doc, now: now, zone: zone)
        #expect(entry == .done(F.day("2026-11-21")))
        #expect(earned.map(\.key) == ["first", "streak-7"] && doc.habits[0].achievements == earned)
        try HabitLog.undo(&doc.habits[0], on: F.day("2026-11-21"))
        try HabitCheckIn.record(.done, habitID: "0a0a0a0a", in: &doc, now: now, zone: zone)
        #expect(doc.habits[0].achievements == earned)
    }

    @Test func hundredCompletionsStreaksAndStrength() {
        var h = F.habit(start: "2026-01-01", F.run("2026-01-01", 120))
        let earned = HabitAchievements.award(&h, today: F.day("2026-04-30")).map(\.key)
        #expect(earned == ["first", "completions-100", "streak-7", "streak-30", "streak-100", "strength-80"])
        // A year of every other day: completions and strength, but no streak of 7.
        var sparse = F.habit(
            .daily, start: "2025-01-01", id: "0b0b0b0b", name: "Sparse",
            Dictionary(uniqueKeysWithValues: (0..<200).map { (F.day("2025-01-01").adding(days: Int64(2 * $0)).description, "done") }))
        #expect(HabitAchievements.award(&sparse, today: F.day("2026-01-30")).map(\.key) == ["first", "completions-100"])
    }

    @Test func frequencyTextFollowsRussianPluralRules() throws {
        let catalogue = try MessageCatalogueTests.russian()
        let ru = Localizer(.ru, catalogue: catalogue)
        let en = Localizer(.en)
        let cases: [(HabitFrequency, String, String)] = [
            (.timesPerWeek(1), "раз в неделю", "once a week"),
            (.timesPerWeek(3), "3 раза в неделю", "3 times a week"),
            (.timesPerWeek(5), "5 раз в неделю", "5 times a week"),
            (.timesPerMonth(21), "21 раз в месяц", "21 times a month"),
            (.timesPerMonth(22), "22 раза в месяц", "22 times a month"),
            (.everyNDays(2), "Каждые 2 дня", "Every 2 days"),
            (.everyNDays(5), "Каждые 5 дней", "Every 5 days"),
            (.everyNDays(21), "Каждый 21 день", "Every 21 days"),
            (.timesInDays(2, 5), "2 раза за 5 дней", "2 times in 5 days"),
            (.timesInDays(3, 4), "3 раза за 4 дня", "3 times in 4 days"),
            (.timesInDays(11, 31), "11 раз за 31 день", "11 times in 31 days"),
        ]
        for (f, russian, english) in cases {
            #expect(HabitText.frequency(f, ru) == russian)
            #expect(HabitText.frequency(f, en) == english)
        }
        #expect(HabitText.achievement(.streak(7), ru) == "Серия 7 дней" && HabitText.achievement(.streak(7), en) == "7-day streak")
        #expect(HabitText.achievement(.completions(100), ru) == "100 выполнений")
    }
}
