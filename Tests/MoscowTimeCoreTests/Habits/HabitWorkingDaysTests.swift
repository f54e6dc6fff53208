// SPDX-License-Identifier: GPL-3.0-or-later
import TestSupport
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// A habit on the production calendar's working days (`--days workdays`): a day off is not due,
/// and it counts as a weekday outside a weekday habit's set does — not a miss, the streak and the
/// score unchanged.
@Suite(.timeLimit(.minutes(1)))
struct HabitWorkingDaysTests {
    typealias H = HabitFixture

    @Test("due on working days only; the document gives the habit its calendar")
    func dueDays() throws {
        let h = H.habit(.workingDays, start: "2026-12-28")
        #expect(h.isDue(on: H.day("2026-12-30")) && !h.isDue(on: H.day("2026-12-31")))  // 31 December: a day off
        #expect(!h.isDue(on: H.day("2027-01-05")) && h.isDue(on: H.day("2027-01-11")))
        #expect(h.isDue(on: H.day("2027-02-20")))  // a working Saturday
        var doc = StoreDocument(settings: Settings(), alarms: [], habits: [h])
        doc.settings.holidays = .none
        #expect(doc.habits[0].isDue(on: H.day("2026-12-31")) && !doc.habits[0].isDue(on: H.day("2027-02-20")))
        doc.settings.holidays = .ru
        doc.calendarYears = try CalendarText.parse("year 2026\n2026-12-30 off\n")
        #expect(!doc.habits[0].isDue(on: H.day("2026-12-30")) && doc.habits[0].isDue(on: H.day("2026-12-31")))
        #expect(try HabitFrequencyParser.parse(daily: false, days: "рабочие", every: nil, perWeek: nil, perMonth: nil) == .workingDays)
    }

    @Test("the New Year holidays break neither the streak nor the score")
    func holidaysAreNotMisses() {
        // Done every working day from 21 December 2026 to 15 January 2027; 31 Dec – 10 Jan are off.
        var entries: [String: String] = [:]
        var d = H.day("2026-12-21")
        while d <= H.day("2027-01-15") {
            if WorkingCalendar.russia.isWorkingDay(d) { entries[d.description] = "done" }
            d = d.adding(days: 1)
        }
        let h = H.habit(.workingDays, start: "2026-12-21", entries)
        let t = HabitTimeline(h, today: H.day("2027-01-15"))
        let streak = HabitStreaks(t)
        #expect(streak.current == entries.count && streak.longest == entries.count)
        // The score only rises: a day off changes nothing.
        #expect(zip(t.scores, t.scores.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(HabitCompletionRate.rate(t, lastDays: 30) == 1)
        // As a Monday–Friday habit the same days are misses.
        let weekdays = HabitStreaks(
            HabitTimeline(H.habit(.weekdays(Weekday.workdays), start: "2026-12-21", entries), today: H.day("2027-01-15")))
        #expect(weekdays.current < entries.count)
    }

    @Test("the store, CSV and iCalendar keep it")
    func exchange() throws {
        let h = H.habit(.workingDays, start: "2026-12-28")
        #expect(try HabitCoding.decodeFrequency(FieldReader(HabitCoding.encode(h.frequency), path: "f")) == .workingDays)
        #expect(HabitCSVFormat.frequency(HabitCSVFormat.frequencyText(.workingDays)) == .workingDays)
        #expect(HabitText.frequency(.workingDays, Localizer(.ru)) == "Рабочие дни (производственный календарь)")
    }
}
