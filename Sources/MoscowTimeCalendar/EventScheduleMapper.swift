// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import MoscowTimeDomain

/// Turns a VEVENT and one of its VALARMs into the alarm schedule that rings at the reminder's
/// trigger, or says why the schedule model cannot express it.
///
/// Only what maps exactly is accepted: no RRULE (once), `FREQ=WEEKLY` with plain BYDAY days,
/// `FREQ=DAILY` with an interval or plain BYDAY days — no COUNT, UNTIL, EXDATE, RDATE or other BY*
/// parts. A candidate is then checked against libical's own expansion of the event: the next
/// year of reminder instants (in the event's zone, through its VTIMEZONE) must equal the
/// schedule's occurrences in our zone, so an event in a zone whose offset to ours changes (DST)
/// is refused rather than imported an hour off for half a year.
///
/// An event means what it says: a weekly series whose first reminder is later than the first of
/// its days after the alarm's creation (an event that starts months ahead) gets that first day
/// (`Schedule.weekly(from:)`), every number is checked as written (`INTERVAL=65537` is refused,
/// not read as libical's truncated 1), and every day lies in `Limits.alarmDates`.
struct EventScheduleMapper {
    enum Outcome {
        case schedule(Schedule)
        /// A one-time event whose reminder has passed.
        case past
        case refused(EventRefusal)
    }

    let zone: Zone
    let now: Instant
    /// Our own export: FREQ=DAILY;INTERVAL=1 is an every-1-days alarm, and past one-time alarms are kept.
    let own: Bool
    /// The zone of floating times (the calendar's `X-WR-TIMEZONE`); nil: ours.
    var floating: OpaquePointer? = nil

    static let checkedHorizon: Int64 = 366 * 86_400

    /// `rules`: the event's RRULE values as written in the file (see `ICSLineScanner`).
    func schedule(_ ev: OpaquePointer, valarm: OpaquePointer?, rules rawRules: [String] = []) -> Outcome {
        let start: icaltimetype
        switch zonedStart(ev) {
        case .success(let s): start = s
        case .failure(let why): return .refused(why.refusal)
        }
        // Timers: an absolute instant and the countdown's length.
        if own, let durationText = ICal.xValue(ev, CalendarFormat.timer) { return timer(start, duration: durationText) }
        guard let startInstant = instant(start) else { return .refused(.unreadableStart) }
        let offset: Int64
        switch triggerOffset(ev, valarm: valarm) {
        case .success(let o): offset = o
        case .failure(let why): return .refused(why.refusal)
        }
        // Our own working-days alarm: its RDATE are the production calendar's working weekends.
        // EXDATE anywhere is a skipped day (`skippedDays`), or the calendar's day off.
        let workdays = own && ICal.xValue(ev, CalendarFormat.days) == CalendarFormat.workdays
        if !workdays, icalcomponent_get_first_property(ev, ICAL_RDATE_PROPERTY) != nil { return .refused(.rdate) }
        let rrules = ICal.properties(ev, named: "RRULE")
        let firstRing = startInstant + offset
        // Another calendar's one-time event that is over is no alarm, however old.
        if rrules.isEmpty && firstRing <= now && !own { return .past }
        // No arithmetic on a year 10000 or a reminder a million years early; the days an alarm
        // keeps (a one-time date, a first day) are checked against `Limits.alarmDates` below.
        guard (Self.yearsZeroTo9999).contains(firstRing.secondsSinceEpoch) else {
            return .refused(.dateOutOfRange(Self.dayText(firstRing)))
        }
        let local = zone.local(firstRing)
        guard local.second == 0 else { return .refused(.notWholeMinute(clock: local.clockText)) }
        guard zone.instant(local.date, local.timeOfDay) == firstRing else {
            return .refused(.inDaylightSavingGap(zone: zone.identifier))
        }
        if rrules.isEmpty {
            guard Limits.alarmDates.contains(local.date) else { return .refused(.dateOutOfRange(local.date.description)) }
            return .schedule(.once(date: local.date, time: local.timeOfDay))
        }
        guard rrules.count == 1 else { return .refused(.severalRules) }
        return repeating(
            ev, rule: icalproperty_get_rrule(rrules[0]), written: rawRules.first, start: start, offset: offset,
            firstRing: firstRing, local: local, workdays: workdays)
    }

