// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import Testing

@testable import MoscowTimeCalendar

/// Other calendars' events with reminders become alarms that ring at the reminder; what the
/// schedule model cannot express exactly is refused by name.
@Suite("iCalendar import from other calendars")
struct ForeignCalendarTests {
    static let moscow = Zone(identifier: "Europe/Moscow")!
    /// Sunday 2026-11-22 12:00 UTC.
    static let now = ISO8601.parse("2026-11-22T12:00:00Z")!

    static func calendar(_ body: String, vtimezone: String = "") -> [UInt8] {
        Array(
            """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//Test//Other calendar//EN\r
            \(vtimezone)\(body)END:VCALENDAR\r

            """.utf8)
    }

    static func event(_ lines: String, summary: String = "Dentist", trigger: String? = "-PT15M") -> String {
        var s = "BEGIN:VEVENT\r\nUID:e1@example.org\r\nDTSTAMP:20261101T000000Z\r\nSUMMARY:\(summary)\r\n\(lines)"
        if let trigger { s += "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:x\r\nTRIGGER:\(trigger)\r\nEND:VALARM\r\n" }
        return s + "END:VEVENT\r\n"
    }

    func read(_ bytes: [UInt8]) throws -> CalendarImport {
        try CalendarImporter.read(bytes, zone: Self.moscow, now: Self.now)
    }

    static func t(_ h: Int, _ m: Int) -> TimeOfDay { TimeOfDay(hour: h, minute: m)! }
    static func d(_ y: Int, _ m: Int, _ day: Int) -> CivilDate { CivilDate(year: y, month: m, day: day)! }

    @Test("a weekly meeting with a 15-minute reminder rings 15 minutes before, on its days")
    func weeklyWithReminder() throws {
        let r = try read(Self.calendar(Self.event("DTSTART;TZID=Europe/Moscow:20261123T090000\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR\r\n")))
        #expect(r.warnings == [])
        #expect(r.alarms.map(\.schedule) == [.weekly(days: [.monday, .wednesday, .friday], time: Self.t(8, 45))])
        #expect(r.alarms.first?.label == "Dentist" && r.alarms.first?.id == "")
    }

    @Test("a reminder that crosses midnight moves the days back")
    func crossesMidnight() throws {
        let r = try read(Self.calendar(Self.event("DTSTART;TZID=Europe/Moscow:20261123T001000\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,TH\r\n")))
        #expect(r.alarms.map(\.schedule) == [.weekly(days: [.sunday, .wednesday], time: Self.t(23, 55))])
    }

    @Test("UTC and other fixed-offset zones map to Moscow local time")
    func utcStart() throws {
        let r = try read(Self.calendar(Self.event("DTSTART:20261125T060000Z\r\nRRULE:FREQ=DAILY;INTERVAL=3\r\n", trigger: "PT0S")))
        #expect(r.alarms.map(\.schedule) == [.everyNDays(interval: 3, start: Self.d(2026, 11, 25), time: Self.t(9, 0))])
    }

