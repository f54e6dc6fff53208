// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// Reads `HabitCSVFormat` back into habits, validating every field as the command line does.
/// Errors name the file, line and column: `habits.csv line 7, column "date": invalid date "2026-13-01" …`.
public enum HabitCSVImporter {
    /// Whether the bytes start like our export (its header).
    public static func recognises(_ bytes: [UInt8]) -> Bool {
        let head = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3).prefix(7)) : Array(bytes.prefix(7))
        return head == Array("record,".utf8)
    }

    public static func habits(_ bytes: [UInt8], file: String) throws(InputError) -> [Habit] {
        let rows: [CSVReader.Row]
        do { rows = try CSVReader.rows(bytes) } catch {
            throw InputError("{file} {error}", ["file": file], parts: ["error": error.asMessage])
        }
        let col = try columns(rows.first, file: file)
        var habits: [Habit] = []
        var index: [String: Int] = [:]
        var pending: [(CSVReader.Row, String)] = []
        // A row's error names its line and the column read last, the one found wrong.
        func fail(_ row: CSVReader.Row, _ column: String, _ why: Message) -> InputError {
            InputError(
                "{file} line {line}, column \"{column}\": {why}", ["file": file, "line": String(row.line), "column": column],
                parts: ["why": why])
        }
        for row in rows.dropFirst() {
            var column = "record"
            func field(_ name: String) -> String {
                column = name
                let k = col[name]!
                return k < row.fields.count ? row.fields[k] : ""
            }
            switch field("record") {
            case "habit":
                let h: Habit
                do { h = try habit(field) } catch { throw fail(row, column, error.asMessage) }
                if index[h.id] != nil { throw fail(row, "id", Message("habit id {id} appears twice", ["id": h.id])) }
                if habits.contains(where: { $0.name == h.name }) {
                    throw fail(row, "name", Message("habit \"{name}\" appears twice", ["name": h.name]))
                }
                index[h.id] = habits.count
                habits.append(h)
            case "entry", "achievement":
                pending.append((row, field("id")))
            case let other:
                throw fail(row, "record", Message("record \"{value}\" is neither habit, entry nor achievement", ["value": other]))
            }
        }
        for (row, id) in pending {
            var column = "id"
            func field(_ name: String) -> String {
                column = name
                let k = col[name]!
                return k < row.fields.count ? row.fields[k] : ""
            }
            guard let k = index[id] else {
                throw fail(row, "id", Message("entry for habit id \"{id}\", which has no habit row", ["id": id]))
            }
            do throws(InputError) {
                if field("record") == "achievement" {
                    try addAchievement(field, to: &habits[k])
                } else {
                    let e = try entry(field, kind: habits[k].kind)
                    column = "date"
                    try add(e, to: &habits[k])
                }
            } catch {
                throw fail(row, column, error.asMessage)
            }
        }
        return habits
    }

    /// The header's columns, by name, with their places; every column of `HabitCSVFormat` present.
    static func columns(_ header: CSVReader.Row?, file: String) throws(InputError) -> [String: Int] {
        guard let header else {
            throw InputError(
                "{file} is empty: expected the header {value}",
                ["file": "\(file)", "value": "\(HabitCSVFormat.columns.joined(separator: ","))"])
        }
        var col: [String: Int] = [:]
        for (k, name) in header.fields.enumerated() { col[name] = k }
        for c in HabitCSVFormat.columns where col[c] == nil {
            throw InputError(
                "{file} line 1: column \"{c}\" is missing; expected the header {value}",
                ["file": "\(file)", "c": "\(c)", "value": "\(HabitCSVFormat.columns.joined(separator: ","))"])
        }
        return col
    }

    /// An achievement row, added to its habit.
    static func addAchievement(_ field: (String) -> String, to habit: inout Habit) throws(InputError) {
        guard let kind = HabitAchievement.kind(key: field("state")) else {
            throw InputError(
                "unknown achievement \"{value}\": expected first, completions-100, streak-7/30/100/365 or strength-80",
                ["value": field("state")])
        }
        let earned = try HabitDayField.date.parse(field("date"))
        let a = HabitAchievement(kind, earned: earned)
        if habit.achievements.contains(where: { $0.key == a.key }) {
            throw InputError("achievement {key} appears twice", ["key": a.key])
        }
        habit.achievements.append(a)
    }

    /// An entry row's day, added to its habit: one entry a day, none before the habit's start.
    static func add(_ e: HabitEntry, to habit: inout Habit) throws(InputError) {
        if habit.entry(on: e.date) != nil { throw InputError("the day {date} appears twice", ["date": "\(e.date)"]) }
        if e.date < habit.start {
            throw InputError("{date} is before the habit's start {value}", ["date": "\(e.date)", "value": "\(habit.start)"])
        }
        habit.setEntry(e)
    }

    static func habit(_ field: (String) -> String) throws(InputError) -> Habit {
        let id = field("id")
        guard AlarmID.isValid(id) else { throw InputError("invalid id \"{id}\": expected 8 lowercase hex digits", ["id": "\(id)"]) }
        let name = field("name")
        if let problem = LabelRules.issue(name) { throw InputError("invalid habit name: {problem}", parts: ["problem": problem]) }
        guard let frequency = HabitCSVFormat.frequency(field("frequency")) else {
            throw InputError(
                "invalid frequency \"{value}\": expected daily, weekdays:mon,wed, every:N, perWeek:X, perMonth:X or timesInDays:X/Y",
                ["value": "\(field("frequency"))"])
        }
        let reminders = field("reminders").isEmpty ? [] : try ReminderTimesParser.parse(field("reminders"))
        let start = try HabitDayField.start.parse(field("start"))
        guard let archived = ["true": true, "false": false][field("archived")] else {
            throw InputError("invalid archived \"{value}\": expected true or false", ["value": "\(field("archived"))"])
        }
        var kind = HabitKind.yesNo
        if !field("target").isEmpty {
            let parts = field("goal").split(separator: ":", maxSplits: 1).map(String.init)
            guard let direction = parts.first.flatMap(HabitGoal.Direction.init(rawValue:)),
                let per = parts.count == 2 ? HabitGoal.Per(rawValue: parts[1]) : .day
            else {
                throw InputError(
                    "invalid goal \"{value}\": expected at-least or at-most, optionally followed by :period", ["value": "\(field("goal"))"])
            }
            kind = .numeric(
                HabitGoal(
                    unit: try HabitTextRules.unit(field("unit")), target: try AmountParser.target(field("target")),
                    direction: direction, per: per))
        }
        guard let created = ISO8601.parse(field("created")), let modified = ISO8601.parse(field("modified")) else {
            throw InputError("invalid created/modified: expected instants like 2026-11-21T09:00:00Z")
        }
        return Habit(
            id: id, name: name, description: try HabitTextRules.description(field("description")),
            frequency: frequency, reminders: reminders, start: start, archived: archived, kind: kind,
            created: created, modified: modified)
    }

    static func entry(_ field: (String) -> String, kind: HabitKind) throws(InputError) -> HabitEntry {
        let date = try HabitDayField.date.parse(field("date"))
        let note = try HabitTextRules.note(field("note"))
        switch field("state") {
        case "skip": return .skipped(date, note: note)
        case "none":
            guard let note else { throw InputError("state none needs a note") }
            return .noted(date, note: note)
        case "done":
            if kind.isNumeric {
                return .done(date, amount: try AmountParser.amount(field("amount")), note: note)
            }
            guard field("amount").isEmpty else { throw InputError("an amount for a yes/no habit: leave the amount empty") }
            return .done(date, note: note)
        case let other:
            throw InputError("invalid state \"{other}\": expected done, skip or none", ["other": "\(other)"])
        }
    }
}
