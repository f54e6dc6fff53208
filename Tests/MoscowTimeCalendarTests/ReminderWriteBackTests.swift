// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import Testing

@testable import MoscowTimeCalendar

/// `ReminderWriteBack` byte for byte: only the lines an action means change (folding, line
/// endings, parameters and other programs' properties stay), and `ReminderReader` reads the
/// result as the action meant (test_reminder_write_back.py checks it against python icalendar,
/// recurring_ical_events, khal and todoman).
@Suite("Calendar reminders written back")
struct ReminderWriteBackTests {
    static let moscow = Zone(identifier: "Europe/Moscow")!
    static func at(_ text: String) -> Instant { ISO8601.parse(text)! }

    /// A khal-shaped weekly event with LF endings, a folded line and a quoted parameter.
    static let weekly = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//PIMUTILS.ORG//NONSGML khal / icalendar //EN
        BEGIN:VEVENT
        SUMMARY:Standup of the platform team, in the small room on the third floor b
         y the window
        DTSTART;TZID=Europe/Berlin:20261130T100000
        DTEND;TZID=Europe/Berlin:20261130T103000
        DTSTAMP:20261101T090000Z
        UID:W1@example.org
        RRULE:FREQ=DAILY
        SEQUENCE:3
        ATTENDEE;CN="Doe, Jane";PARTSTAT=ACCEPTED:mailto:jane@example.org
        X-OTHER;X-P="a:b":keep me
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:Standup
        TRIGGER:-PT15M
        END:VALARM
        END:VEVENT
        END:VCALENDAR

        """

    func patch(
        _ text: String, uid: String = "W1@example.org", rid: String?, alarm: Int = 0, _ action: ReminderWriteAction,
        now: String = "2026-11-30T08:46:00Z"
    ) throws -> String {
        var n = 0
        return try ReminderWriteBack.patched(
            text, uid: uid, recurrenceID: rid, alarm: alarm, action: action, now: Self.at(now), zone: Self.moscow, floating: nil,
            newUID: {
                n += 1
                return "NEW-\(n)"
            })
    }

    func reminders(_ text: String, from: String, to: String) throws -> [CalendarReminder] {
        try ReminderReader.read(Array(text.utf8), zone: Self.moscow, floating: nil, window: Self.at(from)..<Self.at(to)).reminders
    }

    @Test("Dismiss: ACKNOWLEDGED on the master's VALARM, X-MOZ-LASTACK, DTSTAMP; every other byte kept, SEQUENCE too")
    func dismissBytes() throws {
        let out = try patch(Self.weekly, rid: "20261130T090000Z", .dismiss)
        var expected = Self.weekly.swapping("DTSTAMP:20261101T090000Z", "DTSTAMP:20261130T084600Z")
        expected = expected.swapping(
            "X-OTHER;X-P=\"a:b\":keep me\n", "X-OTHER;X-P=\"a:b\":keep me\nX-MOZ-LASTACK:20261130T084600Z\n")
        expected = expected.swapping("TRIGGER:-PT15M\n", "TRIGGER:-PT15M\nACKNOWLEDGED:20261130T084600Z\n")
        #expect(out == expected)
        let after = try reminders(out, from: "2026-11-30T00:00:00Z", to: "2026-12-02T00:00:00Z")
        #expect(after.map(\.acknowledged) == [true, false])
        #expect(after.map(\.recurrenceID) == ["20261130T090000Z", "20261201T090000Z"])
    }

    @Test("CRLF stays CRLF, and a LAST-MODIFIED present is stamped (none is added)")
    func crlf() throws {
        let text = Self.weekly.swapping("\n", "\r\n").swapping("SEQUENCE:3", "LAST-MODIFIED:20261101T090000Z")
        let out = try patch(text, rid: "20261130T090000Z", .dismiss)
        #expect(out.contains("LAST-MODIFIED:20261130T084600Z\r\n") && out.contains("ACKNOWLEDGED:20261130T084600Z\r\n"))
        #expect(!out.swapping("\r\n", "").contains("\n"))
        let plain = try patch(Self.weekly, rid: "20261130T090000Z", .dismiss)
        #expect(!plain.contains("LAST-MODIFIED"))
    }

    @Test("an overridden occurrence: ACKNOWLEDGED on the override's own VALARM, X-MOZ-LASTACK on the master")
    func override() throws {
        let overrideText = """
            BEGIN:VEVENT
            UID:W1@example.org
            RECURRENCE-ID;TZID=Europe/Berlin:20261201T100000
            DTSTART;TZID=Europe/Berlin:20261201T110000
            DTEND;TZID=Europe/Berlin:20261201T113000
            DTSTAMP:20261101T090000Z
            SUMMARY:Standup moved
            BEGIN:VALARM
            ACTION:DISPLAY
            DESCRIPTION:moved
            TRIGGER:-PT5M
            END:VALARM
            END:VEVENT

