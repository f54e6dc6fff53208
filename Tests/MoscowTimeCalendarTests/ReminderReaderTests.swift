// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import Testing

@testable import MoscowTimeCalendar

/// What `ReminderReader` reads beyond the instants (which test_reminder_instants.py compares with
/// an independent reader): what each reminder carries, what never rings, the RFC's reading of
/// skipped and repeated local times, and the bounds on hostile calendars.
@Suite("Calendar reminders")
struct ReminderReaderTests {
    static let moscow = Zone(identifier: "Europe/Moscow")!
    static let berlin = Zone(identifier: "Europe/Berlin")!

    static func at(_ text: String) -> Instant { ISO8601.parse(text)! }

    static func calendar(_ body: String, head: String = "") -> [UInt8] {
        Array("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//Reminders//EN\r\n\(head)\(body)END:VCALENDAR\r\n".utf8)
    }

    static func valarm(_ trigger: String, action: String = "DISPLAY", extra: String = "") -> String {
        "BEGIN:VALARM\r\nACTION:\(action)\r\nDESCRIPTION:x\r\nTRIGGER\(trigger)\r\n\(extra)END:VALARM\r\n"
    }

    static func event(_ lines: String, alarms: String = valarm(":-PT15M"), uid: String = "e1@example.org", kind: String = "VEVENT")
        -> String
    {
        "BEGIN:\(kind)\r\nUID:\(uid)\r\nDTSTAMP:20261101T000000Z\r\nSUMMARY:Dentist\r\n\(lines)\(alarms)END:\(kind)\r\n"
    }

    func read(
        _ bytes: [UInt8], zone: Zone = Self.moscow, floating: Zone? = nil, from: String = "2026-01-01T00:00:00Z",
        to: String = "2028-01-01T00:00:00Z"
    ) throws -> ReminderReading {
        try ReminderReader.read(bytes, zone: zone, floating: floating, window: Self.at(from)..<Self.at(to))
    }

