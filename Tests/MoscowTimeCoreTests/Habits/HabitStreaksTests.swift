// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain

/// Streaks against hand-counted examples. 2026-11-02 is a Monday.
struct HabitStreaksTests {
    typealias F = HabitFixture

    func streaks(_ h: Habit, today: String) -> HabitStreaks { HabitStreaks(HabitTimeline(h, today: F.day(today))) }

    static let daily = F.merge(F.run("2026-11-01", 3), ["2026-11-04": "skip"], F.run("2026-11-05", 2), F.run("2026-11-08", 2))

    @Test func dailySkipsKeepMissesBreakTodayIsOpen() {
        // 1 2 3 skip 5 6 (a skip keeps the streak and counts in it, as in Loop) | 7th missed | 1 2 |
        // today (10th) not logged yet
        let s = streaks(F.habit(start: "2026-11-01", Self.daily), today: "2026-11-10")
        #expect(s == HabitStreaks(current: 2, longest: 6, unit: .days))
    }

    @Test func todayCountsOnceDone() {
        let h = F.habit(start: "2026-11-01", F.merge(Self.daily, ["2026-11-10": "done"]))
        #expect(streaks(h, today: "2026-11-10").current == 3)
    }

    @Test func aMissedYesterdayBreaksEvenWhileTodayIsOpen() {
        let h = F.habit(start: "2026-11-01", F.run("2026-11-01", 5))
        #expect(streaks(h, today: "2026-11-07").current == 0)
        #expect(streaks(h, today: "2026-11-06").current == 5)
    }

    @Test func aNumericDayBelowTargetIsOpenTodayAndBreaksOnceOver() {
        let h = F.habit(start: "2026-11-01", kind: F.glasses, ["2026-11-01": "8", "2026-11-02": "9", "2026-11-03": "5"])
        #expect(streaks(h, today: "2026-11-03").current == 2)
        #expect(streaks(h, today: "2026-11-04") == HabitStreaks(current: 0, longest: 2, unit: .days))
    }

    @Test func weekdayHabitsIgnoreOtherDays() {
        // Due Mon 2, Wed 4, Fri 6, Mon 9, Wed 11, Fri 13. Tue 3 done off schedule: ignored. The
        // skip on Wed 11 counts; Fri 13 is today, still open.
        let h = F.habit(
            .weekdays([.monday, .wednesday, .friday]), start: "2026-11-02",
            [
                "2026-11-02": "done", "2026-11-03": "done", "2026-11-04": "done",
                "2026-11-09": "done", "2026-11-11": "skip",
            ])
        #expect(streaks(h, today: "2026-11-13") == HabitStreaks(current: 2, longest: 2, unit: .days))
        // Saturday and Sunday after a full week break nothing.
        let full = F.habit(
            .weekdays([.monday, .wednesday, .friday]), start: "2026-11-02",
            ["2026-11-02": "done", "2026-11-04": "done", "2026-11-06": "done"])
        #expect(streaks(full, today: "2026-11-08").current == 3)
    }

    @Test func everyNDays() {
        // Once in 2 days, done 1, 3, 5, 7: each check covers its day and the next (Loop's YES_AUTO).
        let h = F.habit(
            .everyNDays(2), start: "2026-11-01",
            F.merge(F.run("2026-11-01", 1), ["2026-11-03": "done", "2026-11-05": "done", "2026-11-07": "done"]))
        #expect(streaks(h, today: "2026-11-08") == HabitStreaks(current: 8, longest: 8, unit: .days))
        #expect(streaks(h, today: "2026-11-10").current == 0)  // the 9th was due and missed
    }

    @Test func perWeekCountsDaysAsLoop() {
        // 2 a week from Wed 4 Nov: done 5, 9, 12, 17, skip 19. Loop's intervals for the pairs
        // (5, 9), (9, 12), (12, 17) slide together to cover 3…18; the skip on 19 counts: 17 days.
        let h = F.habit(
            .timesPerWeek(2), start: "2026-11-04",
            [
                "2026-11-05": "done", "2026-11-09": "done", "2026-11-12": "done",
                "2026-11-17": "done", "2026-11-19": "skip",
            ])
        #expect(streaks(h, today: "2026-11-20") == HabitStreaks(current: 17, longest: 17, unit: .days))
        // Nothing since: the 20th is no longer covered, so by the 28th the streak is over.
        #expect(streaks(h, today: "2026-11-28") == HabitStreaks(current: 0, longest: 17, unit: .days))
    }

