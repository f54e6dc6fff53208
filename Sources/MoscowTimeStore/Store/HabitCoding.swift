// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// Maps `Habit` to and from its JSON form in the store. Field names are part of the file format:
///
///     {"id": "3f9a0c12", "name": "Water", "description": "…",
///      "frequency": {"kind": "daily"}             | {"kind": "weekdays", "days": ["mon", "wed"]}
///                 | {"kind": "every", "intervalDays": 3} | {"kind": "perWeek", "times": 3}
///                 | {"kind": "perMonth", "times": 10} | {"kind": "timesInDays", "times": 2, "days": 5},
///      "reminders": ["08:00", "20:00"],
///      "numeric": {"unit": "glasses", "target": 8, "goal": "at-least"},   (numeric habits only;
///                 "per": "period" when the target is for the frequency's Y days, not each day)
///      "start": "2026-11-01", "archived": false,
///      "created": "2026-11-01T09:00:00Z", "modified": "2026-11-01T09:00:00Z",
///      "entries": {"2026-11-20": "done", "2026-11-21": "skip", "2026-11-22": 3,
///                  "2026-11-23": ["done", "a note"], "2026-11-24": [2.5, "a note"]},
///      "achievements": [{"key": "streak-7", "earned": "2026-11-20"}]}          (when any)
///
/// Entries are an object keyed by date, one line per day in the pretty-printed file: readable,
/// unique by construction, and about 25 bytes a day, so five years of 50 daily habits parse in a
/// few milliseconds. A value is "done" or "skip" (yes/no), an amount or "skip" (numeric), or a
/// two-element array of that and a note; `["none", "a note"]` is a note on a day with nothing done.
public enum HabitCoding {
    public static func encode(_ h: Habit) -> JSONValue {
        var m: [(String, JSONValue)] = [("id", .string(h.id)), ("name", .string(h.name))]
        if let d = h.description { m.append(("description", .string(d))) }
        m.append(("frequency", encode(h.frequency)))
        m.append(("reminders", .array(h.reminders.map { .string($0.description) })))
        if let g = h.kind.goal {
            m.append(
                (
                    "numeric",
                    .object(
                        [
                            ("unit", .string(g.unit)), ("target", .number(g.target)),
                            ("goal", .string(g.direction.rawValue)),
                        ] + (g.per == .period ? [("per", .string("period"))] : []))
                ))
        }
        m.append(("start", .string(h.start.description)))
        m.append(("archived", .bool(h.archived)))
        m.append(("created", .string(ISO8601.utcString(h.created))))
        m.append(("modified", .string(ISO8601.utcString(h.modified))))
        m.append(("entries", .object(h.entries.map { ($0.date.description, encode($0)) })))
        if !h.achievements.isEmpty {
            m.append(
                (
                    "achievements",
                    .array(h.achievements.map { .object([("key", .string($0.key)), ("earned", .string($0.earned.description))]) })
                ))
        }
        return .object(m)
    }

    public static func encode(_ f: HabitFrequency) -> JSONValue {
        var m: [(String, JSONValue)] = [("kind", .string(f.key))]
        switch f {
        case .daily: break
        case .weekdays(let days): m.append(("days", .array(days.sorted().map { .string($0.key) })))
        case .workingDays: break
        case .everyNDays(let n): m.append(("intervalDays", .int(n)))
        case .timesPerWeek(let n), .timesPerMonth(let n): m.append(("times", .int(n)))
        case .timesInDays(let x, let y):
            m.append(("times", .int(x)))
            m.append(("days", .int(y)))
        }
        return .object(m)
    }

    public static func encode(_ e: HabitEntry) -> JSONValue {
        let state: JSONValue
        switch e.status {
        case .skipped: state = .string("skip")
        case .noted: state = .string("none")
        case .done: state = e.amount.map(JSONValue.number) ?? .string("done")
        }
        guard let note = e.note else { return state }
        return .array([state, .string(note)])
    }

