// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import Testing

@testable import MoscowTimeCalendar

/// Another program's event taken as an alarm, changed here: its text keeps every line the change
/// does not mean, byte for byte (folding, parameters, line endings), and says the change.
@Suite("Patching another program's event")
struct AdoptedEventPatchTests {
    static let moscow = Zone(identifier: "Europe/Moscow")!
    /// Sunday 2026-11-22 12:00 UTC.
    static let now = ISO8601.parse("2026-11-22T12:00:00Z")!

    /// Thunderbird's shape: a quoted parameter with a colon and a comma, a folded DESCRIPTION, an
    /// X-property of its own, TRIGGER with VALUE=DURATION, a second (e-mail) alarm.
    static let thunderbird = [
        "BEGIN:VCALENDAR", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN", "VERSION:2.0",
        "BEGIN:VEVENT", "CREATED:20261120T080000Z", "LAST-MODIFIED:20261122T121000Z", "DTSTAMP:20261122T121000Z",
        "UID:tb-1@example.org", "SUMMARY:Планёрка", "RRULE:FREQ=WEEKLY;BYDAY=MO,WE",
        "DTSTART;TZID=Europe/Moscow:20261123T100000", "DTEND;TZID=Europe/Moscow:20261123T110000",
        "LOCATION:Кабинет 5", "DESCRIPTION:Второй этаж\\, кабинет 5\\; взять полис\\, паспорт и выписку из к",
        " арты — регистратура напоминает",
        "ATTENDEE;CN=\"Иванов, И. И.: отдел\";PARTSTAT=NEEDS-ACTION:mailto:ivanov@example.org",
        "X-MOZ-GENERATION:3", "SEQUENCE:2",
        "BEGIN:VALARM", "ACTION:EMAIL", "SUMMARY:x", "DESCRIPTION:x", "ATTENDEE:mailto:me@example.org", "TRIGGER:-P1D", "END:VALARM",
        "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Default Mozilla Description", "TRIGGER;VALUE=DURATION:-PT15M", "END:VALARM",
        "END:VEVENT", "END:VCALENDAR",
    ].map { $0 + "\r\n" }.joined()

    static func adopted(_ text: String) throws -> Alarm {
        let imp = try CalendarImporter.read(Array(text.utf8), zone: moscow, now: now, adopting: true)
        return try #require(imp.alarms.first)
    }

    static func patched(_ text: String, _ change: (inout Alarm) -> Void) throws -> String {
        var alarm = try adopted(text)
        change(&alarm)
        alarm.modified = now
        return try #require(AdoptedEventPatch.patched(text, alarm: alarm, zone: moscow, now: now))
    }

    /// The physical lines of `after` that are not in `before`, and those of `before` gone.
    static func lineDiff(_ before: String, _ after: String) -> (added: [String], gone: [String]) {
        let b = before.split(separator: "\r\n").map(String.init)
        let a = after.split(separator: "\r\n").map(String.init)
        return (a.filter { !b.contains($0) }, b.filter { !a.contains($0) })
    }

    @Test("nothing changed, or only the stamps (clamped to the server's clock): the text as it was")
    func unchanged() throws {
        let text = Self.thunderbird
        #expect(try Self.patched(text) { _ in } == text)
        #expect(try Self.patched(text) { $0.modified = Self.now + 3600 } == text)
    }

