// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import MoscowTimeDomain

/// The parts of one of our own alarm VEVENTs that have no standard property (`CalendarFormat`).
enum OwnAlarmReader {
    static func alarm(
        _ ev: OpaquePointer, id: String, label: String, schedule: Schedule,
        info: ICSLineScanner.Component?
    ) throws(CalendarFileError) -> Alarm {
        func fail(_ property: String, _ why: CalendarFileProblem) -> CalendarFileError {
            CalendarFileError(line: info?.line(of: property), why)
        }
        if let issue = LabelRules.issue(label) { throw fail("SUMMARY", .alarmLabel(issue)) }
        var enabled = true
        if let e = ICal.xValue(ev, CalendarFormat.enabled) {
            guard e == "TRUE" || e == "FALSE" else {
                throw fail(CalendarFormat.enabled, .notTrueOrFalse(property: CalendarFormat.enabled, value: e))
            }
            enabled = e == "TRUE"
        }
        var snooze: Int?
        if let s = ICal.xValue(ev, CalendarFormat.snooze) {
            guard let n = Int(s), Limits.snoozeMinutes.contains(n) else {
                throw fail(
                    CalendarFormat.snooze,
                    .snoozeOutOfRange(
                        property: CalendarFormat.snooze, value: s, minimum: Limits.snoozeMinutes.lowerBound,
                        maximum: Limits.snoozeMinutes.upperBound))
            }
            snooze = n
        }
        let sound = ICal.xValue(ev, CalendarFormat.sound)
        var ramp: Int?
        if let s = ICal.xValue(ev, CalendarFormat.ramp) {
            guard let n = Int(s), Limits.rampSeconds.contains(n) else {
                throw fail(
                    CalendarFormat.ramp,
                    .rampOutOfRange(
                        property: CalendarFormat.ramp, value: s, minimum: Limits.rampSeconds.lowerBound,
                        maximum: Limits.rampSeconds.upperBound))
            }
            ramp = n
        }
        let created = try times(ev, info: info)
        return Alarm(
            id: id, label: label, schedule: schedule, enabled: enabled, snoozeMinutes: snooze,
            sound: sound, rampSeconds: ramp, created: created.created, modified: created.modified)
    }

    /// `X-MOSCOWTIME-OFF-UNTIL` (YYYYMMDD); an unreadable or out-of-range one is left out (the
    /// alarm then rings as its EXDATEs say).
    static func offUntil(_ ev: OpaquePointer) -> CivilDate? {
        guard let day = ICal.xValue(ev, CalendarFormat.offUntil).flatMap(ICal.compactDate), Limits.alarmDates.contains(day) else {
            return nil
        }
        return day
    }

    /// The `modified` our writer put in this copy, which another program's rewrite keeps:
    /// `X-MOSCOWTIME-MODIFIED` (`CalendarFormat.written`), or in a copy written before it existed
    /// `DTSTAMP`, which we have always written as `modified` and todoman keeps. Nil when neither
    /// can be read (it is only a hint to the sync).
    static func written(_ c: OpaquePointer) -> Instant? {
        if let t = ICal.xValue(c, CalendarFormat.written).flatMap(ICal.parseCompactUTC) { return t }
        guard let p = icalcomponent_get_first_property(c, ICAL_DTSTAMP_PROPERTY) else { return nil }
        let t = icalproperty_get_dtstamp(p)
        guard !icaltime_is_null_time(t).boolValue, icaltime_is_utc(t).boolValue else { return nil }
        return ICal.instant(utc: t)
    }

    /// CREATED and LAST-MODIFIED (DTSTAMP, then CREATED, stand in for a missing one).
    static func times(_ c: OpaquePointer, info: ICSLineScanner.Component?) throws(CalendarFileError) -> (
        created: Instant, modified: Instant
    ) {
        func read(_ kind: icalproperty_kind) -> Instant? {
            guard let p = icalcomponent_get_first_property(c, kind) else { return nil }
            let t = icalproperty_get_datetime_with_component(p, c)
            return icaltime_is_null_time(t).boolValue
                ? nil : ICal.instant(utc: icaltime_convert_to_zone(t, icaltimezone_get_utc_timezone()))
        }
        let stamp = read(ICAL_DTSTAMP_PROPERTY)
        guard let created = read(ICAL_CREATED_PROPERTY) ?? stamp else {
            throw CalendarFileError(line: info?.line, .noCreationTime)
        }
        return (created, read(ICAL_LASTMODIFIED_PROPERTY) ?? stamp ?? created)
    }
}