            """
        let text = Self.weekly.swapping("END:VCALENDAR\n", overrideText + "END:VCALENDAR\n")
        let out = try patch(text, rid: "20261201T090000Z", .dismiss, now: "2026-12-01T09:56:00Z")
        let tail = String(out[out.firstRange(of: "RECURRENCE-ID")!.lowerBound...])
        #expect(tail.contains("TRIGGER:-PT5M\nACKNOWLEDGED:20261201T095600Z\n"))
        #expect(out.pieces("ACKNOWLEDGED").count == 2)
        #expect(out.contains("X-OTHER;X-P=\"a:b\":keep me\nX-MOZ-LASTACK:20261201T095600Z\n"))
        let after = try reminders(out, from: "2026-12-01T00:00:00Z", to: "2026-12-03T00:00:00Z")
        #expect(after.map(\.acknowledged) == [true, false])
    }

    @Test("Snooze: a UID for the VALARM, ACKNOWLEDGED, and RFC 9074's snooze alarm, which rings at its time")
    func snooze() throws {
        let out = try patch(Self.weekly, rid: "20261130T090000Z", .snooze(until: Self.at("2026-11-30T08:51:00Z")))
        let expectedAlarms = """
            TRIGGER:-PT15M
            UID:NEW-1
            ACKNOWLEDGED:20261130T084600Z
            END:VALARM
            BEGIN:VALARM
            UID:NEW-2
            ACTION:DISPLAY
            DESCRIPTION:Standup
            TRIGGER;VALUE=DATE-TIME:20261130T085100Z
            RELATED-TO;RELTYPE=SNOOZE:NEW-1
            END:VALARM
            END:VEVENT

