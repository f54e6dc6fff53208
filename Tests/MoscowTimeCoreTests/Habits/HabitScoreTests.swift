// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain

/// Loop Habit Tracker's strength score, checked against values computed by hand:
/// m = 0.5^(√f/13), score = previous · m + v · (1 − m).
struct HabitScoreTests {
    typealias F = HabitFixture

    func scores(_ h: Habit, today: String) -> [Double] { HabitTimeline(h, today: F.day(today)).scores }

    func near(_ a: Double, _ b: Double, _ tolerance: Double = 5e-6) -> Bool { abs(a - b) < tolerance }

    @Test func multiplier() {
        #expect(near(HabitScore.multiplier(timesPerDay: 1), 0.94808))
        // A daily habit's score halves in 13 days without practice.
        #expect(near(pow13(HabitScore.multiplier(timesPerDay: 1)), 0.5, 1e-12))
        #expect(near(HabitScore.multiplier(timesPerDay: 3.0 / 7), 0.96570))
    }

    func pow13(_ x: Double) -> Double { (0..<13).reduce(1.0) { r, _ in r * x } }

    @Test func dailyByHand() {
        // done, done, done, missed, skipped, done:
        // 1 − m = 0.05192; 1 − m² = 0.10115; 1 − m³ = 0.14782; ·m = 0.14014; kept; ·m + (1 − m) = 0.18479
        let h = F.habit(start: "2026-11-01", F.merge(F.run("2026-11-01", 3), ["2026-11-05": "skip", "2026-11-06": "done"]))
        let s = scores(h, today: "2026-11-06")
        let expected = [0.05192, 0.10115, 0.14782, 0.14014, 0.14014, 0.18479]
        // One score per day since the start, each near Loop's: a short result must fail too.
        #expect(s.count == expected.count, "\(s)")
        #expect(zip(s, expected).allSatisfy { near($0, $1) }, "\(s)")
    }

    @Test func todayOpenKeepsYesterdaysScore() {
        let h = F.habit(start: "2026-11-01", F.run("2026-11-01", 3))
        let t = HabitTimeline(h, today: F.day("2026-11-04"))
        #expect(near(t.score, 0.14782))
    }

    @Test func numericAtLeastGivesPartialCredit() {
        // 4, 8, 12 of 8 glasses: v = 0.5, 1, 1 → 0.02596, 0.07654, 0.12448
        let h = F.habit(start: "2026-11-01", kind: F.glasses, ["2026-11-01": "4", "2026-11-02": "8", "2026-11-03": "12"])
        let s = scores(h, today: "2026-11-03")
        #expect(near(s[0], 0.02596) && near(s[1], 0.07654) && near(s[2], 0.12448))
    }

    @Test func numericAtMostLosesLinearlyAboveTheLimit() {
        // At most starts at 1 (Loop): 1 cup (v = 1) keeps 1.0, then 3 of at most 2 (v = 0.5): 0.97404
        let h = F.habit(start: "2026-11-01", kind: F.coffeeLimit, ["2026-11-01": "1", "2026-11-02": "3"])
        let s = scores(h, today: "2026-11-02")
        #expect(near(s[0], 1.0) && near(s[1], 0.97404))
    }

    @Test func perWeekUsesTheTrailingWeek() {
        // 3 a week (m = 0.96570), done Mon 2, Wed 4, Fri 6; Loop doubles the window for non-daily
        // habits: met days in the trailing 14 days / 6: v = ⅙, ⅙, ⅓, ⅓, ½, ½ for 2…7 Nov; Sunday 8
        // is still open → 0.06445
        let h = F.habit(.timesPerWeek(3), start: "2026-11-02", ["2026-11-02": "done", "2026-11-04": "done", "2026-11-06": "done"])
        #expect(near(HabitTimeline(h, today: F.day("2026-11-08")).score, 0.06445))
    }

    @Test func weekdayHabitsMoveOnDueDaysAndOnExtraDays() {
        // Mon/Wed/Fri (m = 0.96570): Mon 2 done, Tue 3 done off schedule (counts), Wed 4 missed,
        // Thu 5 not due (kept), Fri 6 done → 0.09719
        let h = F.habit(
            .weekdays([.monday, .wednesday, .friday]), start: "2026-11-02",
            ["2026-11-02": "done", "2026-11-03": "done", "2026-11-06": "done"])
        #expect(near(HabitTimeline(h, today: F.day("2026-11-06")).score, 0.09719))
    }

    @Test func aLongPerfectRecordApproachesOne() {
        let h = F.habit(start: "2021-11-22", F.run("2021-11-22", 1826))
        #expect(HabitTimeline(h, today: F.day("2026-11-21")).score > 0.9999)
    }
}
