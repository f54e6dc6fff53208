// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeCalendar
import MoscowTimeDomain
import MoscowTimeStore

/// `moscowtime-calendar reminders FILE ZONE FLOATING|- FROM TO` (hidden, no agent-cli command):
/// every reminder `ReminderReader` reads in FILE over [FROM, TO) (ISO 8601 instants), as one JSON
/// object on standard output. The suite compares it with an independent reader
/// (Tests/Integration/test_reminder_instants.py); the agent will read calendars through it.
enum RemindersTool {
    static func run(file: String, zone zoneName: String, floating: String, from: String, to: String) throws {
        // A hidden command run by the suite and the agent: a wrong argument is a caller's bug,
        // said with the message every unexpected argument gets.
        let floatingZone = floating == "-" ? nil : Zone.shared(floating)
        guard let zone = Zone.shared(zoneName), floating == "-" || floatingZone != nil, let start = ISO8601.parse(from),
            let end = ISO8601.parse(to), start < end
        else {
            throw InputError(
                "moscowtime-calendar is run by agent-cli (export --ics, import); unexpected arguments: {arguments}",
                ["arguments": ["reminders", file, zoneName, floating, from, to].joined(separator: " ")])
        }
        let bytes = try UserFile.read(file, limit: CalendarLimits.maximumFileBytes)
        let reading: ReminderReading
        do throws(CalendarFileError) {
            reading = try ReminderReader.read(bytes, zone: zone, floating: floatingZone, window: start..<end)
        } catch {
            throw ToolFailure(status: 2) { CalendarWording.fileError(error, file: file, $0) }
        }
        ToolOutput.write(JSONWriter.compact(json(reading)) + "\n")
    }

    static func json(_ r: ReminderReading) -> JSONValue {
        .object([
            ("reminders", .array(r.reminders.map(json))),
            ("otherActions", .int(r.otherActions)),
            ("skipped", .array(r.skipped.map { .object([("uid", .string($0.item.uid)), ("reason", .string("\($0.reason)"))]) })),
        ])
    }

    static func json(_ r: CalendarReminder) -> JSONValue {
        .object([
            ("uid", .string(r.uid)), ("recurrenceID", .optional(r.recurrenceID)), ("alarm", .int(r.alarm)),
            ("alarmUID", .optional(r.alarmUID)), ("repetition", .int(r.repetition)), ("at", .string(ISO8601.utcString(r.at))),
            ("kind", .string(r.kind.rawValue)), ("start", json(r.start)), ("end", json(r.end)), ("zone", .optional(r.zone)),
            ("summary", .string(r.summary)), ("location", .string(r.location)), ("acknowledged", .bool(r.acknowledged)),
            ("snoozedUntil", .optional(r.snoozedUntil.map(ISO8601.utcString))),
        ])
    }

    static func json(_ t: CalendarReminder.Time?) -> JSONValue {
        switch t {
        case .instant(let at)?: .string(ISO8601.utcString(at))
        case .date(let d)?: .string(d.description)
        case nil: .null
        }
    }
}