    @Test("a daily event is an every-day alarm; a one-time event in the future is a one-time alarm")
    func dailyAndOnce() throws {
        let body =
            Self.event("DTSTART;TZID=Europe/Moscow:20261101T070000\r\nRRULE:FREQ=DAILY\r\n", trigger: "PT0S")
            + Self.event("DTSTART:20261224T150000Z\r\nDTEND:20261224T160000Z\r\n", summary: "Party", trigger: "-PT1H")
        let r = try read(Self.calendar(body))
        #expect(
            r.alarms.map(\.schedule) == [
                .weekly(days: Weekday.all, time: Self.t(7, 0)), .once(date: Self.d(2026, 12, 24), time: Self.t(17, 0)),
            ])
    }

    @Test("RELATED=END counts from the end; an all-day event's reminder counts from local midnight")
    func relatedEndAndAllDay() throws {
        let body =
            Self.event("DTSTART:20261224T150000Z\r\nDURATION:PT2H\r\n", trigger: "-PT30M\r\nX-DUMMY:1")
            + "BEGIN:VEVENT\r\nUID:e2\r\nDTSTAMP:20261101T000000Z\r\nSUMMARY:End\r\nDTSTART:20261224T150000Z\r\nDURATION:PT2H\r\n"
            + "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:x\r\nTRIGGER;RELATED=END:-PT30M\r\nEND:VALARM\r\nEND:VEVENT\r\n"
            + Self.event("DTSTART;VALUE=DATE:20261231\r\n", summary: "New Year", trigger: "-PT15H")
        let r = try read(Self.calendar(body))
        #expect(
            r.alarms.map(\.schedule) == [
                .once(date: Self.d(2026, 12, 24), time: Self.t(17, 30)),
                .once(date: Self.d(2026, 12, 24), time: Self.t(19, 30)),
                .once(date: Self.d(2026, 12, 30), time: Self.t(9, 0)),
            ])
    }

    @Test("rules the schedule cannot express are refused with a warning naming the event")
    func refusedRules() throws {
        let cases = [
            "RRULE:FREQ=MONTHLY;BYMONTHDAY=1", "RRULE:FREQ=WEEKLY;COUNT=5;BYDAY=MO", "RRULE:FREQ=WEEKLY;UNTIL=20271231T000000Z",
            "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", "RRULE:FREQ=WEEKLY;BYDAY=1MO", "RRULE:FREQ=DAILY;BYHOUR=7,8",
            "RRULE:FREQ=YEARLY",
        ]
        for rule in cases {
            let r = try read(Self.calendar(Self.event("DTSTART;TZID=Europe/Moscow:20261123T090000\r\n\(rule)\r\n", summary: "Yoga «утро»")))
            #expect(r.alarms.isEmpty, "\(rule)")
            let yoga = CalendarEventName(summary: "Yoga «утро»", uid: "e1@example.org")
            guard r.warnings.count == 1, case .eventRefused(let name, .rule(let text)) = r.warnings[0] else {
                Issue.record("\(rule): \(r.warnings)")
                continue
            }
            #expect(name == yoga && text.hasPrefix("FREQ="), "\(r.warnings)")
        }
        // "Delete this occurrence" is understood: that day is skipped, the rest of the series rings.
        let ex = try read(
            Self.calendar(
                Self.event(
                    "DTSTART;TZID=Europe/Moscow:20261123T090000\r\nRRULE:FREQ=DAILY\r\nEXDATE;TZID=Europe/Moscow:20261125T090000\r\n")))
        #expect(ex.warnings.isEmpty && ex.alarms.map(\.skippedDays) == [[CivilDate(year: 2026, month: 11, day: 25)!]], "\(ex)")
    }

    @Test("a weekly event in Berlin is refused: its Moscow time changes with Berlin's daylight saving time")
    func berlinRefused() throws {
        let r = try read(Self.calendar(Self.event("DTSTART;TZID=Europe/Berlin:20261123T090000\r\nRRULE:FREQ=WEEKLY;BYDAY=MO\r\n")))
        #expect(r.alarms.isEmpty)
        #expect(
            r.warnings == [
                .eventRefused(CalendarEventName(summary: "Dentist", uid: "e1@example.org"), .offsetChanges(zone: "Europe/Moscow"))
            ], "\(r.warnings)")
        // A one-time Berlin event is exact: it rings at its instant.
        let once = try read(Self.calendar(Self.event("DTSTART;TZID=Europe/Berlin:20261223T090000\r\n", trigger: "PT0S")))
        #expect(once.alarms.map(\.schedule) == [.once(date: Self.d(2026, 12, 23), time: Self.t(11, 0))])
    }

    @Test("events without a reminder, past one-time events and plain to-dos are ignored, not imported")
    func ignored() throws {
        let body =
            Self.event("DTSTART:20261224T150000Z\r\n", trigger: nil)
            + Self.event("DTSTART:20250101T150000Z\r\n")
            + "BEGIN:VTODO\r\nUID:t1\r\nDTSTAMP:20261101T000000Z\r\nSUMMARY:Buy milk\r\nEND:VTODO\r\n"
        let r = try read(Self.calendar(body))
        #expect(r.alarms.isEmpty && r.warnings.isEmpty && r.ignored == 3)
    }

    @Test("importing the same calendar twice adds its alarms once")
    func foreignIdempotent() throws {
        let r = try read(Self.calendar(Self.event("DTSTART;TZID=Europe/Moscow:20261123T090000\r\nRRULE:FREQ=WEEKLY;BYDAY=MO\r\n")))
        var doc = StoreDocument()
        #expect(CalendarMerge.merge(r, into: &doc).alarmsAdded == 1)
        #expect(CalendarMerge.merge(r, into: &doc).alarmsUnchanged == 1)
        #expect(doc.alarms.count == 1 && AlarmID.isValid(doc.alarms[0].id))
    }

    @Test("a series that starts months ahead never rings before it starts")
    func startsMonthsAhead() throws {
        for (rule, days) in [
            ("RRULE:FREQ=WEEKLY;BYDAY=MO,WE", WeekdaySet([.monday, .wednesday])),
            ("RRULE:FREQ=DAILY", Weekday.all), ("RRULE:FREQ=WEEKLY", [.monday]),
        ] {
            let r = try read(Self.calendar(Self.event("DTSTART;TZID=Europe/Moscow:20270301T090000\r\n\(rule)\r\n")))
            #expect(r.warnings == [], "\(rule)")
            #expect(r.alarms.map(\.schedule) == [.weekly(days: days, time: Self.t(8, 45), from: Self.d(2027, 3, 1))], "\(rule)")
            let calculator = OccurrenceCalculator(zone: Self.moscow, calendar: .plainWeek)
            #expect(r.alarms.first.flatMap { calculator.next($0.schedule, after: Self.now) } == ISO8601.parse("2027-03-01T05:45:00Z"))
        }
        // Starting tomorrow, on the first of its days: nothing to hold back.
        let soon = try read(Self.calendar(Self.event("DTSTART;TZID=Europe/Moscow:20261123T090000\r\nRRULE:FREQ=WEEKLY;BYDAY=MO\r\n")))
        #expect(soon.alarms.map(\.schedule) == [.weekly(days: [.monday], time: Self.t(8, 45))])
    }

    @Test("an INTERVAL libical would truncate is refused naming the event, not read as another number")
    func intervalOverflow() throws {
        for (interval, freq) in [
            ("65537", "DAILY"), ("131074", "DAILY"), ("4294967297", "DAILY"), ("65537", "WEEKLY"),
            ("3651", "DAILY"),
        ] {
            let r = try read(
                Self.calendar(Self.event("DTSTART;TZID=Europe/Moscow:20261123T090000\r\nRRULE:FREQ=\(freq);INTERVAL=\(interval)\r\n")))
            #expect(r.alarms.isEmpty, "\(interval)")
            #expect(
                r.warnings == [
                    .eventRefused(
                        CalendarEventName(summary: "Dentist", uid: "e1@example.org"),
                        .intervalOutOfRange(value: interval, maximum: Schedule.maximumInterval))
                ], "\(interval): \(r.warnings)")
        }
        let ok = try read(Self.calendar(Self.event("DTSTART;TZID=Europe/Moscow:20261123T090000\r\nRRULE:FREQ=DAILY;INTERVAL=3650\r\n")))
        #expect(ok.alarms.map(\.schedule) == [.everyNDays(interval: 3650, start: Self.d(2026, 11, 23), time: Self.t(8, 45))])
    }

    @Test("a day outside the years 2000 to 2199 is refused naming the event")
    func dateOutOfRange() throws {
        let name = CalendarEventName(summary: "Dentist", uid: "e1@example.org")
        let far = try read(Self.calendar(Self.event("DTSTART;TZID=Europe/Moscow:99991231T090000\r\n", trigger: "PT0S")))
        #expect(far.alarms.isEmpty && far.warnings == [.eventRefused(name, .dateOutOfRange("9999-12-31"))], "\(far.warnings)")
        let trigger = try read(Self.calendar(Self.event("DTSTART;TZID=Europe/Moscow:20261223T090000\r\n", trigger: "P99999999W")))
        #expect(trigger.alarms.isEmpty && trigger.warnings == [.eventRefused(name, .dateOutOfRange(">9999-12-31"))], "\(trigger.warnings)")
        let before = try read(
            Self.calendar(Self.event("DTSTART;TZID=Europe/Moscow:20261223T090000\r\nRRULE:FREQ=DAILY\r\n", trigger: "-P99999999W")))
        #expect(before.warnings == [.eventRefused(name, .dateOutOfRange("<0000-01-01"))], "\(before.warnings)")
        // Before 2000: a one-time event is over (ignored); a series goes on from then, on the same days.
        let old = try read(Self.calendar(Self.event("DTSTART;TZID=Europe/Moscow:19991231T090000\r\n", trigger: "PT0S")))
        #expect(old.warnings == [] && old.alarms.isEmpty && old.ignored == 1, "\(old.warnings)")
        let series = try read(
            Self.calendar(Self.event("DTSTART;TZID=Europe/Moscow:19991230T090000\r\nRRULE:FREQ=DAILY;INTERVAL=3\r\n", trigger: "PT0S")))
        #expect(
            series.alarms.map(\.schedule) == [.everyNDays(interval: 3, start: Self.d(2000, 1, 2), time: Self.t(9, 0))], "\(series.warnings)"
        )
        let weekly = try read(
            Self.calendar(Self.event("DTSTART;TZID=Europe/Moscow:19951225T090000\r\nRRULE:FREQ=WEEKLY\r\n", trigger: "PT0S")))
        #expect(weekly.alarms.map(\.schedule) == [.weekly(days: [.monday], time: Self.t(9, 0))], "\(weekly.warnings)")
        let absolute = try read(
            Self.calendar(
                Self.event("DTSTART;TZID=Europe/Moscow:20261223T090000\r\n", trigger: nil)
                    .replacingOccurrences(
                        "END:VEVENT",
                        "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;VALUE=DATE-TIME:22000101T090000Z\r\nEND:VALARM\r\nEND:VEVENT")))
        #expect(
            absolute.alarms.isEmpty && absolute.warnings == [.eventRefused(name, .dateOutOfRange("2200-01-01"))], "\(absolute.warnings)")
        let last = try read(Self.calendar(Self.event("DTSTART;TZID=Europe/Moscow:21991231T090000\r\n", trigger: "PT0S")))
        #expect(last.alarms.map(\.schedule) == [.once(date: Self.d(2199, 12, 31), time: Self.t(9, 0))])
    }

    @Test("a TZID that is a path is never handed to libical; one the file defines or the tz database has is")
    func zoneReferences() throws {
        let name = CalendarEventName(summary: "Dentist", uid: "e1@example.org")
        for tzid in ["../../../../tmp/x", "/etc/passwd", "Europe/../../x", "Nowhere/Else", "right/Europe/Moscow"] {
            let r = try read(Self.calendar(Self.event("DTSTART;TZID=\(tzid):20261223T090000\r\n", trigger: "PT0S")))
            #expect(r.alarms.isEmpty && r.warnings == [.eventRefused(name, .zoneNotInDatabase(tzid))], "\(tzid): \(r.warnings)")
        }
        for tzid in ["Europe/Moscow", "/freeassociation.sourceforge.net/Europe/Moscow", "UTC"] {
            #expect(ZoneReferences.isAcceptable(tzid, defined: []), "\(tzid)")
        }
        #expect(ZoneReferences.isAcceptable("Custom Zone", defined: ["Custom Zone"]))
        #expect(!ZoneReferences.isAcceptable("../x", defined: ["../x"]))
    }
}

