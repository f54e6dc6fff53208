// SPDX-License-Identifier: GPL-3.0-or-later
/// A habit reminder to show now (or one dropped because it came too late).
public struct HabitReminder: Hashable, Sendable {
    public let habitID: String
    public let name: String
    /// The day it asks about (the reminder's local date).
    public let day: CivilDate
    /// The reminder time it belongs to.
    public let time: TimeOfDay
    /// When it was due: the reminder time that day, also when shown again after "Later".
    public let due: Instant
    /// Shown more than `HabitReminderPlanner.lateThreshold` after `due` (agent off, machine asleep).
    public let isLate: Bool
    /// Shown again after "Later".
    public let isPostponed: Bool
    /// Numeric habits: `3 / 8 glasses` logged so far that day; nil for yes/no habits.
    public let progress: String?

    public init(
        habitID: String, name: String, day: CivilDate, time: TimeOfDay, due: Instant,
        isLate: Bool = false, isPostponed: Bool = false, progress: String? = nil
    ) {
        self.habitID = habitID
        self.name = name
        self.day = day
        self.time = time
        self.due = due
        self.isLate = isLate
        self.isPostponed = isPostponed
        self.progress = progress
    }

    /// The key of one reminder time of one habit in `HabitReminderState.handled`.
    public static func key(habitID: String, time: TimeOfDay) -> String { "\(habitID)@\(time)" }
    public var key: String { Self.key(habitID: habitID, time: time) }
}
