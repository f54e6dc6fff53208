// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain

/// Due days for every frequency kind. 2026-11-02 is a Monday.
struct HabitDueDaysTests {
    typealias F = HabitFixture

    @Test func dailyIsDueFromItsStartOnly() {
        let h = F.habit(start: "2026-11-02")
        #expect(!h.isDue(on: F.day("2026-11-01")))
        #expect(h.isDue(on: F.day("2026-11-02")))
        #expect(h.isDue(on: F.day("2027-02-28")))
    }

    @Test func weekdaysAreDueOnTheirDaysOnly() {
        let h = F.habit(.weekdays([.monday, .wednesday, .friday]), start: "2026-11-01")
        let due = (1...8).map { h.isDue(on: F.day("2026-11-0\($0)")) }
        // Sun 1, Mon 2, Tue 3, Wed 4, Thu 5, Fri 6, Sat 7, Sun 8
        #expect(due == [false, true, false, true, false, true, false, false])
    }

    @Test func everyNDaysIsDueAgainNDaysAfterTheLastCompletion() {
        // Once in any 3 days (Loop's 1/3): done Mon 2, so due again Thu 5; done late on Sat 7, so
        // next due Tue 10. Nothing done: due every day.
        let h = F.habit(.everyNDays(3), start: "2026-11-02", ["2026-11-02": "done", "2026-11-07": "done"])
        #expect(!h.isDue(on: F.day("2026-10-30")))
        let due = (2...10).map { h.isDue(on: F.day("2026-11-\($0 < 10 ? "0" : "")\($0)")) }
        #expect(due == [true, false, false, true, true, true, false, false, true])
        #expect(F.habit(.everyNDays(3), start: "2026-11-02").isDue(on: F.day("2026-11-03")))
    }

    @Test func perWeekIsDueUntilTheWeekIsMet() {
        let h = F.habit(.timesPerWeek(2), start: "2026-11-02", ["2026-11-02": "done", "2026-11-03": "done"])
        #expect(!h.isDue(on: F.day("2026-11-04")))
        #expect(!h.isDue(on: F.day("2026-11-08")))
        // A day's own entry does not count against it: Monday was due and done.
        #expect(h.isDue(on: F.day("2026-11-02")))
        // A new ISO week starts on Monday.
        #expect(h.isDue(on: F.day("2026-11-09")))
    }

    @Test func aSkipLowersThePeriodTarget() {
        let h = F.habit(.timesPerWeek(2), start: "2026-11-02", ["2026-11-02": "done", "2026-11-03": "skip"])
        #expect(!h.isDue(on: F.day("2026-11-04")))
        #expect(h.remainingInPeriod(.week, times: 2, containing: F.day("2026-11-04")) == 0)
    }

    @Test func perMonthIsDueUntilTheMonthIsMet() {
        let h = F.habit(.timesPerMonth(10), start: "2026-11-01", F.run("2026-11-01", 10))
        #expect(!h.isDue(on: F.day("2026-11-25")))
        #expect(h.isDue(on: F.day("2026-12-01")))
        let nine = F.habit(.timesPerMonth(10), start: "2026-11-01", F.run("2026-11-01", 9))
        #expect(nine.isDue(on: F.day("2026-11-30")))
    }

    @Test func aNumericDayBelowTargetDoesNotCountTowardsThePeriod() {
        let h = F.habit(.timesPerWeek(1), start: "2026-11-02", kind: F.glasses, ["2026-11-02": "3"])
        #expect(h.isDue(on: F.day("2026-11-03")))
        let met = F.habit(.timesPerWeek(1), start: "2026-11-02", kind: F.glasses, ["2026-11-02": "8"])
        #expect(!met.isDue(on: F.day("2026-11-03")))
    }

    @Test func archivedHabitsAreNeverDue() {
        let h = F.habit(start: "2026-11-01", archived: true)
        #expect(!h.isDue(on: F.day("2026-11-05")))
        #expect(!h.isOpen(on: F.day("2026-11-05")))
    }

    @Test func openDays() {
        let day = "2026-11-05"
        #expect(F.habit(start: "2026-11-01").isOpen(on: F.day(day)))
        #expect(!F.habit(start: "2026-11-01", [day: "done"]).isOpen(on: F.day(day)))
        #expect(!F.habit(start: "2026-11-01", [day: "skip"]).isOpen(on: F.day(day)))
        // At least 8 glasses: 3 so far leaves the day open, 8 closes it.
        #expect(F.habit(start: "2026-11-01", kind: F.glasses, [day: "3"]).isOpen(on: F.day(day)))
        #expect(!F.habit(start: "2026-11-01", kind: F.glasses, [day: "8"]).isOpen(on: F.day(day)))
        // At most 2 cups: any entry settles the day, within the limit or not.
        #expect(!F.habit(start: "2026-11-01", kind: F.coffeeLimit, [day: "1"]).isOpen(on: F.day(day)))
        #expect(!F.habit(start: "2026-11-01", kind: F.coffeeLimit, [day: "3"]).isOpen(on: F.day(day)))
        // Not due: not open.
        #expect(!F.habit(.weekdays([.monday]), start: "2026-11-01").isOpen(on: F.day(day)))
    }

    @Test func periods() {
        let w = HabitPeriod(.week, containing: F.day("2026-11-01"))  // a Sunday
        #expect(w.first == F.day("2026-10-26") && w.last == F.day("2026-11-01"))
        let m = HabitPeriod(.month, containing: F.day("2028-02-14"))
        #expect(m.first == F.day("2028-02-01") && m.last == F.day("2028-02-29"))
        #expect(m.next.first == F.day("2028-03-01"))
    }
}
