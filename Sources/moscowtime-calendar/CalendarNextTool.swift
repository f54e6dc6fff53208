// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeCalendar
import MoscowTimeDomain
import MoscowTimeStore

/// `moscowtime-calendar calendar-next COUNT` (run by `agent-cli next` and `calendars`): the soonest
/// COUNT reminders of the calendars whose reminders ring (`calendars remind`) over the next week,
/// as JSON. One acknowledged elsewhere is left out; one snoozed elsewhere counts at its snooze. Per
/// calendar, what is not rung: the VALARMs that send e-mail or run a program (`otherActions`), and
/// the files that cannot be read (`unreadable`, the first named), which are skipped.
enum CalendarNextTool {
    static let horizon: Int64 = 7 * 86_400

    static func run(count: Int) throws {
        let ctx = try ToolContext()
        let settings = try ctx.store.load().settings
        let zone = try ctx.zone(settings)
        let reminded = Set(settings.remindedCalendars)
        let calendars = LocalCalendars.all(settings, environment: ctx.environment, paths: ctx.store.paths).filter {
            reminded.contains($0.folder)
        }
        var found: [(at: Instant, calendar: LocalCalendar, reminder: CalendarReminder)] = []
        var stats: [JSONValue] = []
        for calendar in calendars {
            var unreadable: [String] = []
            var otherActions = 0
            for file in LocalCalendars.itemFiles(calendar.folder) {
                guard let bytes = try? UserFile.read(file, limit: CalendarLimits.maximumFileBytes),
                    let reading = try? ReminderReader.read(bytes, zone: zone, floating: nil, window: ctx.now..<(ctx.now + horizon))
                else {
                    unreadable.append(file)
                    continue
                }
                otherActions += reading.otherActions
                for r in reading.reminders where !r.acknowledged {
                    let at = r.snoozedUntil.map { max($0, r.at) } ?? r.at
                    if at >= ctx.now { found.append((at, calendar, r)) }
                }
            }
            stats.append(
                .object([
                    ("name", .string(calendar.name)), ("folder", .string(calendar.folder)), ("otherActions", .int(otherActions)),
                    ("unreadable", .int(unreadable.count)), ("firstUnreadable", .optional(unreadable.first)),
                ]))
        }
        found.sort { ($0.at, $0.reminder.summary) < ($1.at, $1.reminder.summary) }
        let items: [JSONValue] = found.prefix(count).map { f in
            .object([
                ("at", .string(ISO8601.string(f.at, in: zone))), ("calendar", .string(f.calendar.name)),
                ("folder", .string(f.calendar.folder)), ("summary", .string(f.reminder.summary)),
                ("location", .string(f.reminder.location)), ("kind", .string(f.reminder.kind.rawValue)),
                ("start", RemindersTool.json(f.reminder.start)), ("uid", .string(f.reminder.uid)),
                ("recurrenceID", .optional(f.reminder.recurrenceID)), ("alarm", .int(f.reminder.alarm)),
                ("repetition", .int(f.reminder.repetition)), ("end", RemindersTool.json(f.reminder.end)),
                ("zone", .optional(f.reminder.zone)),
            ])
        }
        ToolOutput.write(JSONWriter.compact(.object([("reminders", .array(items)), ("calendars", .array(stats))])) + "\n")
    }
}
