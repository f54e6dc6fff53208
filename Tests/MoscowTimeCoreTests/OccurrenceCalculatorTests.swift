// SPDX-License-Identifier: GPL-3.0-or-later
import TestSupport
import Testing

@testable import MoscowTimeDomain

@Suite(.timeLimit(.minutes(1)))
struct OccurrenceCalculatorTests {
    typealias F = CoreFixtures
    let moscow = OccurrenceCalculator(zone: CoreFixtures.moscow, calendar: .plainWeek)
    let berlin = OccurrenceCalculator(zone: CoreFixtures.berlin, calendar: .plainWeek)

    // Saturday 2026-11-21, 15:00 in Moscow.
    let now = CoreFixtures.at("2026-11-21T12:00:00Z")

    @Test func weeklyWorkdays() {
        let s = Schedule.weekly(days: Weekday.workdays, time: F.time(7, 30))
        #expect(moscow.next(s, after: now) == F.at("2026-11-23T04:30:00Z"))  // Monday
        #expect(moscow.latest(s, atOrBefore: now) == F.at("2026-11-20T04:30:00Z"))  // Friday
        // Exactly at an occurrence: next is strictly after, latest includes it.
        let monday = F.at("2026-11-23T04:30:00Z")
        #expect(moscow.next(s, after: monday) == F.at("2026-11-24T04:30:00Z"))
        #expect(moscow.latest(s, atOrBefore: monday) == monday)
        #expect(moscow.latest(s, atOrBefore: monday - 1) == F.at("2026-11-20T04:30:00Z"))
    }

    @Test("a weekly alarm with a first day never rings before it")
    func weeklyFrom() {
        // Mondays and Wednesdays from Monday 2027-03-01; now is Saturday 2026-11-21.
        let s = Schedule.weekly(days: [.monday, .wednesday], time: F.time(9, 0), from: F.day(2027, 3, 1))
        #expect(moscow.next(s, after: now) == F.at("2027-03-01T06:00:00Z"))
        #expect(moscow.next(s, after: F.at("2027-03-01T06:00:00Z")) == F.at("2027-03-03T06:00:00Z"))
        #expect(moscow.latest(s, atOrBefore: now) == nil)
        #expect(moscow.latest(s, atOrBefore: F.at("2027-03-02T06:00:00Z")) == F.at("2027-03-01T06:00:00Z"))
        #expect(!s.isDue(on: F.day(2027, 2, 22), calendar: .plainWeek) && s.isDue(on: F.day(2027, 3, 1), calendar: .plainWeek))
        // A first day already past changes nothing.
        let past = Schedule.weekly(days: [.monday], time: F.time(9, 0), from: F.day(2026, 1, 5))
        #expect(moscow.next(past, after: now) == moscow.next(.weekly(days: [.monday], time: F.time(9, 0)), after: now))
    }

    @Test func weeklySingleDayAndLateEvening() {
        let sunday = Schedule.weekly(days: [.sunday], time: F.time(23, 30))
        #expect(moscow.next(sunday, after: now) == F.at("2026-11-22T20:30:00Z"))
        #expect(moscow.next(sunday, after: F.at("2026-11-22T20:30:00Z")) == F.at("2026-11-29T20:30:00Z"))
        #expect(moscow.latest(sunday, atOrBefore: now) == F.at("2026-11-15T20:30:00Z"))
        // A zone west of UTC: the local day differs from the UTC day.
        let ny = OccurrenceCalculator(zone: F.newYork, calendar: .plainWeek)
        let late = Schedule.weekly(days: [.saturday], time: F.time(22, 0))
        #expect(ny.next(late, after: now) == F.at("2026-11-22T03:00:00Z"))
    }

    @Test func once() {
        let s = Schedule.once(date: F.day(2026, 12, 31), time: F.time(23, 59))
        let x = F.at("2026-12-31T20:59:00Z")
        #expect(moscow.next(s, after: now) == x)
        #expect(moscow.next(s, after: x) == nil)
        #expect(moscow.latest(s, atOrBefore: now) == nil)
        #expect(moscow.latest(s, atOrBefore: x) == x)
        #expect(moscow.latest(s, atOrBefore: x + 86_400 * 400) == x)
    }

