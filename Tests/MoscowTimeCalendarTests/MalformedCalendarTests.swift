// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import Testing

@testable import MoscowTimeCalendar

/// A malformed file fails as a whole with one error naming the line.
@Suite("iCalendar malformed input")
struct MalformedCalendarTests {
    static let moscow = Zone(identifier: "Europe/Moscow")!
    static let now = ISO8601.parse("2026-11-22T12:00:00Z")!

    func error(_ text: String) -> CalendarFileError? {
        do {
            _ = try CalendarImporter.read(Array(text.utf8), zone: Self.moscow, now: Self.now)
            return nil
        } catch { return error }
    }

    static let good = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//x//y//EN
        BEGIN:VEVENT
        UID:a
        DTSTAMP:20261101T000000Z
        SUMMARY:Wake
        DTSTART:20261201T040000Z
        BEGIN:VALARM
        ACTION:DISPLAY
        DESCRIPTION:x
        TRIGGER:PT0S
        END:VALARM
        END:VEVENT
        END:VCALENDAR

        """

    func replacing(line: Int, with text: String) -> String {
        var lines = Self.good.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[line - 1] = text
        return lines.joined(separator: "\n")
    }

    @Test("the good file reads")
    func goodReads() { #expect(error(Self.good) == nil) }

    @Test(
        "each kind of damage names its line",
        arguments: [
            (8, "DTSTART:2026x", "DTSTART"),
            (7, "SUMMARY", "notNameValue(found: \"SUMMARY\")"),
            (12, "TRIGGER:-PT15Q", "TRIGGER"),
            (5, "U ID:a", "notPropertyName(\"U ID\")"),
            (14, "END:VTODO", "endClosesOther(end: \"VTODO\", begin: \"VEVENT\", beginLine: 4)"),
            (6, "DTSTAMP:yesterday", "DTSTAMP"),
            (9, "BEGIN:VALARM\nRRULE:FREQ=SOMETIMES", "RRULE"),
        ])
    func namedLine(line: Int, text: String, fragment: String) {
        let e = error(replacing(line: line, with: text))
        let expectedLine = text.hasPrefix("BEGIN:VALARM\n") ? line + 1 : line
        #expect(e?.line == expectedLine, "\(String(describing: e))")
        // The typed reason with its values (worded by moscowtime-calendar, tested in test_russian.py).
        #expect(e.map { "\($0.problem)".contains(fragment) } == true, "\(String(describing: e))")
    }

    @Test("an unclosed component names its BEGIN line; a file that is not iCalendar says so")
    func structure() {
        let unclosed = Self.good.replacingOccurrences("END:VALARM\n", "")
        #expect(error(unclosed)?.line == 13 && error(unclosed)?.problem == .endClosesOther(end: "VEVENT", begin: "VALARM", beginLine: 9))
        let truncated = Self.good.replacingOccurrences("END:VCALENDAR\n", "")
        #expect(error(truncated)?.line == 1 && error(truncated)?.problem == .neverClosed("VCALENDAR"))
        #expect(error("hello\n")?.line == 1)
        #expect(error("")?.line == nil)
        #expect(error("")?.problem == .notICalendar)
        #expect(error("BEGIN:VEVENT\nEND:VEVENT\n")?.problem == .expectedCalendar(found: "VEVENT"))
    }

    @Test("bytes that are not UTF-8 name their line")
    func notUTF8() {
        var bytes = Array(Self.good.utf8)
        let at = bytes.firstIndex(of: UInt8(ascii: "W"))!
        bytes[at] = 0xFF
        do {
            _ = try CalendarImporter.read(bytes, zone: Self.moscow, now: Self.now)
            Issue.record("accepted")
        } catch {
            #expect(error.line == 7 && error.problem == .notUTF8)
        }
    }

    @Test("a damaged field of our own export names its line")
    func ownDamage() throws {
        var doc = StoreDocument()
        doc.alarms = [
            Alarm(
                id: "0123abcd", label: "Wake",
                schedule: .once(date: CivilDate(year: 2027, month: 1, day: 1)!, time: TimeOfDay(hour: 7, minute: 0)!),
                snoozeMinutes: 5, created: Self.now)
        ]
        let text = try CalendarExporter.calendar(doc)
        let lines = text.split(separator: "\r\n").map(String.init)
        let k = lines.firstIndex { $0.hasPrefix("X-MOSCOWTIME-SNOOZE") }!
        let damaged = text.replacingOccurrences("X-MOSCOWTIME-SNOOZE:5", "X-MOSCOWTIME-SNOOZE:5000")
        let e = error(damaged)
        #expect(e?.line == k + 1, "\(String(describing: e))")
        #expect(
            e?.problem
                == .snoozeOutOfRange(
                    property: "X-MOSCOWTIME-SNOOZE", value: "5000",
                    minimum: Limits.snoozeMinutes.lowerBound, maximum: Limits.snoozeMinutes.upperBound))
    }

    @Test("a ramp out of 0…600 s in our own export is refused, naming its line")
    func rampOutOfRange() throws {
        var doc = StoreDocument()
        doc.alarms = [
            Alarm(
                id: "0123abcd", label: "Wake",
                schedule: .once(date: CivilDate(year: 2027, month: 1, day: 1)!, time: TimeOfDay(hour: 7, minute: 0)!),
                rampSeconds: 45, created: Self.now)
        ]
        let text = try CalendarExporter.calendar(doc)
        let lines = text.split(separator: "\r\n").map(String.init)
        let k = lines.firstIndex { $0 == "X-MOSCOWTIME-RAMP:45" }!
        for bad in ["601", "-1", "30s", "99999999999999999999"] {
            let e = error(text.replacingOccurrences("X-MOSCOWTIME-RAMP:45", "X-MOSCOWTIME-RAMP:" + bad))
            #expect(e?.line == k + 1, "\(String(describing: e))")
            #expect(
                e?.problem
                    == .rampOutOfRange(
                        property: "X-MOSCOWTIME-RAMP", value: bad,
                        minimum: Limits.rampSeconds.lowerBound, maximum: Limits.rampSeconds.upperBound))
        }
    }

    @Test("the bounds of CalendarLimits are checked before libical sees the text, naming the limit")
    func limits() {
        let head = "BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//x//y//EN\n"
        let depth = 100_000
        let nested =
            head + (0..<depth).map { "BEGIN:X-\($0)\n" }.joined() + (0..<depth).reversed().map { "END:X-\($0)\n" }.joined()
            + "END:VCALENDAR\n"
        #expect(
            error(nested)
                == CalendarFileError(line: 4 + CalendarLimits.maximumNesting - 1, .nestedTooDeep(limit: CalendarLimits.maximumNesting)))
        let long = head + "X-LONG:" + String(repeating: "x", count: CalendarLimits.maximumLineBytes) + "\nEND:VCALENDAR\n"
        #expect(error(long) == CalendarFileError(line: 4, .lineTooLong(limit: CalendarLimits.maximumLineBytes)))
        let folded =
            head + "X-LONG:x\n" + String(repeating: " " + String(repeating: "y", count: 1000) + "\n", count: 300) + "END:VCALENDAR\n"
        #expect(error(folded) == CalendarFileError(line: 4, .lineTooLong(limit: CalendarLimits.maximumLineBytes)))
        let fits = head + "X-LONG:" + String(repeating: "x", count: CalendarLimits.maximumLineBytes - 7) + "\nEND:VCALENDAR\n"
        #expect(error(fits) == nil)
        let many = head + String(repeating: "BEGIN:VTODO\nEND:VTODO\n", count: CalendarLimits.maximumComponents) + "END:VCALENDAR\n"
        #expect(
            error(many)
                == CalendarFileError(
                    line: 4 + 2 * (CalendarLimits.maximumComponents - 1), .tooManyComponents(limit: CalendarLimits.maximumComponents)))
        let lines = head + String(repeating: "X-A:b\n", count: CalendarLimits.maximumLines) + "END:VCALENDAR\n"
        #expect(error(lines) == CalendarFileError(line: 1 + CalendarLimits.maximumLines, .tooManyLines(limit: CalendarLimits.maximumLines)))
        let blank = head + String(repeating: "\n", count: CalendarLimits.maximumFileBytes - 100) + "END:VCALENDAR\n"
        #expect(error(blank) == nil)  // blank lines are not content lines, and cost nothing
        let big = [UInt8](repeating: 10, count: CalendarLimits.maximumFileBytes + 1)
        #expect(throws: CalendarFileError(line: nil, .fileTooLarge(size: big.count, limit: CalendarLimits.maximumFileBytes))) {
            try CalendarImporter.read(big, zone: Self.moscow, now: Self.now)
        }
    }
}

extension String {
    func replacingOccurrences(_ a: String, _ b: String) -> String { replacing(a, with: b) }
}