            """
        #expect(out.hasSuffix(expectedAlarms + "END:VCALENDAR\n"))
        let after = try reminders(out, from: "2026-11-30T08:47:00Z", to: "2026-12-01T09:00:00Z").filter { !$0.acknowledged }
        #expect(after.map(\.at) == [Self.at("2026-11-30T08:51:00Z"), Self.at("2026-12-01T08:45:00Z")])
        #expect(after.map(\.alarm) == [1, 0])
    }

    @Test("a snooze alarm of a series started months ago shows the occurrence it snoozes, not the first")
    func snoozeShowsItsOccurrence() throws {
        let text = Self.weekly.swapping("20261130T10", "20260601T10")
        let out = try patch(text, rid: "20261130T090000Z", .snooze(until: Self.at("2026-11-30T08:51:00Z")))
        let snooze = try reminders(out, from: "2026-11-30T08:47:00Z", to: "2026-11-30T09:00:00Z")
        #expect(snooze.map(\.at) == [Self.at("2026-11-30T08:51:00Z")] && snooze.map(\.recurrenceID) == [nil])
        #expect(snooze.first?.start == .instant(Self.at("2026-11-30T09:00:00Z")))
        #expect(snooze.first?.end == .instant(Self.at("2026-11-30T09:30:00Z")))
    }

    @Test("a snooze alarm snoozed again is replaced; dismissed, it goes and its original is acknowledged")
    func snoozeAgainThenDismiss() throws {
        let once = try patch(Self.weekly, rid: "20261130T090000Z", .snooze(until: Self.at("2026-11-30T08:51:00Z")))
        let twice = try patch(once, rid: nil, alarm: 1, .snooze(until: Self.at("2026-11-30T08:57:00Z")), now: "2026-11-30T08:52:00Z")
        #expect(twice.pieces("BEGIN:VALARM").count == 3)
        #expect(twice.contains("TRIGGER;VALUE=DATE-TIME:20261130T085700Z\nRELATED-TO;RELTYPE=SNOOZE:NEW-1\n"))
        #expect(!twice.contains("20261130T085100Z") && twice.contains("ACKNOWLEDGED:20261130T085200Z"))
        let done = try patch(twice, rid: nil, alarm: 1, .dismiss, now: "2026-11-30T08:58:00Z")
        #expect(done.pieces("BEGIN:VALARM").count == 2 && !done.contains("RELTYPE=SNOOZE"))
        #expect(done.contains("UID:NEW-1\nACKNOWLEDGED:20261130T085800Z\nEND:VALARM"))
        let after = try reminders(done, from: "2026-11-30T08:47:00Z", to: "2026-12-01T09:00:00Z").filter { !$0.acknowledged }
        #expect(after.map(\.recurrenceID) == ["20261201T090000Z"])
    }

    @Test("a later acknowledgement from another device is not moved back; Thunderbird's snooze of the occurrence is cleared")
    func laterAndThunderbird() throws {
        let micros = String(Self.at("2026-11-30T09:00:00Z").secondsSinceEpoch * 1_000_000)
        var text = Self.weekly.swapping("SEQUENCE:3\n", "SEQUENCE:3\nX-MOZ-LASTACK:20261130T100000Z\n")
        text = text.swapping("UID:W1@example.org\n", "UID:W1@example.org\nX-MOZ-SNOOZE-TIME-\(micros):20261130T085000Z\n")
        text = text.swapping("TRIGGER:-PT15M\n", "TRIGGER:-PT15M\nACKNOWLEDGED:20261130T100000Z\n")
        let out = try patch(text, rid: "20261130T090000Z", .dismiss)
        #expect(out.contains("X-MOZ-LASTACK:20261130T100000Z\n") && out.contains("ACKNOWLEDGED:20261130T100000Z\n"))
        #expect(!out.contains("X-MOZ-SNOOZE-TIME"))
    }

    @Test("Done completes a to-do: STATUS, COMPLETED, PERCENT-COMPLETE, SEQUENCE stepped; a repeating one and an event are refused")
    func done() throws {
        let todo = """
            BEGIN:VCALENDAR
            VERSION:2.0
            PRODID:-//todoman//EN
            BEGIN:VTODO
            UID:T1@example.org
            DTSTAMP:20261101T090000Z
            SUMMARY:Pay rent
            DUE;VALUE=DATE-TIME:20261130T150000Z
            STATUS:NEEDS-ACTION
            BEGIN:VALARM
            ACTION:DISPLAY
            DESCRIPTION:rent
            TRIGGER;RELATED=END:-PT1H
            END:VALARM
            END:VTODO
            END:VCALENDAR

            """
        let out = try patch(todo, uid: "T1@example.org", rid: nil, .done, now: "2026-11-30T14:01:00Z")
        let head = """
            BEGIN:VTODO
            UID:T1@example.org
            DTSTAMP:20261130T140100Z
            SUMMARY:Pay rent
            DUE;VALUE=DATE-TIME:20261130T150000Z
            STATUS:COMPLETED
            COMPLETED:20261130T140100Z
            PERCENT-COMPLETE:100
            SEQUENCE:1
            LAST-MODIFIED:20261130T140100Z
            BEGIN:VALARM

