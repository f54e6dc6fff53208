// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain

@Suite(.timeLimit(.minutes(1)))
struct CivilDateTests {
    typealias F = CoreFixtures

    @Test func knownAnchors() {
        #expect(F.day(1970, 1, 1).daysSinceEpoch == 0)
        #expect(F.day(1969, 12, 31).daysSinceEpoch == -1)
        #expect(F.day(2000, 3, 1).daysSinceEpoch == 11_017)
        #expect(F.day(2026, 11, 21).daysSinceEpoch == 20_778)
        #expect(F.day(1900, 1, 1).daysSinceEpoch == -25_567)
        #expect(CivilDate(daysSinceEpoch: 20_778) == F.day(2026, 11, 21))
    }

    /// Walks the calendar day by day with the naive month lengths and checks both conversions,
    /// across 1600…2400 (every kind of leap-year rule).
    @Test func dayByDayWalkMatchesConversions() {
        var y = 1600
        var m = 1
        var d = 1
        var expected = F.day(1600, 1, 1).daysSinceEpoch
        while y < 2400 {
            let date = CivilDate(year: y, month: m, day: d)!
            #expect(date.daysSinceEpoch == expected)
            let back = CivilDate(daysSinceEpoch: expected)
            if back.year != y || back.month != m || back.day != d {
                Issue.record("days \(expected) → \(back), expected \(y)-\(m)-\(d)")
                return
            }
            d += 1
            if d > CivilDate.daysIn(month: m, year: y) {
                d = 1
                m += 1
            }
            if m > 12 {
                m = 1
                y += 1
            }
            expected += 1
        }
    }

    @Test func roundTripsOverTheWholeSupportedRange() {
        let first = F.day(1, 1, 1).daysSinceEpoch
        let last = F.day(9999, 12, 31).daysSinceEpoch
        var z = first
        while z <= last {
            #expect(CivilDate(daysSinceEpoch: z).daysSinceEpoch == z)
            z += 997
        }
        #expect(CivilDate(daysSinceEpoch: last) == F.day(9999, 12, 31))
        #expect(CivilDate(daysSinceEpoch: first) == F.day(1, 1, 1))
    }

    @Test(arguments: [(1900, false), (2000, true), (2024, true), (2026, false), (2100, false), (2400, true)])
    func leapYears(year: Int, leap: Bool) {
        #expect(CivilDate.isLeap(year) == leap)
        #expect((CivilDate(year: year, month: 2, day: 29) != nil) == leap)
        #expect(F.day(year, 3, 1).days(since: F.day(year, 2, 28)) == (leap ? 2 : 1))
    }

    @Test func weekdays() {
        #expect(F.day(2026, 11, 21).weekday == .saturday)
        #expect(F.day(2026, 11, 23).weekday == .monday)
        #expect(F.day(1970, 1, 1).weekday == .thursday)
        #expect(F.day(2000, 1, 1).weekday == .saturday)
        #expect(F.day(1900, 1, 1).weekday == .monday)
        #expect(F.day(1969, 12, 28).weekday == .sunday)
        // Seven consecutive days cover every weekday once, in order.
        let week = (0..<7).map { F.day(2024, 2, 26).adding(days: Int64($0)).weekday }
        #expect(week == Weekday.allCases)
    }

    @Test func invalidDatesAreRefused() {
        #expect(CivilDate(year: 2026, month: 2, day: 30) == nil)
        #expect(CivilDate(year: 2026, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2026, month: 13, day: 1) == nil)
        #expect(CivilDate(year: 2026, month: 0, day: 1) == nil)
        #expect(CivilDate(year: 2026, month: 4, day: 31) == nil)
        #expect(CivilDate(year: 2026, month: 1, day: 0) == nil)
        #expect(CivilDate(year: 0, month: 1, day: 1) == nil)
        #expect(CivilDate(year: 10_000, month: 1, day: 1) == nil)
    }

