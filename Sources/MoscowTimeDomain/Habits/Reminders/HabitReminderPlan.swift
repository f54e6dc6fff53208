// SPDX-License-Identifier: GPL-3.0-or-later
/// What `HabitReminderPlanner.evaluate` decided: show these, optionally summarise those, persist
/// the new state (before showing anything), and call again at `nextWake`.
public struct HabitReminderPlan: Hashable, Sendable {
    /// Show now, one per habit at most.
    public var show: [HabitReminder]
    /// Due longer ago than the late window (agent off, machine asleep) and still open: not shown;
    /// the agent may list them in one "missed reminders" note or ignore them.
    public var dropped: [HabitReminder]
    public var state: HabitReminderState
    /// `state` differs from the state passed in: persist it.
    public var stateChanged: Bool
    /// The next instant a reminder or a "Later" falls due; nil when none is ahead.
    public var nextWake: Instant?
}
