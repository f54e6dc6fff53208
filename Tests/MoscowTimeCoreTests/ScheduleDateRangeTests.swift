// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain

/// `Schedule.withinAlarmDates`: a stored day outside 2000–2199 (older versions took any year) is
/// brought into the range ringing as before wherever it could ring at all.
struct ScheduleDateRangeTests {
    typealias F = CoreFixtures
    let seven = F.time(7, 0)

    @Test func daysInsideTheRangeAreKept() {
        for s in [
            Schedule.once(date: F.day(2026, 12, 31), time: seven),
            .everyNDays(interval: 3, start: F.day(2000, 1, 1), time: seven),
            .weekly(days: [.monday], time: seven, from: F.day(2199, 12, 31)),
            .timer(fireAt: F.at("2026-11-25T10:00:00Z"), duration: 60),
        ] {
            #expect(s.withinAlarmDates == s)
        }
    }

    @Test func aFarDayBecomesTheLastAndAnOldSeriesKeepsItsRhythm() {
        #expect(
            Schedule.once(date: F.day(9999, 12, 31), time: seven).withinAlarmDates
                == .once(date: F.day(2199, 12, 31), time: seven))
        #expect(
            Schedule.once(date: F.day(1970, 1, 1), time: seven).withinAlarmDates
                == .once(date: F.day(2000, 1, 1), time: seven))
        for n in [1, 2, 7, 30, 3650] {
            let old = Schedule.everyNDays(interval: n, start: F.day(1990, 6, 15), time: seven)
            guard case .everyNDays(_, let start, _) = old.withinAlarmDates else {
                Issue.record("not a series")
                continue
            }
            #expect(start >= F.day(2000, 1, 1) && start.days(since: F.day(1990, 6, 15)) % Int64(n) == 0)
            #expect(start.adding(days: -Int64(n)) < F.day(2000, 1, 1))  // the first one in range
        }
    }
}