    @Test func isoTextAndDescription() {
        #expect(CivilDate(iso: "2026-12-31") == F.day(2026, 12, 31))
        #expect(F.day(2026, 1, 5).description == "2026-01-05")
        #expect(F.day(33, 1, 5).description == "0033-01-05")
        for bad in ["2026-02-30", "31-12-2026", "2026-1-05", "2026/01/05", "20261231", "2026-12-31 ", "+026-12-31", "２０２６-12-31", ""] {
            #expect(CivilDate(iso: Substring(bad)) == nil, "\(bad) should be refused")
        }
    }

    @Test func arithmetic() {
        #expect(F.day(2024, 2, 28).adding(days: 1) == F.day(2024, 2, 29))
        #expect(F.day(2023, 2, 28).adding(days: 1) == F.day(2023, 3, 1))
        #expect(F.day(2026, 12, 31).adding(days: 1) == F.day(2027, 1, 1))
        #expect(F.day(2027, 1, 1).adding(days: -1) == F.day(2026, 12, 31))
        #expect(F.day(2027, 1, 1).days(since: F.day(2026, 1, 1)) == 365)
        #expect(F.day(2025, 1, 1).days(since: F.day(2024, 1, 1)) == 366)
        #expect(F.day(2026, 1, 1) < F.day(2026, 1, 2))
    }

    @Test func timeOfDayParsingAndBounds() {
        #expect(TimeOfDay(hour: 24, minute: 0) == nil)
        #expect(TimeOfDay(hour: 23, minute: 60) == nil)
        #expect(TimeOfDay(hour: -1, minute: 0) == nil)
        #expect(TimeOfDay(text: "07:30") == F.time(7, 30))
        #expect(TimeOfDay(text: "7:30") == F.time(7, 30))
        #expect(TimeOfDay(text: "7.30") == F.time(7, 30))
        #expect(TimeOfDay(text: "0:00") == F.time(0, 0))
        #expect(F.time(7, 5).description == "07:05")
        #expect(F.time(7, 5).secondsIntoDay == 25_500)
        for bad in ["7:5", "007:30", "7:300", "24:00", "-1:00", "7", "", "07:3a", "٠٧:٣٠"] {
            #expect(TimeOfDay(text: Substring(bad)) == nil, "\(bad) should be refused")
        }
    }

    @Test func iso8601() {
        let t = F.at("2026-11-21T12:00:00Z")
        #expect(t.secondsSinceEpoch == 1_795_262_400)
        #expect(ISO8601.utcString(t) == "2026-11-21T12:00:00Z")
        #expect(ISO8601.parse("2026-11-21T15:00:00+03:00") == t)
        #expect(ISO8601.parse("2026-11-21T07:00:00-05:00") == t)
        #expect(ISO8601.string(t, in: F.moscow) == "2026-11-21T15:00:00+03:00")
        #expect(ISO8601.string(t, in: F.newYork) == "2026-11-21T07:00:00-05:00")
        #expect(ISO8601.utcString(Instant(secondsSinceEpoch: -1)) == "1969-12-31T23:59:59Z")
        #expect(ISO8601.utcString(Instant(secondsSinceEpoch: 1_795_312_805)) == "2026-11-22T02:00:05Z")
        // Past four digits of year, still every digit.
        #expect(ISO8601.utcString(Instant(secondsSinceEpoch: 253_402_300_799)) == "9999-12-31T23:59:59Z")
        #expect(ISO8601.utcString(Instant(secondsSinceEpoch: 253_402_300_800)) == "10000-01-01T00:00:00Z")
        for bad in [
            "2026-11-21T12:00:00", "2026-11-21 12:00:00Z", "2026-11-21T24:00:00Z", "2026-11-21T12:60:00Z",
            "2026-02-30T12:00:00Z", "2026-11-21T12:00:00+0300", "2026-11-21T12:00:00z", "", "now",
        ] {
            #expect(ISO8601.parse(bad) == nil, "\(bad) should be refused")
        }
    }
}
