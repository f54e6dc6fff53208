// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import MoscowTimeDomain
import MoscowTimeStore

/// Writes alarms and habits as one VCALENDAR (see `CalendarFormat` for the mapping and why).
public enum CalendarExporter {
    /// libical lacks the zone's VTIMEZONE (tzdata missing); worded where it is shown.
    public enum Failure: Error, Sendable, Equatable { case noTimeZone(String) }

    /// The whole document: alarms as VEVENTs, habits as VTODOs, and the zone's VTIMEZONE.
    public static func calendar(_ doc: StoreDocument, alarms: Bool = true, habits: Bool = true) throws(Failure) -> String {
        try ICal.exclusive { () throws(Failure) -> String in try document(doc, alarms: alarms, habits: habits) }
    }

    static func document(_ doc: StoreDocument, alarms: Bool, habits: Bool) throws(Failure) -> String {
        let zone = try timezone(doc.settings.zone)
        let cal = newCalendar()
        defer { icalcomponent_free(cal) }
        if alarms && !doc.alarms.isEmpty {
            icalcomponent_add_component(cal, vtimezone(zone, id: doc.settings.zone))
            // Alarms kept in the zone they were made in (`Alarm.zone`) bring theirs.
            for id in Set(doc.alarms.compactMap(\.zone)).subtracting([doc.settings.zone]).sorted() {
                icalcomponent_add_component(cal, vtimezone(try timezone(id), id: id))
            }
        }
        let workingDays = doc.workingCalendar
        if alarms {
            for a in doc.alarms { icalcomponent_add_component(cal, event(a, zoneID: a.zone ?? doc.settings.zone, calendar: workingDays)) }
        }
        if habits { for h in doc.habits { icalcomponent_add_component(cal, todo(h)) } }
        return ICal.text(cal)
    }

    /// One alarm as a calendar of its own (a CalDAV resource); `uid`: the UID of the event another
    /// program made, which the alarm was taken from (`CalendarImport.adoptedUIDs`).
    public static func calendar(alarm: Alarm, settings: Settings, calendar workingDays: WorkingCalendar, uid: String? = nil) throws(Failure)
        -> String
    {
        try ICal.exclusive { () throws(Failure) -> String in
            let cal = newCalendar()
            defer { icalcomponent_free(cal) }
            let zoneID = alarm.zone ?? settings.zone
            icalcomponent_add_component(cal, vtimezone(try timezone(zoneID), id: zoneID))
            icalcomponent_add_component(cal, event(alarm, zoneID: zoneID, calendar: workingDays, uid: uid))
            return ICal.text(cal)
        }
    }

    /// One habit as a calendar of its own (a CalDAV resource), with its days' log times.
    public static func calendar(habit: Habit, logged: [CivilDate: Instant] = [:], removed: [CivilDate: Instant] = [:]) -> String {
        ICal.exclusive {
            let cal = newCalendar()
            defer { icalcomponent_free(cal) }
            icalcomponent_add_component(cal, todo(habit, logged: logged, removed: removed))
            return ICal.text(cal)
        }
    }

    /// A deleted item as a resource (a tombstone): its deletion time must reach the other machines
    /// so that "a delete wins over an older edit" can be decided there, and no other program may
    /// show it (issue 23 §4). Alarms' collection holds only VEVENTs, and a separate collection or a
    /// WebDAV property would cost requests on every sync and lose `If-Match`, so it stays an event
    /// that calendars have no reason to display: `STATUS:CANCELLED` (Google and Apple hide it,
    /// Thunderbird and khal strike it through), `TRANSP:TRANSPARENT` (never busy), no `SUMMARY`, no
    /// `VALARM`, and one all-day `DTSTART` on 1970-01-01, a day no view of the present reaches; a
    /// habit's is a cancelled `VTODO`, which todo lists leave out (todoman shows needs-action ones).
    public static func tombstone(alarmID id: String, at: Instant, uid: String? = nil) -> String {
        ICal.exclusive {
            tombstone(ICAL_VEVENT_COMPONENT, uid: uid ?? CalendarFormat.alarmUID(id), idProperty: CalendarFormat.alarmID, id: id, at: at)
        }
    }

