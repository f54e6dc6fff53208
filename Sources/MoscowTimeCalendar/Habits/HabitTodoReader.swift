// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import MoscowTimeDomain
import MoscowTimeStore

/// One of our habit VTODOs back into a `Habit`, history included (`CalendarFormat`).
enum HabitTodoReader {
    static func habit(_ td: OpaquePointer, info: ICSLineScanner.Component?, zone: Zone) throws(CalendarFileError)
        -> (habit: Habit, logged: [CivilDate: Instant], removed: [CivilDate: Instant])
    {
        let fail = Failure(info: info)
        let id = ICal.xValue(td, CalendarFormat.habitID) ?? ""
        guard AlarmID.isValid(id) else { throw fail(CalendarFormat.habitID, .notAnID(property: CalendarFormat.habitID, value: id)) }
        let name = ICal.string(icalcomponent_get_summary(td)) ?? ""
        if let issue = LabelRules.issue(name) { throw fail("SUMMARY", .habitName(issue)) }
        let description = icalcomponent_get_first_property(td, ICAL_DESCRIPTION_PROPERTY).flatMap {
            ICal.string(icalproperty_get_description($0))
        }
        let start = icalcomponent_get_dtstart(td)
        guard start.is_date.boolValue, let startDate = CivilDate(year: Int(start.year), month: Int(start.month), day: Int(start.day)) else {
            throw fail("DTSTART", .habitStartNotADate)
        }
        guard Limits.alarmDates.contains(startDate) else { throw fail("DTSTART", .dayOutOfRange(startDate)) }
        let frequencyText = ICal.xValue(td, CalendarFormat.frequency) ?? ""
        guard let frequency = HabitCSVFormat.frequency(frequencyText) else {
            throw fail(CalendarFormat.frequency, .unknownFrequency(property: CalendarFormat.frequency, value: frequencyText))
        }
        var reminders: [TimeOfDay] = []
        if let r = ICal.xValue(td, CalendarFormat.reminders) {
            guard let times = HabitCalendarText.reminders(r) else {
                throw fail(CalendarFormat.reminders, .notReminderTimes(property: CalendarFormat.reminders, value: r))
            }
            reminders = times
        }
        let kind = try Self.kind(td, fail)
        let archived = ICal.xValue(td, CalendarFormat.archived) == "TRUE"
        let times = try OwnAlarmReader.times(td, info: info)
        var history = try Self.history(td, start: startDate, kind: kind, notes: Self.notes(td, fail), fail)
        if let at = completedAt(td), let done = HabitCheckOff(at: at, zone: zone, kind: kind) {
            _ = done.apply(start: startDate, entries: &history.entries, logged: &history.logged, removed: &history.removed)
        }
        var habit = Habit(
            id: id, name: name, description: description, frequency: frequency, reminders: reminders,
            start: startDate, archived: archived, kind: kind, entries: history.entries,
            created: times.created, modified: times.modified)
        habit.achievements = Self.achievements(td)
        return (habit, history.logged, history.removed)
    }

    /// A problem at a property of the to-do, on that property's line of the file.
    struct Failure {
        let info: ICSLineScanner.Component?
        func callAsFunction(_ property: String, _ why: CalendarFileProblem, index: Int = 0) -> CalendarFileError {
            CalendarFileError(line: info?.line(of: property, index: index), why)
        }
    }

    /// Yes/no, or numeric with its goal (`X-MOSCOWTIME-NUMERIC`: the target, its direction and period).
    static func kind(_ td: OpaquePointer, _ fail: Failure) throws(CalendarFileError) -> HabitKind {
        guard let p = ICal.properties(td, named: CalendarFormat.numeric).first else { return .yesNo }
        let targetText = ICal.xValue(p) ?? ""
        guard let target = Double(targetText), target > 0, target <= HabitAmount.maximum else {
            throw fail(CalendarFormat.numeric, .invalidTarget(targetText))
        }
        let goalText = ICal.xParameter(p, "X-GOAL") ?? HabitGoal.Direction.atLeast.rawValue
        guard let direction = HabitGoal.Direction(rawValue: goalText) else { throw fail(CalendarFormat.numeric, .invalidGoal) }
        let per: HabitGoal.Per = ICal.xParameter(p, "X-PER") == "period" ? .period : .day
        return .numeric(HabitGoal(unit: ICal.xValue(td, CalendarFormat.unit) ?? "", target: target, direction: direction, per: per))
    }