    /// `historyFrom`: only the entries `StoreDocument.keepingHabitHistory(from:)` keeps are read
    /// (the agent's scheduler; see `DocumentCoding.decode`); nil reads and checks them all.
    static func decode(_ r: FieldReader, historyFrom: CivilDate? = nil) throws(DocumentDecodingError) -> Habit {
        let id = try r.string("id")
        guard AlarmID.isValid(id) else { throw r.fail("id", Message("expected 8 lowercase hex digits")) }
        let name = try r.string("name")
        if let issue = LabelRules.issue(name) { throw r.fail("name", issue) }
        let kind: HabitKind
        if r.has("numeric") {
            let n = try r.object("numeric")
            guard let target = n.number("target"), target > 0, target <= HabitAmount.maximum else {
                throw n.fail("target", Message("expected a number above 0 and at most 1000000"))
            }
            let goal = try n.has("goal") ? n.string("goal") : HabitGoal.Direction.atLeast.rawValue
            guard let direction = HabitGoal.Direction(rawValue: goal) else { throw n.fail("goal", Message("expected at-least or at-most")) }
            let perText = try n.has("per") ? n.string("per") : HabitGoal.Per.day.rawValue
            guard let per = HabitGoal.Per(rawValue: perText) else { throw n.fail("per", Message("expected day or period")) }
            kind = .numeric(HabitGoal(unit: try n.optionalString("unit") ?? "", target: target, direction: direction, per: per))
        } else {
            kind = .yesNo
        }
        var reminders: [TimeOfDay] = []
        for (k, v) in try r.strings("reminders", optional: true).enumerated() {
            guard let t = v.flatMap({ TimeOfDay(text: Substring($0)) }) else {
                throw r.fail("reminders[\(k)]", Message("expected a time like 08:00"))
            }
            reminders.append(t)
        }
        let start = try r.date("start")
        let created = try r.instant("created")
        var habit = Habit(
            id: id, name: name, description: try r.optionalString("description"),
            frequency: try decodeFrequency(try r.object("frequency")), reminders: reminders,
            start: start, archived: try r.bool("archived", default: false), kind: kind,
            created: created, modified: r.has("modified") ? try r.instant("modified") : created)
        let cut = historyFrom.map { StoreDocument.schedulerHistoryCut(from: $0, habit.frequency) }
        habit.entries = try decodeEntries(r, kind: kind, start: start, from: cut)
        var keys = Set<String>()
        try r.forEachObject("achievements", optional: true) { (_, a) throws(DocumentDecodingError) in
            let key = try a.string("key")
            guard let kind = HabitAchievement.kind(key: key) else {
                throw a.fail(
                    "key",
                    Message(
                        "unknown achievement \"{key}\" (expected first, completions-100, streak-7/30/100/365 or strength-80)", ["key": key])
                )
            }
            guard keys.insert(key).inserted else { throw a.fail("key", Message("achievement {key} appears twice", ["key": key])) }
            habit.achievements.append(HabitAchievement(kind, earned: try a.date("earned")))
        }
        return habit
    }

    static func decodeFrequency(_ r: FieldReader) throws(DocumentDecodingError) -> HabitFrequency {
        switch try r.string("kind") {
        case "daily": return .daily
        case "weekdays":
            var days = WeekdaySet()
            for (k, d) in try r.strings("days").enumerated() {
                guard let key = d, let w = Weekday(key: key) else {
                    throw r.fail("days[\(k)]", Message("expected mon, tue, wed, thu, fri, sat or sun"))
                }
                days.insert(w)
            }
            guard !days.isEmpty else { throw r.fail("days", Message("needs at least one day")) }
            return .weekdays(days)
        case "workdays": return .workingDays
        case "every": return .everyNDays(try r.int("intervalDays", in: 2...HabitFrequency.maximumInterval))
        case "perWeek": return .timesPerWeek(try r.int("times", in: HabitFrequency.weekTimes))
        case "perMonth": return .timesPerMonth(try r.int("times", in: HabitFrequency.monthTimes))
        case "timesInDays":
            let y = try r.int("days", in: 3...HabitFrequency.maximumInterval)
            let x = try r.int("times", in: 2...(y - 1))
            return HabitFrequency.make(times: x, inDays: y)!
        case let other:
            throw r.fail(
                "kind",
                Message("unknown frequency \"{kind}\" (expected daily, weekdays, every, perWeek, perMonth or timesInDays)", ["kind": other])
            )
        }
    }