    public static func tombstone(habitID id: String, at: Instant) -> String {
        ICal.exclusive {
            tombstone(ICAL_VTODO_COMPONENT, uid: CalendarFormat.habitUID(id), idProperty: CalendarFormat.habitID, id: id, at: at)
        }
    }

    static func tombstone(_ kind: icalcomponent_kind, uid: String, idProperty: String, id: String, at: Instant) -> String {
        let cal = newCalendar()
        defer { icalcomponent_free(cal) }
        let c = icalcomponent_new(kind)!
        icalcomponent_add_property(c, icalproperty_new_uid(uid))
        icalcomponent_add_property(c, icalproperty_new_dtstamp(ICal.utc(at)))
        if kind == ICAL_VEVENT_COMPONENT {
            icalcomponent_add_property(c, icalproperty_new_dtstart(ICal.date(CalendarFormat.tombstoneDay)))
            icalcomponent_add_property(c, icalproperty_new_transp(ICAL_TRANSP_TRANSPARENT))
        }
        icalcomponent_add_property(c, icalproperty_new_status(ICAL_STATUS_CANCELLED))
        icalcomponent_add_property(c, ICal.xProperty(idProperty, id))
        icalcomponent_add_property(c, ICal.xProperty(CalendarFormat.deleted, ICal.compactUTC(at)))
        icalcomponent_add_component(cal, c)
        return ICal.text(cal)
    }

    static func newCalendar() -> OpaquePointer {
        let cal = icalcomponent_new(ICAL_VCALENDAR_COMPONENT)!
        icalcomponent_add_property(cal, icalproperty_new_version("2.0"))
        icalcomponent_add_property(cal, icalproperty_new_prodid(CalendarFormat.productID))
        return cal
    }

    static func timezone(_ id: String) throws(Failure) -> OpaquePointer {
        guard let z = icaltimezone_get_builtin_timezone(id) else {
            throw .noTimeZone(id)
        }
        return z
    }

    /// The zone's VTIMEZONE under its plain IANA name (libical prefixes its own TZIDs).
    /// libical has no VTIMEZONE for UTC and its aliases (`UTC`, `Etc/UTC`, `GMT` …): one with
    /// the fixed offset 0 is written for them, so that the file still names every TZID it uses.
    static func vtimezone(_ zone: OpaquePointer, id: String) -> OpaquePointer {
        guard let component = icaltimezone_get_component(zone) else {
            let vt = icalcomponent_new(ICAL_VTIMEZONE_COMPONENT)!
            icalcomponent_add_property(vt, icalproperty_new_tzid(id))
            let standard = icalcomponent_new(ICAL_XSTANDARD_COMPONENT)!
            icalcomponent_add_property(
                standard,
                icalproperty_new_dtstart(ICal.local(CivilDate(year: 1970, month: 1, day: 1)!, TimeOfDay(hour: 0, minute: 0)!, zone: nil)))
            icalcomponent_add_property(standard, icalproperty_new_tzoffsetfrom(0))
            icalcomponent_add_property(standard, icalproperty_new_tzoffsetto(0))
            icalcomponent_add_component(vt, standard)
            return vt
        }
        let vt = icalcomponent_new_clone(component)!
        if let p = icalcomponent_get_first_property(vt, ICAL_TZID_PROPERTY) { icalproperty_set_tzid(p, id) }
        return vt
    }

    // MARK: alarms

