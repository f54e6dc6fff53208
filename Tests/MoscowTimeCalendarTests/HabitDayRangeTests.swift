// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import Testing

@testable import MoscowTimeCalendar

/// A habit's days are an alarm's days, 2000-01-01 to 2199-12-31 (issue 36): a start of 9999-12-31
/// was exported as DTSTART:00000000T000000, which no reader takes, ours included.
@Suite("A habit's days in iCalendar")
struct HabitDayRangeTests {
    static let zone = Zone(identifier: "Europe/Moscow")!

    static func habit(start: CivilDate) -> Habit {
        Habit(
            id: "0a1b2c3d", name: "Read", frequency: .daily, start: start,
            created: Instant(secondsSinceEpoch: 1_795_000_000))
    }

    static func lines(_ h: Habit) -> [String] {
        CalendarExporter.calendar(habit: h).replacing("\r\n ", with: "").split(separator: "\r\n").map(String.init)
    }

    static func read(_ text: String) throws -> CalendarImport {
        try CalendarImporter.read(Array(text.utf8), zone: zone, now: Instant(secondsSinceEpoch: 1_800_000_000))
    }

    @Test("a start outside the range, from an older store, is exported inside it")
    func exportClamps() {
        let late = Self.lines(Self.habit(start: CivilDate(year: 9999, month: 12, day: 31)!))
        #expect(late.contains("DTSTART;VALUE=DATE:21991231"), "\(late)")
        let early = Self.lines(Self.habit(start: CivilDate(year: 1, month: 1, day: 1)!))
        #expect(early.contains("DTSTART;VALUE=DATE:20000101"), "\(early)")
        #expect(Self.lines(Self.habit(start: CivilDate(year: 2026, month: 11, day: 1)!)).contains("DTSTART;VALUE=DATE:20261101"))
    }

    @Test("a to-do whose start or day is outside the range is refused, naming the day")
    func readRefuses() throws {
        let good = CalendarExporter.calendar(habit: Self.habit(start: CivilDate(year: 2026, month: 11, day: 1)!))
        #expect(try Self.read(good).habits.count == 1)
        let late = good.replacing("DTSTART;VALUE=DATE:20261101", with: "DTSTART;VALUE=DATE:22000101")
        #expect(late != good)
        do {
            _ = try Self.read(late)
            Issue.record("a start of 2200-01-01 was read")
        } catch let e as CalendarFileError {
            #expect(e.problem == .dayOutOfRange(CivilDate(year: 2200, month: 1, day: 1)!))
        }
    }
}