    @Test("a reminder carries its item: UID, summary, location, zone, time range, kind, which alarm")
    func fields() throws {
        let r = try read(
            Self.calendar(
                Self.event(
                    "LOCATION:Room 1\r\nDTSTART;TZID=Europe/Berlin:20261201T090000\r\nDTEND;TZID=Europe/Berlin:20261201T100000\r\n",
                    alarms: Self.valarm(":-PT15M", action: "EMAIL") + Self.valarm(";RELATED=END:PT0S", extra: "UID:alarm-2\r\n"))))
        #expect(r.otherActions == 1)
        #expect(
            r.reminders == [
                CalendarReminder(
                    uid: "e1@example.org", recurrenceID: nil, alarm: 1, alarmUID: "alarm-2", repetition: 0,
                    at: Self.at("2026-12-01T09:00:00Z"), kind: .event, start: .instant(Self.at("2026-12-01T08:00:00Z")),
                    end: .instant(Self.at("2026-12-01T09:00:00Z")), zone: "Europe/Berlin", summary: "Dentist", location: "Room 1",
                    acknowledged: false, snoozedUntil: nil)
            ])
    }

    @Test("an all-day event is its days in the user's zone: -PT9H is 15:00 the day before")
    func allDay() throws {
        let text = Self.calendar(Self.event("DTSTART;VALUE=DATE:20261224\r\nDTEND;VALUE=DATE:20261225\r\n", alarms: Self.valarm(":-PT9H")))
        let r = try read(text)
        #expect(r.reminders.map(\.at) == [Self.at("2026-12-23T12:00:00Z")])
        #expect(r.reminders.first?.start == .date(CivilDate(year: 2026, month: 12, day: 24)!))
        #expect(r.reminders.first?.end == .date(CivilDate(year: 2026, month: 12, day: 25)!))
        #expect(try read(text, zone: Self.berlin).reminders.map(\.at) == [Self.at("2026-12-23T14:00:00Z")])
    }

    @Test("a to-do rings relative to its DUE (RELATED=END), and to its DUE when it has no start")
    func todo() throws {
        let r = try read(
            Self.calendar(
                Self.event(
                    "DUE:20261210T170000Z\r\n", alarms: Self.valarm(";RELATED=END:-PT30M") + Self.valarm(":-PT1H"), kind: "VTODO")))
        #expect(r.reminders.map(\.at) == [Self.at("2026-12-10T16:00:00Z"), Self.at("2026-12-10T16:30:00Z")])
        #expect(r.reminders.allSatisfy { $0.kind == .todo && $0.start == nil && $0.end == .instant(Self.at("2026-12-10T17:00:00Z")) })
    }

    @Test("cancelled events, completed to-dos and a cancelled occurrence never ring")
    func silent() throws {
        let series = Self.event("DTSTART:20261201T090000Z\r\nRRULE:FREQ=DAILY;COUNT=3\r\n", uid: "s")
        let cancelledOne = Self.event("RECURRENCE-ID:20261202T090000Z\r\nDTSTART:20261202T090000Z\r\nSTATUS:CANCELLED\r\n", uid: "s")
        let r = try read(
            Self.calendar(
                series + cancelledOne + Self.event("DTSTART:20261201T090000Z\r\nSTATUS:CANCELLED\r\n", uid: "c")
                    + Self.event("DUE:20261201T090000Z\r\nSTATUS:COMPLETED\r\n", uid: "t1", kind: "VTODO")
                    + Self.event("DUE:20261201T090000Z\r\nCOMPLETED:20261130T090000Z\r\n", uid: "t2", kind: "VTODO")))
        #expect(r.reminders.map(\.recurrenceID) == ["20261201T090000Z", "20261203T090000Z"])
    }

    @Test("an override whose RECURRENCE-ID cannot be read is left out, not rung as a second series")
    func unreadableOverride() throws {
        let series = Self.event("DTSTART:20261201T090000Z\r\nRRULE:FREQ=DAILY;COUNT=2\r\n", uid: "s")
        let lost = Self.event("RECURRENCE-ID:18001202T090000Z\r\nDTSTART:20261202T100000Z\r\n", uid: "s")
        let r = try read(Self.calendar(series + lost))
        #expect(r.reminders.map(\.recurrenceID) == ["20261201T090000Z", "20261202T090000Z"])
        #expect(r.skipped.map(\.reason) == [.unreadableRecurrenceID])
    }

    @Test("a local time a DST change skips or repeats is read by RFC 5545 §3.3.5, not as libical reads it")
    func daylightSaving() throws {
        // Skipped: the offset before the gap (02:30 CET = 03:30 CEST). Repeated: the first (CEST).
        let r = try read(
            Self.calendar(
                Self.event("DTSTART;TZID=Europe/Berlin:20260329T023000\r\n", alarms: Self.valarm(":PT0S"), uid: "gap")
                    + Self.event("DTSTART;TZID=Europe/Berlin:20261025T023000\r\n", alarms: Self.valarm(":PT0S"), uid: "overlap")))
        #expect(r.reminders.map(\.at) == [Self.at("2026-03-29T01:30:00Z"), Self.at("2026-10-25T00:30:00Z")])
    }

    @Test("floating times: the calendar's X-WR-TIMEZONE, else the zone given, else the user's")
    func floating() throws {
        let body = Self.event("DTSTART:20261201T090000\r\n", alarms: Self.valarm(":PT0S"))
        let tokyo = Zone(identifier: "Asia/Tokyo")!
        #expect(try read(Self.calendar(body)).reminders.map(\.at) == [Self.at("2026-12-01T06:00:00Z")])
        #expect(try read(Self.calendar(body), floating: tokyo).reminders.map(\.at) == [Self.at("2026-12-01T00:00:00Z")])
        let google = Self.calendar(body, head: "X-WR-TIMEZONE:Europe/Berlin\r\n")
        #expect(try read(google, floating: tokyo).reminders.map(\.at) == [Self.at("2026-12-01T08:00:00Z")])
    }

    @Test("the window takes its start and not its end")
    func windowBounds() throws {
        let text = Self.calendar(Self.event("DTSTART:20261201T090000Z\r\nRRULE:FREQ=DAILY\r\n", alarms: Self.valarm(":PT0S")))
        let r = try read(text, from: "2026-12-02T09:00:00Z", to: "2026-12-04T09:00:00Z")
        #expect(r.reminders.map(\.at) == [Self.at("2026-12-02T09:00:00Z"), Self.at("2026-12-03T09:00:00Z")])
    }

    @Test("a series from before 2000 rings: a birthday since 1985, a daily rule since 1990 (read from the window)")
    func longHistory() throws {
        let birthday = Self.event(
            "DTSTART;VALUE=DATE:19851203\r\nDTEND;VALUE=DATE:19851204\r\nRRULE:FREQ=YEARLY\r\n", alarms: Self.valarm(":-PT9H"), uid: "b")
        let daily = Self.event("DTSTART:19900101T060000Z\r\nRRULE:FREQ=DAILY\r\n", alarms: Self.valarm(":PT0S"), uid: "d")
        let r = try read(Self.calendar(birthday + daily), from: "2026-12-01T00:00:00Z", to: "2026-12-03T00:00:00Z")
        #expect(r.skipped == [])
        #expect(
            r.reminders.map(\.at) == ["2026-12-01T06:00:00Z", "2026-12-02T06:00:00Z", "2026-12-02T12:00:00Z"].map(Self.at))
        #expect(r.reminders.last?.start == .date(CivilDate(year: 2026, month: 12, day: 3)!))
    }

    @Test("a rule that repeats within a day is walked from its start (libical's set_start loses its phase), within the step bound")
    func withinADay() throws {
        let text = Self.calendar(
            Self.event("DTSTART:20261130T003000Z\r\nRRULE:FREQ=MINUTELY;INTERVAL=90\r\n", alarms: Self.valarm(":PT0S")))
        let r = try read(text, from: "2026-12-03T10:00:00Z", to: "2026-12-03T14:00:00Z")
        #expect(r.reminders.map(\.at) == ["11:00", "12:30"].map { Self.at("2026-12-03T\($0):00Z") })
        let ancient = Self.calendar(Self.event("DTSTART:20000101T000000Z\r\nRRULE:FREQ=MINUTELY\r\n", alarms: Self.valarm(":PT0S")))
        #expect(try read(ancient).skipped.map(\.reason) == [.tooManySteps(limit: ReminderLimits.maximumSteps)])
    }

    @Test("hostile calendars are bounded: steps, reminders, triggers, zones; the other items are still read")
    func hostile() throws {
        let ok = Self.event("DTSTART:20261201T090000Z\r\n", uid: "ok")
        let walked = Self.event("DTSTART:20000101T000000Z\r\nRRULE:FREQ=SECONDLY;COUNT=999999999\r\n", uid: "walked")
        let many = Self.event(
            "DTSTART:20261201T000000Z\r\nRRULE:FREQ=MINUTELY\r\n", alarms: Self.valarm(":PT0S", extra: "REPEAT:3\r\nDURATION:PT1S\r\n"),
            uid: "many")
        let far = Self.event("DTSTART:20261201T090000Z\r\n", alarms: Self.valarm(":-P99999999W"), uid: "far")
        let path = Self.event("DTSTART;TZID=../../../../tmp/x:20261201T090000\r\n", uid: "path")
        let r = try read(Self.calendar(ok + walked + far + path + many), from: "2026-12-01T00:00:00Z", to: "2026-12-08T00:00:00Z")
        #expect(r.reminders.count == ReminderLimits.maximumReminders)
        #expect(r.reminders.contains { $0.uid == "ok" })
        // The zones are checked as the items are collected, before any is expanded.
        #expect(
            r.skipped.map(\.reason) == [
                .zoneNotInDatabase("../../../../tmp/x"), .tooManySteps(limit: ReminderLimits.maximumSteps), .unreadableTrigger,
                .tooManyReminders(limit: ReminderLimits.maximumReminders),
            ])
        let deep = String(repeating: "BEGIN:X-A\r\n", count: 20) + String(repeating: "END:X-A\r\n", count: 20)
        #expect(throws: CalendarFileError.self) { try read(Self.calendar(ok + deep)) }
        // A text without a VALARM has no reminder and is not parsed at all.
        #expect(try read(Self.calendar(deep)) == ReminderReading())
    }
}
