// SPDX-License-Identifier: GPL-3.0-or-later
/// The agent's bookkeeping for habit reminders, persisted with its other state so that a reminder
/// is shown at most once (across restarts) and a "Later" survives a restart. As `AlarmTrack` for
/// alarms, the transitions below are the only way the planner and the scheduler change it.
///
///     a reminder time's occurrence ──take──▶ handled (never again)
///     a reminder shown ──show──▶ open ──answer / close──▶ gone
///     "Later" ──postpone──▶ later ──laterEnded (shown again if its day is open) / cancelLater──▶ gone
public struct HabitReminderState: Hashable, Sendable {
    /// Per reminder (`HabitReminder.key(habitID:time:)`): the latest occurrence handled — shown,
    /// dropped as too late, or passed over because the day was already settled.
    public package(set) var handled: [String: Instant] = [:]
    /// Per habit id: a pending "Later".
    public package(set) var later: [String: HabitLater] = [:]
    /// Per habit id: the reminder on screen, not answered yet. An agent that dies leaves it on screen
    /// with buttons that reach no one; its successor closes that notification and shows it again.
    public package(set) var open: [String: HabitReminder] = [:]

    public init(handled: [String: Instant] = [:], later: [String: HabitLater] = [:], open: [String: HabitReminder] = [:]) {
        self.handled = handled
        self.later = later
        self.open = open
    }

    // MARK: transitions

    /// The reminder `key`'s occurrence `due` is taken in hand (shown, dropped or passed over):
    /// never again.
    mutating func take(_ key: String, occurrence due: Instant) { handled[key] = due }

    /// "Later": the habit's reminder comes back at `until`.
    mutating func postpone(_ r: HabitReminder, until: Instant) {
        later[r.habitID] = HabitLater(until: until, due: r.due, day: r.day, time: r.time)
    }

    /// A pending "Later" whose time has come, taken off the list (the caller shows it again if its
    /// day is still open); nil when there is none or it is not due yet.
    mutating func laterEnded(_ habitID: String, at now: Instant) -> HabitLater? {
        guard let l = later[habitID], l.until <= now else { return nil }
        later[habitID] = nil
        return l
    }

    /// A newer occurrence of the habit's reminder replaces its pending "Later".
    mutating func cancelLater(_ habitID: String) { later[habitID] = nil }

    /// The reminder is on screen, waiting for an answer.
    mutating func show(_ r: HabitReminder) { open[r.habitID] = r }

    /// The user answered `r` (Done, Skip, Later): it is no longer open. An answer to an older
    /// reminder of the habit leaves a newer one open.
    mutating func answer(_ r: HabitReminder) {
        if open[r.habitID] == r { open[r.habitID] = nil }
    }

    /// The habit's reminder is closed unanswered: its day was settled elsewhere, the habit is gone,
    /// or a restarted agent does not bring it back.
    mutating func close(_ habitID: String) { open[habitID] = nil }

    /// Drops the bookkeeping of reminder times and habits that no longer exist or are archived
    /// (`reminderKeys` and `habitIDs` are those still active); open reminders are closed by the
    /// scheduler, which knows whether their day is still open.
    mutating func forget(except reminderKeys: Set<String>, habitIDs: Set<String>) {
        for k in handled.keys where !reminderKeys.contains(k) { handled[k] = nil }
        for id in later.keys where !habitIDs.contains(id) { later[id] = nil }
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
        self.until = until
        self.due = due
        self.day = day
        self.time = time
    }
}
