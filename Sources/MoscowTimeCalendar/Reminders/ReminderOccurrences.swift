// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import MoscowTimeDomain

/// One occurrence of an event or a to-do.
struct ReminderOccurrence {
    /// The RECURRENCE-ID iCalendar would write for it (`ReminderTimes.key`); nil for a single item.
    let key: String?
    /// The instant of its original start (its RECURRENCE-ID), which Thunderbird's snoozes name.
    let original: Instant
    /// Its start as the file writes it (a date for an all-day item), and its start and end instants.
    let wall: icaltimetype
    let start: Instant
    let end: Instant
}

/// The occurrences of a repeating item that start in a bounded range: DTSTART (always one, RFC
/// 5545 §3.8.5.3), each RRULE expanded by libical's iterator, each RDATE, less each EXDATE and
/// each occurrence another component overrides (RECURRENCE-ID). A daily or longer rule without
/// COUNT starts its iterator at the range (`icalrecur_iterator_set_start`), so ten years of
/// history cost nothing; one with COUNT, or one that repeats within a day, is walked from
/// DTSTART, at most `ReminderLimits.maximumSteps` steps.
enum ReminderOccurrences {
    static func expand(
        _ item: ReminderItem, times: ReminderTimes, range: Range<Instant>, overridden: Set<String>
    ) throws(ReminderSkip.Reason) -> [ReminderOccurrence] {
        // A series may start before 2000 (a birthday from 1985): its start is no reminder, but it anchors the rule.
        guard let (t0, place) = item.anchor, let first = times.instant(t0, place, bounded: false) else { return [] }
        let c = item.component
        let repeating =
            icalcomponent_get_first_property(c, ICAL_RRULE_PROPERTY) != nil
            || icalcomponent_get_first_property(c, ICAL_RDATE_PROPERTY) != nil
        guard repeating else {
            return range.contains(first) ? [occurrence(item, times, key: nil, wall: t0, start: first)] : []
        }
        var found: [(icaltimetype, Instant)] = [(t0, first)]
        for p in ICal.properties(c, named: "RRULE") {
            try rule(icalproperty_get_rrule(p), from: (t0, place, first), times: times, range: range, into: &found)
        }
        for p in ICal.properties(c, named: "RDATE") {
            let v = icalproperty_get_rdate(p)
            let t = icaltime_is_null_time(v.time).boolValue ? v.period.start : v.time
            if let at = try? times.place(of: t, in: p), let instant = times.instant(t, at) { found.append((t, instant)) }
        }
        var excluded = overridden
        for p in ICal.properties(c, named: "EXDATE") {
            let t = icalproperty_get_exdate(p)
            if let at = try? times.place(of: t, in: p), let instant = times.instant(t, at) {
                excluded.insert(ReminderTimes.key(t, instant: instant))
            }
        }
        var out: [ReminderOccurrence] = []
        for (t, instant) in found.sorted(by: { $0.1 < $1.1 }) where range.contains(instant) {
            let key = ReminderTimes.key(t, instant: instant)
            guard !excluded.contains(key) else { continue }
            excluded.insert(key)  // an RDATE repeating a rule's day is one occurrence
            out.append(occurrence(item, times, key: key, wall: t, start: instant))
        }
        return out
    }

    /// One RRULE's occurrences in `range`, by libical's iterator.
    static func rule(
        _ rule: icalrecurrencetype, from anchor: (time: icaltimetype, place: ReminderTimes.Place, instant: Instant),
        times: ReminderTimes, range: Range<Instant>, into found: inout [(icaltimetype, Instant)]
    ) throws(ReminderSkip.Reason) {
        guard let iterator = icalrecur_iterator_new(rule, anchor.time) else { return }
        defer { icalrecur_iterator_free(iterator) }
        // Two days early: the wall time is in the item's zone, the range in instants.
        let early = range.lowerBound - 2 * 86_400
        let earlyWall = times.wall(early, anchor.place, like: anchor.time)
        if rule.count == 0, !repeatsWithinADay(rule), anchor.instant < early { _ = icalrecur_iterator_set_start(iterator, earlyWall) }
        var steps = 0
        while true {
            let t = icalrecur_iterator_next(iterator)
            if icaltime_is_null_time(t).boolValue { return }
            steps += 1
            guard steps <= ReminderLimits.maximumSteps else { throw .tooManySteps(limit: ReminderLimits.maximumSteps) }
            // A rule with COUNT is walked from DTSTART: its steps before the range cost no instant.
            if icaltime_compare(t, earlyWall) < 0 { continue }
            guard let instant = times.instant(t, anchor.place) else {
                if t.year > 2000 { return } else { continue }
            }
            if instant >= range.upperBound { return }
            if instant >= range.lowerBound { found.append((t, instant)) }
        }
    }

    /// A rule that repeats within a day counts its INTERVAL from DTSTART, and libical 3.0's
    /// `set_start` loses that phase (a 90-minutely rule started at a window rang two hours off),
    /// so such a rule is walked from DTSTART, within `ReminderLimits.maximumSteps`.
    static func repeatsWithinADay(_ rule: icalrecurrencetype) -> Bool {
        [ICAL_SECONDLY_RECURRENCE, ICAL_MINUTELY_RECURRENCE, ICAL_HOURLY_RECURRENCE].contains(rule.freq)
    }

    static func occurrence(_ item: ReminderItem, _ times: ReminderTimes, key: String?, wall: icaltimetype, start: Instant)
        -> ReminderOccurrence
    {
        ReminderOccurrence(key: key, original: start, wall: wall, start: start, end: end(item, times, wall: wall, start: start))
    }

    /// An all-day item ends at midnight `length` days later in the user's zone; a timed one `length` seconds later.
    static func end(_ item: ReminderItem, _ times: ReminderTimes, wall: icaltimetype, start: Instant) -> Instant {
        guard item.allDay, let w = ReminderTimes.wallSeconds(wall) else { return start + item.length }
        return Instant(secondsSinceEpoch: ReminderTimes.rfcInstant(w + item.length * 86_400, in: times.user))
    }
}