    /// DTSTART with its zone: a TZID libical did not attach is looked up among its built-in
    /// zones, and a floating time takes the calendar's (`floating`) when there is one.
    func zonedStart(_ ev: OpaquePointer) -> Result<icaltimetype, Reason> {
        guard let startProp = icalcomponent_get_first_property(ev, ICAL_DTSTART_PROPERTY) else {
            return .failure(Reason(refusal: .noStart))
        }
        var start = icalcomponent_get_dtstart(ev)
        if start.zone == nil, !start.is_date.boolValue, !icaltime_is_utc(start).boolValue,
            let tzParam = icalproperty_get_first_parameter(startProp, ICAL_TZID_PARAMETER),
            let tzid = icalparameter_get_tzid(tzParam)
        {
            guard let z = icaltimezone_get_builtin_timezone(tzid) ?? icaltimezone_get_builtin_timezone_from_tzid(tzid) else {
                return .failure(Reason(refusal: .unknownZone(String(cString: tzid))))
            }
            start.zone = z
        }
        if start.zone == nil, !start.is_date.boolValue, !icaltime_is_utc(start).boolValue, let floating { start.zone = floating }
        return .success(start)
    }

    /// Our own timer: it fires at DTSTART, a UTC instant, and counts `duration` seconds.
    func timer(_ start: icaltimetype, duration durationText: String) -> Outcome {
        guard let duration = Int64(durationText), Limits.timerSeconds.contains(Int(duration)), icaltime_is_utc(start).boolValue else {
            return .refused(.timerFormat(property: CalendarFormat.timer))
        }
        let fireAt = ICal.instant(utc: start)
        guard Limits.instantSeconds.contains(fireAt.secondsSinceEpoch) else { return .refused(.dateOutOfRange(ISO8601.utcString(fireAt))) }
        return .schedule(.timer(fireAt: fireAt, duration: duration))
    }

    /// A repeating event's one RRULE (`written`: as the file has it) as a schedule whose first ring
    /// is `firstRing` (`local` in our zone), checked against libical's expansion of the rule.
    func repeating(
        _ ev: OpaquePointer, rule parsed: icalrecurrencetype, written: String?, start: icaltimetype, offset: Int64,
        firstRing: Instant, local: LocalDateTime, workdays: Bool
    ) -> Outcome {
        var rule = parsed
        let ruleText = ICal.string(icalrecurrencetype_as_string(&rule)) ?? "RRULE"
        let refuse = Outcome.refused(.rule(written ?? ruleText))
        if let written, let why = Self.writtenRuleRefusal(written, parsedInterval: Int(rule.interval)) {
            return .refused(why)
        }
        guard rule.count == 0, icaltime_is_null_time(rule.until).boolValue, mt_recur_has_other_by_parts(&rule) == 0,
            let byDays = Self.plainDays(&rule)
        else { return refuse }
        let candidate: Schedule
        switch self.candidate(ev, rule: rule, byDays: byDays, start: start, firstRing: local) {
        case .success(let c?): candidate = c
        case .success(nil): return refuse
        case .failure(let why): return .refused(why.refusal)
        }
        switch candidate {
        case .weekly(_, _, let from?) where !Limits.alarmDates.contains(from),
            .everyNDays(_, let from, _) where !Limits.alarmDates.contains(from):
            return .refused(.dateOutOfRange(from.description))
        default: break
        }
        guard matchesExpansion(candidate, rule: rule, start: start, offset: offset, from: max(now, firstRing - 1)) else {
            return .refused(.offsetChanges(zone: zone.identifier))
        }
        if workdays {
            guard case .weekly(let days, let time, let from) = candidate, days == Weekday.workdays else { return refuse }
            return .schedule(.workdays(time: time, from: from))
        }
        return .schedule(candidate)
    }