            """
        #expect(out.contains(head))
        #expect(try reminders(out, from: "2026-11-30T00:00:00Z", to: "2026-12-01T00:00:00Z").isEmpty)
        let repeating = todo.swapping("STATUS:NEEDS-ACTION\n", "RRULE:FREQ=WEEKLY\n")
        #expect(throws: ReminderWriteBackError.repeatingTodo) { try patch(repeating, uid: "T1@example.org", rid: nil, .done) }
        #expect(throws: ReminderWriteBackError.notATodo) { try patch(Self.weekly, rid: nil, .done) }
    }

    /// A weekly to-do as Thunderbird writes one: DTSTART and DUE in a zone, its VALARM related to DUE.
    static let weeklyTodo = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN
        BEGIN:VTODO
        UID:TW@example.org
        DTSTAMP:20261101T090000Z
        SUMMARY:Take the bins out
        DTSTART;TZID=Europe/Berlin:20261102T180000
        DUE;TZID=Europe/Berlin:20261102T200000
        RRULE:FREQ=WEEKLY
        X-MOZ-LASTACK:20261120T190000Z
        X-OTHER;X-P="a:b":keep me
        SEQUENCE:2
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:bins
        TRIGGER;RELATED=END:-PT30M
        END:VALARM
        END:VTODO
        END:VCALENDAR

        """