    static func event(_ a: Alarm, zoneID: String, calendar workingDays: WorkingCalendar, uid: String? = nil) -> OpaquePointer {
        let ev = icalcomponent_new(ICAL_VEVENT_COMPONENT)!
        icalcomponent_add_property(ev, icalproperty_new_uid(uid ?? CalendarFormat.alarmUID(a.id)))
        icalcomponent_add_property(ev, icalproperty_new_dtstamp(ICal.utc(a.modified)))
        icalcomponent_add_property(ev, icalproperty_new_created(ICal.utc(a.created)))
        icalcomponent_add_property(ev, icalproperty_new_lastmodified(ICal.utc(a.modified)))
        icalcomponent_add_property(ev, icalproperty_new_summary(a.label))
        schedule(a, into: ev, zoneID: zoneID, workingDays)
        if !a.schedule.isOneTime, let time = a.schedule.time { skips(ev, a, time: time, zoneID: zoneID, workingDays) }
        icalcomponent_add_property(ev, ICal.xProperty(CalendarFormat.alarmID, a.id))
        icalcomponent_add_property(ev, ICal.xProperty(CalendarFormat.written, ICal.compactUTC(a.modified)))
        icalcomponent_add_property(ev, ICal.xProperty(CalendarFormat.enabled, a.enabled ? "TRUE" : "FALSE"))
        if let m = a.snoozeMinutes { icalcomponent_add_property(ev, ICal.xProperty(CalendarFormat.snooze, String(m))) }
        if let s = a.sound { icalcomponent_add_property(ev, ICal.xProperty(CalendarFormat.sound, s)) }
        if let r = a.rampSeconds { icalcomponent_add_property(ev, ICal.xProperty(CalendarFormat.ramp, String(r))) }
        // A disabled alarm reminds in no calendar either: other programs show what the user hears.
        guard a.enabled else { return ev }
        let valarm = icalcomponent_new(ICAL_VALARM_COMPONENT)!
        icalcomponent_add_property(valarm, icalproperty_new_action(ICAL_ACTION_DISPLAY))
        icalcomponent_add_property(valarm, icalproperty_new_description(a.label))
        var trigger = icaltriggertype()
        trigger.time = icaltime_null_time()
        trigger.duration = icaldurationtype_null_duration()
        icalcomponent_add_property(valarm, icalproperty_new_trigger(trigger))
        icalcomponent_add_component(ev, valarm)
        return ev
    }

    /// The alarm's schedule as the event's DTSTART (local, in `zoneID`) and RRULE; working days also
    /// as the production calendar's exceptions.
    static func schedule(_ a: Alarm, into ev: OpaquePointer, zoneID: String, _ workingDays: WorkingCalendar) {
        func localStart(_ date: CivilDate, _ time: TimeOfDay) {
            let p = icalproperty_new_dtstart(ICal.local(date, time, zone: nil))!
            icalproperty_add_parameter(p, icalparameter_new_tzid(zoneID))
            icalcomponent_add_property(ev, p)
        }
        switch a.schedule {
        case .weekly(let days, let time, let from):
            // A first day later than that is the DTSTART (see `EventScheduleMapper.firstDay`).
            let created = createdDate(a, zoneID: zoneID)
            localStart(firstDay(in: days, from: from.map { max($0, created) } ?? created), time)
            icalcomponent_add_property(ev, icalproperty_new_rrule(weekly(days)))
        case .workdays(let time, let from):
            let created = createdDate(a, zoneID: zoneID)
            let first = firstWorkingDay(from: from.map { max($0, created) } ?? created, workingDays)
            localStart(first, time)
            icalcomponent_add_property(ev, icalproperty_new_rrule(weekly(Weekday.workdays)))
            calendarExceptions(ev, from: first, time: time, zoneID: zoneID, workingDays)
            icalcomponent_add_property(ev, ICal.xProperty(CalendarFormat.days, CalendarFormat.workdays))
        case .once(let date, let time):
            localStart(date, time)
        case .everyNDays(let n, let start, let time):
            localStart(start, time)
            var r = icalrecurrencetype()
            icalrecurrencetype_clear(&r)
            r.freq = ICAL_DAILY_RECURRENCE
            r.interval = Int16(n)
            icalcomponent_add_property(ev, icalproperty_new_rrule(r))
        case .timer(let at, let duration):
            icalcomponent_add_property(ev, icalproperty_new_dtstart(ICal.utc(at)))
            icalcomponent_add_property(ev, ICal.xProperty(CalendarFormat.timer, String(duration)))
        }
    }

    /// RRULE:FREQ=WEEKLY on these days.
    static func weekly(_ days: WeekdaySet) -> icalrecurrencetype {
        var r = icalrecurrencetype()
        icalrecurrencetype_clear(&r)
        r.freq = ICAL_WEEKLY_RECURRENCE
        r.interval = 1
        mt_recur_set_week_days(&r, Int32(days.mask))
        return r
    }

    static func createdDate(_ a: Alarm, zoneID: String) -> CivilDate {
        (Zone(identifier: zoneID) ?? Zone(identifier: "UTC")!).local(a.created).date
    }

