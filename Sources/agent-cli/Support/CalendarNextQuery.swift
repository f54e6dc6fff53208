// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import MoscowTimeStore

/// The calendar part of `agent-cli next`: asks `moscowtime-calendar calendar-next` (libical lives
/// there) for the soonest reminders of the calendars whose reminders ring, and takes the first the
/// agent's ledger still has to ring (dismissed or snoozed here, it is not that one; a snooze is).
/// Nothing is run when no calendar rings, so `next` costs what it did for everyone else.
enum CalendarNextQuery {
    struct Reminder {
        let at: Instant
        let calendar: String
        let summary: String
        let uid: String
        let snoozed: Bool
    }

    /// Enough for the next one past those dismissed here (a dismissal covers its repetitions too).
    static let count = 32

    static func soonest(_ settings: Settings, paths: StorePaths) -> Reminder? {
        guard let v = answer(settings, count: count) else { return nil }
        let ledger = (try? CalendarReminderLedger.read(paths.stateDirectory + "/" + CalendarReminderLedger.fileName)) ?? .init()
        let rings = (v["reminders"]?.arrayValue ?? []).compactMap(CalendarRing.init)
        guard let first = ledger.stillToRing(rings, reminded: settings.remindedCalendars).min(by: { $0.at < $1.at }) else {
            return nil
        }
        return Reminder(
            at: first.at, calendar: first.calendar, summary: first.reminder.summary, uid: first.reminder.uid,
            snoozed: ledger.snoozed.contains(first))
    }

    /// The tool's answer; nil when no calendar rings or it gives none.
    static func answer(_ settings: Settings, count: Int = 1) -> JSONValue? {
        guard !settings.remindedCalendars.isEmpty, let path = CalendarHelper.path(),
            // Read-only: only the agent's own readings write the caches (`CalendarNextOptions`).
            let r = Subprocess.run([path, "calendar-next", String(count), "--read-only"], stderr: .discard), r.status == 0
        else { return nil }
        return try? JSONParser.parse(r.output)
    }

    /// What `calendars` says under its table of each calendar that rings: the reminders that send
    /// e-mail or run a program, which are not rung here, and the files that cannot be read.
    static func notes(_ settings: Settings, _ t: Localizer) -> [String] {
        var lines: [String] = []
        for c in answer(settings)?["calendars"]?.arrayValue ?? [] {
            let name = TerminalText.oneLine(c["name"]?.stringValue ?? "")
            let others = c["otherActions"]?.intValue ?? 0
            let unreadable = c["unreadable"]?.intValue ?? 0
            if others > 0 {
                lines.append(
                    t.plural(
                        "{calendar}: {n} reminder sends e-mail or runs a program; it is not rung here",
                        "{calendar}: {n} reminders send e-mail or run a program; they are not rung here", count: others,
                        ["calendar": name, "n": String(others)]))
            }
            if unreadable > 0 {
                lines.append(
                    t.plural(
                        "{calendar}: {n} file cannot be read and is skipped ({file})",
                        "{calendar}: {n} files cannot be read and are skipped (the first: {file})", count: unreadable,
                        ["calendar": name, "n": String(unreadable), "file": TerminalText.oneLine(c["firstUnreadable"]?.stringValue ?? "")]))
            }
        }
        return lines
    }
}