/// An empty text value is valid RFC 5545 (Google's `X-WR-CALDESC:`, python icalendar's
/// `DESCRIPTION:`): the file imports; an empty value of another type is still refused by line.
@Suite("iCalendar: empty text values")
struct EmptyTextValueTests {
    @Test("a Google-shaped export with empty X-WR-CALDESC, DESCRIPTION and LOCATION imports")
    func emptyTextImports() throws {
        let bytes = Array(
            """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//Google Inc//Google Calendar 70.9054//EN\r
            X-WR-CALNAME:Будильники\r
            X-WR-CALDESC:\r
            BEGIN:VEVENT\r
            DTSTART;TZID=Europe/Moscow:20261201T070000\r
            RRULE:FREQ=WEEKLY;BYDAY=MO,TU\r
            UID:abc@google.com\r
            DTSTAMP:20261101T000000Z\r
            SUMMARY:Подъём\r
            DESCRIPTION:\r
            LOCATION:\r
            X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:\r
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            DESCRIPTION:Подъём\r
            TRIGGER:-PT0M\r
            END:VALARM\r
            END:VEVENT\r
            END:VCALENDAR\r

            """.utf8)
        let r = try CalendarImporter.read(bytes, zone: ForeignCalendarTests.moscow, now: ForeignCalendarTests.now)
        #expect(r.warnings == [])
        #expect(r.alarms.map(\.label) == ["Подъём"])
    }

    @Test("an empty DTSTART is still refused at its line")
    func emptyDateRefused() {
        let bytes = ForeignCalendarTests.calendar(ForeignCalendarTests.event("DTSTART:\r\n"))
        #expect(throws: CalendarFileError.self) {
            try CalendarImporter.read(bytes, zone: ForeignCalendarTests.moscow, now: ForeignCalendarTests.now)
        }
    }

    @Test("libical's notes of dropped empty values are told apart")
    func droppedNotes() {
        #expect(EmptyTextProperty.isDroppedEmptyText("No value for DESCRIPTION property. Removing entire property:"))
        #expect(EmptyTextProperty.isDroppedEmptyText("No value for X property. Removing entire property:"))
        #expect(!EmptyTextProperty.isDroppedEmptyText("No value for DTSTART property. Removing entire property:"))
        #expect(!EmptyTextProperty.isDroppedEmptyText("Parse error in property name: FOO"))
    }
}
