// SPDX-License-Identifier: GPL-3.0-or-later
/// Something left out of an import or a sync, with what names it; worded where it is shown.
public enum CalendarWarning: Sendable, Equatable {
    /// Another calendar's event that cannot become an alarm.
    case eventRefused(CalendarEventName, EventRefusal)
    /// Another calendar's event whose title cannot be an alarm label.
    case titleNotALabel(CalendarEventName)
    /// One of our habits whose name another habit here already has.
    case habitNameTaken(name: String, id: String, otherID: String)
    /// A resource in the alarms or habits collection that is not one of ours.
    case notOurAlarm(url: String)
    case notOurHabit(url: String)
    /// A resource changed on the server between this sync's read and its write.
    case changedDuringSync(url: String)
}

/// How a warning names an event: its title (empty when it has none) and its UID (empty when none).
public struct CalendarEventName: Sendable, Equatable {
    public let summary: String
    public let uid: String
    public init(summary: String, uid: String) { self.summary = summary; self.uid = uid }
}

/// Why an event's reminder cannot be an alarm (the schedule model cannot express it exactly).
public enum EventRefusal: Sendable, Equatable {
    case noStart
    case unknownZone(String)
    case timerFormat(property: String)
    case unreadableStart
    case rdate
    case exdate
    case notWholeMinute(clock: String)
    case inDaylightSavingGap(zone: String)
    case severalRules
    case rule(String)
    case offsetChanges(zone: String)
    case fixedReminderOnRepeatingEvent
    case unreadableReminderTime
}
