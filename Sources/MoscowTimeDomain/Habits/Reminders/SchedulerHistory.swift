// SPDX-License-Identifier: GPL-3.0-or-later
/// What the agent keeps of the habits' history. Its scheduler asks only whether a habit is open on
/// a day (`Habit.isOpen`) and what the day's amount is (`HabitText.progress`), for yesterday, today
/// and later days, and for the days of reminders still open or postponed. Those questions read the
/// day's own entry and the days before it in its calendar week or month, or the Y − 1 days before
/// it for "X in Y days" (`Habit.isDue`): the entries older than that are the statistics' and the
/// achievements', read from the store when a day is logged (`HabitCheckIn`, under the store's lock).
/// Five years of daily entries stay on disk instead of in the agent's memory all day.
extension HabitFrequency {
    /// How many days before a day its due-ness reads: the rest of its calendar week or month, or
    /// the Y − 1 days of "X in Y days".
    public var dueLookbackDays: Int {
        var days = 0
        if let (kind, _) = periodTarget { days = kind == .week ? 6 : 30 }
        if let (_, y) = loopFraction { days = max(days, y - 1) }
        return days
    }
}

extension StoreDocument {
    /// Days of history kept before the first day asked about, so that a clock set back a little
    /// still finds what it needs (further back, the agent reads the document again).
    public static let schedulerHistoryMarginDays: Int64 = 7

    /// The first day the scheduler may ask about at `now`: yesterday (a reminder time that passed
    /// before midnight), or an earlier day of a reminder still open or postponed in `state`.
    public static func schedulerFirstDay(state: HabitReminderState, zone: Zone, now: Instant) -> CivilDate {
        var first = zone.local(now).date.adding(days: -1)
        for r in state.open.values where r.day < first { first = r.day }
        for l in state.later.values where l.day < first { first = l.day }
        return first
    }

    /// This document with each habit's entries cut to those the scheduler reads for any day from
    /// `first` on (less `schedulerHistoryMarginDays`): `isOpen`, `isDue` and the day's progress
    /// answer as on the whole document for those days. Everything else is kept as it is.
    public func keepingHabitHistory(from first: CivilDate) -> StoreDocument {
        var doc = self
        for i in doc.habits.indices {
            let cut = Self.schedulerHistoryCut(from: first, doc.habits[i].frequency)
            let a = doc.habits[i].entryIndex(on: cut).index
            // A new array of its own size: the old one (five years) is freed with the whole document.
            if a > 0 { doc.habits[i].entries = Array(doc.habits[i].entries[a...]) }
        }
        return doc
    }

    /// The first day of a habit's entries that `keepingHabitHistory(from: first)` keeps.
    public static func schedulerHistoryCut(from first: CivilDate, _ frequency: HabitFrequency) -> CivilDate {
        first.adding(days: -(schedulerHistoryMarginDays + Int64(frequency.dueLookbackDays)))
    }
}
