// SPDX-License-Identifier: GPL-3.0-or-later
/// The words of a calendar reminder's notification (issue 38), in the user's language. Pure, so
/// tests read what the user will read; the agent adds icon, urgency and sound.
public struct CalendarReminderText: Sendable {
    public let t: Localizer
    public let zone: Zone

    public init(_ t: Localizer, zone: Zone) {
        self.t = t
        self.zone = zone
    }

    public struct Reminder: Sendable, Equatable {
        public let summary: String
        /// Plain text; the agent escapes it when the server renders markup.
        public let body: String
        public let snoozeLabel: String
        public let dismissLabel: String
    }

    /// `summary`: the item's SUMMARY; `body`: its time in the user's zone (and in its own zone when
    /// that shows another clock), its location, its calendar, and how long Snooze waits.
    public func reminder(_ r: CalendarReminder, calendar: String, snoozeMinutes: Int) -> Reminder {
        var lines: [String] = []
        if let text = when(r, in: zone) { lines.append(text) }
        if let name = r.zone, name != zone.identifier, let own = Zone(identifier: name), let there = when(r, in: own),
            there != lines.first
        {
            lines.append(t("{time} ({zone})", ["time": there, "zone": name]))
        }
        if !r.location.isEmpty { lines.append(r.location) }
        lines.append(t("Calendar: {name}", ["name": calendar]))
        lines.append(t("Snooze: {n} min", ["n": String(snoozeMinutes)]))
        let summary = r.summary.isEmpty ? t("Calendar reminder") : r.summary
        return Reminder(summary: summary, body: lines.joined(separator: "\n"), snoozeLabel: t("Snooze"), dismissLabel: t("Dismiss"))
    }

    /// A reminder shown after its instant passed unseen (the machine was off or asleep, the user
    /// logged out): the same words, the body opened by when it was due — "Missed at 09:45",
    /// "Missed yesterday at 21:30" — as of `now`.
    public func missed(_ r: CalendarReminder, calendar: String, snoozeMinutes: Int, now: Instant) -> Reminder {
        let words = reminder(r, calendar: calendar, snoozeMinutes: snoozeMinutes)
        let due = zone.local(r.at)
        let today = zone.local(now).date
        let line =
            due.date == today
            ? t("Missed at {time}", ["time": due.shortClockText])
            : due.date == today.adding(days: -1)
                ? t("Missed yesterday at {time}", ["time": due.shortClockText])
                : t("Missed: {when}", ["when": DateText.shortDateTime(due, t.language)])
        return Reminder(
            summary: words.summary, body: line + "\n" + words.body, snoozeLabel: words.snoozeLabel, dismissLabel: words.dismissLabel)
    }

    /// The occurrence's time: a range for an event, the due time for a to-do, the day(s) of an
    /// all-day item; nil when the item has no time.
    func when(_ r: CalendarReminder, in z: Zone) -> String? {
        if r.kind == .todo, case .instant(let due)? = r.end, r.start == nil || r.start == r.end {
            return t("due {when}", ["when": DateText.shortDateTime(z.local(due), t.language)])
        }
        switch (r.start, r.end) {
        case (.date(let d)?, let end):
            var last = d
            if case .date(let e)? = end, e > d.adding(days: 1) { last = e.adding(days: -1) }
            let first = DateText.weekdayAndDate(d, t.language)
            guard last != d else { return t("{day}, all day", ["day": first]) }
            // A range of days: each as short as a time's day is written.
            let noon = { (c: CivilDate) in LocalDateTime(date: c, hour: 12, minute: 0, second: 0, utcOffset: 0) }
            let day = { (c: CivilDate) in String(DateText.shortDateTime(noon(c), self.t.language).dropLast(6)) }
            return "\(day(d)) – \(day(last))"
        case (.instant(let s)?, .instant(let e)?) where e > s:
            let a = z.local(s)
            let b = z.local(e)
            let start = DateText.shortDateTime(a, t.language)
            return a.date == b.date ? "\(start)–\(b.shortClockText)" : "\(start) – \(DateText.shortDateTime(b, t.language))"
        case (.instant(let s)?, _):
            return DateText.shortDateTime(z.local(s), t.language)
        default:
            return nil
        }
    }
}
