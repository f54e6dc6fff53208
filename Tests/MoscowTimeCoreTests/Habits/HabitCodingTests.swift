// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// The habit's JSON form in the store: round trip, shape, and precise errors.
struct HabitCodingTests {
    typealias F = HabitFixture

    func decode(_ json: String) throws -> StoreDocument { try DocumentCoding.decode(try JSONParser.parse(json)) }

    @Test func roundTrip() throws {
        var a = F.habit(
            .weekdays([.friday, .monday]), start: "2026-11-01", kind: F.glasses, reminders: ["20:00", "08:00"],
            ["2026-11-02": "3|morning", "2026-11-03": "skip|ill", "2026-11-06": "2.5"])
        a.description = "Drink water"
        var b = F.habit(.timesPerMonth(10), start: "2026-10-01", archived: true, id: "0b0b0b0b", name: "Бег 🏃", ["2026-10-02": "done"])
        b.modified = Instant(secondsSinceEpoch: 1_800_000_000)
        let c = F.habit(.everyNDays(3), start: "2026-11-01", kind: F.coffeeLimit, id: "0c0c0c0c", name: "Coffee")
        let d = F.habit(.timesPerWeek(3), start: "2026-11-01", id: "0d0d0d0d", name: "Run")
        let doc = StoreDocument(settings: Settings(), alarms: [], habits: [a, b, c, d])
        let text = JSONWriter.pretty(DocumentCoding.encode(doc))
        #expect(try decode(text) == doc)
    }

