// SPDX-License-Identifier: GPL-3.0-or-later
/// What the user logged for one day of a habit.
public struct HabitEntry: Hashable, Sendable {
    public enum Status: String, Hashable, Sendable {
        /// Done (yes/no), or an amount was logged (numeric; whether it meets the goal is computed).
        case done
        /// Deliberately not done (ill, travelling): keeps streaks and scores, counts as nothing.
        case skipped
        /// Nothing done, only a note (Loop keeps a note on any day, a missed one too): counts as
        /// a day with nothing logged.
        case noted
    }

    /// The calendar day in the configured zone.
    public var date: CivilDate
    public var status: Status
    /// Numeric habits: the day's total (≥ 0) when `status` is done; nil otherwise.
    public var amount: Double?
    public var note: String?

    public init(date: CivilDate, status: Status, amount: Double? = nil, note: String? = nil) {
        self.date = date
        self.status = status
        self.amount = amount
        self.note = note
    }

    public static func done(_ date: CivilDate, amount: Double? = nil, note: String? = nil) -> HabitEntry {
        HabitEntry(date: date, status: .done, amount: amount, note: note)
    }
    public static func skipped(_ date: CivilDate, note: String? = nil) -> HabitEntry {
        HabitEntry(date: date, status: .skipped, note: note)
    }
    public static func noted(_ date: CivilDate, note: String) -> HabitEntry {
        HabitEntry(date: date, status: .noted, note: note)
    }
}