    @Test func skippedDaysBridgeNothingOutsideThem() {
        // 2 a week: Mon+Tue cover 2…8; the skips cover 10 and 11 only; Mon+Tue again cover 16…22.
        let skipped = F.habit(
            .timesPerWeek(2), start: "2026-11-02",
            [
                "2026-11-02": "done", "2026-11-03": "done",
                "2026-11-10": "skip", "2026-11-11": "skip",
                "2026-11-16": "done", "2026-11-17": "done",
            ])
        #expect(streaks(skipped, today: "2026-11-22").runs.map(\.length) == [7, 2, 7])
        // One check on the 10th pairs with the 16th (6 days apart): 10…16 and 16…22 join.
        let short = F.habit(
            .timesPerWeek(2), start: "2026-11-02",
            [
                "2026-11-02": "done", "2026-11-03": "done", "2026-11-10": "done",
                "2026-11-16": "done", "2026-11-17": "done",
            ])
        #expect(streaks(short, today: "2026-11-22") == HabitStreaks(current: 13, longest: 13, unit: .days))
    }

    @Test func perMonthCountsDaysAsLoop() {
        // 3 a month: September 1–3 cover the 30 days of September; Oct 10–11 and Nov 1–3 pair up
        // into intervals that slide back to 2 Oct.
        let h = F.habit(
            .timesPerMonth(3), start: "2026-09-01",
            F.merge(F.run("2026-09-01", 3), F.run("2026-10-10", 2), F.run("2026-11-01", 3)))
        #expect(streaks(h, today: "2026-11-21") == HabitStreaks(current: 51, longest: 51, unit: .days))
    }

    @Test func nothingBeforeTheStart() {
        #expect(streaks(F.habit(start: "2026-12-01"), today: "2026-11-21") == HabitStreaks(current: 0, longest: 0, unit: .days))
        #expect(streaks(F.habit(.timesPerWeek(1), start: "2026-12-01"), today: "2026-11-21").longest == 0)
    }
}

/// At most (Loop's `StreakList`, AT_MOST: `value != UNKNOWN && value <= target`): only a day with
/// an amount logged within the limit counts; a day with nothing logged breaks the streak, while
/// the score still takes it as kept.
struct HabitAtMostStreaksTests {
    typealias F = HabitFixture

    func timeline(_ entries: [String: String], start: String = "2025-11-01", today: String) -> HabitTimeline {
        HabitTimeline(F.habit(start: start, kind: F.coffeeLimit, entries), today: F.day(today))
    }

    @Test func oneLoggedDayIsAStreakOfOneNotOfEveryDaySinceTheStart() {
        // A year and more since the start, one day logged within the limit (yesterday).
        let t = timeline(["2026-11-24": "1"], today: "2026-11-25")
        #expect(HabitStreaks(t) == HabitStreaks(current: 1, longest: 1, unit: .days))
        #expect(t.score > 0.99)  // the days with nothing logged are kept for the score
    }

    @Test func aDayWithNothingLoggedBreaksOverTheLimitBreaksASkipKeeps() {
        // 1 2 (nothing) 0 skip 2 | 3 (over) | 1, today open
        let t = timeline(
            [
                "2026-11-01": "1", "2026-11-02": "2", "2026-11-04": "0", "2026-11-05": "skip",
                "2026-11-06": "2", "2026-11-07": "3", "2026-11-08": "1",
            ],
            start: "2026-11-01", today: "2026-11-09")
        #expect(HabitStreaks(t) == HabitStreaks(current: 1, longest: 3, unit: .days))
        #expect(HabitStreaks(t).runs.map(\.length) == [2, 3, 1])
    }

    @Test func todayWithNothingLoggedIsOpenAndOnceLoggedCounts() {
        #expect(HabitStreaks(timeline(["2026-11-24": "2"], today: "2026-11-25")).current == 1)
        #expect(HabitStreaks(timeline(["2026-11-24": "2", "2026-11-25": "0"], today: "2026-11-25")).current == 2)
    }

    @Test func weekdayAtMostHabitsCountOnlyLoggedWeekdays() {
        // Due Mon 2, Wed 4, Fri 6, Mon 9: Wed 4 has nothing logged.
        let h = F.habit(
            .weekdays([.monday, .wednesday, .friday]), start: "2026-11-02", kind: F.coffeeLimit,
            ["2026-11-02": "1", "2026-11-06": "2", "2026-11-09": "0"])
        #expect(HabitStreaks(HabitTimeline(h, today: F.day("2026-11-10"))) == HabitStreaks(current: 2, longest: 2, unit: .days))
    }
}
