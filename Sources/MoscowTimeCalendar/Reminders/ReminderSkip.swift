// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// An item, or one of its alarms, that `ReminderReader` left out.
public struct ReminderSkip: Sendable, Equatable {
    public enum Reason: Error, Sendable, Equatable {
        /// A TZID that is neither a tz database zone nor a VTIMEZONE of the file (`ZoneReferences`).
        case zoneNotInDatabase(String)
        case unknownZone(String)
        case noStart
        /// A RECURRENCE-ID out of `Limits.instantSeconds` (or otherwise unreadable).
        case unreadableRecurrenceID
        /// A TRIGGER that is unreadable or further than `ReminderLimits.maximumOffsetSeconds` from its
        /// event, or a REPEAT over `ReminderLimits.maximumRepeat`.
        case unreadableTrigger
        /// A recurrence rule that takes over `ReminderLimits.maximumSteps` steps to reach the window.
        case tooManySteps(limit: Int)
        /// More than `ReminderLimits.maximumReminders` reminders in the window: the rest are left out.
        case tooManyReminders(limit: Int)
    }

    public let item: CalendarEventName
    public let reason: Reason

    public init(item: CalendarEventName, reason: Reason) {
        self.item = item
        self.reason = reason
    }
}
