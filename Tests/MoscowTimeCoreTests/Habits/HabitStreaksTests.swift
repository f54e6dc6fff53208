// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import MoscowTimeCore

/// Streaks against hand-counted examples. 2026-11-02 is a Monday.
struct HabitStreaksTests {
    typealias F = HabitFixture

    func streaks(_ h: Habit, today: String) -> HabitStreaks { HabitStreaks(HabitTimeline(h, today: F.day(today))) }

    static let daily = F.merge(F.run("2026-11-01", 3), ["2026-11-04": "skip"], F.run("2026-11-05", 2), F.run("2026-11-08", 2))

    @Test func dailySkipsKeepMissesBreakTodayIsOpen() {
        // 1 2 3 (skip) 4 5 | 7th missed | 1 2 | today (10th) not logged yet
        let s = streaks(F.habit(start: "2026-11-01", Self.daily), today: "2026-11-10")
        #expect(s == HabitStreaks(current: 2, longest: 5, unit: .days))
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
        // Due Mon 2, Wed 4, Fri 6, Mon 9, Wed 11, Fri 13. Tue 3 done off schedule: ignored.
        let h = F.habit(.weekdays([.monday, .wednesday, .friday]), start: "2026-11-02",
                        ["2026-11-02": "done", "2026-11-03": "done", "2026-11-04": "done",
                         "2026-11-09": "done", "2026-11-11": "skip"])
        #expect(streaks(h, today: "2026-11-13") == HabitStreaks(current: 1, longest: 2, unit: .days))
        // Saturday and Sunday after a full week break nothing.
        let full = F.habit(.weekdays([.monday, .wednesday, .friday]), start: "2026-11-02",
                           ["2026-11-02": "done", "2026-11-04": "done", "2026-11-06": "done"])
        #expect(streaks(full, today: "2026-11-08").current == 3)
    }

    @Test func everyNDays() {
        let h = F.habit(.everyNDays(2), start: "2026-11-01", F.merge(F.run("2026-11-01", 1), ["2026-11-03": "done", "2026-11-05": "done", "2026-11-07": "done"]))
        #expect(streaks(h, today: "2026-11-08") == HabitStreaks(current: 4, longest: 4, unit: .days))
        #expect(streaks(h, today: "2026-11-10").current == 0) // the 9th was due and missed
    }

    @Test func perWeekCountsWeeks() {
        // Start Wed 4 Nov. Week of 2 Nov: partial, one done → neutral. Week of 9: 2 done → 1.
        // Week of 16: one done + one skip → target 1 → met → 2. Week of 23 (current): pending.
        let h = F.habit(.timesPerWeek(2), start: "2026-11-04",
                        ["2026-11-05": "done", "2026-11-09": "done", "2026-11-12": "done",
                         "2026-11-17": "done", "2026-11-19": "skip"])
        #expect(streaks(h, today: "2026-11-28") == HabitStreaks(current: 2, longest: 2, unit: .weeks))
        // Once the week of 23 is over unmet, the streak is broken.
        #expect(streaks(h, today: "2026-11-30").current == 0)
    }

    @Test func aFullySkippedWeekIsNeutralAndAShortWeekBreaks() {
        let skipped = F.habit(.timesPerWeek(2), start: "2026-11-02",
                              ["2026-11-02": "done", "2026-11-03": "done",
                               "2026-11-10": "skip", "2026-11-11": "skip",
                               "2026-11-16": "done", "2026-11-17": "done"])
        #expect(streaks(skipped, today: "2026-11-22") == HabitStreaks(current: 2, longest: 2, unit: .weeks))
        let short = F.habit(.timesPerWeek(2), start: "2026-11-02",
                            ["2026-11-02": "done", "2026-11-03": "done", "2026-11-10": "done",
                             "2026-11-16": "done", "2026-11-17": "done"])
        #expect(streaks(short, today: "2026-11-22") == HabitStreaks(current: 1, longest: 1, unit: .weeks))
    }

    @Test func perMonthCountsMonths() {
        let h = F.habit(.timesPerMonth(3), start: "2026-09-01",
                        F.merge(F.run("2026-09-01", 3), F.run("2026-10-10", 2), F.run("2026-11-01", 3)))
        #expect(streaks(h, today: "2026-11-21") == HabitStreaks(current: 1, longest: 1, unit: .months))
    }

    @Test func nothingBeforeTheStart() {
        #expect(streaks(F.habit(start: "2026-12-01"), today: "2026-11-21") == HabitStreaks(current: 0, longest: 0, unit: .days))
        #expect(streaks(F.habit(.timesPerWeek(1), start: "2026-12-01"), today: "2026-11-21").longest == 0)
    }
}
