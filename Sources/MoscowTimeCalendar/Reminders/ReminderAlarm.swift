// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import MoscowTimeDomain

/// One VALARM as RFC 5545 §3.8.6.3 and RFC 9074 say to ring it: its trigger (relative to the
/// occurrence's start or end, or an absolute UTC instant), its repetitions, and when it was
/// acknowledged elsewhere.
struct ReminderAlarm {
    enum Trigger: Equatable {
        /// Seconds from the start, or with `toEnd` from the end (a to-do's DUE).
        case relative(Int64, toEnd: Bool)
        case absolute(Instant)
    }

    enum Reading {
        case alarm(ReminderAlarm)
        /// EMAIL, PROCEDURE or another action: not rung here.
        case otherAction
        case unreadable
    }

    let index: Int
    let uid: String?
    let trigger: Trigger
    /// REPEAT and DURATION: `repeats` more rings, `interval` seconds apart.
    let repeats: Int
    let interval: Int64
    /// RFC 9074 ACKNOWLEDGED.
    let acknowledged: Instant?
    /// RFC 9074 §7: the UID of the VALARM this one snoozes (RELATED-TO;RELTYPE=SNOOZE).
    var snoozes: String? = nil

    static func read(_ valarm: OpaquePointer, index: Int) -> Reading {
        if let p = icalcomponent_get_first_property(valarm, ICAL_ACTION_PROPERTY) {
            let action = icalproperty_get_action(p)
            guard action == ICAL_ACTION_DISPLAY || action == ICAL_ACTION_AUDIO else { return .otherAction }
        }
        guard let p = icalcomponent_get_first_property(valarm, ICAL_TRIGGER_PROPERTY) else { return .unreadable }
        let t = icalproperty_get_trigger(p)
        guard icaltriggertype_is_bad_trigger(t) == 0 else { return .unreadable }
        let trigger: Trigger
        if !icaltime_is_null_time(t.time).boolValue {
            guard let at = absolute(t.time) else { return .unreadable }
            trigger = .absolute(at)
        } else {
            let offset = seconds(t.duration)
            guard abs(offset) <= ReminderLimits.maximumOffsetSeconds else { return .unreadable }
            let related = icalproperty_get_first_parameter(p, ICAL_RELATED_PARAMETER).map { icalparameter_get_related($0) }
            trigger = .relative(offset, toEnd: related == ICAL_RELATED_END)
        }
        var repeats = 0
        var interval: Int64 = 0
        if let r = icalcomponent_get_first_property(valarm, ICAL_REPEAT_PROPERTY),
            let d = icalcomponent_get_first_property(valarm, ICAL_DURATION_PROPERTY)
        {
            repeats = Int(icalproperty_get_repeat(r))
            interval = seconds(icalproperty_get_duration(d))
            guard (0...ReminderLimits.maximumRepeat).contains(repeats), interval <= ReminderLimits.maximumOffsetSeconds else {
                return .unreadable
            }
            if interval <= 0 { repeats = 0 }
        }
        let ack = icalcomponent_get_first_property(valarm, ICAL_ACKNOWLEDGED_PROPERTY).flatMap {
            absolute(icalproperty_get_acknowledged($0))
        }
        let uid = icalcomponent_get_first_property(valarm, ICAL_UID_PROPERTY).flatMap { ICal.string(icalproperty_get_uid($0)) }
        return .alarm(
            ReminderAlarm(
                index: index, uid: uid, trigger: trigger, repeats: repeats, interval: interval, acknowledged: ack,
                snoozes: snoozed(valarm)))
    }

    /// The UID a RELATED-TO;RELTYPE=SNOOZE names (libical 3.0 knows no SNOOZE: read from the text).
    static func snoozed(_ valarm: OpaquePointer) -> String? {
        for p in ICal.properties(valarm, named: "RELATED-TO") {
            guard let param = icalproperty_get_first_parameter(p, ICAL_RELTYPE_PARAMETER),
                let text = icalparameter_as_ical_string(param).map({ String(cString: $0) }),
                text.uppercased().filter({ $0 != "\"" }).hasSuffix("=SNOOZE")
            else { continue }
            return ICal.string(icalproperty_get_relatedto(p))?.trimmingWhitespace
        }
        return nil
    }

    /// A duration's seconds, computed here in 64 bits (libical's `icaldurationtype_as_int` is an
    /// int and overflows on a hostile `-P99999999W`).
    static func seconds(_ d: icaldurationtype) -> Int64 {
        let s = ((Int64(d.weeks) * 7 + Int64(d.days)) * 24 + Int64(d.hours)) * 3600 + Int64(d.minutes) * 60 + Int64(d.seconds)
        return d.is_neg != 0 ? -s : s
    }

    /// A UTC DATE-TIME (RFC 5545 requires UTC for an absolute trigger, RFC 9074 for ACKNOWLEDGED).
    static func absolute(_ t: icaltimetype) -> Instant? {
        guard !t.is_date.boolValue, t.year > 0 else { return nil }
        let s = Int64(icaltime_as_timet_with_zone(t, icaltimezone_get_utc_timezone()))
        return Limits.instantSeconds.contains(s) ? Instant(secondsSinceEpoch: s) : nil
    }

    /// The instant of the trigger for an occurrence from `start` to `end` (nil start: none).
    func first(start: Instant?, end: Instant?) -> Instant? {
        switch trigger {
        case .absolute(let at): return at
        case .relative(let offset, let toEnd):
            guard let base = toEnd ? end : start else { return nil }
            return base + offset
        }
    }

    /// The repetitions (0 the trigger itself) of a trigger at `first` that fall in [from, to).
    func rings(first: Instant, from: Instant, to: Instant) -> ClosedRange<Int>? {
        guard repeats > 0 else { return first >= from && first < to ? 0...0 : nil }
        let lo = max(0, Self.ceilDiv(from - first, interval))
        let hi = min(Int64(repeats), Self.floorDiv(to - first - 1, interval))
        return lo <= hi ? Int(lo)...Int(hi) : nil
    }

    /// How far from the occurrence's start this alarm's rings lie, given the occurrence's length:
    /// nil for an absolute trigger.
    func shifts(length: Int64) -> ClosedRange<Int64>? {
        guard case .relative(let offset, let toEnd) = trigger else { return nil }
        let first = offset + (toEnd ? length : 0)
        return first...(first + Int64(repeats) * interval)
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }
    static func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 { -floorDiv(-a, b) }
}
