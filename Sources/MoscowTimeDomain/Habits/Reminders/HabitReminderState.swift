// SPDX-License-Identifier: GPL-3.0-or-later
/// The agent's bookkeeping for habit reminders, persisted with its other state so that a reminder
/// is shown at most once (across restarts) and a "Later" survives a restart.
public struct HabitReminderState: Hashable, Sendable {
    /// Per reminder (`HabitReminder.key(habitID:time:)`): the latest occurrence handled — shown,
    /// dropped as too late, or passed over because the day was already settled.
    public var handled: [String: Instant] = [:]
    /// Per habit id: a pending "Later".
    public var later: [String: HabitLater] = [:]
    /// Per habit id: the reminder on screen, not answered yet. An agent that dies leaves it on screen
    /// with buttons that reach no one; its successor closes that notification and shows it again.
    public var open: [String: HabitReminder] = [:]

    public init(handled: [String: Instant] = [:], later: [String: HabitLater] = [:], open: [String: HabitReminder] = [:]) {
        self.handled = handled; self.later = later; self.open = open
    }
}

/// A reminder postponed with "Later": shown again at `until` if its day is still open then.
public struct HabitLater: Hashable, Sendable {
    public var until: Instant
    /// The original reminder instant ("due 08:00").
    public var due: Instant
    public var day: CivilDate
    public var time: TimeOfDay

    public init(until: Instant, due: Instant, day: CivilDate, time: TimeOfDay) {
        self.until = until; self.due = due; self.day = day; self.time = time
    }
}
