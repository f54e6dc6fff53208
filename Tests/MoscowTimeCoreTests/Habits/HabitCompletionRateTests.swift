// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain

/// Completion rates over the last 7, 30 and 365 days, by hand.
struct HabitCompletionRateTests {
    typealias F = HabitFixture

    func rate(_ h: Habit, today: String, _ n: Int) -> Double? {
        HabitCompletionRate.rate(HabitTimeline(h, today: F.day(today)), lastDays: n)
    }

    static let daily = F.merge(F.run("2026-11-01", 3), ["2026-11-04": "skip"], F.run("2026-11-05", 2), F.run("2026-11-08", 2))

    @Test func dailyLeavesOutSkipsAndOpenToday() {
        let h = F.habit(start: "2026-11-01", Self.daily)
        // Last 7 days = 4…10 Nov; the 10th is open, the 4th skipped: 5, 6, 8, 9 of 5, 6, 7, 8, 9.
        #expect(rate(h, today: "2026-11-10", 7) == 4.0 / 5)
        // 1…9 Nov without the skip: 7 of 8 (the window starts at the start date).
        #expect(rate(h, today: "2026-11-10", 30) == 7.0 / 8)
        #expect(rate(h, today: "2026-11-10", 365) == 7.0 / 8)
        let doneToday = F.habit(start: "2026-11-01", F.merge(Self.daily, ["2026-11-10": "done"]))
        #expect(rate(doneToday, today: "2026-11-10", 7) == 5.0 / 6)
    }

    @Test func weekdaysCountDueDaysOnly() {
        let h = F.habit(
            .weekdays([.monday, .wednesday, .friday]), start: "2026-11-02",
            [
                "2026-11-02": "done", "2026-11-03": "done", "2026-11-04": "done",
                "2026-11-09": "done", "2026-11-11": "skip",
            ])
        // Due and settled: 2, 4, 6, 9 (11 skipped, 13 open today): 3 of 4.
        #expect(rate(h, today: "2026-11-13", 30) == 0.75)
    }

    @Test func perWeekComparesWithTheExpectedShare() {
        let h = F.habit(
            .timesPerWeek(3), start: "2026-11-02",
            [
                "2026-11-02": "done", "2026-11-04": "done", "2026-11-09": "done",
                "2026-11-11": "done", "2026-11-13": "skip", "2026-11-15": "done",
            ])
        // 9…15 Nov: 3 done in 6 countable days, 3/7 · 6 = 2.57 expected → capped at 100 %.
        #expect(rate(h, today: "2026-11-15", 7) == 1)
        // 2…15 Nov: 5 done in 13 countable days: 5 / (3/7 · 13).
        let r = rate(h, today: "2026-11-15", 30)!
        #expect(abs(r - 5 / (3.0 / 7 * 13)) < 1e-12)
        #expect(abs(r - 0.8974) < 1e-4)
    }

    @Test func nothingToRate() {
        #expect(rate(F.habit(start: "2026-11-21"), today: "2026-11-21", 7) == nil)
        #expect(rate(F.habit(start: "2026-11-20", ["2026-11-20": "skip"]), today: "2026-11-21", 7) == nil)
        #expect(rate(F.habit(start: "2026-12-01"), today: "2026-11-21", 30) == nil)
    }
}
