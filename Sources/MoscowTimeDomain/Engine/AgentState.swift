// SPDX-License-Identifier: GPL-3.0-or-later
/// What the agent has done, persisted so that no occurrence ever fires twice (across restarts and
/// crashes) and a snooze survives a restart. Lives in `$XDG_STATE_HOME/moscowtime/agent-state.json`,
/// apart from the user's document: it is the agent's bookkeeping, not the user's data. Owned by
/// `AgentScheduler`; `AgentStateCoding` gives its JSON form.
public struct AgentState: Hashable, Sendable {
    /// Each alarm's state and handled occurrence, and the pause.
    public var alarms = AlarmBook()
    /// Habit reminders' bookkeeping (handled reminder times, "Later"s), see `HabitReminderPlanner`.
    public var habitReminders = HabitReminderState()
    /// The ring notifications on screen, for a successor to close if this agent dies.
    public var ringNotifications = RingNotifications()
    /// The year whose missing production calendar the user was last told about (once a year).
    public var calendarWarnedYear: Int?

    public init(
        alarms: AlarmBook = AlarmBook(), habitReminders: HabitReminderState = HabitReminderState(),
        ringNotifications: RingNotifications = RingNotifications(), calendarWarnedYear: Int? = nil
    ) {
        self.alarms = alarms
        self.habitReminders = habitReminders
        self.ringNotifications = ringNotifications
        self.calendarWarnedYear = calendarWarnedYear
    }

    /// Per alarm id: the latest occurrence already handled (rung, reported missed, or skipped).
    public var handled: [String: Instant] { alarms.handled }
    /// Per alarm id: a pending snooze.
    public var snoozes: [String: Snooze] { alarms.snoozes }
    /// Do-not-disturb: alarms falling due before this instant are reported, not rung.
    public var pausedUntil: Instant? {
        get { alarms.pausedUntil }
        set { alarms.pausedUntil = newValue }
    }
}

public struct Snooze: Hashable, Sendable {
    /// When it rings again.
    public var until: Instant
    /// The occurrence that was snoozed (its original due time, shown as "due 07:00").
    public var due: Instant
    public var count: Int

    public init(until: Instant, due: Instant, count: Int = 1) {
        self.until = until
        self.due = due
        self.count = count
    }
}