    /// The rule's BYDAY days, nil when one has a position (`BYDAY=1MO`).
    static func plainDays(_ rule: inout icalrecurrencetype) -> WeekdaySet? {
        var byDays = WeekdaySet()
        var k: Int32 = 0
        while true {
            let v = mt_recur_by_day(&rule, k)
            if v == Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue) { break }
            guard icalrecurrencetype_day_position(v) == 0,
                let d = ICal.weekday(icalrecurrencetype_day_day_of_week(v))
            else { return nil }
            byDays.insert(d)
            k += 1
        }
        return byDays
    }

    /// The schedule the rule's frequency, interval and days say, in our zone; nil when none says it.
    func candidate(
        _ ev: OpaquePointer, rule: icalrecurrencetype, byDays: WeekdaySet, start: icaltimetype,
        firstRing local: LocalDateTime
    ) -> Result<Schedule?, Reason> {
        // Days in the event's own zone; the reminder may fall on another day in ours.
        let eventDate = CivilDate(year: Int(start.year), month: Int(start.month), day: Int(start.day))!
        let shift = local.date.days(since: eventDate)
        func shifted(_ days: WeekdaySet) -> WeekdaySet {
            WeekdaySet(days.map { Weekday(rawValue: Int((Int64($0.rawValue - 1) + shift % 7 + 7) % 7) + 1)! })
        }
        func weekly(_ days: WeekdaySet) -> Schedule {
            .weekly(days: days, time: local.timeOfDay, from: firstDay(days, firstRing: local.date, ev))
        }
        switch rule.freq {
        case ICAL_WEEKLY_RECURRENCE:
            guard rule.interval == 1 else { return .success(nil) }
            return .success(weekly(shifted(byDays.isEmpty ? [eventDate.weekday] : byDays)))
        case ICAL_DAILY_RECURRENCE:
            if !byDays.isEmpty {
                guard rule.interval == 1 else { return .success(nil) }
                return .success(weekly(shifted(byDays)))
            } else if rule.interval == 1 && !own {
                return .success(weekly(Weekday.all))
            } else {
                guard (1...Schedule.maximumInterval).contains(Int(rule.interval)) else {
                    return .failure(Reason(refusal: .intervalOutOfRange(value: String(rule.interval), maximum: Schedule.maximumInterval)))
                }
                // A series that began before the days alarms can have starts on its first day in them.
                let n = Int(rule.interval)
                let first = local.date < Limits.alarmDates.lowerBound ? Schedule.firstInRange(of: local.date, every: n) : local.date
                return .success(.everyNDays(interval: n, start: first, time: local.timeOfDay))
            }
        default:
            return .success(nil)
        }
    }

    /// The first day of a weekly series, nil when it has none of its own: the day of its first
    /// reminder when that is later than the first of its days on or after the alarm's creation
    /// (CREATED for our own export, today for another calendar's event). So an event that starts
    /// months ahead never rings before it starts, and our export (whose DTSTART is that first day,
    /// see `CalendarExporter.firstDay`) reads back the same.
    func firstDay(_ days: WeekdaySet, firstRing: CivilDate, _ ev: OpaquePointer) -> CivilDate? {
        var created = zone.local(now).date
        if own, let p = icalcomponent_get_first_property(ev, ICAL_CREATED_PROPERTY) {
            let t = icalproperty_get_created(p)
            if !icaltime_is_null_time(t).boolValue, let at = instant(t) { created = zone.local(at).date }
        }
        var first = created
        for _ in 0..<7 where !days.contains(first.weekday) { first = first.adding(days: 1) }
        return firstRing > first ? firstRing : nil
    }

    /// An RRULE as written: only FREQ, INTERVAL, BYDAY (plain days) and WKST can become an alarm,
    /// and INTERVAL must be the very number libical read (it keeps 16 bits: 65537 reads as 1).
    static func writtenRuleRefusal(_ text: String, parsedInterval: Int) -> EventRefusal? {
        for part in text.split(separator: ";") {
            let kv = part.split(separator: "=", maxSplits: 1)
            let key = kv.first.map { $0.uppercased() } ?? ""
            let value = kv.count == 2 ? kv[1] : ""
            switch key {
            case "FREQ", "WKST": continue
            case "INTERVAL":
                guard value.utf8.count <= 9, value.utf8.allSatisfy({ (48...57).contains($0) }), let n = Int(value),
                    n == parsedInterval, (1...Schedule.maximumInterval).contains(n)
                else {
                    return .intervalOutOfRange(value: String(value), maximum: Schedule.maximumInterval)
                }
            case "BYDAY":
                guard value.split(separator: ",").allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isLetter) }) else { return .rule(text) }
            default:
                return .rule(text)
            }
        }
        return nil
    }

    /// The instant of a DTSTART: UTC, in its zone, floating in the calendar's (`floating`) or
    /// ours, all-day from midnight in ours.
    func instant(_ t: icaltimetype) -> Instant? {
        if t.is_date.boolValue {
            guard let d = CivilDate(year: Int(t.year), month: Int(t.month), day: Int(t.day)) else { return nil }
            return zone.instant(d, TimeOfDay(hour: 0, minute: 0)!)
        }
        if icaltime_is_utc(t).boolValue { return ICal.instant(utc: t) }
        if let z = t.zone ?? floating { return Instant(secondsSinceEpoch: Int64(icaltime_as_timet_with_zone(t, z))) }
        guard let d = CivilDate(year: Int(t.year), month: Int(t.month), day: Int(t.day)),
            let hm = TimeOfDay(hour: Int(t.hour), minute: Int(t.minute))
        else { return nil }
        return zone.instant(d, hm) + Int64(t.second)
    }

    /// The days whose ring "delete this occurrence" removed (EXDATE, in a calendar program or our
    /// own skips), as local dates of the reminder in our zone. Our export's EXDATEs that stand for
    /// the production calendar or an "off until" carry `X-MOSCOWTIME-REASON` and are not skips.
    /// Days before `today` are gone already and not kept; at most `Limits.skippedDays`.
    func skippedDays(_ ev: OpaquePointer, valarm: OpaquePointer?, today: CivilDate) -> Set<CivilDate> {
        guard case .success(let offset) = triggerOffset(ev, valarm: valarm) else { return [] }
        var days = Set<CivilDate>()
        for p in ICal.properties(ev, named: "EXDATE")
        where icalproperty_get_first_parameter(p, ICAL_X_PARAMETER).map({ param in
            ICal.string(icalparameter_get_xname(param)) != CalendarFormat.reasonParameter
        }) ?? true {
            var t = icalproperty_get_exdate(p)
            if t.zone == nil, !t.is_date.boolValue, !icaltime_is_utc(t).boolValue,
                let tz = icalproperty_get_first_parameter(p, ICAL_TZID_PARAMETER), let id = icalparameter_get_tzid(tz)
            {
                guard let z = icaltimezone_get_builtin_timezone(id) ?? icaltimezone_get_builtin_timezone_from_tzid(id) else { continue }
                t.zone = z
            }
            guard let at = instant(t), Limits.instantSeconds.contains(at.secondsSinceEpoch) else { continue }
            let day = zone.local(at + offset).date
            if day >= today, Limits.alarmDates.contains(day), days.count < Limits.skippedDays { days.insert(day) }
        }
        return days
    }

    struct Reason: Error { let refusal: EventRefusal }

    /// Seconds from DTSTART to the reminder (RELATED=END counts from the event's end).
    func triggerOffset(_ ev: OpaquePointer, valarm: OpaquePointer?) -> Result<Int64, Reason> {
        guard let valarm, let p = icalcomponent_get_first_property(valarm, ICAL_TRIGGER_PROPERTY) else {
            // Switched off here, an adopted event keeps its reminder's offset (`AdoptedEventPatch`).
            if valarm == nil, let text = ICal.xValue(ev, CalendarFormat.trigger) {
                let d = icaldurationtype_from_string(text)
                if icaldurationtype_is_bad_duration(d) == 0 { return .success(Self.seconds(d)) }
            }
            return .success(0)
        }
        let trigger = icalproperty_get_trigger(p)
        if !icaltime_is_null_time(trigger.time).boolValue {
            guard let s = instant(icalcomponent_get_dtstart(ev)) else { return .failure(Reason(refusal: .unreadableStart)) }
            guard ICal.properties(ev, named: "RRULE").isEmpty else {
                return .failure(Reason(refusal: .fixedReminderOnRepeatingEvent))
            }
            guard let at = instant(trigger.time) else { return .failure(Reason(refusal: .unreadableReminderTime)) }
            return .success(at - s)
        }
        var offset = Self.seconds(trigger.duration)
        if let related = icalproperty_get_first_parameter(p, ICAL_RELATED_PARAMETER),
            icalparameter_get_related(related) == ICAL_RELATED_END
        {
            offset += Self.seconds(icalcomponent_get_duration(ev))
        }
        return .success(offset)
    }

    /// 0000-01-01 to 9999-12-31 UTC: the instants whose day has four digits of year.
    static let yearsZeroTo9999: ClosedRange<Int64> = -62_167_219_200...253_402_300_799

    /// Which side of the four-digit years an instant lies, for the warning.
    static func dayText(_ t: Instant) -> String {
        t.secondsSinceEpoch < yearsZeroTo9999.lowerBound ? "<0000-01-01" : ">9999-12-31"  // not UI: dates
    }

    /// A duration in seconds, counted in 64 bits (libical's `icaldurationtype_as_int` overflows its
    /// int past 3 550 weeks).
    static func seconds(_ d: icaldurationtype) -> Int64 {
        let s = Int64(d.weeks) * 604_800 + Int64(d.days) * 86_400 + Int64(d.hours) * 3_600 + Int64(d.minutes) * 60 + Int64(d.seconds)
        return d.is_neg != 0 ? -s : s
    }

    /// libical's expansion of the rule, moved by the reminder offset, against the schedule's own
    /// occurrences over a year after `from` (now, or the event's first reminder if that is later:
    /// the alarm itself may ring before a calendar shows the series starting).
    func matchesExpansion(_ schedule: Schedule, rule: icalrecurrencetype, start: icaltimetype, offset: Int64, from: Instant) -> Bool {
        guard let iterator = icalrecur_iterator_new(rule, start) else { return false }
        defer { icalrecur_iterator_free(iterator) }
        // The rule alone, as libical expands it: no working-day calendar (see `CalendarFormat.days`).
        let calculator = OccurrenceCalculator(zone: zone, calendar: .plainWeek)
        let end = from + Self.checkedHorizon
        var expected = calculator.next(schedule, after: from)
        var steps = 0
        while steps < 200_000 {
            steps += 1
            let t = icalrecur_iterator_next(iterator)
            if icaltime_is_null_time(t).boolValue { return expected == nil || expected! > end }
            guard let s = instant(t) else { return false }
            let ring = s + offset
            if ring <= from { continue }
            if ring > end { return true }
            guard ring == expected else { return false }
            expected = calculator.next(schedule, after: ring)
        }
        return true
    }
}

extension Int32 {
    var boolValue: Bool { self != 0 }
}
