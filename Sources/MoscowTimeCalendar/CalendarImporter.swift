// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import MoscowTimeDomain

/// Reads a calendar file: our own export back exactly, other calendars' events with reminders as
/// alarms. A malformed file or a damaged item of ours fails as a whole, naming the line.
public enum CalendarImporter {
    /// `adopting` (the sync's alarms collection): another program's event with a reminder becomes
    /// an alarm whose id its UID gives (`CalendarFormat.adoptedID`), so every machine takes it as
    /// the same alarm and an edit made later on the phone updates that alarm (see `Reader.adopt`).
    public static func read(_ bytes: [UInt8], zone: Zone, now: Instant, adopting: Bool = false) throws(CalendarFileError) -> CalendarImport
    {
        try ICal.exclusive { () throws(CalendarFileError) -> CalendarImport in try parse(bytes, zone: zone, now: now, adopting: adopting) }
    }

    /// The file checked within `CalendarLimits` by the line scanner, then parsed by libical; the
    /// caller frees the tree. Every reader of a user's iCalendar file starts here.
    static func checkedTree(_ bytes: [UInt8]) throws(CalendarFileError) -> (ICSLineScanner, OpaquePointer) {
        guard bytes.count <= CalendarLimits.maximumFileBytes else {
            throw CalendarFileError(line: nil, .fileTooLarge(size: bytes.count, limit: CalendarLimits.maximumFileBytes))
        }
        let scanner = try ICSLineScanner(bytes)
        guard
            let root = bytes.withUnsafeBufferPointer({ buf -> OpaquePointer? in
                var text = Array(buf)
                text.append(0)
                return text.withUnsafeBufferPointer {
                    icalparser_parse_string(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self))
                }
            })
        else {
            throw CalendarFileError(line: nil, .libicalUnreadable)
        }
        return (scanner, root)
    }

    static func parse(_ bytes: [UInt8], zone: Zone, now: Instant, adopting: Bool = false) throws(CalendarFileError) -> CalendarImport {
        let (scanner, root) = try checkedTree(bytes)
        defer { icalcomponent_free(root) }
        var reader = Reader(scanner: scanner, zone: zone, now: now, zones: ZoneReferences.defined(in: root))
        reader.adopting = adopting
        try reader.walk(root)
        return reader.result
    }

    struct Reader {
        let scanner: ICSLineScanner
        let zone: Zone
        let now: Instant
        /// The TZIDs the file's VTIMEZONEs define, and the verdict on each TZID met (see `ZoneReferences`).
        let zones: Set<String>
        var checkedZones: [String: Bool] = [:]
        /// The calendar's `X-WR-TIMEZONE` (Google, Apple): where its floating times are.
        var floating: OpaquePointer?
        /// Its name.
        var floatingID: String?
        /// Another program's events become alarms with ids of their own (the sync).
        var adopting = false
        var result = CalendarImport()
        /// Preorder position in the scanner's list; kept in step with libical's tree.
        var index = 0

        init(scanner: ICSLineScanner, zone: Zone, now: Instant, zones: Set<String>) {
            self.scanner = scanner
            self.zone = zone
            self.now = now
            self.zones = zones
        }

        mutating func walk(_ c: OpaquePointer) throws(CalendarFileError) {
            let kind = icalcomponent_isa(c)
            if kind == ICAL_XROOT_COMPONENT {
                for child in ICal.children(c, ICAL_ANY_COMPONENT) { try walk(child) }
                return
            }
            let info = index < scanner.components.count ? scanner.components[index] : nil
            index += 1
            if kind == ICAL_VCALENDAR_COMPONENT { floatingZone(c) }
            // An empty text property libical dropped is as if it were absent (`EmptyTextProperty`).
            if let error = ICal.properties(c, named: "X-LIC-ERROR").first(where: {
                !EmptyTextProperty.isDroppedEmptyText(ICal.string(icalproperty_get_xlicerror($0)) ?? "")
            }) {
                throw CalendarFileError(line: info?.line, .libical(ICal.string(icalproperty_get_xlicerror(error))))
            }
            switch kind {
            case ICAL_VEVENT_COMPONENT:
                // No time of the event is asked of libical before its zones are checked.
                if let tzid = ZoneReferences.firstRefused(in: c, defined: zones, checked: &checkedZones) {
                    result.warnings.append(.eventRefused(Self.name(c), .zoneNotInDatabase(tzid)))
                } else {
                    try event(c, info: info)
                }
            case ICAL_VTODO_COMPONENT:
                if ICal.xValue(c, CalendarFormat.habitID) != nil,
                    let tzid = ZoneReferences.firstRefused(in: c, defined: zones, checked: &checkedZones)
                {
                    throw CalendarFileError(line: info?.line, .zoneNotInDatabase(tzid))
                }
                if let id = ICal.xValue(c, CalendarFormat.habitID), let at = try deletion(c, info: info) {
                    result.deletedHabits[id] = at
                } else if ICal.xValue(c, CalendarFormat.habitID) != nil {
                    let read = try HabitTodoReader.habit(c, info: info, zone: zone)
                    result.habits.append(read.habit)
                    if let t = OwnAlarmReader.written(c) { result.written[read.habit.id] = t }
                    if icalcomponent_get_status(c) == ICAL_STATUS_COMPLETED { result.markedDone.insert(read.habit.id) }
                    if !read.logged.isEmpty { result.dayLogged[read.habit.id] = read.logged }
                    if !read.removed.isEmpty { result.dayRemoved[read.habit.id] = read.removed }
                } else {
                    // A to-do of another program's making: perhaps todoman's instance of a habit's
                    // recurring to-do, which has the habit's name and none of our properties.
                    if let name = ICal.string(icalcomponent_get_summary(c))?.trimmingWhitespace, !name.isEmpty {
                        let repeats = icalcomponent_get_first_property(c, ICAL_RRULE_PROPERTY) != nil
                        result.foreignTodos.append(.init(name: name, completed: HabitTodoReader.completedAt(c), repeats: repeats))
                    }
                    result.ignored += 1
                }
            default: break
            }
            // Children in order, counted even when not read (VALARMs, VTIMEZONE parts) to stay in step.
            for child in ICal.children(c, ICAL_ANY_COMPONENT) { try walk(child) }
        }

        /// Google and Apple write a calendar's zone as `X-WR-TIMEZONE` and its events' times
        /// floating (`DTSTART:20261201T090000`), and read them in that zone, as Thunderbird does:
        /// so do we. A name that is no tz database zone is said, and its times are read in ours.
        mutating func floatingZone(_ calendar: OpaquePointer) {
            floating = nil
            floatingID = nil
            guard let name = ICal.xValue(calendar, "X-WR-TIMEZONE")?.trimmingWhitespace, !name.isEmpty else { return }
            if ZoneNames.contains(name), let z = icaltimezone_get_builtin_timezone(name) {
                floating = z
                floatingID = name
            } else {
                result.warnings.append(.calendarZoneUnknown(name, ours: zone.identifier))
            }
        }

        /// The tz database zone DTSTART names (`TZID=Europe/Moscow`), nil for any other.
        static func startZone(_ ev: OpaquePointer) -> String? {
            guard let p = icalcomponent_get_first_property(ev, ICAL_DTSTART_PROPERTY),
                let param = icalproperty_get_first_parameter(p, ICAL_TZID_PARAMETER),
                let raw = icalparameter_get_tzid(param)
            else { return nil }
            let tzid = String(cString: raw)
            return ZoneNames.contains(tzid) ? tzid : nil
        }

        /// A tombstone's deletion time, nil for a live item.
        func deletion(_ c: OpaquePointer, info: ICSLineScanner.Component?) throws(CalendarFileError) -> Instant? {
            guard let text = ICal.xValue(c, CalendarFormat.deleted) else { return nil }
            guard let at = ICal.parseCompactUTC(text) else {
                throw CalendarFileError(
                    line: info?.line(of: CalendarFormat.deleted), .notUTCTime(property: CalendarFormat.deleted, value: text))
            }
            return at
        }

        /// How a warning names the event: its SUMMARY and UID.
        static func name(_ ev: OpaquePointer) -> CalendarEventName {
            CalendarEventName(
                summary: (ICal.string(icalcomponent_get_summary(ev)) ?? "").trimmingWhitespace,
                uid: ICal.string(icalcomponent_get_uid(ev)) ?? "")
        }

        mutating func event(_ ev: OpaquePointer, info: ICSLineScanner.Component?) throws(CalendarFileError) {
            let name = Self.name(ev)
            let valarms = ICal.children(ev, ICAL_VALARM_COMPONENT)
            if let id = ICal.xValue(ev, CalendarFormat.alarmID) {
                try ownEvent(ev, id: id, name: name, valarms: valarms, info: info)
                return
            }
            let summary = name.summary
            let reminders = valarms.filter {
                let action = icalcomponent_get_first_property($0, ICAL_ACTION_PROPERTY).map { icalproperty_get_action($0) }
                return action == nil || action == ICAL_ACTION_DISPLAY || action == ICAL_ACTION_AUDIO
            }
            // An adopted event switched off here keeps no reminder (`AdoptedEventPatch`).
            let offHere = adopting && ICal.xValue(ev, CalendarFormat.enabled) == "FALSE"
            guard !reminders.isEmpty || offHere else {
                result.ignored += 1
                return
            }
            let label = summary.isEmpty ? "Event" : String(summary.prefix(LabelRules.maximumLength))
            guard LabelRules.problem(label) == nil else {
                result.warnings.append(.titleNotALabel(name))
                return
            }
            if adopting {
                try adopt(ev, name: name, label: label, reminder: reminders.first, info: info)
                return
            }
            for valarm in reminders {
                let mapper = EventScheduleMapper(zone: zone, now: now, own: false, floating: floating)
                switch mapper.schedule(ev, valarm: valarm, rules: info?.rules ?? []) {
                case .refused(let why): result.warnings.append(.eventRefused(name, why))
                case .past: result.ignored += 1
                case .schedule(let schedule):
                    var alarm = Alarm(id: "", label: label, schedule: schedule, created: now)
                    alarm.skippedDays = mapper.skippedDays(ev, valarm: valarm, today: zone.local(now).date)
                    result.alarms.append(alarm)
                }
            }
        }

        /// One of our alarms (`X-MOSCOWTIME-ID`): read whole, or a tombstone; refused, it is held
        /// as it was (`CalendarImport.unexpressible`).
        mutating func ownEvent(
            _ ev: OpaquePointer, id: String, name: CalendarEventName, valarms: [OpaquePointer], info: ICSLineScanner.Component?
        ) throws(CalendarFileError) {
            let rawSummary = ICal.string(icalcomponent_get_summary(ev)) ?? ""
            guard AlarmID.isValid(id) else {
                throw CalendarFileError(
                    line: info?.line(of: CalendarFormat.alarmID), .notAnID(property: CalendarFormat.alarmID, value: id))
            }
            if let at = try deletion(ev, info: info) {
                result.deletedAlarms[id] = at
                return
            }
            var mapper = EventScheduleMapper(zone: zone, now: now, own: true, floating: floating)
            var outcome = mapper.schedule(ev, valarm: valarms.first, rules: info?.rules ?? [])
            // Made in a zone whose offset to ours changes (Moscow, read in Berlin): it keeps
            // that zone (`Alarm.zone`) rather than be refused or ring an hour off.
            var ownZone: String?
            if case .refused(.offsetChanges) = outcome, let tzid = Self.startZone(ev), tzid != zone.identifier,
                let z = Zone.shared(tzid)
            {
                let there = EventScheduleMapper(zone: z, now: now, own: true, floating: floating)
                if case .schedule = there.schedule(ev, valarm: valarms.first, rules: info?.rules ?? []) {
                    mapper = there
                    ownZone = tzid
                    outcome = there.schedule(ev, valarm: valarms.first, rules: info?.rules ?? [])
                }
            }
            switch outcome {
            case .refused(let why):
                // Ours, changed elsewhere into what alarms cannot say (a monthly rule): the
                // sync keeps ringing as before and says so.
                unexpressible(id, label: rawSummary, name: name, why)
            case .past: result.ignored += 1
            case .schedule(let schedule):
                var alarm = try OwnAlarmReader.alarm(ev, id: id, label: rawSummary, schedule: schedule, info: info)
                alarm.skippedDays = mapper.skippedDays(ev, valarm: valarms.first, today: zone.local(now).date)
                alarm.offUntil = OwnAlarmReader.offUntil(ev)
                alarm.zone = ownZone
                result.alarms.append(alarm)
                if let t = OwnAlarmReader.written(ev) { result.written[id] = t }
                if !name.uid.isEmpty, name.uid != CalendarFormat.alarmUID(id) { result.adoptedUIDs[id] = name.uid }
            }
        }

        /// An alarm whose event says what alarms cannot (`CalendarImport.unexpressible`), said.
        mutating func unexpressible(_ id: String, label: String, name: CalendarEventName, _ why: EventRefusal) {
            result.warnings.append(.eventRefused(name, why))
            var rule: String?
            if case .rule(let text) = why { rule = text }
            result.unexpressible[id] = CalendarImport.Unexpressible(label: label, rule: rule)
        }

        /// Another program's event in the sync's alarms collection (made on a phone, in
        /// Thunderbird, with `khal new --alarms`): its first reminder is taken as `import` takes it,
        /// as the alarm whose id the event's UID gives, with the event's own CREATED and
        /// LAST-MODIFIED, so that the merge orders its edits, and what a change made here wrote
        /// into it (`AdoptedEventPatch`: our X-properties, a reminder taken away). The server copy
        /// is left as the other program wrote it until the alarm is changed here. An occurrence the
        /// event overrides (`RECURRENCE-ID`) is not read: it belongs to the series. It keeps its own
        /// zone when its rings cannot be converted exactly into ours (`adoptionZone`). A schedule
        /// alarms cannot express is held as our own would be (`unexpressible`).
        mutating func adopt(
            _ ev: OpaquePointer, name: CalendarEventName, label: String, reminder: OpaquePointer?,
            info: ICSLineScanner.Component?
        ) throws(CalendarFileError) {
            guard !name.uid.isEmpty, icalcomponent_get_first_property(ev, ICAL_RECURRENCEID_PROPERTY) == nil else {
                result.ignored += 1
                return
            }
            let id = CalendarFormat.adoptedID(uid: name.uid)
            let (mapper, outcome, ownZone) = adoptionZone(ev, reminder: reminder, info: info)
            switch outcome {
            case .refused(let why):
                unexpressible(id, label: label, name: name, why)
            case .past: result.ignored += 1
            case .schedule(let schedule):
                // What a change made here wrote into it (`AdoptedEventPatch`); the event as it is otherwise.
                var alarm =
                    (try? OwnAlarmReader.alarm(ev, id: id, label: label, schedule: schedule, info: info))
                    ?? Alarm(id: id, label: label, schedule: schedule, created: now)
                alarm.skippedDays = mapper.skippedDays(ev, valarm: reminder, today: zone.local(now).date)
                alarm.offUntil = OwnAlarmReader.offUntil(ev)
                alarm.zone = ownZone
                result.alarms.append(alarm)
                result.adoptedUIDs[id] = name.uid
            }
        }

        /// The zone an adopted event's times are read in: ours, unless its rings cannot be converted
        /// exactly into it (a weekly event in Moscow time, read in Berlin), when it keeps its own —
        /// its DTSTART's TZID, or for floating times the calendar's `X-WR-TIMEZONE`, else the zone
        /// the machine that first took it wrote into it (`CalendarFormat.floatingZone`), else ours.
        mutating func adoptionZone(_ ev: OpaquePointer, reminder: OpaquePointer?, info: ICSLineScanner.Component?) -> (
            EventScheduleMapper, EventScheduleMapper.Outcome, String?
        ) {
            let rules = info?.rules ?? []
            var tzid = Self.startZone(ev)
            var floatingZone = floating
            if Self.startIsFloating(ev) {
                let written = ICal.xValue(ev, CalendarFormat.floatingZone).map(\.trimmingWhitespace).flatMap {
                    ZoneNames.contains($0) ? $0 : nil
                }
                let name = floatingID ?? written ?? zone.identifier
                tzid = name
                floatingZone = floating ?? icaltimezone_get_builtin_timezone(name)
                let source: FloatingZoneSource = floatingID != nil ? .calendar : written != nil ? .firstMachine : .thisMachine
                result.floatingTimes.append(.init(name: Self.name(ev), zone: name, source: source))
            }
            let mapper = EventScheduleMapper(zone: zone, now: now, own: false, floating: floatingZone)
            let outcome = mapper.schedule(ev, valarm: reminder, rules: rules)
            guard let tzid, tzid != zone.identifier, let z = Zone.shared(tzid) else { return (mapper, outcome, nil) }
            // Floating times ring at one instant everywhere and are shown in their zone.
            if case .refused(let why) = outcome, why != .offsetChanges(zone: zone.identifier), !Self.startIsFloating(ev) {
                return (mapper, outcome, nil)
            }
            if case .schedule = outcome, !Self.startIsFloating(ev) { return (mapper, outcome, nil) }
            let there = EventScheduleMapper(zone: z, now: now, own: false, floating: floatingZone)
            let thereOutcome = there.schedule(ev, valarm: reminder, rules: rules)
            guard case .schedule = thereOutcome else { return (mapper, outcome, nil) }
            return (there, thereOutcome, tzid)
        }

        /// DTSTART a local time with no zone (khal and others write them so).
        static func startIsFloating(_ ev: OpaquePointer) -> Bool {
            guard let p = icalcomponent_get_first_property(ev, ICAL_DTSTART_PROPERTY) else { return false }
            let t = icalproperty_get_dtstart(p)
            return !t.is_date.boolValue && !icaltime_is_utc(t).boolValue
                && icalproperty_get_first_parameter(p, ICAL_TZID_PARAMETER) == nil
        }
    }
}

extension String {
    var trimmingWhitespace: String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s = s.dropFirst() }
        while s.last?.isWhitespace == true { s = s.dropLast() }
        return String(s)
    }
}
