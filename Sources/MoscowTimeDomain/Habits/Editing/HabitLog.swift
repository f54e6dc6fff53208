// SPDX-License-Identifier: GPL-3.0-or-later
/// Logging days: done (or an amount), skip, undo. Shared by `agent-cli habit done/skip/undo` and
/// the agent's Done/Skip buttons (`HabitCheckIn`), so both follow the same rules:
/// - a day after today, or before the habit's start date, is refused;
/// - numeric habits: an explicit amount sets the day's total, no amount adds one unit;
/// - without a new note, the day's note is kept.
public enum HabitLog {
    public static func checkDate(_ date: CivilDate, for habit: Habit, today: CivilDate) throws(HabitLogError) {
        if date > today { throw .inFuture(date: date, today: today) }
        if date < habit.start { throw .beforeStart(date: date, habit: habit.name, start: habit.start) }
    }

    @discardableResult
    public static func done(
        _ habit: inout Habit, on date: CivilDate, amount: Double? = nil, note: String? = nil,
        today: CivilDate
    ) throws(HabitLogError) -> HabitEntry {
        try checkDate(date, for: habit, today: today)
        let old = habit.entry(on: date)
        var entry = HabitEntry.done(date, note: note ?? old?.note)
        if habit.kind.isNumeric {
            if let amount {
                entry.amount = amount
            } else {
                let before = old?.status == .done ? (old?.amount ?? 0) : 0
                entry.amount = min(HabitAmount.maximum, before + 1)
            }
        } else if amount != nil {
            throw .amountForYesNoHabit(habit: habit.name)
        }
        habit.setEntry(entry)
        return entry
    }

    @discardableResult
    public static func skip(
        _ habit: inout Habit, on date: CivilDate, note: String? = nil,
        today: CivilDate
    ) throws(HabitLogError) -> HabitEntry {
        try checkDate(date, for: habit, today: today)
        let entry = HabitEntry.skipped(date, note: note ?? habit.entry(on: date)?.note)
        habit.setEntry(entry)
        return entry
    }

    /// Removes the day's entry and returns it.
    @discardableResult
    public static func undo(_ habit: inout Habit, on date: CivilDate) throws(HabitLogError) -> HabitEntry {
        guard let removed = habit.removeEntry(on: date) else {
            throw .nothingLogged(date: date, habit: habit.name)
        }
        return removed
    }
}
