// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain

/// Command-line input: one-line messages saying what is wrong and what is accepted.
struct HabitInputTests {
    typealias F = HabitFixture

    func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let e as InputError { return e.message } catch { return "\(error)" }
    }

    @Test func frequencies() throws {
        func parse(daily: Bool = false, days: String? = nil, every: String? = nil, perWeek: String? = nil, perMonth: String? = nil)
            throws(HabitFrequencyError) -> HabitFrequency?
        {
            try HabitFrequencyParser.parse(daily: daily, days: days, every: every, perWeek: perWeek, perMonth: perMonth)
        }
        #expect(try parse() == nil)
        #expect(try parse(daily: true) == .daily)
        #expect(try parse(days: "mon,wed") == .weekdays([.monday, .wednesday]))
        #expect(try parse(days: "пн-пт") == .weekdays(Weekday.workdays))
        #expect(try parse(days: "everyday") == .daily)
        #expect(try parse(every: "1") == .daily)
        #expect(try parse(every: "3") == .everyNDays(3))
        #expect(try parse(perWeek: "3") == .timesPerWeek(3))
        #expect(try parse(perWeek: "7") == .daily)
        #expect(try parse(perMonth: "10") == .timesPerMonth(10))
        // Typed errors: the caller (agent-cli, a template) names its own options.
        #expect(throws: HabitFrequencyError.conflicting) { try parse(daily: true, perWeek: "3") }
        #expect(throws: HabitFrequencyError.invalidCount(.everyNDays, text: "0")) { try parse(every: "0") }
        #expect(throws: HabitFrequencyError.invalidCount(.everyNDays, text: "366")) { try parse(every: "366") }
        #expect(try parse(every: "365") == .everyNDays(365))
        #expect(throws: HabitFrequencyError.invalidCount(.perWeek, text: "8")) { try parse(perWeek: "8") }
        #expect(throws: HabitFrequencyError.invalidCount(.perMonth, text: "x")) { try parse(perMonth: "x") }
        #expect(throws: HabitFrequencyError.invalidTimesIn(text: "3/2")) {
            try HabitFrequencyParser.parse(daily: false, days: nil, every: nil, perWeek: nil, perMonth: nil, timesIn: "3/2")
        }
        #expect { _ = try parse(days: "someday") } throws: {
            guard case .invalidDays(let why)? = $0 as? HabitFrequencyError else { return false }
            return why.message.contains("someday")
        }
        #expect(HabitFrequencyCount.perMonth.expected.english == "1 to 30 days a month")
        #expect(HabitFrequencyCount.everyNDays.expected.english == "a number of days from 1 to 365")
    }

    @Test func amounts() throws {
        #expect(try AmountParser.amount("3") == 3)
        #expect(try AmountParser.amount("2,5") == 2.5)
        #expect(try AmountParser.amount(" 0.1234 ") == 0.123)
        #expect(try AmountParser.amount("0") == 0)
        for bad in ["", "-1", "1e3", "abc", "1.2.3", ".5", "2000000"] {
            #expect(
                message { _ = try AmountParser.amount(bad) }
                    == "invalid amount \"\(bad)\": expected a number from 0 to 1000000 such as 3, 2.5 or 2,5")
        }
        #expect(message { _ = try AmountParser.target("0") } == "invalid target \"0\": expected a number above 0 such as 8 or 1.5")
        #expect(HabitAmount.text(2.5) == "2.5" && HabitAmount.text(8) == "8" && HabitAmount.text(0.125) == "0.125")
    }

    @Test func reminderTimes() throws {
        #expect(try ReminderTimesParser.parse("20:00,8:00, 20:00") == [TimeOfDay(hour: 8, minute: 0)!, TimeOfDay(hour: 20, minute: 0)!])
        #expect(try ReminderTimesParser.parse("none") == [])
        #expect(
            message { _ = try ReminderTimesParser.parse("8am") }
                == "invalid reminder time \"8am\": expected HH:MM times such as 08:00,20:00, or none")
        #expect(
            message { _ = try ReminderTimesParser.parse(",") }
                == "no reminder times given: expected HH:MM times such as 08:00,20:00, or none")
    }

    @Test func names() throws {
        let habits = [F.habit(start: "2026-11-01")]
        #expect(try HabitTextRules.name("  Бег 🏃 ", among: habits) == "Бег 🏃")
        #expect(try HabitTextRules.name("Read", among: habits, except: "0a0a0a0a") == "Read")
        #expect(
            message { _ = try HabitTextRules.name("Read", among: habits) }
                == "a habit named \"Read\" already exists (id 0a0a0a0a): choose another name")
        #expect(message { _ = try HabitTextRules.name("   ", among: habits) } == "invalid habit name: it must not be empty")
        #expect(
            message { _ = try HabitTextRules.name(String(repeating: "я", count: 201), among: habits) }
                == "invalid habit name: it is 201 characters long; at most 200 are allowed")
        #expect(message { _ = try HabitTextRules.note("a\nb") } == "invalid note: it must not contain control characters or line breaks")
        #expect(try HabitTextRules.description("") == nil)
    }

    @Test func resolver() throws {
        let habits = [
            F.habit(start: "2026-11-01", id: "3f9a0c12", name: "Read"),
            F.habit(start: "2026-11-01", id: "3f9b7700", name: "cafe"),
            F.habit(start: "2026-11-01", id: "cafe0001", name: "Run"),
        ]
        #expect(try HabitResolver.resolve("Read", in: habits).id == "3f9a0c12")
        #expect(try HabitResolver.resolve("3f9a", in: habits).name == "Read")
        // An exact name wins over an id prefix that spells the same.
        #expect(try HabitResolver.resolve("cafe", in: habits).id == "3f9b7700")
        #expect(throws: HabitLookupError.ambiguous(prefix: "3f9", ids: ["3f9a0c12", "3f9b7700"])) {
            try HabitResolver.resolve("3f9", in: habits)
        }
        #expect(throws: HabitLookupError.notFound(key: "read")) { try HabitResolver.resolve("read", in: habits) }
        #expect(throws: HabitLookupError.noneGiven) { try HabitResolver.resolve("  ", in: habits) }
    }
}
