// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// A to-do another program checked off (todoman's `done`, a phone's task list), taken as the
/// habit's day done: one rule for our own to-do marked done and for todoman's instance of it.
struct HabitCheckOff {
    let day: CivilDate
    let at: Instant
    /// A yes/no habit's done; a numeric one's daily target (the amount that says "done").
    let amount: Double?

    /// nil where one amount cannot say "done": an at-most or per-period goal.
    init?(at: Instant, zone: Zone, kind: HabitKind) {
        day = zone.local(at).date
        self.at = at
        switch kind {
        case .yesNo: amount = nil
        case .numeric(let g) where g.direction == .atLeast && g.per == .day: amount = g.target
        case .numeric: return nil
        }
    }

    /// Logs the day done, at `at`, unless it was done already (a numeric day that met its target),
    /// or the day's entry or its removal was logged after the check-off. A day partly logged here
    /// (3 of 10) or skipped earlier becomes done, its note kept. Returns whether anything changed.
    func apply(start: CivilDate, entries: inout [HabitEntry], logged: inout [CivilDate: Instant], removed: inout [CivilDate: Instant])
        -> Bool
    {
        guard day >= start, removed[day].map({ $0 < at }) ?? true else { return false }
        let index = entries.firstIndex { $0.date == day }
        if let i = index {
            let e = entries[i]
            let met = e.status == .done && (amount == nil || (e.amount ?? 0) >= amount!)
            guard !met, logged[day].map({ $0 < at }) ?? true else { return false }
            entries[i] = .done(day, amount: amount.map { max($0, e.amount ?? 0) }, note: e.note)
        } else {
            entries.append(.done(day, amount: amount))
            entries.sort { $0.date < $1.date }
        }
        logged[day] = at
        removed[day] = nil
        return true
    }
}
