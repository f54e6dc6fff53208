// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import MoscowTimeDomain

/// What a patch of another program's event needs to know of it (`AdoptedEventPatch`), read by
/// libical from the server's text: where its times are, and how its reminder is set.
struct AdoptedEventFacts {
    /// How DTSTART is written: an EXDATE is written the same way.
    enum StartForm {
        case date
        case utc
        /// In a zone: its TZID, or for floating times the zone they are read in.
        case local(OpaquePointer, floating: Bool)
    }

    var form = StartForm.utc
    var start = Instant(secondsSinceEpoch: 0)
    /// DTSTART's own day, in its zone.
    var startDate = CivilDate(year: 2000, month: 1, day: 1)!
    /// Seconds from DTSTART to the ring (`EventScheduleMapper.triggerOffset`).
    var offset: Int64 = 0
    /// The reminder's TRIGGER as written: an instant (`VALUE=DATE-TIME`), else its duration's seconds.
    var absoluteTrigger: Instant?
    var triggerDuration: Int64 = 0
    /// The reminders' positions among the event's VALARMs (DISPLAY, AUDIO or no ACTION); the first
    /// is the alarm's.
    var reminders: [Int] = []
    /// The later of LAST-MODIFIED and DTSTAMP, and SEQUENCE.
    var stamp: Instant?
    var sequence: Int32 = 0
    /// Floating times whose zone the calendar does not name (no `X-WR-TIMEZONE`) and no machine has
    /// written yet (`CalendarFormat.floatingZone`).
    var floatingZoneUnwritten = false

    /// `zone`: the alarm's; floating times in the calendar's `X-WR-TIMEZONE`, else as written, else in it.
    init?(_ bytes: [UInt8], uid: String, zone: Zone, now: Instant) {
        guard let (_, root) = try? CalendarImporter.checkedTree(bytes) else { return nil }
        defer { icalcomponent_free(root) }
        let calendar = icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT ? root : ICal.children(root, ICAL_VCALENDAR_COMPONENT).first
        guard let calendar,
            let ev = ICal.children(calendar, ICAL_VEVENT_COMPONENT).first(where: {
                ICal.string(icalcomponent_get_uid($0)) == uid && icalcomponent_get_first_property($0, ICAL_RECURRENCEID_PROPERTY) == nil
            })
        else { return nil }
        let calendarZone = ICal.xValue(calendar, "X-WR-TIMEZONE")?.trimmingWhitespace.nonEmpty
        let written = ICal.xValue(ev, CalendarFormat.floatingZone)?.trimmingWhitespace.nonEmpty
        let named: [String] = [calendarZone, written].compactMap { $0 }
        let floatingName = named.first { ZoneNames.contains($0) } ?? zone.identifier
        let floating = icaltimezone_get_builtin_timezone(floatingName)
        let mapper = EventScheduleMapper(zone: zone, now: now, own: false, floating: floating)
        guard case .success(let t) = mapper.zonedStart(ev), let s = mapper.instant(t) else { return nil }
        start = s
        startDate = CivilDate(year: Int(t.year), month: Int(t.month), day: Int(t.day)) ?? startDate
        let isFloating = CalendarImporter.Reader.startIsFloating(ev)
        if t.is_date.boolValue {
            form = .date
        } else if icaltime_is_utc(t).boolValue {
            form = .utc
        } else if let z = t.zone ?? floating {
            form = .local(z, floating: isFloating)
        } else {
            return nil
        }
        floatingZoneUnwritten = isFloating && calendarZone == nil && written == nil
        readReminders(ev, mapper: mapper)
        readStamps(ev)
    }

    mutating func readReminders(_ ev: OpaquePointer, mapper: EventScheduleMapper) {
        let valarms = ICal.children(ev, ICAL_VALARM_COMPONENT)
        reminders = valarms.indices.filter { k in
            let action = icalcomponent_get_first_property(valarms[k], ICAL_ACTION_PROPERTY).map { icalproperty_get_action($0) }
            return action == nil || action == ICAL_ACTION_DISPLAY || action == ICAL_ACTION_AUDIO
        }
        let reminder = reminders.first.map { valarms[$0] }
        if case .success(let o) = mapper.triggerOffset(ev, valarm: reminder) { offset = o }
        guard let reminder, let p = icalcomponent_get_first_property(reminder, ICAL_TRIGGER_PROPERTY) else { return }
        let trigger = icalproperty_get_trigger(p)
        if !icaltime_is_null_time(trigger.time).boolValue {
            absoluteTrigger = mapper.instant(trigger.time)
        } else {
            triggerDuration = EventScheduleMapper.seconds(trigger.duration)
        }
    }

    mutating func readStamps(_ ev: OpaquePointer) {
        for kind in [ICAL_LASTMODIFIED_PROPERTY, ICAL_DTSTAMP_PROPERTY] {
            guard let p = icalcomponent_get_first_property(ev, kind) else { continue }
            let t = icalproperty_get_datetime_with_component(p, ev)
            guard !icaltime_is_null_time(t).boolValue else { continue }
            let at = ICal.instant(utc: icaltime_convert_to_zone(t, icaltimezone_get_utc_timezone()))
            stamp = max(stamp ?? at, at)
        }
        sequence = max(0, icalcomponent_get_sequence(ev))
    }

    /// An occurrence's start as an EXDATE value, written as DTSTART is.
    func exdateValue(start: Instant, zone: Zone) -> String {
        switch form {
        case .date: return ICal.compactText(zone.local(start).date)
        case .utc: return ICal.compactUTC(start)
        case .local(let z, _):
            let t = icaltime_from_timet_with_zone(time_t(start.secondsSinceEpoch), 0, z)
            return Self.digits(Int(t.year), 4) + Self.digits(Int(t.month), 2) + Self.digits(Int(t.day), 2) + "T"
                + Self.digits(Int(t.hour), 2) + Self.digits(Int(t.minute), 2) + Self.digits(Int(t.second), 2)
        }
    }

    static func digits(_ n: Int, _ width: Int) -> String {
        let s = String(n)
        return String(repeating: "0", count: max(0, width - s.count)) + s
    }

    /// A DURATION value (RFC 5545 §3.3.6): `-PT15M`, `P1DT2H`, `PT0S`.
    static func duration(_ seconds: Int64) -> String {
        var s = seconds.magnitude
        let days = s / 86_400
        s %= 86_400
        let parts: [(UInt64, String)] = [(s / 3600, "H"), (s % 3600 / 60, "M"), (s % 60, "S")]
        var text = (seconds < 0 ? "-" : "") + "P" + (days > 0 ? "\(days)D" : "")
        if let first = parts.firstIndex(where: { $0.0 > 0 }), let last = parts.lastIndex(where: { $0.0 > 0 }) {
            text += "T" + parts[first...last].map { "\($0.0)\($0.1)" }.joined()
        } else if days == 0 {
            text += "T0S"
        }
        return text
    }
}
