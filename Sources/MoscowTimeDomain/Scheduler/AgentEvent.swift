// SPDX-License-Identifier: GPL-3.0-or-later
/// Something that happened to the agent, for `AgentScheduler.handle(_:now:)`.
public enum AgentEvent: Sendable {
    /// The agent starts ringing (its name is owned, or there is no bus). Alarms the state says were
    /// ringing (the previous agent died mid-ring) ring on for the rest of their duration.
    case started
    /// The wake instant the scheduler asked for has come.
    case timePassed
    /// The wall clock stepped (NTP, manual change) or the machine resumed without logind telling us.
    case clockChanged
    /// A new version of the user's document (CLI edit, reload) and the zone it names.
    case documentChanged(StoreDocument, zone: Zone)
    /// logind: the machine is about to sleep.
    case goingToSleep
    /// logind: the machine has resumed.
    case resumed
}

/// What the user asked for: a notification button, the tray, or D-Bus (`AgentScheduler.perform`).
public enum AgentAction: Hashable, Sendable {
    /// Snooze a ringing alarm for `minutes` (nil: the alarm's own snooze minutes).
    case snooze(alarmID: String, minutes: Int?)
    /// Stop a ringing alarm, or cancel a pending snooze.
    case stop(alarmID: String)
    /// Do-not-disturb until an instant; nil resumes.
    case pause(until: Instant?)
    /// An answer to a habit reminder shown earlier.
    case answer(HabitAnswer, to: HabitReminder)
}

/// The buttons of a habit reminder.
public enum HabitAnswer: String, Hashable, Sendable {
    /// Log the reminder's day as done.
    case done
    /// Log the reminder's day as skipped.
    case skip
    /// Ask again after the habit-later setting's minutes (if the day is still open then).
    case later
}
