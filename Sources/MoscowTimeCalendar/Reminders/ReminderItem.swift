// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import MoscowTimeDomain

/// One VEVENT or VTODO as the reminder reader needs it: where its occurrences are anchored (an
/// event's DTSTART; a to-do's DTSTART, else its DUE), how long each lasts (DTEND or DUE, else
/// DURATION, else a day for an all-day event and nothing for a timed one), and whether it may ring.
struct ReminderItem {
    let component: OpaquePointer
    let kind: CalendarReminder.Kind
    let name: CalendarEventName
    let location: String
    /// The anchor's time and place; nil for a to-do with neither DTSTART nor DUE.
    let anchor: (time: icaltimetype, place: ReminderTimes.Place)?
    /// The anchor is DTSTART (a to-do anchored at its DUE has no start to show).
    let anchoredAtStart: Bool
    /// Each occurrence's length: days for an all-day item, else seconds.
    let length: Int64
    /// STATUS:CANCELLED, or a to-do that is completed.
    let silent: Bool

    init(_ c: OpaquePointer, times: ReminderTimes) throws(ReminderSkip.Reason) {
        component = c
        kind = icalcomponent_isa(c) == ICAL_VTODO_COMPONENT ? .todo : .event
        name = CalendarImporter.Reader.name(c)
        location =
            (icalcomponent_get_first_property(c, ICAL_LOCATION_PROPERTY).flatMap { ICal.string(icalproperty_get_location($0)) } ?? "")
            .trimmingWhitespace
        let status = icalcomponent_get_first_property(c, ICAL_STATUS_PROPERTY).map { icalproperty_get_status($0) }
        silent =
            status == ICAL_STATUS_CANCELLED
            || (kind == .todo && (status == ICAL_STATUS_COMPLETED || icalcomponent_get_first_property(c, ICAL_COMPLETED_PROPERTY) != nil))
        let start = try Self.time(c, ICAL_DTSTART_PROPERTY, times)
        let due = kind == .todo ? try Self.time(c, ICAL_DUE_PROPERTY, times) : nil
        let end = kind == .event ? try Self.time(c, ICAL_DTEND_PROPERTY, times) : due
        guard kind == .todo || start != nil else { throw .noStart }
        anchor = start ?? due
        anchoredAtStart = start != nil
        // A to-do anchored at its DUE lasts no time: its start and end are the DUE.
        length = start == nil ? 0 : Self.length(c, anchor: anchor, end: end, times: times)
    }

    /// A DATE or DATE-TIME property with its place; nil when the item has none.
    static func time(_ c: OpaquePointer, _ kind: icalproperty_kind, _ times: ReminderTimes) throws(ReminderSkip.Reason) -> (
        time: icaltimetype, place: ReminderTimes.Place
    )? {
        guard let p = icalcomponent_get_first_property(c, kind) else { return nil }
        let t = icalvalue_get_datetime(icalproperty_get_value(p))
        guard !icaltime_is_null_time(t).boolValue else { return nil }
        do throws(ReminderTimes.Failure) { return (t, try times.place(of: t, in: p)) } catch {
            switch error {
            case .unknownZone(let tzid): throw .unknownZone(tzid)
            }
        }
    }

    static func length(
        _ c: OpaquePointer, anchor: (time: icaltimetype, place: ReminderTimes.Place)?,
        end: (time: icaltimetype, place: ReminderTimes.Place)?, times: ReminderTimes
    ) -> Int64 {
        guard let anchor else { return 0 }
        let allDay = anchor.time.is_date.boolValue
        if let end {
            if allDay, end.time.is_date.boolValue, let a = ReminderTimes.wallSeconds(anchor.time),
                let b = ReminderTimes.wallSeconds(end.time)
            {
                return max(0, (b - a) / 86_400)
            }
            if let a = times.instant(anchor.time, anchor.place, bounded: false), let b = times.instant(end.time, end.place, bounded: false)
            {
                return min(max(0, b - a), ReminderLimits.maximumOffsetSeconds)
            }
            return 0
        }
        if let p = icalcomponent_get_first_property(c, ICAL_DURATION_PROPERTY) {
            let s = min(max(0, ReminderAlarm.seconds(icalproperty_get_duration(p))), ReminderLimits.maximumOffsetSeconds)
            return allDay ? s / 86_400 : s
        }
        return allDay ? 1 : 0
    }

    var allDay: Bool { anchor?.time.is_date.boolValue ?? false }

    /// The tz database zone of the anchor, for display.
    var zoneName: String? {
        if case .named(let name)? = anchor?.place { return name }
        return nil
    }
}
