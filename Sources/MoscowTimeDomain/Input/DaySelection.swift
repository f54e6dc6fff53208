// SPDX-License-Identifier: GPL-3.0-or-later
/// What a days argument chose (`--days`, a template's `days`): fixed weekdays, or the working
/// days of the production calendar (`workdays`/`рабочие`), which move with holidays and transfers.
public enum DaySelection: Hashable, Sendable {
    case weekdays(WeekdaySet)
    case workingDays

    /// The alarm schedule at `time`, from `from` on when given.
    public func schedule(time: TimeOfDay, from: CivilDate? = nil) -> Schedule {
        switch self {
        case .weekdays(let days): return .weekly(days: days, time: time, from: from)
        case .workingDays: return .workdays(time: time, from: from)
        }
    }
}
