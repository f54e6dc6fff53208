// SPDX-License-Identifier: GPL-3.0-or-later
/// A habit the user is building: what, how often, when to be reminded, and the log of its days.
///
/// Entries live inside the habit, sorted by date with at most one per day (see `HabitEntries`), so
/// a habit is self-contained in the store and its statistics need no joins.
public struct Habit: Hashable, Sendable {
    /// 8 lowercase hex digits, made and checked like alarm ids (`AlarmID`).
    public var id: String
    /// Unique among habits; the name users type to address it.
    public var name: String
    public var description: String?
    public var frequency: HabitFrequency
    /// Local times of day to be reminded at, ascending, without duplicates; may be empty.
    public var reminders: [TimeOfDay]
    /// First day the habit counts (due days, streaks, rates). No entry may precede it.
    public var start: CivilDate
    /// Archived habits keep their history but are not due, not reminded and not listed by default.
    public var archived: Bool
    public var kind: HabitKind
    /// One per calendar day (in the configured zone), ascending by date.
    public var entries: [HabitEntry]
    public var created: Instant
    /// Last change of the definition (name, frequency, reminders, kind, start, archived); logging
    /// days does not touch it. Reminders due before it are never rung (as for alarms).
    public var modified: Instant
    /// Milestones earned, each once, in the order earned (see `HabitAchievements`).
    public var achievements: [HabitAchievement] = []
    /// The working days a `workingDays` habit follows: the document's (`StoreDocument` sets it on
    /// every habit it holds), Russia's shipped calendar for a habit not in a document. Not part of
    /// the habit's data.
    public var workingCalendar: WorkingCalendar {
        get { _workingCalendar.value }
        set { _workingCalendar.value = newValue }
    }
    private var _workingCalendar = Uncompared(WorkingCalendar.russia)

    public init(
        id: String, name: String, description: String? = nil, frequency: HabitFrequency = .daily,
        reminders: [TimeOfDay] = [], start: CivilDate, archived: Bool = false, kind: HabitKind = .yesNo,
        entries: [HabitEntry] = [], created: Instant, modified: Instant? = nil
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.frequency = frequency
        self.reminders = Array(Set(reminders)).sorted()
        self.start = start
        self.archived = archived
        self.kind = kind
        self.entries = entries.sorted { $0.date < $1.date }
        self.created = created
        self.modified = modified ?? created
    }
}
