// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import MoscowTimeDomain

/// One occurrence of a repeating item written as its master writes its times, for the override
/// (RECURRENCE-ID) that marks a repeating to-do's occurrence done: its anchor (DTSTART, else
/// DUE) in the anchor's own form — RFC 5545 §3.8.4.4 wants RECURRENCE-ID in DTSTART's value type
/// and zone — and its DUE. The occurrence is found by the reader's own expansion
/// (`ReminderOccurrences`), so the one written is the one that rang.
struct ReminderOccurrenceTimes: Equatable {
    /// The anchor's value, e.g. `20261201T090000` (with the anchor's TZID), `20261201T060000Z`
    /// or `20261201`.
    let anchor: String
    /// DUE when the master has DTSTART and DUE: the same wall-clock distance after the start when
    /// both are in one place, else the occurrence's end in UTC (`dueInUTC`).
    let due: String?
    let dueInUTC: Bool

    /// `key`: the occurrence as the reader names it (`ReminderTimes.key`).
    static func find(_ master: OpaquePointer, times: ReminderTimes, key: String) -> ReminderOccurrenceTimes? {
        guard let item = try? ReminderItem(master, times: times), let anchor = item.anchor,
            let near = ICal.parseCompactUTC(key) ?? ICal.compactDate(key).map({ Instant(secondsSinceEpoch: $0.daysSinceEpoch * 86_400) })
        else { return nil }
        // Two days either side: a day's key is midnight in the user's zone, at most 14 h from UTC's.
        let range = (near - 2 * 86_400)..<(near + 2 * 86_400)
        guard let found = try? ReminderOccurrences.expand(item, times: times, range: range, overridden: []),
            let occurrence = found.first(where: { $0.key == key })
        else { return nil }
        let wall = value(occurrence.wall, utc: anchor.place == .utc)
        guard item.anchoredAtStart, let due = try? ReminderItem.time(master, ICAL_DUE_PROPERTY, times) else {
            return ReminderOccurrenceTimes(anchor: wall, due: nil, dueInUTC: false)
        }
        if due.place == anchor.place, due.time.is_date == anchor.time.is_date, let a = ReminderTimes.wallSeconds(anchor.time),
            let b = ReminderTimes.wallSeconds(due.time), let w = ReminderTimes.wallSeconds(occurrence.wall)
        {
            return ReminderOccurrenceTimes(
                anchor: wall, due: value(wall: w + b - a, date: due.time.is_date.boolValue, utc: due.place == .utc), dueInUTC: false)
        }
        return ReminderOccurrenceTimes(anchor: wall, due: ICal.compactUTC(occurrence.end), dueInUTC: true)
    }

    /// The occurrence key of the occurrence an RFC 9074 snooze alarm (the VALARM at `alarm`)
    /// snoozes, as the reader shows it (`ReminderWalk.snoozedOccurrence`); nil for any other alarm.
    static func snoozedKey(_ master: OpaquePointer, alarm index: Int, times: ReminderTimes) -> String? {
        guard let item = try? ReminderItem(master, times: times) else { return nil }
        let alarms = ICal.children(master, ICAL_VALARM_COMPONENT).enumerated().compactMap { k, valarm -> ReminderAlarm? in
            if case .alarm(let a) = ReminderAlarm.read(valarm, index: k) { return a }
            return nil
        }
        guard let snooze = alarms.first(where: { $0.index == index }), snooze.snoozes != nil else { return nil }
        let relative = alarms.filter { $0.shifts(length: 0) != nil }
        guard let o = ReminderWalk.snoozedOccurrence(item, snooze, relative: relative, times: times, overridden: []) else { return nil }
        return ReminderTimes.key(o.wall, instant: o.original)
    }

    static func value(_ t: icaltimetype, utc: Bool) -> String {
        value(wall: ReminderTimes.wallSeconds(t) ?? 0, date: t.is_date.boolValue, utc: utc)
    }

    /// A wall time (seconds since 1970-01-01 00:00 on the wall) as iCalendar writes it.
    static func value(wall: Int64, date: Bool, utc: Bool) -> String {
        let days = wall >= 0 ? wall / 86_400 : (wall - 86_399) / 86_400  // a series may start before 1970
        let seconds = wall - days * 86_400
        let day = ICal.compactText(CivilDate(daysSinceEpoch: days))
        guard !date else { return day }
        let time = pad(Int(seconds / 3600), 2) + pad(Int(seconds / 60 % 60), 2) + pad(Int(seconds % 60), 2)
        return day + "T" + time + (utc ? "Z" : "")
    }
}