    @Test("Done on a repeating to-do's occurrence: an override of its own, completed; the master keeps every byte; the next week rings")
    func doneRepeating() throws {
        // The occurrence of Monday 30 November, 18:00 in Berlin (17:00 UTC); its reminder is 19:30 CET.
        let out = try patch(Self.weeklyTodo, uid: "TW@example.org", rid: "20261130T170000Z", .done, now: "2026-11-30T18:31:00Z")
        let master = Self.weeklyTodo.pieces("END:VTODO\n")[0] + "END:VTODO\n"
        let override = """
            BEGIN:VTODO
            UID:TW@example.org
            SUMMARY:Take the bins out
            DTSTART;TZID=Europe/Berlin:20261130T180000
            DUE;TZID=Europe/Berlin:20261130T200000
            X-OTHER;X-P="a:b":keep me
            SEQUENCE:2
            RECURRENCE-ID;TZID=Europe/Berlin:20261130T180000
            DTSTAMP:20261130T183100Z
            STATUS:COMPLETED
            COMPLETED:20261130T183100Z
            PERCENT-COMPLETE:100
            END:VTODO
            END:VCALENDAR

            """
        #expect(out == master + override)
        let rung = try reminders(out, from: "2026-11-23T00:00:00Z", to: "2026-12-08T00:00:00Z").map { $0.at }
        #expect(rung == [Self.at("2026-11-23T18:30:00Z"), Self.at("2026-12-07T18:30:00Z")])
        // The override's own occurrence is done again: the override is edited, nothing added.
        let again = try patch(out, uid: "TW@example.org", rid: "20261130T170000Z", .done, now: "2026-11-30T18:40:00Z")
        #expect(again.pieces("BEGIN:VTODO").count == 3 && again.contains("COMPLETED:20261130T184000Z\n"))
        // An occurrence the rule does not make (changed since) is refused, nothing written.
        #expect(throws: ReminderWriteBackError.itemNotFound) {
            try patch(Self.weeklyTodo, uid: "TW@example.org", rid: "20261201T170000Z", .done)
        }
    }

    @Test("Done on the snooze alarm of a repeating to-do completes the occurrence it snoozes; the snooze alarm goes")
    func doneOnASnoozedRepeatingTodo() throws {
        let snoozed = try patch(
            Self.weeklyTodo, uid: "TW@example.org", rid: "20261130T170000Z", .snooze(until: Self.at("2026-11-30T18:45:00Z")),
            now: "2026-11-30T18:31:00Z")
        let rang = try reminders(snoozed, from: "2026-11-30T18:40:00Z", to: "2026-11-30T18:50:00Z")
        #expect(rang.map { [$0.recurrenceID == nil ? "-" : "rid", String($0.alarm)] } == [["-", "1"]])
        let out = try patch(snoozed, uid: "TW@example.org", rid: nil, alarm: 1, .done, now: "2026-11-30T18:46:00Z")
        #expect(!out.contains("RELTYPE=SNOOZE") && out.contains("RECURRENCE-ID;TZID=Europe/Berlin:20261130T180000\n"))
        #expect(out.pieces("STATUS:COMPLETED").count == 2)
        let rung = try reminders(out, from: "2026-11-23T00:00:00Z", to: "2026-12-08T00:00:00Z").filter { !$0.acknowledged }.map { $0.at }
        #expect(rung == [Self.at("2026-12-07T18:30:00Z")])
        // An absolute alarm that snoozes nothing names no occurrence: refused, as before.
        let absolute = Self.weeklyTodo.swapping("TRIGGER;RELATED=END:-PT30M", "TRIGGER;VALUE=DATE-TIME:20261130T183000Z")
        #expect(throws: ReminderWriteBackError.repeatingTodo) { try patch(absolute, uid: "TW@example.org", rid: nil, .done) }
    }

    @Test("Done on a repeating to-do anchored at its DUE, and on a daily one of dates: the override in the master's own forms")
    func doneRepeatingForms() throws {
        let dueOnly = Self.weeklyTodo.swapping("DTSTART;TZID=Europe/Berlin:20261102T180000\n", "")
        let out = try patch(dueOnly, uid: "TW@example.org", rid: "20261130T190000Z", .done, now: "2026-11-30T18:31:00Z")
        #expect(out.contains("\nDUE;TZID=Europe/Berlin:20261130T200000\nX-OTHER"))
        #expect(out.contains("\nRECURRENCE-ID;TZID=Europe/Berlin:20261130T200000\n"))
        #expect(out.pieces("DTSTART").count == 1)
        let dates = Self.weeklyTodo.swapping(
            "DTSTART;TZID=Europe/Berlin:20261102T180000\nDUE;TZID=Europe/Berlin:20261102T200000\n",
            "DTSTART;VALUE=DATE:20261102\nDUE;VALUE=DATE:20261103\n"
        )
        .swapping("FREQ=WEEKLY", "FREQ=DAILY").swapping("RELATED=END:-PT30M", "RELATED=END:-PT6H")
        let day = try patch(dates, uid: "TW@example.org", rid: "20261201", .done, now: "2026-11-30T18:31:00Z")
        #expect(day.contains("\nDTSTART;VALUE=DATE:20261201\nDUE;VALUE=DATE:20261202\n"))
        #expect(day.contains("\nRECURRENCE-ID;VALUE=DATE:20261201\n"))
        let rung = try reminders(day, from: "2026-11-30T12:00:00Z", to: "2026-12-02T23:00:00Z").map { $0.at }
        // Each day's reminder is 18:00 in Moscow the evening before the DUE date; 1 December's (DUE 2 December) is gone.
        #expect(rung == [Self.at("2026-11-30T15:00:00Z"), Self.at("2026-12-02T15:00:00Z")])
    }

    @Test("an item or alarm no longer in the file, or a text that is not iCalendar, is refused")
    func refused() throws {
        #expect(throws: ReminderWriteBackError.itemNotFound) { try patch(Self.weekly, uid: "gone", rid: nil, .dismiss) }
        #expect(throws: ReminderWriteBackError.alarmNotFound) { try patch(Self.weekly, rid: "20261130T090000Z", alarm: 3, .dismiss) }
        #expect(throws: (any Error).self) { try patch("not a calendar", rid: nil, .dismiss) }
    }
}

extension String {
    fileprivate func swapping(_ a: String, _ b: String) -> String {
        pieces(a).joined(separator: b)
    }

    fileprivate func pieces(_ separator: String) -> [String] {
        var out: [String] = []
        var rest = self[...]
        while let r = rest.firstRange(of: separator) {
            out.append(String(rest[..<r.lowerBound]))
            rest = rest[r.upperBound...]
        }
        out.append(String(rest))
        return out
    }
}
