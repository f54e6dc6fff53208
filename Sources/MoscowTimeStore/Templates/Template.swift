// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// A ready-made set of alarms and habits ("Workday wake-up", "Pomodoro"…), shipped as a JSON file in
/// `data/templates/<id>.json`. Texts come in English and Russian inside the file; the one shown and
/// stored follows the user's language.
///
///     { "format": 1,
///       "name": {"en": "Water", "ru": "Вода"}, "description": {"en": "…", "ru": "…"},
///       "alarms": [ {"label": {"en": "…", "ru": "…"}, "time": "07:00", "days": "weekdays", "snooze": 5},
///                   {"label": …, "time": "08:00", "every": 2},
///                   {"label": …, "after": "25m"} ],
///       "habits": [ {"name": {…}, "description": {…}, "frequency": "daily", "reminders": ["10:00"],
///                    "goal": {"unit": {"en": "glasses", "ru": "стаканов"}, "target": 8, "direction": "at-least"}} ] }
///
/// `frequency` is `daily`, `days:mon,wed`, `every:N`, `per-week:N` or `per-month:N`; `after` makes a
/// countdown from the moment the template is applied (or a one-time alarm after `--at`).
public struct Template: Sendable, Equatable {
    public static let currentFormat = 1

    /// The file name without `.json`: what users type.
    public let id: String
    public let name: LocalizedText
    public let description: LocalizedText
    public let alarms: [AlarmSpec]
    public let habits: [HabitSpec]

    public struct AlarmSpec: Sendable, Equatable {
        public enum When: Sendable, Equatable {
            case days(DaySelection, TimeOfDay)
            case everyNDays(Int, TimeOfDay)
            /// Seconds after the template is applied.
            case after(Int64)
        }
        public let label: LocalizedText
        public let when: When
        public let snoozeMinutes: Int?
        public let sound: String?
    }

    public struct HabitSpec: Sendable, Equatable {
        public let name: LocalizedText
        public let description: LocalizedText?
        public let frequency: HabitFrequency
        public let reminders: [TimeOfDay]
        public let goal: Goal?

        public struct Goal: Sendable, Equatable {
            public let unit: LocalizedText
            public let target: Double
            public let direction: HabitGoal.Direction
        }
    }

    /// The first clock time in the template (alarm times, then habit reminders): `--at` moves it.
    public var anchorTime: TimeOfDay? {
        for a in alarms {
            switch a.when {
            case .days(_, let t), .everyNDays(_, let t): return t
            case .after: continue
            }
        }
        return habits.lazy.compactMap(\.reminders.first).first
    }
}

/// A text in both languages of the project.
public struct LocalizedText: Sendable, Equatable {
    public let en: String
    public let ru: String

    public init(en: String, ru: String) {
        self.en = en
        self.ru = ru
    }

    public func text(_ language: Language) -> String { language == .ru ? ru : en }
    public var both: [String] { en == ru ? [en] : [en, ru] }
}

/// A template file that cannot be used: which file, where in it, and why (a catalogue message,
/// worded in the reader's language where it is shown).
public struct TemplateError: Error, Equatable, CustomStringConvertible {
    public let file: String
    public let reason: Message
    public init(file: String, reason: Message) {
        self.file = file
        self.reason = reason
    }

    public func message(in t: Localizer) -> String {
        t("template {file} is invalid: {reason}", ["file": file, "reason": reason.text(t)])
    }
    /// In English (logs, tests).
    public var description: String { message(in: Localizer(.en)) }
}

extension Template {
    /// Reads a template from JSON text; `id` is the file's name without `.json`.
    public static func decode(id: String, json bytes: [UInt8], file: String) throws(TemplateError) -> Template {
        let r = TemplateReader(file: file)
        let root: JSONValue
        do { root = try JSONParser.parse(bytes) } catch { throw r.fail(DocumentStore.notJSON(error)) }
        guard case .object = root else { throw r.fail(Message("expected an object")) }
        guard root["format"]?.intValue == currentFormat else {
            throw r.fail(Message("\"format\" must be {n} (this agent-cli reads format {n} only)", ["n": String(currentFormat)]))
        }
        var alarms: [AlarmSpec] = []
        for (i, a) in (root["alarms"]?.arrayValue ?? []).enumerated() { alarms.append(try r.alarm(a, path: "alarms[\(i)]")) }
        var habits: [HabitSpec] = []
        for (i, h) in (root["habits"]?.arrayValue ?? []).enumerated() { habits.append(try r.habit(h, path: "habits[\(i)]")) }
        if alarms.isEmpty && habits.isEmpty { throw r.fail(Message("it has neither alarms nor habits")) }
        return Template(
            id: id, name: try r.text(root["name"], "name"), description: try r.text(root["description"], "description"),
            alarms: alarms, habits: habits)
    }

    /// `daily`, `days:mon,wed`, `every:2`, `per-week:3`, `per-month:10`, through `HabitFrequencyParser`.
    static func parseFrequency(_ text: String) throws(InputError) -> HabitFrequency {
        let parsed: HabitFrequency?
        do { parsed = try parseFrequencyKey(text) } catch {
            switch error {
            case .invalidDays(let why): throw why
            case .invalidCount(let count, let value):
                let key =
                    switch count {
                    case .everyNDays: "every:"
                    case .perWeek: "per-week:"
                    case .perMonth: "per-month:"
                    }  // not UI: template keys
                throw InputError(
                    "invalid {option} \"{text}\": expected {expected}", ["option": key, "text": value], parts: ["expected": count.expected])
            case .conflicting, .invalidTimesIn: parsed = nil  // cannot happen: one key, none of them times-in
            }
        }
        guard let parsed else {
            throw InputError("\"{text}\" is not one of daily, days:mon,wed, every:N, per-week:N, per-month:N", ["text": "\(text)"])
        }
        return parsed
    }

    /// Nil for an unknown key.
    private static func parseFrequencyKey(_ text: String) throws(HabitFrequencyError) -> HabitFrequency? {
        let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
        let key = parts.first ?? ""
        let value = parts.count > 1 ? parts[1] : nil
        let parsed: HabitFrequency?
        switch (key, value) {
        case ("daily", nil): parsed = try HabitFrequencyParser.parse(daily: true, days: nil, every: nil, perWeek: nil, perMonth: nil)
        case ("days", let v?): parsed = try HabitFrequencyParser.parse(daily: false, days: v, every: nil, perWeek: nil, perMonth: nil)
        case ("every", let v?): parsed = try HabitFrequencyParser.parse(daily: false, days: nil, every: v, perWeek: nil, perMonth: nil)
        case ("per-week", let v?): parsed = try HabitFrequencyParser.parse(daily: false, days: nil, every: nil, perWeek: v, perMonth: nil)
        case ("per-month", let v?): parsed = try HabitFrequencyParser.parse(daily: false, days: nil, every: nil, perWeek: nil, perMonth: v)
        default: parsed = nil
        }
        return parsed
    }
}
