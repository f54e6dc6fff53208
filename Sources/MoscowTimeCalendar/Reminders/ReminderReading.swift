// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// What `ReminderReader` found in one calendar object: the reminders due in the window, the
/// VALARMs it does not ring (EMAIL, PROCEDURE), and the items or alarms it left out, with why.
public struct ReminderReading: Sendable, Equatable {
    /// In the order of the file's components, each component's by occurrence, alarm and repetition.
    public var reminders: [CalendarReminder] = []
    /// VALARMs whose ACTION is neither DISPLAY nor AUDIO (EMAIL, PROCEDURE): never rung here.
    public var otherActions = 0
    public var skipped: [ReminderSkip] = []

    public init() {}
}

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

/// The bounds `ReminderReader` keeps on top of `CalendarLimits` (the file's size, components,
/// lines and nesting), so that no calendar costs more than a bounded time however it is written.
public enum ReminderLimits {
    /// libical iterator steps per recurrence rule: a daily rule from 1900 that must be walked
    /// from its start (it has a COUNT) is 46 000; a secondly one is refused rather than walked.
    public static let maximumSteps = 200_000
    /// Reminders one calendar object yields in one window (REPEAT:1000 with DURATION:PT1S, say).
    public static let maximumReminders = 10_000
    /// A trigger at most ten years from its event, a DURATION of a repeat at most a year.
    public static let maximumOffsetSeconds: Int64 = 3_660 * 86_400
    public static let maximumRepeat = 1_000
}