    /// DTSTART of a weekly alarm: the first of its days on or after the day it was created, or on
    /// or after its first day when it has a later one (RFC 5545 counts DTSTART as an occurrence, so
    /// it must be one). Reading it back, a DTSTART later than the first of its days after CREATED
    /// is the alarm's first day.
    static func firstDay(in days: WeekdaySet, from date: CivilDate) -> CivilDate {
        var d = date
        while !days.contains(d.weekday) { d = d.adding(days: 1) }
        return d
    }

    /// DTSTART of a working-days alarm: its first working day on or after `date` (a Monday–Friday
    /// one, which the rule has too).
    static func firstWorkingDay(from date: CivilDate, _ workingDays: WorkingCalendar) -> CivilDate {
        var d = date
        for _ in 0..<60 where !(workingDays.isWorkingDay(d) && Weekday.workdays.contains(d.weekday)) { d = d.adding(days: 1) }
        return d
    }

    /// Years after the last known one whose fixed holidays are written as exceptions.
    static let unknownYearsWritten = 10

    /// The production calendar from the alarm's first day on, as the rule's exceptions: each
    /// weekday off an EXDATE, each working weekend an RDATE (local times in the zone). A year not
    /// known yet is what the agent rings in it, Monday–Friday without the fixed holidays
    /// (`FixedHolidays`): written for the ten years after the last known one, so other calendars
    /// show no ring on 1 January 2028 that the alarm will not ring; beyond that, plain Monday–Friday.
    static func calendarExceptions(
        _ ev: OpaquePointer, from first: CivilDate, time: TimeOfDay, zoneID: String, _ workingDays: WorkingCalendar
    ) {
        let last = max(workingDays.years.keys.max() ?? first.year, first.year) + unknownYearsWritten
        for year in first.year...last {
            for (date, _) in workingDays.listedDays(of: year) where date > first {
                let working = workingDays.isWorkingDay(date)
                let weekday = Weekday.workdays.contains(date.weekday)
                guard working != weekday else { continue }
                if working {
                    var period = icaldatetimeperiodtype()
                    period.time = ICal.local(date, time, zone: nil)
                    period.period = icalperiodtype_null_period()
                    let p = icalproperty_new_rdate(period)!
                    icalproperty_add_parameter(p, icalparameter_new_tzid(zoneID))
                    icalcomponent_add_property(ev, p)
                } else {
                    exdate(ev, date, time, zoneID: zoneID, reason: "calendar")  // not UI
                }
            }
        }
    }

    /// The alarm's skipped days as plain EXDATE (as a calendar program's "delete this occurrence"),
    /// and an "off until" as `X-MOSCOWTIME-OFF-UNTIL` with the occurrences before it (at most a
    /// year's) as EXDATE marked `off`: other calendars show what the user will hear.
    static func skips(_ ev: OpaquePointer, _ a: Alarm, time: TimeOfDay, zoneID: String, _ workingDays: WorkingCalendar) {
        for day in a.skippedDays.sorted() where a.schedule.isDue(on: day, calendar: workingDays) {
            exdate(ev, day, time, zoneID: zoneID, reason: nil)
        }
        guard let off = a.offUntil else { return }
        icalcomponent_add_property(ev, ICal.xProperty(CalendarFormat.offUntil, ICal.compactText(off)))
        var day = max(createdDate(a, zoneID: zoneID), off.adding(days: -Int64(Limits.offUntilDays.upperBound)))
        while day < off {
            if a.schedule.isDue(on: day, calendar: workingDays), !a.skippedDays.contains(day) {
                exdate(ev, day, time, zoneID: zoneID, reason: "off")  // not UI
            }
            day = day.adding(days: 1)
        }
    }

    /// An EXDATE at a local time in the zone; `reason` (`CalendarFormat.reasonParameter`) marks one
    /// that is not a skip.
    static func exdate(_ ev: OpaquePointer, _ date: CivilDate, _ time: TimeOfDay, zoneID: String, reason: String?) {
        let p = icalproperty_new_exdate(ICal.local(date, time, zone: nil))!
        icalproperty_add_parameter(p, icalparameter_new_tzid(zoneID))
        if let reason {
            let param = icalparameter_new_x(reason)!
            icalparameter_set_xname(param, CalendarFormat.reasonParameter)
            icalproperty_add_parameter(p, param)
        }
        icalcomponent_add_property(ev, p)
    }

    // MARK: habits