    @Test func everyTwoDays() {
        let s = Schedule.everyNDays(interval: 2, start: F.day(2026, 11, 21), time: F.time(7, 0))
        #expect(moscow.next(s, after: now) == F.at("2026-11-23T04:00:00Z"))
        #expect(moscow.latest(s, atOrBefore: now) == F.at("2026-11-21T04:00:00Z"))
        #expect(moscow.next(s, after: F.at("2026-11-23T04:00:00Z")) == F.at("2026-11-25T04:00:00Z"))
        #expect(moscow.next(s, after: F.at("2027-03-01T00:00:00Z")) == F.at("2027-03-01T04:00:00Z"))  // 100 days after the start
        #expect(moscow.next(s, after: F.at("2027-03-01T04:00:00Z")) == F.at("2027-03-03T04:00:00Z"))
    }

    @Test func everyNDaysStartingInTheFuture() {
        let s = Schedule.everyNDays(interval: 3, start: F.day(2026, 12, 1), time: F.time(7, 0))
        #expect(moscow.next(s, after: now) == F.at("2026-12-01T04:00:00Z"))
        #expect(moscow.latest(s, atOrBefore: now) == nil)
        #expect(moscow.latest(s, atOrBefore: F.at("2026-12-01T03:59:59Z")) == nil)
        #expect(moscow.next(s, after: F.at("2026-12-01T04:00:00Z")) == F.at("2026-12-04T04:00:00Z"))
    }

    @Test func everyDayWithIntervalOne() {
        let s = Schedule.everyNDays(interval: 1, start: F.day(2026, 1, 1), time: F.time(7, 0))
        #expect(moscow.next(s, after: now) == F.at("2026-11-22T04:00:00Z"))
        #expect(moscow.latest(s, atOrBefore: now) == F.at("2026-11-21T04:00:00Z"))
    }

    @Test func everyYearWithInterval365() {
        let s = Schedule.everyNDays(interval: 365, start: F.day(2026, 1, 1), time: F.time(7, 0))
        #expect(moscow.next(s, after: now) == F.at("2027-01-01T04:00:00Z"))
        #expect(moscow.latest(s, atOrBefore: now) == F.at("2026-01-01T04:00:00Z"))
        // Across a leap year, 365 days is not a calendar year.
        let leap = Schedule.everyNDays(interval: 365, start: F.day(2024, 1, 1), time: F.time(7, 0))
        #expect(moscow.next(leap, after: F.at("2024-06-01T00:00:00Z")) == F.at("2024-12-31T04:00:00Z"))
        #expect(moscow.next(leap, after: F.at("2025-01-01T00:00:00Z")) == F.at("2025-12-31T04:00:00Z"))
    }

    @Test func timer() {
        let at = F.at("2026-11-21T12:25:00Z")
        let s = Schedule.timer(fireAt: at, duration: 1500)
        #expect(moscow.next(s, after: now) == at)
        #expect(moscow.next(s, after: at) == nil)
        #expect(moscow.latest(s, atOrBefore: now) == nil)
        #expect(moscow.latest(s, atOrBefore: at) == at)
    }

    // MARK: DST

    @Test func berlinGapDayRingsOnceAtTheEndOfTheGap() {
        let s = Schedule.weekly(days: Weekday.all, time: F.time(2, 30))
        let first = berlin.next(s, after: F.at("2026-03-28T12:00:00Z"))
        #expect(first == F.at("2026-03-29T01:00:00Z"))  // 03:00 CEST
        #expect(berlin.next(s, after: first!) == F.at("2026-03-30T00:30:00Z"))  // 02:30 CEST next day
        #expect(berlin.latest(s, atOrBefore: F.at("2026-03-29T01:30:00Z")) == first)
        #expect(berlin.latest(s, atOrBefore: F.at("2026-03-29T00:59:59Z")) == F.at("2026-03-28T01:30:00Z"))
    }