    @Test("a label: SUMMARY, with SEQUENCE and the stamps stepped past the copy's; nothing else")
    func label() throws {
        let after = try Self.patched(Self.thunderbird) { $0.label = "Зубной, к 10" }
        let diff = Self.lineDiff(Self.thunderbird, after)
        #expect(
            Set(diff.added)
                == ["SUMMARY:Зубной\\, к 10", "SEQUENCE:3", "LAST-MODIFIED:20261122T121001Z", "DTSTAMP:20261122T121001Z"])
        #expect(Set(diff.gone) == ["SUMMARY:Планёрка", "SEQUENCE:2", "LAST-MODIFIED:20261122T121000Z", "DTSTAMP:20261122T121000Z"])
        #expect(try Self.adopted(after).label == "Зубной, к 10")
    }

    @Test("the ring time: the reminder's TRIGGER (its parameters kept), not DTSTART")
    func ringTime() throws {
        let after = try Self.patched(Self.thunderbird) {
            $0.schedule = .weekly(days: [.monday, .wednesday], time: TimeOfDay(hour: 9, minute: 30)!)
        }
        let diff = Self.lineDiff(Self.thunderbird, after)
        #expect(diff.added.contains("TRIGGER;VALUE=DURATION:-PT30M") && diff.gone.contains("TRIGGER;VALUE=DURATION:-PT15M"))
        #expect(diff.added.count == 4 && !diff.gone.contains("TRIGGER:-P1D"))
        #expect(try Self.adopted(after).schedule == .weekly(days: [.monday, .wednesday], time: TimeOfDay(hour: 9, minute: 30)!))
    }

    @Test("a skip: an EXDATE written as DTSTART is, at the event's start; taken back, it goes")
    func skip() throws {
        let day = CivilDate(year: 2026, month: 11, day: 25)!
        let after = try Self.patched(Self.thunderbird) { $0.skippedDays = [day] }
        #expect(Self.lineDiff(Self.thunderbird, after).added.contains("EXDATE;TZID=Europe/Moscow:20261125T100000"))
        #expect(try Self.adopted(after).skippedDays == [day])
        let back = try Self.patched(after) { $0.skippedDays = [] }
        #expect(!back.contains("EXDATE"))
    }

    @Test("off: no reminder left (the e-mail alarm stays), the offset kept; on again: a reminder at the ring")
    func offAndOn() throws {
        let off = try Self.patched(Self.thunderbird) { $0.enabled = false }
        #expect(!off.contains("ACTION:DISPLAY") && off.contains("ACTION:EMAIL"))
        #expect(off.contains("X-MOSCOWTIME-ENABLED:FALSE\r\n") && off.contains("X-MOSCOWTIME-TRIGGER:-PT15M\r\n"))
        let read = try Self.adopted(off)
        #expect(!read.enabled && read.schedule.time == TimeOfDay(hour: 9, minute: 45)!)
        let on = try Self.patched(off) { $0.enabled = true }
        #expect(on.contains("TRIGGER:-PT15M") && !on.contains("X-MOSCOWTIME"))
        #expect(try Self.adopted(on).enabled)
    }

    @Test("a line that was folded and not changed keeps its folding; a long new one is folded at 75 octets")
    func folding() throws {
        let label = String(repeating: "Очень длинное название ", count: 3)
        let after = try Self.patched(Self.thunderbird) { $0.label = label.trimmingWhitespace }
        #expect(after.contains("DESCRIPTION:Второй этаж\\, кабинет 5\\; взять полис\\, паспорт и выписку из к\r\n арты"))
        for line in after.split(separator: "\r\n") where line.hasPrefix("SUMMARY") || line.hasPrefix(" ") {
            #expect(line.utf8.count <= 75)
        }
        #expect(try Self.adopted(after).label == label.trimmingWhitespace)
    }

    @Test("a one-time event switched off after it rang (as the agent does) loses its reminder, keeps its time")
    func oneTimeAfterItRang() throws {
        let text = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//khal//EN", "BEGIN:VEVENT", "UID:k-1@example.org",
            "DTSTAMP:20261121T080000Z", "SUMMARY:Dentist", "DTSTART;TZID=Europe/Moscow:20261122T100000",
            "DTEND;TZID=Europe/Moscow:20261122T110000", "LOCATION:Кабинет 5",
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Dentist", "TRIGGER:-PT15M", "END:VALARM", "END:VEVENT", "END:VCALENDAR",
        ].map { $0 + "\r\n" }.joined()
        let before = ISO8601.parse("2026-11-22T06:00:00Z")!
        var alarm = try #require(CalendarImporter.read(Array(text.utf8), zone: Self.moscow, now: before, adopting: true).alarms.first)
        alarm.enabled = false
        alarm.modified = Self.now
        let off = try #require(AdoptedEventPatch.patched(text, alarm: alarm, zone: Self.moscow, now: Self.now))
        #expect(!off.contains("BEGIN:VALARM") && off.contains("X-MOSCOWTIME-TRIGGER:-PT15M\r\n"))
        #expect(off.contains("DTSTART;TZID=Europe/Moscow:20261122T100000\r\n") && off.contains("LOCATION:Кабинет 5\r\n"))
    }

    @Test("weekly days: BYDAY of its RRULE, the rest of the rule as written")
    func days() throws {
        let after = try Self.patched(Self.thunderbird) {
            $0.schedule = .weekly(days: [.monday, .friday], time: TimeOfDay(hour: 9, minute: 45)!)
        }
        #expect(Self.lineDiff(Self.thunderbird, after).added.contains("RRULE:FREQ=WEEKLY;BYDAY=MO,FR"))
        #expect(try Self.adopted(after).schedule == .weekly(days: [.monday, .friday], time: TimeOfDay(hour: 9, minute: 45)!))
    }

    @Test("snooze and sound: our X-properties, escaped; taken back, gone")
    func ourProperties() throws {
        let after = try Self.patched(Self.thunderbird) {
            $0.snoozeMinutes = 7
            $0.sound = "/home/u/a,b.oga"
        }
        #expect(after.contains("X-MOSCOWTIME-SNOOZE:7\r\n") && after.contains("X-MOSCOWTIME-SOUND:/home/u/a\\,b.oga\r\n"))
        let read = try Self.adopted(after)
        #expect(read.snoozeMinutes == 7 && read.sound == "/home/u/a,b.oga")
        let back = try Self.patched(after) {
            $0.snoozeMinutes = nil
            $0.sound = nil
        }
        #expect(!back.contains("X-MOSCOWTIME-S"))
    }

    @Test("a change of kind (once ↔ weekly) is none a line can say: the caller writes the alarm as ours")
    func kindChange() throws {
        var alarm = try Self.adopted(Self.thunderbird)
        alarm.schedule = .once(date: CivilDate(year: 2026, month: 12, day: 1)!, time: TimeOfDay(hour: 9, minute: 0)!)
        #expect(AdoptedEventPatch.patched(Self.thunderbird, alarm: alarm, zone: Self.moscow, now: Self.now) == nil)
    }

    @Test("a file with bare line feeds keeps them, and the lines added use them too")
    func lineFeeds() throws {
        let text = Self.thunderbird.replacingOccurrences("\r\n", "\n")
        let after = try Self.patched(text) { $0.label = "Зубной" }
        #expect(!after.contains("\r") && after.contains("\nSUMMARY:Зубной\n"))
    }
}
