// SPDX-License-Identifier: GPL-3.0-or-later
/// One reminder another calendar asks for: one VALARM of one occurrence of an event or a to-do,
/// at one instant (its trigger, or one of its repetitions). Read by `ReminderReader`
/// (MoscowTimeCalendar) and rung by the agent as a calendar reminder, not as an alarm.
public struct CalendarReminder: Sendable, Equatable {
    public enum Kind: String, Sendable { case event, todo }

    /// An event's time: an instant, or a day for an all-day event.
    public enum Time: Sendable, Equatable {
        case instant(Instant)
        case date(CivilDate)
    }

    /// The calendar object's UID (empty when it has none).
    public var uid: String
    /// The occurrence's RECURRENCE-ID as iCalendar writes it in UTC (`20261201T060000Z`) or as a
    /// date (`20261201`); nil for an event that does not repeat.
    public var recurrenceID: String?
    /// Which VALARM of its component (0 the first), and the VALARM's own UID (RFC 9074) when it has one.
    public var alarm: Int
    public var alarmUID: String?
    /// 0 for the trigger, k for its k-th repetition (DURATION/REPEAT).
    public var repetition: Int
    public var at: Instant
    public var kind: Kind
    /// The occurrence's start and end (a to-do's DUE is its end); nil when the item has none.
    public var start: Time?
    public var end: Time?
    /// The tz database zone the item's times are written in, nil for UTC, floating times and days.
    public var zone: String?
    public var summary: String
    public var location: String
    /// Dismissed elsewhere: RFC 9074 ACKNOWLEDGED on the VALARM, Thunderbird's X-MOZ-LASTACK,
    /// at or after this reminder's instant.
    public var acknowledged: Bool
    /// Snoozed elsewhere (Thunderbird's X-MOZ-SNOOZE-TIME, per occurrence): rings again then.
    public var snoozedUntil: Instant?

    public init(
        uid: String, recurrenceID: String?, alarm: Int, alarmUID: String?, repetition: Int, at: Instant, kind: Kind,
        start: Time?, end: Time?, zone: String?, summary: String, location: String, acknowledged: Bool,
        snoozedUntil: Instant?
    ) {
        self.uid = uid
        self.recurrenceID = recurrenceID
        self.alarm = alarm
        self.alarmUID = alarmUID
        self.repetition = repetition
        self.at = at
        self.kind = kind
        self.start = start
        self.end = end
        self.zone = zone
        self.summary = summary
        self.location = location
        self.acknowledged = acknowledged
        self.snoozedUntil = snoozedUntil
    }
}
