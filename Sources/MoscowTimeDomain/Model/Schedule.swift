// SPDX-License-Identifier: GPL-3.0-or-later
/// When an alarm rings. Every kind yields absolute instants through a `Zone`; see `OccurrenceCalculator`.
public enum Schedule: Hashable, Sendable {
    /// On a set of weekdays at a local time (the original app's default: Monday–Friday); from a
    /// first day on when `from` is given (an imported event that starts months ahead never rings
    /// before it starts).
    case weekly(days: WeekdaySet, time: TimeOfDay, from: CivilDate? = nil)
    /// On the working days of the production calendar (`WorkingCalendar`: transfers, holidays,
    /// working Saturdays) at a local time; from a first day on when `from` is given.
    case workdays(time: TimeOfDay, from: CivilDate? = nil)
    /// Once, on a date at a local time.
    case once(date: CivilDate, time: TimeOfDay)
    /// Every `interval` days from `start` (the start date itself included).
    case everyNDays(interval: Int, start: CivilDate, time: TimeOfDay)
    /// A countdown: a one-time alarm at an absolute instant, `duration` seconds after it was set.
    case timer(fireAt: Instant, duration: Int64)

    /// One-time alarms become disabled (not deleted) once they have rung.
    public var isOneTime: Bool {
        switch self {
        case .once, .timer: return true
        case .weekly, .workdays, .everyNDays: return false
        }
    }

    public var time: TimeOfDay? {
        switch self {
        case .weekly(_, let t, _), .workdays(let t, _), .once(_, let t), .everyNDays(_, _, let t): return t
        case .timer: return nil
        }
    }

    /// Whether a day-based schedule has an occurrence on `date` (timers are not day based).
    /// `calendar` says which days are working days.
    public func isDue(on date: CivilDate, calendar: WorkingCalendar) -> Bool {
        switch self {
        case .weekly(let days, _, let from): return days.contains(date.weekday) && from.map { date >= $0 } ?? true
        case .workdays(_, let from): return calendar.isWorkingDay(date) && from.map { date >= $0 } ?? true
        case .once(let d, _): return d == date
        case .everyNDays(let n, let start, _):
            let delta = date.days(since: start)
            return delta >= 0 && delta % Int64(n) == 0
        case .timer: return false
        }
    }

    public static let maximumInterval = 3650
}
