// SPDX-License-Identifier: GPL-3.0-or-later
/// The words of a habit reminder, in the user's language.
public struct HabitNotificationText: Sendable {
    public let t: Localizer
    public let zone: Zone

    public init(_ t: Localizer, zone: Zone) {
        self.t = t
        self.zone = zone
    }

    public struct Reminder: Sendable, Equatable {
        public let summary: String
        public let body: String
        public let doneLabel: String
        public let skipLabel: String
        public let laterLabel: String
    }

    /// Summary: the habit's name. Body: its description, the current streak, the day's progress for
    /// numeric habits, and "late" when shown after its time.
    public func reminder(_ r: HabitReminder, habit: Habit, streak: HabitStreaks, laterMinutes: Int) -> Reminder {
        var lines: [String] = []
        if let d = habit.description, !d.isEmpty { lines.append(d) }
        lines.append(t("Streak: {streak}", ["streak": HabitText.streak(streak.current, streak.unit, t)]))
        if let p = r.progress { lines.append(t("Today: {progress}", ["progress": p])) }
        if r.isLate { lines.append(t("late: due {time}", ["time": zone.local(r.due).shortClockText])) }
        // Short button labels (see AlarmNotificationText): the minutes of Later go in the body.
        lines.append(t("Later: in {n} min", ["n": String(laterMinutes)]))
        let done: String
        if let goal = habit.kind.goal {
            done = t("+1 {unit}", ["unit": HabitUnit.form(goal.unit, for: 1)])
        } else {
            done = t("Done")
        }
        return Reminder(
            summary: habit.name, body: lines.joined(separator: "\n"), doneLabel: done,
            skipLabel: t("Skip"), laterLabel: t("Later"))
    }
}
