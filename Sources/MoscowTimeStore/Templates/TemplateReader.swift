// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// Reads the parts of one template file (`Template.decode`): each value checked as the CLI checks
/// it, each error naming the file and the field's JSON path ("alarms[0].time: why").
struct TemplateReader {
    let file: String

    func fail(_ reason: Message) -> TemplateError { TemplateError(file: file, reason: reason) }

    /// "alarms[0].time: why" (the field's path is JSON, the same in every language).
    func fail(_ path: String, _ reason: Message) -> TemplateError {
        fail(Message("{field}: {reason}", ["field": path], parts: ["reason": reason]))
    }

    /// `{"en": "…", "ru": "…"}`, both valid labels.
    func text(_ v: JSONValue?, _ path: String) throws(TemplateError) -> LocalizedText {
        guard let en = v?["en"]?.stringValue, let ru = v?["ru"]?.stringValue else {
            throw fail(path, Message("expected {example}", ["example": "{\"en\": \"…\", \"ru\": \"…\"}"]))
        }
        for s in [en, ru] {
            if let problem = LabelRules.issue(s) {
                throw fail(path, Message("\"{text}\": {problem}", ["text": s], parts: ["problem": problem]))
            }
        }
        return LocalizedText(en: en, ru: ru)
    }

    func time(_ v: JSONValue?, _ path: String) throws(TemplateError) -> TimeOfDay {
        guard let s = v?.stringValue, let t = TimeOfDay(text: Substring(s)) else { throw fail(path, Message("expected a time like 07:30")) }
        return t
    }

    /// One alarm: a label, then `after` (a timer), `every` N days, or `days` (default every day)
    /// with a `time`; optionally `snooze` minutes and a `sound`.
    func alarm(_ a: JSONValue, path: String) throws(TemplateError) -> Template.AlarmSpec {
        let label = try text(a["label"], "\(path).label")
        let when: Template.AlarmSpec.When
        if let after = a["after"] {
            guard let s = after.stringValue, let d = try? DurationParser.parse(s), Limits.timerSeconds.contains(Int(d)) else {
                throw fail("\(path).after", Message("expected a duration such as 25m or 1h30m, at most a week"))
            }
            when = .after(d)
        } else if let every = a["every"] {
            guard let n = every.intValue, (1...Schedule.maximumInterval).contains(n) else {
                throw fail("\(path).every", Message("expected a number of days from 1 to {max}", ["max": String(Schedule.maximumInterval)]))
            }
            when = .everyNDays(n, try time(a["time"], "\(path).time"))
        } else {
            let days: DaySelection
            do { days = try DaysParser.selection(a["days"]?.stringValue ?? "everyday") } catch {
                throw fail("\(path).days", error.asMessage)
            }
            when = .days(days, try time(a["time"], "\(path).time"))
        }
        var snooze: Int?
        if let s = a["snooze"], !s.isNull {
            guard let n = s.intValue, Limits.snoozeMinutes.contains(n) else {
                throw fail(
                    "\(path).snooze",
                    Message(
                        "expected minutes from {min} to {max}",
                        ["min": String(Limits.snoozeMinutes.lowerBound), "max": String(Limits.snoozeMinutes.upperBound)]))
            }
            snooze = n
        }
        return Template.AlarmSpec(label: label, when: when, snoozeMinutes: snooze, sound: a["sound"]?.stringValue)
    }

    /// One habit: a name, optionally a description, a `frequency` (default daily), `reminders` and
    /// a numeric `goal`.
    func habit(_ h: JSONValue, path: String) throws(TemplateError) -> Template.HabitSpec {
        let name = try text(h["name"], "\(path).name")
        let description = try h["description"].map { v throws(TemplateError) in try text(v, "\(path).description") }
        let frequency: HabitFrequency
        do { frequency = try Template.parseFrequency(h["frequency"]?.stringValue ?? "daily") } catch {
            throw fail("\(path).frequency", error.asMessage)
        }
        var reminders: [TimeOfDay] = []
        for (j, r) in (h["reminders"]?.arrayValue ?? []).enumerated() {
            reminders.append(try time(r, "\(path).reminders[\(j)]"))
        }
        var goal: Template.HabitSpec.Goal?
        if let g = h["goal"] {
            guard let target = g["target"]?.doubleValue, target > 0 else {
                throw fail("\(path).goal.target", Message("expected a number above 0"))
            }
            let direction = HabitGoal.Direction(rawValue: g["direction"]?.stringValue ?? "at-least")
            guard let direction else { throw fail("\(path).goal.direction", Message("expected at-least or at-most")) }
            goal = Template.HabitSpec.Goal(unit: try text(g["unit"], "\(path).goal.unit"), target: target, direction: direction)
        }
        return Template.HabitSpec(name: name, description: description, frequency: frequency, reminders: reminders, goal: goal)
    }
}