    /// The days' notes, by day.
    static func notes(_ td: OpaquePointer, _ fail: Failure) throws(CalendarFileError) -> [CivilDate: String] {
        var notes: [CivilDate: String] = [:]
        for (k, p) in ICal.properties(td, named: CalendarFormat.dayNote).enumerated() {
            guard let d = ICal.xParameter(p, "X-DATE").flatMap(ICal.compactDate) else {
                throw fail(CalendarFormat.dayNote, .dayNoteWithoutDate, index: k)
            }
            notes[d] = ICal.xValue(p) ?? ""
        }
        return notes
    }

    /// The habit's days: its entries (each day once, none before the start), when each was logged,
    /// and the days whose entry was removed, with when.
    struct History {
        var entries: [HabitEntry] = []
        var days = Set<CivilDate>()
        var logged: [CivilDate: Instant] = [:], removed: [CivilDate: Instant] = [:]
    }

    static func history(
        _ td: OpaquePointer, start startDate: CivilDate, kind: HabitKind, notes: [CivilDate: String],
        _ fail: Failure
    ) throws(CalendarFileError) -> History {
        var history = History()
        func stamp(_ p: OpaquePointer, _ name: String, _ k: Int) throws(CalendarFileError) -> Instant? {
            guard let text = ICal.xParameter(p, "X-LOGGED") else { return nil }
            guard let t = ICal.parseCompactUTC(text) else { throw fail(name, .notUTCTime(property: "X-LOGGED", value: text), index: k) }
            return t
        }
        for (k, p) in ICal.properties(td, named: CalendarFormat.dayRemoved).enumerated() {
            let value = ICal.xValue(p) ?? ""
            guard let date = ICal.compactDate(value), let t = try stamp(p, CalendarFormat.dayRemoved, k) else {
                throw fail(CalendarFormat.dayRemoved, .removedDayInvalid, index: k)
            }
            history.removed[date] = t
        }
        for (k, p) in ICal.properties(td, named: CalendarFormat.day).enumerated() {
            let value = ICal.xValue(p) ?? ""
            guard let date = ICal.compactDate(value) else { throw fail(CalendarFormat.day, .notADate(value), index: k) }
            guard date >= startDate else { throw fail(CalendarFormat.day, .dayBeforeStart(day: date, start: startDate), index: k) }
            guard Limits.alarmDates.contains(date) else { throw fail(CalendarFormat.day, .dayOutOfRange(date), index: k) }
            guard history.days.insert(date).inserted else { throw fail(CalendarFormat.day, .dayTwice(date), index: k) }
            let note = notes[date]
            if let t = try stamp(p, CalendarFormat.day, k) { history.logged[date] = t }
            switch (ICal.xParameter(p, "X-STATE"), ICal.xParameter(p, "X-AMOUNT")) {
            case ("skip", nil): history.entries.append(.skipped(date, note: note))
            case ("none", nil) where note != nil: history.entries.append(.noted(date, note: note!))
            case ("done", nil) where !kind.isNumeric: history.entries.append(.done(date, note: note))
            case ("done", let amount?) where kind.isNumeric:
                guard let x = Double(amount), x >= 0, x <= HabitAmount.maximum else {
                    throw fail(CalendarFormat.day, .invalidAmount(amount), index: k)
                }
                history.entries.append(.done(date, amount: x, note: note))
            default:
                throw fail(CalendarFormat.day, kind.isNumeric ? .numericDayState : .dayState, index: k)
            }
        }
        return history
    }

    /// The achievements earned, each once. One this version does not know (a newer one's) is left
    /// out, as unknown properties are.
    static func achievements(_ td: OpaquePointer) -> [HabitAchievement] {
        var out: [HabitAchievement] = []
        for p in ICal.properties(td, named: CalendarFormat.achievement) {
            guard let key = ICal.xValue(p), let kind = HabitAchievement.kind(key: key),
                let earned = ICal.xParameter(p, "X-EARNED").flatMap(ICal.compactDate),
                !out.contains(where: { $0.key == key })
            else { continue }
            out.append(HabitAchievement(kind, earned: earned))
        }
        return out
    }

    /// `COMPLETED` of a to-do marked done (`STATUS:COMPLETED`), nil otherwise.
    static func completedAt(_ td: OpaquePointer) -> Instant? {
        guard icalcomponent_get_status(td) == ICAL_STATUS_COMPLETED,
            let p = icalcomponent_get_first_property(td, ICAL_COMPLETED_PROPERTY)
        else { return nil }
        let t = icalproperty_get_datetime_with_component(p, td)
        guard !icaltime_is_null_time(t).boolValue, !t.is_date.boolValue else { return nil }
        return ICal.instant(utc: icaltime_convert_to_zone(t, icaltimezone_get_utc_timezone()))
    }
}
