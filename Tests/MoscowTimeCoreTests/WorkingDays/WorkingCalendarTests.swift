// SPDX-License-Identifier: GPL-3.0-or-later
import TestSupport
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// The production calendar: the shipped data, the rule for years it does not cover, and the
/// schedules that follow it. (The data itself is compared day by day with PyPI's `holidays` in
/// Tests/Integration/test_working_calendar_data.py.)
@Suite(.timeLimit(.minutes(1)))
struct WorkingCalendarTests {
    typealias F = CoreFixtures
    let russia = WorkingCalendar(country: .ru)

    @Test("the shipped calendar covers 2013–2027 and says where each year comes from")
    func shipped() throws {
        let years = ShippedCalendars.years(of: .ru)
        #expect(Set(years.keys) == Set(2013...2027))
        #expect(years.values.allSatisfy { $0.source.contains("Постановление") })
        // It is the data file as shipped, read by the one parser.
        let text = try #require(ShippedCalendars.text(of: .ru))
        #expect(try CalendarText.parse(text) == years)
    }

    @Test(
        "the days the issue names: holidays, transfers and working Saturdays",
        arguments: [
            (2026, 1, 2, false), (2026, 1, 9, false), (2026, 3, 9, false), (2026, 5, 11, false), (2026, 12, 31, false),
            (2025, 11, 1, true), (2027, 2, 20, true), (2026, 1, 12, true), (2026, 11, 25, true),
            (2026, 11, 28, false), (2020, 4, 15, false), (2014, 3, 10, false),
        ])
    func namedDays(year: Int, month: Int, day: Int, working: Bool) {
        #expect(russia.isWorkingDay(F.day(year, month, day)) == working)
    }

    @Test("a shortened day is a working day, even on a Saturday")
    func shortenedDays() {
        #expect(russia.day(F.day(2027, 2, 20))?.kind == .short)
        #expect(russia.isWorkingDay(F.day(2027, 2, 20)))
        #expect(russia.day(F.day(2026, 12, 30)) == nil || russia.isWorkingDay(F.day(2026, 12, 30)))
    }

    @Test("a year not known yet: Monday to Friday less the fixed holidays, and said")
    func unknownYear() {
        #expect(!russia.isKnown(year: 2028) && russia.isKnown(year: 2027))
        #expect(!russia.isWorkingDay(F.day(2028, 1, 3)))  // a Monday, New Year holidays
        #expect(!russia.isWorkingDay(F.day(2028, 6, 12)))  // a Monday, Russia Day
        #expect(russia.isWorkingDay(F.day(2028, 1, 10)))
        #expect(!russia.isWorkingDay(F.day(2028, 1, 15)))  // a Saturday
        #expect(russia.missingYear(today: F.day(2027, 11, 30)) == nil)
        #expect(russia.missingYear(today: F.day(2027, 12, 1)) == 2028)
        #expect(russia.missingYear(today: F.day(2028, 3, 1)) == 2028)
        #expect(russia.listedDays(of: 2028).count == FixedHolidays.russia.count)
    }

    @Test("holidays none: the plain Monday to Friday, every year known")
    func noCountry() {
        let plain = WorkingCalendar(country: .none)
        #expect(plain.isWorkingDay(F.day(2026, 1, 2)) && !plain.isWorkingDay(F.day(2027, 2, 20)))
        #expect(plain.isKnown(year: 2090) && plain.missingYear(today: F.day(2090, 12, 5)) == nil)
        #expect(plain.listedDays(of: 2026).isEmpty)
        #expect(plain.workingDayCount(of: 2026) == 261)
    }

    @Test("the user's year replaces the shipped one")
    func userYears() throws {
        let own = try CalendarText.parse("year 2026  # my company\n2026-11-27 off\n")
        let c = WorkingCalendar(country: .ru, user: own)
        #expect(!c.isWorkingDay(F.day(2026, 11, 27)))
        #expect(c.isWorkingDay(F.day(2026, 1, 2)))  // the shipped 2026 is replaced whole
        #expect(c.years[2026]?.source == "my company")
        #expect(!c.isWorkingDay(F.day(2027, 1, 4)))  // other years stay
    }

    @Test("2026 has 247 working days, 2027 has 247 (the decrees' own counts)")
    func yearCounts() {
        #expect(russia.workingDayCount(of: 2026) == 247)
        #expect(russia.workingDayCount(of: 2027) == 247)
        #expect(russia.workingDayCount(of: 2025) == 247)
    }

    // MARK: the text form