    static func todo(_ h: Habit, logged: [CivilDate: Instant] = [:], removed: [CivilDate: Instant] = [:]) -> OpaquePointer {
        let td = icalcomponent_new(ICAL_VTODO_COMPONENT)!
        icalcomponent_add_property(td, icalproperty_new_uid(CalendarFormat.habitUID(h.id)))
        icalcomponent_add_property(td, icalproperty_new_dtstamp(ICal.utc(h.modified)))
        icalcomponent_add_property(td, icalproperty_new_created(ICal.utc(h.created)))
        icalcomponent_add_property(td, icalproperty_new_lastmodified(ICal.utc(h.modified)))
        icalcomponent_add_property(td, icalproperty_new_summary(h.name))
        if let d = h.description { icalcomponent_add_property(td, icalproperty_new_description(d)) }
        // A start outside the days we accept came only from a store older than that rule; written as
        // is it became DTSTART:00000000, which no reader takes (ours included).
        let start = min(max(h.start, Limits.alarmDates.lowerBound), Limits.alarmDates.upperBound)
        icalcomponent_add_property(td, icalproperty_new_dtstart(ICal.date(start)))
        var r = icalrecurrencetype()
        icalrecurrencetype_clear(&r)
        r.interval = 1
        switch h.frequency {
        case .daily: r.freq = ICAL_DAILY_RECURRENCE
        case .weekdays(let days):
            r.freq = ICAL_WEEKLY_RECURRENCE
            mt_recur_set_week_days(&r, Int32(days.mask))
        case .workingDays:
            // Monday–Friday for other programs; X-MOSCOWTIME-FREQUENCY says it is the calendar's.
            r.freq = ICAL_WEEKLY_RECURRENCE
            mt_recur_set_week_days(&r, Int32(Weekday.workdays.mask))
        case .everyNDays(let n):
            r.freq = ICAL_DAILY_RECURRENCE
            r.interval = Int16(n)
        case .timesPerWeek, .timesPerMonth, .timesInDays: break
        }
        if r.freq != ICAL_NO_RECURRENCE { icalcomponent_add_property(td, icalproperty_new_rrule(r)) }
        icalcomponent_add_property(td, ICal.xProperty(CalendarFormat.habitID, h.id))
        icalcomponent_add_property(td, ICal.xProperty(CalendarFormat.written, ICal.compactUTC(h.modified)))
        icalcomponent_add_property(td, ICal.xProperty(CalendarFormat.frequency, HabitCSVFormat.frequencyText(h.frequency)))
        if !h.reminders.isEmpty {
            icalcomponent_add_property(td, ICal.xProperty(CalendarFormat.reminders, h.reminders.map(\.description).joined(separator: ",")))
        }
        if let g = h.kind.goal {
            var params = [("X-GOAL", g.direction.rawValue)]
            if g.per == .period { params.append(("X-PER", "period")) }
            icalcomponent_add_property(td, ICal.xProperty(CalendarFormat.numeric, String(g.target), params))
            // libical cannot read an empty value back: no unit, no property.
            if !g.unit.isEmpty { icalcomponent_add_property(td, ICal.xProperty(CalendarFormat.unit, g.unit)) }
        }
        if h.archived { icalcomponent_add_property(td, ICal.xProperty(CalendarFormat.archived, "TRUE")) }
        for e in h.entries {
            let day = ICal.compactText(e.date)
            var params = [("X-STATE", e.status == .skipped ? "skip" : e.status == .noted ? "none" : "done")]
            if let a = e.amount { params.append(("X-AMOUNT", String(a))) }
            if let t = logged[e.date] { params.append(("X-LOGGED", ICal.compactUTC(t))) }
            icalcomponent_add_property(td, ICal.xProperty(CalendarFormat.day, day, params))
            if let n = e.note { icalcomponent_add_property(td, ICal.xProperty(CalendarFormat.dayNote, n, [("X-DATE", day)])) }
        }
        for a in h.achievements {
            icalcomponent_add_property(td, ICal.xProperty(CalendarFormat.achievement, a.key, [("X-EARNED", ICal.compactText(a.earned))]))
        }
        for (date, t) in removed.sorted(by: { $0.key < $1.key }) {
            icalcomponent_add_property(
                td, ICal.xProperty(CalendarFormat.dayRemoved, ICal.compactText(date), [("X-LOGGED", ICal.compactUTC(t))]))
        }
        return td
    }
}
