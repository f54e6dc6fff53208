// SPDX-License-Identifier: GPL-3.0-or-later
/// Turns a schedule into absolute instants in one zone.
///
/// Day-based schedules are evaluated day by day in the zone's calendar: each due day's local time is
/// resolved to an instant with `Zone.instant` (gap → first instant after it; overlap → first
/// occurrence, so it rings once). Scanning a window of days rather than adding 24 h keeps every
/// occurrence at its local wall time across DST changes and Moscow's 2011/2014 offset changes.
///
/// "Working days" follow `calendar`, which every consumer takes from the same settings
/// (`StoreDocument.workingCalendar`).
public struct OccurrenceCalculator: Sendable {
    public let zone: Zone
    public let calendar: WorkingCalendar

    public init(zone: Zone, calendar: WorkingCalendar) {
        self.zone = zone
        self.calendar = calendar
    }

    /// The first occurrence strictly after `t`, or nil if there is none (a past one-time alarm).
    public func next(_ schedule: Schedule, after t: Instant) -> Instant? {
        switch schedule {
        case .timer(let at, _):
            return at > t ? at : nil
        case .once(let date, let time):
            let x = zone.instant(date, time)
            return x > t ? x : nil
        case .weekly(let days, let time, let from):
            // As below, with the days as bits and day numbers: no set lookup or calendar
            // conversion per day scanned (`list` asks this for every alarm).
            let mask = days.mask
            var day = max(zone.local(t).date.daysSinceEpoch - 1, from?.daysSinceEpoch ?? .min)
            for _ in 0..<scanDays(schedule) {
                if mask & (1 << Int(((day % 7) + 7 + 3) % 7)) != 0 {  // bit 0 = Monday; day 0 was a Thursday
                    let x = zone.instant(wallSeconds: day * 86_400 + time.secondsIntoDay)
                    if x > t { return x }
                }
                day += 1
            }
            return nil
        case .workdays(let time, let from):
            var day = max(zone.local(t).date.daysSinceEpoch - 1, from?.daysSinceEpoch ?? .min)
            for _ in 0..<scanDays(schedule) {
                if calendar.isWorkingDay(dayNumber: day) {
                    let x = zone.instant(wallSeconds: day * 86_400 + time.secondsIntoDay)
                    if x > t { return x }
                }
                day += 1
            }
            return nil
        case .everyNDays(_, _, let time):
            // Start a day early: a time late in the previous local day can still be after t.
            var day = zone.local(t).date.adding(days: -1)
            if case .everyNDays(_, let start, _) = schedule, day < start { day = start }
            for _ in 0..<scanDays(schedule) {
                if schedule.isDue(on: day, calendar: calendar) {
                    let x = zone.instant(day, time)
                    if x > t { return x }
                }
                day = day.adding(days: 1)
            }
            return nil
        }
    }

    /// The latest occurrence at or before `t`, or nil if none.
    public func latest(_ schedule: Schedule, atOrBefore t: Instant) -> Instant? {
        switch schedule {
        case .timer(let at, _):
            return at <= t ? at : nil
        case .once(let date, let time):
            let x = zone.instant(date, time)
            return x <= t ? x : nil
        case .weekly(_, let time, _), .workdays(let time, _), .everyNDays(_, _, let time):
            var day = zone.local(t).date.adding(days: 1)
            for _ in 0..<scanDays(schedule) {
                if case .everyNDays(_, let start, _) = schedule, day < start { return nil }
                if case .weekly(_, _, let from?) = schedule, day < from { return nil }
                if case .workdays(_, let from?) = schedule, day < from { return nil }
                if schedule.isDue(on: day, calendar: calendar) {
                    let x = zone.instant(day, time)
                    if x <= t { return x }
                }
                day = day.adding(days: -1)
            }
            return nil
        }
    }

    /// Enough days to see one full period plus the day on either side. Working days: the longest
    /// run of days off any decree made (30 March – 11 May 2020, 43 days) and then some.
    private func scanDays(_ schedule: Schedule) -> Int {
        switch schedule {
        case .everyNDays(let n, _, _): return n + 3
        case .workdays: return 60
        default: return 10
        }
    }
}
