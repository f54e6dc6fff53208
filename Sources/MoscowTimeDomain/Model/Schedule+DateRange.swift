// SPDX-License-Identifier: GPL-3.0-or-later
extension Schedule {
    /// The same schedule with its days inside `Limits.alarmDates`, ringing as before wherever it
    /// could ring at all: a series that began before 2000 starts on its first day in range (every N
    /// days keeps its rhythm), and a one-time day or a first day after 2199 becomes 2199-12-31,
    /// which no one will live to see either. Older versions accepted any year (`--once 9999-12-31`):
    /// their stores must still load, with every alarm in them.
    public var withinAlarmDates: Schedule {
        let range = Limits.alarmDates
        func clamped(_ d: CivilDate) -> CivilDate { min(max(d, range.lowerBound), range.upperBound) }
        switch self {
        case .once(let date, let time):
            return .once(date: clamped(date), time: time)
        case .weekly(let days, let time, let from):
            return .weekly(days: days, time: time, from: from.map(clamped))
        case .workdays(let time, let from):
            return .workdays(time: time, from: from.map(clamped))
        case .everyNDays(let interval, let start, let time):
            return .everyNDays(interval: interval, start: Self.firstInRange(of: start, every: interval), time: time)
        case .timer:
            return self
        }
    }

    /// The first day of an every-`n`-days series from `start` that is not before 2000 (clamped
    /// to the last day alarms can have, for a start after it).
    public static func firstInRange(of start: CivilDate, every n: Int) -> CivilDate {
        let range = Limits.alarmDates
        guard start >= range.lowerBound else {
            let step = Int64(max(1, n))
            return start.adding(days: (range.lowerBound.days(since: start) + step - 1) / step * step)
        }
        return min(start, range.upperBound)
    }
}
