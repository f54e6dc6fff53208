// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// One calendar reminder to ring, as `moscowtime-calendar calendar-next` names it: when, in which
/// calendar, and what it reminds of. `key` names its occurrence's VALARM (UID, RECURRENCE-ID, the
/// alarm's index), which the agent's ledger keeps dismissed or snoozed.
public struct CalendarRing: Equatable, Sendable {
    public let at: Instant
    public let calendar: String
    public let reminder: CalendarReminder
    /// The helper's JSON for it, kept in the ledger for a snooze (it rings again after the helper
    /// no longer names it, its instant being past).
    public let item: JSONValue
    /// The calendar file it was read from, and whether its calendar is written back
    /// (`calendars remind NAME --write-acknowledgements`).
    public var file: String? { item["file"]?.stringValue }
    /// The calendar's folder (what `remindedCalendars` names).
    public var folder: String? { item["folder"]?.stringValue }
    public var writeBack: Bool { item["writeBack"]?.boolValue ?? false }
    /// Done is offered for a to-do of a calendar written back; a repeating one's occurrence is
    /// completed by an override of its own (`ReminderWriteEdit`).
    public var offersDone: Bool { writeBack && reminder.kind == .todo }

    public var key: String { Self.key(reminder) }

    public static func key(_ r: CalendarReminder) -> String { "\(r.uid)|\(r.recurrenceID ?? "")|\(r.alarm)" }

    /// Nil for an item the helper did not write as it writes them.
    public init?(_ item: JSONValue) {
        guard let at = item["at"]?.stringValue.flatMap(ISO8601.parse), let calendar = item["calendar"]?.stringValue,
            let uid = item["uid"]?.stringValue
        else { return nil }
        self.at = at
        self.calendar = calendar
        self.item = item
        reminder = CalendarReminder(
            uid: uid, recurrenceID: item["recurrenceID"]?.stringValue, alarm: item["alarm"]?.intValue ?? 0, alarmUID: nil,
            repetition: item["repetition"]?.intValue ?? 0, at: at,
            kind: item["kind"]?.stringValue.flatMap(CalendarReminder.Kind.init(rawValue:)) ?? .event,
            start: Self.time(item["start"]), end: Self.time(item["end"]), zone: item["zone"]?.stringValue,
            summary: item["summary"]?.stringValue ?? "", location: item["location"]?.stringValue ?? "", acknowledged: false,
            snoozedUntil: nil)
    }

    /// The same reminder rung again at `at` (a snooze).
    public init(_ other: CalendarRing, at: Instant) {
        self.at = at
        calendar = other.calendar
        item = other.item
        var r = other.reminder
        r.at = at
        reminder = r
    }

    private static func time(_ v: JSONValue?) -> CalendarReminder.Time? {
        guard let s = v?.stringValue else { return nil }
        if let at = ISO8601.parse(s) { return .instant(at) }
        return CivilDate(iso: Substring(s)).map { .date($0) }
    }
}
