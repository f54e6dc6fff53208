// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import MoscowTimeCore

/// One of our habit VTODOs back into a `Habit`, history included (`CalendarFormat`).
enum HabitTodoReader {
    static func habit(_ td: OpaquePointer, info: ICSLineScanner.Component?) throws(CalendarFileError)
        -> (habit: Habit, logged: [CivilDate: Instant], removed: [CivilDate: Instant]) {
        func fail(_ property: String, _ why: String, index: Int = 0) -> CalendarFileError {
            CalendarFileError(line: info?.line(of: property, index: index), why)
        }
        let id = ICal.xValue(td, CalendarFormat.habitID) ?? ""
        guard AlarmID.isValid(id) else { throw fail(CalendarFormat.habitID, "\(CalendarFormat.habitID) \"\(id)\" is not 8 lowercase hex digits") }
        let name = ICal.string(icalcomponent_get_summary(td)) ?? ""
        if let problem = LabelRules.problem(name) { throw fail("SUMMARY", "the habit name \(problem)") }
        let description = icalcomponent_get_first_property(td, ICAL_DESCRIPTION_PROPERTY).flatMap { ICal.string(icalproperty_get_description($0)) }
        let start = icalcomponent_get_dtstart(td)
        guard start.is_date.boolValue, let startDate = CivilDate(year: Int(start.year), month: Int(start.month), day: Int(start.day)) else {
            throw fail("DTSTART", "a habit's DTSTART must be a date (DTSTART;VALUE=DATE:20261120)")
        }
        let frequencyText = ICal.xValue(td, CalendarFormat.frequency) ?? ""
        guard let frequency = HabitCSVFormat.frequency(frequencyText) else {
            throw fail(CalendarFormat.frequency, "\(CalendarFormat.frequency) \"\(frequencyText)\" is not daily, weekdays:mon,…, every:N, perWeek:N or perMonth:N")
        }
        var reminders: [TimeOfDay] = []
        if let r = ICal.xValue(td, CalendarFormat.reminders) {
            guard let times = HabitCalendarText.reminders(r) else { throw fail(CalendarFormat.reminders, "\(CalendarFormat.reminders) \"\(r)\" is not a list of times like 08:00,20:00") }
            reminders = times
        }
        var kind = HabitKind.yesNo
        if let p = ICal.properties(td, named: CalendarFormat.numeric).first {
            let targetText = ICal.xValue(p) ?? ""
            guard let target = Double(targetText), target > 0, target <= HabitAmount.maximum else {
                throw fail(CalendarFormat.numeric, "the target \"\(targetText)\" is not a number above 0 and at most 1000000")
            }
            let goalText = ICal.xParameter(p, "X-GOAL") ?? HabitGoal.Direction.atLeast.rawValue
            guard let direction = HabitGoal.Direction(rawValue: goalText) else { throw fail(CalendarFormat.numeric, "X-GOAL must be at-least or at-most") }
            let per: HabitGoal.Per = ICal.xParameter(p, "X-PER") == "period" ? .period : .day
            kind = .numeric(HabitGoal(unit: ICal.xValue(td, CalendarFormat.unit) ?? "", target: target, direction: direction, per: per))
        }
        let archived = ICal.xValue(td, CalendarFormat.archived) == "TRUE"
        let times = try OwnAlarmReader.times(td, info: info)
        var notes: [CivilDate: String] = [:]
        for (k, p) in ICal.properties(td, named: CalendarFormat.dayNote).enumerated() {
            guard let d = ICal.xParameter(p, "X-DATE").flatMap(ICal.compactDate) else {
                throw fail(CalendarFormat.dayNote, "a day note needs X-DATE=YYYYMMDD", index: k)
            }
            notes[d] = ICal.xValue(p) ?? ""
        }
        var entries: [HabitEntry] = []
        var seen = Set<CivilDate>()
        var logged: [CivilDate: Instant] = [:], removed: [CivilDate: Instant] = [:]
        func stamp(_ p: OpaquePointer, _ name: String, _ k: Int) throws(CalendarFileError) -> Instant? {
            guard let text = ICal.xParameter(p, "X-LOGGED") else { return nil }
            guard let t = ICal.parseCompactUTC(text) else { throw fail(name, "X-LOGGED \"\(text)\" is not a UTC time like 20261120T070000Z", index: k) }
            return t
        }
        for (k, p) in ICal.properties(td, named: CalendarFormat.dayRemoved).enumerated() {
            let value = ICal.xValue(p) ?? ""
            guard let date = ICal.compactDate(value), let t = try stamp(p, CalendarFormat.dayRemoved, k) else {
                throw fail(CalendarFormat.dayRemoved, "expected X-LOGGED=<UTC time> and a date like 20261120", index: k)
            }
            removed[date] = t
        }
        for (k, p) in ICal.properties(td, named: CalendarFormat.day).enumerated() {
            let value = ICal.xValue(p) ?? ""
            guard let date = ICal.compactDate(value) else { throw fail(CalendarFormat.day, "\"\(value)\" is not a date like 20261120", index: k) }
            guard date >= startDate else { throw fail(CalendarFormat.day, "\(date) is before the habit's start \(startDate)", index: k) }
            guard seen.insert(date).inserted else { throw fail(CalendarFormat.day, "\(date) appears twice", index: k) }
            let note = notes[date]
            if let t = try stamp(p, CalendarFormat.day, k) { logged[date] = t }
            switch (ICal.xParameter(p, "X-STATE"), ICal.xParameter(p, "X-AMOUNT")) {
            case ("skip", nil): entries.append(.skipped(date, note: note))
            case ("none", nil) where note != nil: entries.append(.noted(date, note: note!))
            case ("done", nil) where !kind.isNumeric: entries.append(.done(date, note: note))
            case ("done", let amount?) where kind.isNumeric:
                guard let x = Double(amount), x >= 0, x <= HabitAmount.maximum else {
                    throw fail(CalendarFormat.day, "X-AMOUNT \"\(amount)\" is not a number in 0…1000000", index: k)
                }
                entries.append(.done(date, amount: x, note: note))
            default:
                throw fail(CalendarFormat.day, kind.isNumeric ? "a numeric habit's day needs X-STATE=done;X-AMOUNT=N or X-STATE=skip"
                                                              : "a day needs X-STATE=done or X-STATE=skip", index: k)
            }
        }
        var habit = Habit(id: id, name: name, description: description, frequency: frequency, reminders: reminders,
                          start: startDate, archived: archived, kind: kind, entries: entries,
                          created: times.created, modified: times.modified)
        for p in ICal.properties(td, named: CalendarFormat.achievement) {
            // One this version does not know (a newer one's) is left out, as unknown properties are.
            guard let key = ICal.xValue(p), let kind = HabitAchievement.kind(key: key),
                  let earned = ICal.xParameter(p, "X-EARNED").flatMap(ICal.compactDate),
                  !habit.achievements.contains(where: { $0.key == key }) else { continue }
            habit.achievements.append(HabitAchievement(kind, earned: earned))
        }
        return (habit, logged, removed)
    }
}
