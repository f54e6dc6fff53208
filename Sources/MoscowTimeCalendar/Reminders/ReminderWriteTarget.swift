// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import MoscowTimeDomain

/// The component of a calendar object that holds a reminder's VALARM, as `ReminderReader` reads
/// it: the override whose RECURRENCE-ID is the reminder's occurrence, else the item without one
/// (the master). Components are counted in the text's order, as `ComponentLines.items` lists them.
struct ReminderWriteTarget: Equatable {
    /// The component whose VALARMs rang for the occurrence.
    let item: Int
    /// The master of the UID, where Thunderbird keeps X-MOZ-LASTACK and X-MOZ-SNOOZE-TIME-<n>.
    let master: Int?
    let isTodo: Bool
    /// The master repeats (RRULE or RDATE).
    let repeats: Bool
    /// The occurrence's RECURRENCE-ID as an instant; nil for a single item or a day.
    let occurrence: Instant?
    /// An occurrence of a repeating to-do that no override holds yet: its times as the master
    /// writes them, for the override that Done adds.
    var newOverride: ReminderOccurrenceTimes? = nil

    /// `zone` and `floating` as the reader was given them: a floating RECURRENCE-ID names an
    /// occurrence in the calendar's zone.
    /// `alarm`: the VALARM that rang; a snooze alarm of a repeating to-do names the occurrence it
    /// snoozes, which Done then completes.
    static func find(_ root: OpaquePointer, uid: String, recurrenceID: String?, alarm: Int, zone: Zone, floating: Zone?)
        -> ReminderWriteTarget?
    {
        let calendars = icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT ? [root] : ICal.children(root, ICAL_VCALENDAR_COMPONENT)
        var ordinal = 0
        var master: (index: Int, component: OpaquePointer, times: ReminderTimes)?
        var override: (index: Int, component: OpaquePointer)?
        for calendar in calendars {
            let times = ReminderTimes(user: zone, floating: ReminderReader.calendarZone(calendar) ?? floating ?? zone, root: calendar)
            for c in ICal.children(calendar, ICAL_ANY_COMPONENT) {
                let kind = icalcomponent_isa(c)
                guard kind == ICAL_VEVENT_COMPONENT || kind == ICAL_VTODO_COMPONENT else { continue }
                defer { ordinal += 1 }
                guard icalcomponent_get_first_property(c, ICAL_UID_PROPERTY).flatMap({ ICal.string(icalproperty_get_uid($0)) }) == uid
                else { continue }
                switch key(c, times) {
                case nil: if master == nil { master = (ordinal, c, times) }
                case let k? where k == recurrenceID: if override == nil { override = (ordinal, c) }
                default: break
                }
            }
        }
        guard let holder = override ?? master.map({ ($0.index, $0.component) }) else { return nil }
        let repeats = master.map { m in
            icalcomponent_get_first_property(m.component, ICAL_RRULE_PROPERTY) != nil
                || icalcomponent_get_first_property(m.component, ICAL_RDATE_PROPERTY) != nil
        }
        var target = ReminderWriteTarget(
            item: holder.index, master: master?.index, isTodo: icalcomponent_isa(holder.component) == ICAL_VTODO_COMPONENT,
            repeats: repeats ?? false, occurrence: recurrenceID.flatMap(ICal.parseCompactUTC))
        if override == nil, target.isTodo, let m = master,
            let key = recurrenceID ?? (target.repeats ? ReminderOccurrenceTimes.snoozedKey(m.component, alarm: alarm, times: m.times) : nil)
        {
            target.newOverride = ReminderOccurrenceTimes.find(m.component, times: m.times, key: key)
        }
        return target
    }

    /// A component's RECURRENCE-ID as the reader keys it; nil when it has none (or one that
    /// cannot be read, which the reader leaves out).
    static func key(_ c: OpaquePointer, _ times: ReminderTimes) -> String? {
        guard let p = icalcomponent_get_first_property(c, ICAL_RECURRENCEID_PROPERTY) else { return nil }
        let t = icalproperty_get_recurrenceid(p)
        guard !icaltime_is_null_time(t).boolValue, let place = try? times.place(of: t, in: p), let at = times.instant(t, place)
        else { return "" }
        return ReminderTimes.key(t, instant: at)
    }
}