    @Test(
        "a bad line is refused with its number",
        arguments: [
            ("2026-01-01 holiday\n", 1),
            ("year 2026\n2026-01-01 holday\n", 2),
            ("year 2026\n2027-01-01 holiday\n", 2),
            ("year 2026\n2026-01-01 off\n2026-01-01 holiday\n", 3),
            ("year 2026\n2026-11-25 work\n", 2),
            ("year 2026\nyear 2026\n", 2),
            ("year 1999\n", 1),
            ("year 2026\n2026-02-30 off\n", 2),
            ("year 2026\n2026-01-09 off from 3 January\n", 2),
            ("year 2026\n2026-01-09 off since 2026-01-03\n", 2),
        ])
    func badLines(text: String, line: Int) {
        #expect(CalendarText.parsePlain(text) == nil)
        #expect(throws: CalendarTextError.self) { try CalendarText.parse(text) }
        do { _ = try CalendarText.parse(text) } catch { #expect(error.line == line) }
    }

    @Test("the byte reading of the plain form reads what the general reading reads, and leaves it the rest")
    func plainReading() throws {
        let text = try #require(ShippedCalendars.text(of: .ru))
        let shipped = try #require(CalendarText.parsePlain(text))
        #expect(try CalendarText.parseGeneral(text) == shipped)
        #expect(shipped.count == 15)
        // Lines of the shipped file changed at random (a byte replaced, removed or doubled, lines
        // swapped or repeated): whatever the byte reading accepts, the general one reads the same.
        var rng = SplitMix(seed: 0x91A1_7E57)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let alphabet = Array("0123456789- #\t\r\nyearfomholidyshtwkй\u{301}".unicodeScalars)
        var accepted = 0
        for _ in 0..<400 {
            var ls = lines
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let i = Int.random(in: 0..<ls.count, using: &rng)
                var scalars = Array(ls[i].unicodeScalars)
                switch Int.random(in: 0..<5, using: &rng) {
                case 0 where !scalars.isEmpty:
                    scalars[Int.random(in: 0..<scalars.count, using: &rng)] = alphabet.randomElement(using: &rng)!
                case 1 where !scalars.isEmpty: scalars.remove(at: Int.random(in: 0..<scalars.count, using: &rng))
                case 2: scalars.insert(alphabet.randomElement(using: &rng)!, at: Int.random(in: 0...scalars.count, using: &rng))
                case 3: ls.swapAt(i, Int.random(in: 0..<ls.count, using: &rng))
                default: ls.insert(ls[i], at: Int.random(in: 0...ls.count, using: &rng))
                }
                if !scalars.isEmpty || ls[i].isEmpty { ls[i] = String(String.UnicodeScalarView(scalars)) }
            }
            let changed = ls.joined(separator: "\n")
            let general = try? CalendarText.parseGeneral(changed)
            if let plain = CalendarText.parsePlain(changed) {
                accepted += 1
                #expect(general == plain, "\(changed)")
            }
            #expect((try? CalendarText.parse(changed)) == general)
        }
        #expect(accepted > 10)
        // CRLF, comments that start with other text than ASCII: the general reading's.
        for other in ["year 2026\r\n2026-01-09 off\r\n", "year 2026 #\u{301} x\n2026-01-09 off\n", "year 2026\n2026-01-09\u{a0}off\n"] {
            #expect(CalendarText.parsePlain(other) == nil)
        }
    }

    @Test("comments, blank lines and a CRLF file read as the plain form")
    func lenientLayout() throws {
        let a = try CalendarText.parse("# x\r\n\r\nyear 2026 # decree\r\n2026-01-09   off  from 2026-01-03 # moved\r\n")
        #expect(a[2026]?.days[F.day(2026, 1, 9)] == CalendarDay(.off, from: F.day(2026, 1, 3)))
        #expect(a[2026]?.source == "decree")
        #expect(try CalendarText.parse("") == [:])
    }

