// SPDX-License-Identifier: GPL-3.0-or-later
/// How one day of a habit turned out, from its entry (or the lack of one).
public enum HabitDayOutcome: UInt8, Hashable, Sendable {
    /// Nothing logged.
    case empty
    /// Done (yes/no), or the amount meets the goal (numeric).
    case met
    /// An amount was logged that misses the goal (below an at-least target, above an at-most limit).
    case unmet
    /// Skipped: keeps streaks and scores, counts as nothing.
    case skipped
}

extension Habit {
    /// The outcome of an entry of this habit, and its "v" for the strength score (0…1).
    public func evaluate(_ entry: HabitEntry?) -> (outcome: HabitDayOutcome, value: Double) {
        guard let entry else { return (.empty, 0) }
        return evaluate(entry.status, entry.amount)
    }

    /// The same from an entry's two fields (the timeline reads them in place: no copy of its note).
    func evaluate(_ status: HabitEntry.Status, _ amount: Double?) -> (outcome: HabitDayOutcome, value: Double) {
        if status == .skipped { return (.skipped, 0) }
        if status == .noted { return (.empty, 0) }
        guard let goal = kind.goal else { return (.met, 1) }
        let amount = amount ?? 0
        return (goal.isMet(by: amount) ? .met : .unmet, goal.value(of: amount))
    }

    public func outcome(on date: CivilDate) -> HabitDayOutcome { evaluate(entry(on: date)).outcome }
}