    /// `from`: the entries named before that day are passed over unread (their names compared as
    /// text: `YYYY-MM-DD` sorts as the days do), so a damaged one among them is not found.
    static func decodeEntries(
        _ r: FieldReader, kind: HabitKind, start: CivilDate, from: CivilDate? = nil
    ) throws(DocumentDecodingError) -> [HabitEntry] {
        guard r.has("entries") else { return [] }
        let from = from.map { Array($0.description.utf8) }
        var entries: [HabitEntry] = []
        var sorted = true
        // Day numbers, not dates, are compared: a date comparison converts both sides each time.
        var previous = Int64.min
        let first = start.daysSinceEpoch
        let isObject = try r.forEachMember("entries") { (name, value) throws(DocumentDecodingError) in
            // The error path is built only on failure: an interpolation per entry is a measurable cost.
            func fail(_ why: Message) -> DocumentDecodingError { r.fail("entries.\(name.string ?? "")", why) }
            if let from, name.parseText({ $0.lexicographicallyPrecedes(from) ? true : nil }) == true { return }
            guard let date = name.parseText(CivilDate.init(isoBytes:)) else {
                throw fail(Message("expected a date like 2026-12-31 as the member name"))
            }
            let day = date.daysSinceEpoch
            guard day >= first else { throw fail(Message("is before the habit's start date {start}", ["start": start.description])) }
            var state = value
            var note: String?
            if let pair = value.items {
                guard pair.count == 2, let n = pair[1].string else { throw fail(Message("expected [state, \"note\"]")) }
                state = pair[0]
                note = n
            }
            let entry: HabitEntry
            if state.isText("skip") {
                entry = .skipped(date, note: note)
            } else if state.isText("none"), let note {
                entry = .noted(date, note: note)
            } else if state.isText("done"), !kind.isNumeric {
                entry = .done(date, note: note)
            } else if let x = state.number, kind.isNumeric {
                guard x >= 0, x <= HabitAmount.maximum else {
                    throw fail(Message("amount {amount} is outside 0…1000000", ["amount": "\(x)"]))
                }
                entry = .done(date, amount: x, note: note)
            } else {
                throw fail(Message(kind.isNumeric ? "expected an amount or \"skip\" (numeric habit)" : "expected \"done\" or \"skip\""))
            }
            if day <= previous {
                if day == previous { throw fail(Message("the day appears twice")) }
                sorted = false
            }
            previous = day
            entries.append(entry)
        }
        guard isObject else { throw r.fail("entries", Message("expected an object of dates")) }
        if !sorted {
            entries.sort { $0.date < $1.date }
            for k in entries.indices.dropFirst() where entries[k].date == entries[k - 1].date {
                throw r.fail("entries.\(entries[k].date)", Message("the day appears twice"))
            }
        }
        return entries
    }

    /// Document-level rules the per-habit decoder cannot see: unique ids and unique names.
    static func checkUnique(_ habits: [Habit]) throws(DocumentDecodingError) {
        var ids = Set<String>()
        var names = Set<String>()
        for (k, h) in habits.enumerated() {
            guard ids.insert(h.id).inserted else {
                throw DocumentDecodingError(path: "habits[\(k)].id", reason: Message("duplicate id {id}", ["id": h.id]))
            }
            guard names.insert(h.name).inserted else {
                throw DocumentDecodingError(
                    path: "habits[\(k)].name", reason: Message("another habit is also named \"{name}\"", ["name": h.name]))
            }
        }
    }
}
