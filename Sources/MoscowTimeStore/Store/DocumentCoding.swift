// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// Maps `StoreDocument` to and from its JSON form (schema version 5; see `Migration`). Field names are part of the
/// file format users may read and edit: change them only with a migration.
public enum DocumentCoding {
    public static func encode(_ doc: StoreDocument) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("schemaVersion", .int(StoreDocument.currentSchemaVersion)),
            ("settings", encode(doc.settings)),
            ("alarms", .array(doc.alarms.map(encode))),
            ("habits", .array(doc.habits.map(HabitCoding.encode))),
        ]
        if !doc.sync.isEmpty { members.append(("sync", SyncCoding.encode(doc.sync))) }
        if !doc.arrivals.isEmpty { members.append(("arrived", SyncCoding.encodeInstants(doc.arrivals))) }
        // The user's own production calendar years, in the data file's text form (`CalendarText`).
        if !doc.calendarYears.isEmpty {
            members.append(("calendar", .string(CalendarText.format(Array(doc.calendarYears.values)))))
        }
        return .object(members)
    }

    public static func decode(_ json: JSONValue) throws(DocumentDecodingError) -> StoreDocument {
        try decode(JSONDocument(json))
    }

    /// `habitHistoryFrom`: each habit's entries only from the first day the agent's scheduler keeps
    /// when it asks about days from that one on (`StoreDocument.keepingHabitHistory(from:)`); the
    /// older ones are neither read nor checked. Such a document is for reading only: the store
    /// writes only documents it decoded whole (`update`), so the history left unread stays as it is.
    public static func decode(_ document: JSONDocument, habitHistoryFrom: CivilDate? = nil) throws(DocumentDecodingError) -> StoreDocument {
        let root = try FieldReader(document, path: "")
        var doc = StoreDocument()
        if root.has("settings") { doc.settings = try decodeSettings(try root.object("settings")) }
        var seen = Set<String>()
        try root.forEachObject("alarms", optional: true) { (k, item) throws(DocumentDecodingError) in
            let alarm = try decodeAlarm(item)
            guard seen.insert(alarm.id).inserted else {
                throw DocumentDecodingError(path: "alarms[\(k)].id", reason: Message("duplicate id {id}", ["id": alarm.id]))
            }
            doc.alarms.append(alarm)
        }
        try root.forEachObject("habits", optional: true) { (_, item) throws(DocumentDecodingError) in
            doc.habits.append(try HabitCoding.decode(item, historyFrom: habitHistoryFrom))
        }
        try HabitCoding.checkUnique(doc.habits)
        if root.has("sync") { doc.sync = try SyncCoding.decode(try root.object("sync")) }
        doc.arrivals = try SyncCoding.decodeInstants(root, "arrived")
        if root.has("calendar") {
            let text = try root.string("calendar")
            do throws(CalendarTextError) { doc.calendarYears = try CalendarText.parse(text) } catch {
                throw root.fail("calendar", error.message)
            }
        }
        return doc
    }

    // MARK: settings

    static func encode(_ s: Settings) -> JSONValue {
        .object(
            [
                ("zone", .string(s.zone)),
                ("snoozeMinutes", .int(s.snoozeMinutes)),
                ("sound", .string(s.sound)),
                ("ringMinutes", .int(s.ringMinutes)),
                ("rampSeconds", .int(s.rampSeconds)),
                ("lateWindowMinutes", .int(s.lateWindowMinutes)),
                ("language", .string(s.language.rawValue)),
                ("habitLaterMinutes", .int(s.habitLaterMinutes)),
                ("habitSound", .string(s.habitSound)),
                ("achievementNotifications", .bool(s.achievementNotifications)),
                ("wakeAlarms", .bool(s.wakeAlarms)),
                ("dismiss", .string(s.dismiss.rawValue)),
                ("holidays", .string(s.holidays.rawValue)),
            ] + (s.preNotice.map { [("preNotice", .string($0.description))] } ?? [])
                + (s.calendarFolders.isEmpty ? [] : [("calendarFolders", .array(s.calendarFolders.map(JSONValue.string)))])
                + (s.remindedCalendars.isEmpty ? [] : [("remindedCalendars", .array(s.remindedCalendars.map(JSONValue.string)))])
                + (s.writeBackCalendars.isEmpty ? [] : [("writeBackCalendars", .array(s.writeBackCalendars.map(JSONValue.string)))])
                + (s.reminderSnoozeMinutes == Settings.defaultReminderSnoozeMinutes
                    ? [] : [("reminderSnoozeMinutes", .int(s.reminderSnoozeMinutes))]))
    }

    /// An array of absolute folder paths (`calendarFolders`, `remindedCalendars`, `writeBackCalendars`).
    static func folders(_ r: FieldReader, _ key: String) throws(DocumentDecodingError) -> [String] {
        var out: [String] = []
        for item in try r.strings(key) {
            guard let path = item, path.hasPrefix("/"), !path.utf8.contains(0) else {
                throw r.fail(key, Message("expected a list of absolute folder paths"))
            }
            out.append(path)
        }
        return out
    }

    static func decodeSettings(_ r: FieldReader) throws(DocumentDecodingError) -> Settings {
        var s = Settings()
        if r.has("zone") {
            s.zone = try r.string("zone")
            guard Zone.shared(s.zone) != nil else { throw r.fail("zone", Message("unknown time zone {zone}", ["zone": s.zone])) }
        }
        if r.has("snoozeMinutes") { s.snoozeMinutes = try r.int("snoozeMinutes", in: Limits.snoozeMinutes) }
        if r.has("sound") { s.sound = try r.string("sound") }
        if r.has("ringMinutes") { s.ringMinutes = try r.int("ringMinutes", in: Limits.ringMinutes) }
        if r.has("rampSeconds") { s.rampSeconds = try r.int("rampSeconds", in: Limits.rampSeconds) }
        if r.has("lateWindowMinutes") { s.lateWindowMinutes = try r.int("lateWindowMinutes", in: Limits.lateWindowMinutes) }
        if r.has("language") {
            guard let l = LanguageSetting(rawValue: try r.string("language")) else {
                throw r.fail("language", Message("expected auto, ru or en"))
            }
            s.language = l
        }
        if r.has("habitLaterMinutes") { s.habitLaterMinutes = try r.int("habitLaterMinutes", in: Limits.snoozeMinutes) }
        if r.has("habitSound") { s.habitSound = try r.string("habitSound") }
        if r.has("achievementNotifications") { s.achievementNotifications = try r.bool("achievementNotifications", default: true) }
        if r.has("wakeAlarms") { s.wakeAlarms = try r.bool("wakeAlarms") }
        if r.has("dismiss") {
            guard let d = DismissAction(rawValue: try r.string("dismiss")) else {
                throw r.fail("dismiss", Message("expected snooze or stop"))
            }
            s.dismiss = d
        }
        if r.has("holidays") {
            guard let h = HolidayCountry(rawValue: try r.string("holidays")) else {
                throw r.fail("holidays", Message("expected ru or none"))
            }
            s.holidays = h
        }
        if r.has("preNotice") { s.preNotice = try r.time("preNotice") }
        if r.has("calendarFolders") { s.calendarFolders = try folders(r, "calendarFolders") }
        if r.has("remindedCalendars") { s.remindedCalendars = try folders(r, "remindedCalendars") }
        if r.has("writeBackCalendars") { s.writeBackCalendars = try folders(r, "writeBackCalendars") }
        if r.has("reminderSnoozeMinutes") { s.reminderSnoozeMinutes = try r.int("reminderSnoozeMinutes", in: Limits.snoozeMinutes) }
        return s
    }

    // MARK: alarms

    static func encode(_ a: Alarm) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(a.id)),
            ("label", .string(a.label)),
            ("enabled", .bool(a.enabled)),
            ("schedule", encode(a.schedule)),
        ]
        if let m = a.snoozeMinutes { members.append(("snoozeMinutes", .int(m))) }
        if let s = a.sound { members.append(("sound", .string(s))) }
        if let w = a.wake { members.append(("wake", .bool(w))) }
        if !a.skippedDays.isEmpty { members.append(("skipped", .array(a.skippedDays.sorted().map { .string($0.description) }))) }
        if let o = a.offUntil { members.append(("offUntil", .string(o.description))) }
        if let r = a.rampSeconds { members.append(("rampSeconds", .int(r))) }
        if let z = a.zone { members.append(("zone", .string(z))) }
        members.append(("created", .string(ISO8601.utcString(a.created))))
        members.append(("modified", .string(ISO8601.utcString(a.modified))))
        return .object(members)
    }

    static func encode(_ s: Schedule) -> JSONValue {
        switch s {
        case .weekly(let days, let time, let from):
            return .object(
                [
                    ("kind", .string("weekly")), ("time", .string(time.description)),
                    ("days", .array(days.sorted().map { .string($0.key) })),
                ]
                    + (from.map { [("from", .string($0.description))] } ?? []))
        case .workdays(let time, let from):
            return .object(
                [("kind", .string("workdays")), ("time", .string(time.description))]
                    + (from.map { [("from", .string($0.description))] } ?? []))
        case .once(let date, let time):
            return .object([
                ("kind", .string("once")), ("time", .string(time.description)),
                ("date", .string(date.description)),
            ])
        case .everyNDays(let n, let start, let time):
            return .object([
                ("kind", .string("every")), ("time", .string(time.description)),
                ("intervalDays", .int(n)), ("start", .string(start.description)),
            ])
        case .timer(let at, let duration):
            return .object([
                ("kind", .string("timer")), ("at", .string(ISO8601.utcString(at))),
                ("durationSeconds", .int(Int(duration))),
            ])
        }
    }

    static func decodeAlarm(_ r: FieldReader) throws(DocumentDecodingError) -> Alarm {
        let id = try r.string("id")
        guard AlarmID.isValid(id) else { throw r.fail("id", Message("expected 8 lowercase hex digits")) }
        let label = try r.string("label")
        if let issue = LabelRules.issue(label) { throw r.fail("label", issue) }
        let created = try r.instant("created")
        var alarm = Alarm(
            id: id, label: label, schedule: try decodeSchedule(try r.object("schedule")),
            enabled: try r.bool("enabled", default: true),
            snoozeMinutes: try r.optionalInt("snoozeMinutes", in: Limits.snoozeMinutes),
            sound: try r.optionalString("sound"),
            wake: r.has("wake") ? try r.bool("wake") : nil,
            rampSeconds: try r.optionalInt("rampSeconds", in: Limits.rampSeconds),
            created: created, modified: r.has("modified") ? try r.instant("modified") : created)
        if r.has("skipped") {
            let days = try r.strings("skipped")
            guard days.count <= Limits.skippedDays else {
                throw r.fail("skipped", Message("at most {n} days", ["n": String(Limits.skippedDays)]))
            }
            for (k, d) in days.enumerated() {
                guard let text = d, let day = CivilDate(iso: Substring(text)), Limits.alarmDates.contains(day) else {
                    throw r.fail(
                        "skipped[\(k)]",
                        Message(
                            "expected a date from {first} to {last}",
                            ["first": Limits.alarmDates.lowerBound.description, "last": Limits.alarmDates.upperBound.description]))
                }
                alarm.skippedDays.insert(day)
            }
        }
        if r.has("offUntil") {
            let day = try r.date("offUntil")
            guard Limits.alarmDates.contains(day) else {
                throw r.fail(
                    "offUntil",
                    Message(
                        "expected a date from {first} to {last}",
                        ["first": Limits.alarmDates.lowerBound.description, "last": Limits.alarmDates.upperBound.description]))
            }
            alarm.offUntil = day
        }
        if r.has("zone") {
            let z = try r.string("zone")
            guard Zone.shared(z) != nil else { throw r.fail("zone", Message("expected a time zone of the tz database")) }
            alarm.zone = z
        }
        return alarm
    }

    /// A schedule as stored, its days brought into `Limits.alarmDates` (`Schedule.withinAlarmDates`:
    /// stores of older versions, which took any year, load with every alarm).
    static func decodeSchedule(_ r: FieldReader) throws(DocumentDecodingError) -> Schedule {
        try decodeStoredSchedule(r).withinAlarmDates
    }

    private static func decodeStoredSchedule(_ r: FieldReader) throws(DocumentDecodingError) -> Schedule {
        switch try r.string("kind") {
        case "weekly":
            var mask = 0
            try r.forEachText("days", parse: Weekday.init(keyUTF8:)) { (k, day) throws(DocumentDecodingError) in
                guard let day else { throw r.fail("days[\(k)]", Message("expected mon, tue, wed, thu, fri, sat or sun")) }
                mask |= day.bit
            }
            guard mask != 0 else { throw r.fail("days", Message("needs at least one day")) }
            return .weekly(
                days: WeekdaySet(mask: mask), time: try r.time("time"),
                from: r.has("from") ? try r.date("from") : nil)
        case "workdays":
            return .workdays(time: try r.time("time"), from: r.has("from") ? try r.date("from") : nil)
        case "once":
            return .once(date: try r.date("date"), time: try r.time("time"))
        case "every":
            return .everyNDays(
                interval: try r.int("intervalDays", in: 1...Schedule.maximumInterval),
                start: try r.date("start"), time: try r.time("time"))
        case "timer":
            return .timer(fireAt: try r.instant("at"), duration: Int64(try r.int("durationSeconds", in: Limits.timerSeconds)))
        case let other:
            throw r.fail(
                "kind", Message("unknown schedule kind \"{kind}\" (expected weekly, workdays, once, every or timer)", ["kind": other]))
        }
    }
}

extension DocumentCoding {
    /// The schedule's JSON form, shared by the store and `--json` output.
    public static func encodeSchedule(_ s: Schedule) -> JSONValue { encode(s) }
}