    @Test func berlinOverlapDayRingsOnce() {
        let s = Schedule.weekly(days: Weekday.all, time: F.time(2, 30))
        let first = berlin.next(s, after: F.at("2026-10-24T12:00:00Z"))
        #expect(first == F.at("2026-10-25T00:30:00Z"))  // first 02:30, CEST
        // Not the second 02:30 (01:30Z): the next day's.
        #expect(berlin.next(s, after: first!) == F.at("2026-10-26T01:30:00Z"))
        #expect(berlin.latest(s, atOrBefore: F.at("2026-10-25T01:30:00Z")) == first)
    }

    @Test func newYorkOverlapDayRingsOnce() {
        let ny = OccurrenceCalculator(zone: F.newYork, calendar: .plainWeek)
        let s = Schedule.weekly(days: Weekday.all, time: F.time(1, 30))
        let first = ny.next(s, after: F.at("2026-10-31T12:00:00Z"))
        #expect(first == F.at("2026-11-01T05:30:00Z"))
        #expect(ny.next(s, after: first!) == F.at("2026-11-02T06:30:00Z"))
    }

    @Test func moscowWeeklyAlarmAcrossThe2011And2014Changes() {
        let s = Schedule.weekly(days: Weekday.all, time: F.time(7, 0))
        func run(from start: String, count: Int) -> [Instant] {
            var out: [Instant] = []
            var t = F.at(start)
            for _ in 0..<count {
                guard let n = moscow.next(s, after: t) else { break }
                out.append(n)
                t = n
            }
            return out
        }
        #expect(
            run(from: "2011-03-25T00:00:00Z", count: 4) == [
                F.at("2011-03-25T04:00:00Z"), F.at("2011-03-26T04:00:00Z"),  // +3
                F.at("2011-03-27T03:00:00Z"), F.at("2011-03-28T03:00:00Z"),  // +4 from the 27th
            ])
        #expect(
            run(from: "2014-10-24T00:00:00Z", count: 4) == [
                F.at("2014-10-24T03:00:00Z"), F.at("2014-10-25T03:00:00Z"),  // +4
                F.at("2014-10-26T04:00:00Z"), F.at("2014-10-27T04:00:00Z"),  // +3 from the 26th
            ])
        // Every day in between rings at 07:00 local time.
        var t = F.at("2011-03-20T00:00:00Z")
        while t < F.at("2014-11-05T00:00:00Z") {
            let n = moscow.next(s, after: t)!
            #expect(CoreFixtures.moscow.local(n).shortClockText == "07:00")
            #expect(n - t <= 86_400)
            t = n + 86_400 * 30 - 3600 * 12
        }
    }

    /// For many schedules and instants: next is after t, nothing lies strictly between, and
    /// latest/next agree with each other.
    @Test func nextAndLatestAreConsistent() {
        var rng = SplitMix(seed: 42)
        let schedules: [Schedule] = [
            .weekly(days: Weekday.workdays, time: F.time(7, 30)),
            .weekly(days: [.wednesday], time: F.time(2, 30)),
            .weekly(days: Weekday.weekend, time: F.time(0, 0)),
            .everyNDays(interval: 3, start: F.day(2026, 2, 10), time: F.time(2, 15)),
            .everyNDays(interval: 10, start: F.day(2025, 12, 31), time: F.time(23, 45)),
            .once(date: F.day(2026, 10, 25), time: F.time(2, 30)),
        ]
        for zone in [F.moscow, F.berlin, F.newYork] {
            let calc = OccurrenceCalculator(zone: zone, calendar: .plainWeek)
            for s in schedules {
                for _ in 0..<60 {
                    let t = Instant(secondsSinceEpoch: 1_767_225_600 + Int64(rng.next() % (366 * 86_400)))
                    guard let n = calc.next(s, after: t) else {
                        if case .once = s { continue }
                        Issue.record("no next for \(s) after \(t)")
                        continue
                    }
                    #expect(n > t)
                    #expect(calc.latest(s, atOrBefore: n) == n)
                    let before = calc.latest(s, atOrBefore: n - 1)
                    #expect(
                        before == nil || before! <= t, "\(zone.identifier) \(s): \(String(describing: before)) lies between \(t) and \(n)")
                }
            }
        }
    }
}