    @Test("format and parse are inverse, for random years")
    func roundTrip() throws {
        var rng = SplitMix(seed: 0xCA1E_DA75)
        for _ in 0..<200 {
            var years: [Int: CalendarYear] = [:]
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let y = Int.random(in: CalendarYear.years, using: &rng)
                var year = CalendarYear(year: y, source: Bool.random(using: &rng) ? "" : "№ \(Int.random(in: 1...2000, using: &rng))")
                for _ in 0..<Int.random(in: 0...20, using: &rng) {
                    let d = CivilDate(year: y, month: 1, day: 1)!.adding(days: Int64.random(in: 0...364, using: &rng))
                    guard d.year == y else { continue }
                    var kind = CalendarDayKind.allCases.randomElement(using: &rng)!
                    if kind == .work && d.weekday.rawValue < 6 { kind = .off }
                    let from = Bool.random(using: &rng) ? d.adding(days: 7) : nil
                    year.days[d] = CalendarDay(kind, from: from.flatMap { Limits.alarmDates.contains($0) ? $0 : nil })
                }
                years[y] = year
            }
            #expect(try CalendarText.parse(CalendarText.format(Array(years.values))) == years)
        }
    }

    // MARK: schedules that follow it

    @Test("a workdays alarm: the next ring skips the New Year holidays and rings on a working Saturday")
    func workdaysSchedule() {
        let c = OccurrenceCalculator(zone: F.moscow, calendar: russia)
        let s = Schedule.workdays(time: F.time(6, 30))
        // Tuesday 30 December 2025 at noon: the 31st is a day off, then 1–11 January.
        #expect(c.next(s, after: F.at("2025-12-30T09:00:00Z")) == F.at("2026-01-12T03:30:00Z"))
        #expect(c.latest(s, atOrBefore: F.at("2026-01-11T09:00:00Z")) == F.at("2025-12-30T03:30:00Z"))
        // Friday 19 February 2027: Saturday the 20th is a working day, Monday the 22nd is not.
        #expect(c.next(s, after: F.at("2027-02-19T09:00:00Z")) == F.at("2027-02-20T03:30:00Z"))
        #expect(c.next(s, after: F.at("2027-02-20T09:00:00Z")) == F.at("2027-02-24T03:30:00Z"))
        // The longest run of days off, spring 2020: 28 March – 11 May.
        #expect(c.next(s, after: F.at("2020-03-27T09:00:00Z")) == F.at("2020-05-12T03:30:00Z"))
        // With a first day.
        let from = Schedule.workdays(time: F.time(6, 30), from: F.day(2027, 3, 1))
        #expect(c.next(from, after: F.at("2026-11-25T09:00:00Z")) == F.at("2027-03-01T03:30:00Z"))
        #expect(c.latest(from, atOrBefore: F.at("2027-02-26T09:00:00Z")) == nil)
    }

    @Test("next and latest agree with the calendar day by day, in any zone (property)")
    func agreesWithDays() {
        var rng = SplitMix(seed: 0x2013_2028)
        let zones = [F.moscow, F.berlin, F.newYork]
        for _ in 0..<400 {
            let zone = zones.randomElement(using: &rng)!
            let c = OccurrenceCalculator(zone: zone, calendar: russia)
            let time = F.time(Int.random(in: 0...23, using: &rng), Int.random(in: 0...59, using: &rng))
            let s = Schedule.workdays(time: time)
            let t = Instant(secondsSinceEpoch: Int64.random(in: 1_356_998_400...1_861_920_000, using: &rng))
            // The expected answer, by brute force over days in the zone.
            var day = zone.local(t).date.adding(days: -1)
            var expectedNext: Instant?
            for _ in 0..<80 {
                if russia.isWorkingDay(day), zone.instant(day, time) > t {
                    expectedNext = zone.instant(day, time)
                    break
                }
                day = day.adding(days: 1)
            }
            #expect(c.next(s, after: t) == expectedNext)
            day = zone.local(t).date.adding(days: 1)
            var expectedLatest: Instant?
            for _ in 0..<80 {
                if russia.isWorkingDay(day), zone.instant(day, time) <= t {
                    expectedLatest = zone.instant(day, time)
                    break
                }
                day = day.adding(days: -1)
            }
            #expect(c.latest(s, atOrBefore: t) == expectedLatest)
        }
    }

    @Test("the days argument: workdays/рабочие is the calendar, weekdays/будни Monday to Friday")
    func daysArgument() throws {
        for word in ["workdays", "Рабочие", " рабочие дни ", "working-days"] {
            #expect(try DaysParser.selection(word) == .workingDays)
        }
        #expect(try DaysParser.selection("будни") == .weekdays(Weekday.workdays))
        #expect(try DaysParser.selection("mon,wed") == .weekdays([.monday, .wednesday]))
        #expect(throws: InputError.self) { try DaysParser.selection("mon,workdays") }
        do { _ = try DaysParser.selection("xyz") } catch { #expect(error.message.contains("workdays/рабочие")) }
    }

    @Test("the store keeps workdays, the setting and the user's years")
    func storeRoundTrip() throws {
        var doc = F.document([
            F.alarm("0000000a", .workdays(time: F.time(6, 30))),
            F.alarm("0000000b", .workdays(time: F.time(7, 0), from: F.day(2027, 1, 11))),
        ])
        doc.settings.holidays = .none
        doc.calendarYears = try CalendarText.parse("year 2028 # x\n2028-01-10 off from 2028-01-01\n")
        let back = try DocumentCoding.decode(DocumentCoding.encode(doc))
        #expect(back == doc)
        #expect(back.workingCalendar.country == .none)
    }

    @Test("list says which days an alarm follows")
    func summaries() {
        let t = Localizer(.ru)
        #expect(
            ScheduleText.summary(.workdays(time: F.time(6, 30)), t, zone: F.moscow, holidays: .ru)
                == "Рабочие дни (производственный календарь)")
        #expect(ScheduleText.summary(.weekly(days: Weekday.workdays, time: F.time(6, 30)), t, zone: F.moscow, holidays: .ru) == "Будни")
        #expect(
            ScheduleText.summary(.workdays(time: F.time(6, 30)), Localizer(.en), zone: F.moscow, holidays: .none)
                == "Working days (Monday to Friday)")
    }
}
