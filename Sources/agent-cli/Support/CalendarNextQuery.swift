// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import MoscowTimeStore

/// The calendar part of `agent-cli next`: asks `moscowtime-calendar calendar-next` (libical lives
/// there) for the soonest reminder of the calendars whose reminders ring. Nothing is run when no
/// calendar rings, so `next` costs what it did for everyone else.
enum CalendarNextQuery {
    struct Reminder {
        let at: Instant
        let calendar: String
        let summary: String
    }

    static func soonest(_ settings: Settings) -> Reminder? {
        guard !settings.remindedCalendars.isEmpty, let path = CalendarHelper.path(),
            let r = Subprocess.run([path, "calendar-next", "1"], stderr: .discard), r.status == 0,
            let v = try? JSONParser.parse(r.output), let first = v["reminders"]?.arrayValue?.first,
            let at = first["at"]?.stringValue.flatMap(ISO8601.parse), let calendar = first["calendar"]?.stringValue
        else { return nil }
        return Reminder(at: at, calendar: calendar, summary: first["summary"]?.stringValue ?? "")
    }
}