    @Test func readableShape() {
        let h = F.habit(
            start: "2026-11-01", kind: F.glasses, reminders: ["08:00"],
            ["2026-11-01": "3", "2026-11-02": "skip", "2026-11-03": "4|a note"])
        let text = JSONWriter.pretty(HabitCoding.encode(h))
        #expect(text.contains("\"reminders\": [\"08:00\"]"))
        #expect(text.contains("\"numeric\": {\n    \"unit\": \"glasses\",\n    \"target\": 8,\n    \"goal\": \"at-least\"\n  }"))
        #expect(
            text.contains("\"entries\": {\n    \"2026-11-01\": 3,\n    \"2026-11-02\": \"skip\",\n    \"2026-11-03\": [4, \"a note\"]\n  }")
        )
        let yesNo = JSONWriter.compact(HabitCoding.encode(F.habit(start: "2026-11-01", ["2026-11-01": "done"])))
        #expect(yesNo.contains("\"entries\":{\"2026-11-01\":\"done\"}"))
        #expect(yesNo.contains("\"frequency\":{\"kind\":\"daily\"}"))
    }

    func habitJSON(_ extra: String, entries: String = "{}") -> String {
        """
        {"habits": [{"id": "0a0a0a0a", "name": "Read", "frequency": {"kind": "daily"}, "start": "2026-11-01",
                     "created": "2026-11-01T00:00:00Z", \(extra) "entries": \(entries)}]}
        """
    }

    func failure(_ json: String) -> String? {
        do {
            _ = try decode(json)
            return nil
        } catch let e as DocumentDecodingError { return e.description } catch { return "\(error)" }
    }

    @Test func entriesOutOfOrderAreSorted() throws {
        let doc = try decode(habitJSON("", entries: #"{"2026-11-03": "done", "2026-11-01": "skip"}"#))
        #expect(doc.habits[0].entries.map(\.date) == [F.day("2026-11-01"), F.day("2026-11-03")])
    }

    @Test func preciseErrors() {
        #expect(failure(habitJSON("", entries: #"{"2026-11-02": "yes"}"#)) == #"habits[0].entries.2026-11-02: expected "done" or "skip""#)
        #expect(failure(habitJSON("", entries: #"{"2026-11-02": 3}"#)) == #"habits[0].entries.2026-11-02: expected "done" or "skip""#)
        #expect(
            failure(habitJSON(#""numeric": {"unit": "g", "target": 8},"#, entries: #"{"2026-11-02": "done"}"#))
                == #"habits[0].entries.2026-11-02: expected an amount or "skip" (numeric habit)"#)
        #expect(
            failure(habitJSON("", entries: #"{"2026-10-31": "done"}"#))
                == "habits[0].entries.2026-10-31: is before the habit's start date 2026-11-01")
        #expect(
            failure(habitJSON("", entries: #"{"2026-11-02": "done", "2026-11-02": "skip"}"#))
                == "habits[0].entries.2026-11-02: the day appears twice")
        #expect(
            failure(habitJSON("", entries: #"{"2026-13-02": "done"}"#))
                == "habits[0].entries.2026-13-02: expected a date like 2026-12-31 as the member name")
        #expect(failure(habitJSON("", entries: #"{"2026-11-02": ["done"]}"#)) == #"habits[0].entries.2026-11-02: expected [state, "note"]"#)
        #expect(
            failure(habitJSON(#""numeric": {"unit": "g", "target": 0},"#))
                == "habits[0].numeric.target: expected a number above 0 and at most 1000000")
        #expect(failure(habitJSON(#""reminders": ["25:00"],"#)) == "habits[0].reminders[0]: expected a time like 08:00")
        #expect(
            failure(habitJSON("").replacingAll(#""kind": "daily""#, with: #""kind": "hourly""#))
                == #"habits[0].frequency.kind: unknown frequency "hourly" (expected daily, weekdays, every, perWeek, perMonth or timesInDays)"#
        )
        #expect(
            failure(habitJSON("").replacingAll(#""kind": "daily""#, with: #""kind": "perWeek", "times": 9"#))
                == "habits[0].frequency.times: 9 is outside 1…6")
        #expect(failure(habitJSON("").replacingAll("0a0a0a0a", with: "xyz")) == "habits[0].id: expected 8 lowercase hex digits")
    }

    @Test func duplicateIdsAndNamesAreReported() {
        let a = F.habit(start: "2026-11-01")
        let b = F.habit(start: "2026-11-01", id: "0b0b0b0b")
        #expect(
            throws: DocumentDecodingError(
                path: "habits[1].name", reason: Message("another habit is also named \"{name}\"", ["name": "Read"]))
        ) {
            try HabitCoding.checkUnique([a, b])
        }
        #expect(throws: DocumentDecodingError(path: "habits[1].id", reason: Message("duplicate id {id}", ["id": "0a0a0a0a"]))) {
            try HabitCoding.checkUnique([a, F.habit(start: "2026-11-01", name: "Other")])
        }
    }

    @Test func reminderStateRoundTrip() throws {
        var s = HabitReminderState()
        s.handled["0a0a0a0a@08:00"] = Instant(secondsSinceEpoch: 1_795_000_000)
        s.later["0a0a0a0a"] = HabitLater(
            until: Instant(secondsSinceEpoch: 1_795_001_800), due: Instant(secondsSinceEpoch: 1_795_000_000),
            day: F.day("2026-11-18"), time: TimeOfDay(hour: 8, minute: 0)!)
        let text = JSONWriter.pretty(HabitReminderStateCoding.encode(s))
        #expect(try HabitReminderStateCoding.decode(try JSONParser.parse(text)) == s)
        #expect(try HabitReminderStateCoding.decode(try JSONParser.parse("{}")) == HabitReminderState())
        #expect(
            throws: DocumentDecodingError(path: "habitReminders.later.0a0a0a0a.day", reason: Message("expected a date like 2026-12-31"))
        ) {
            try HabitReminderStateCoding.decode(
                try JSONParser.parse(
                    #"{"later": {"0a0a0a0a": {"until": "2026-11-18T05:30:00Z", "due": "2026-11-18T05:00:00Z", "day": "x", "time": "08:00"}}}"#
                ),
                path: "habitReminders")
        }
    }
}
