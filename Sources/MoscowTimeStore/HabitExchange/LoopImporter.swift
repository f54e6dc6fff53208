// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// Reads Loop Habit Tracker's CSV export (the zip it writes, or the folder it unpacks to):
/// `Habits.csv` with one row per habit, and `NNN Name/Checkmarks.csv` per habit with `Date,Value`
/// (and `Notes` since 2025) lines.
///
/// Both generations of the format are read, by column name: `NumRepetitions,Interval` (before 2025)
/// or `FrequencyNumerator,FrequencyDenominator`, and the `Type`, `Unit`, `Target Type`,
/// `Target Value`, `Archived?` columns when present. Values: 2 / YES_MANUAL → done, 3 / SKIP → skip,
/// 1 / YES_AUTO (Loop's "not due"), 0 / NO and -1 / UNKNOWN → nothing (a note on such a day is kept
/// as a note alone); numeric habits store the amount × 1000 (an explicit 0 is kept only for at-most
/// goals, where it is a good day).
/// Loop's "X times in Y days" is kept exactly (`HabitFrequency.make`), and a numeric habit's target
/// is per Y days as in Loop. An export made from one habit's screen lists every habit in
/// Habits.csv but carries days for that one only: then only habits with a folder are imported.
/// A name over the length limit is shortened with a warning. Reminders and colours are not in the
/// export.
public enum LoopImporter {
    public struct Result: Sendable {
        public var habits: [Habit]
        public var warnings: [Message]
        /// Numeric habits whose export had no usable target (imported with a target of 1).
        public var missingTargets: [String] = []
    }

    public static func recognises(_ files: ExportFiles) -> Bool { habitsFile(files) != nil }

    static func habitsFile(_ files: ExportFiles) -> String? {
        files.files.keys.filter { $0 == "Habits.csv" || $0.hasSuffix("/Habits.csv") }
            .min { $0.split(separator: "/").count < $1.split(separator: "/").count }
    }

    public static func read(_ files: ExportFiles, now: Instant, today: CivilDate) throws(InputError) -> Result {
        guard let habitsPath = habitsFile(files) else {
            throw InputError("no Habits.csv found: expected Loop Habit Tracker's CSV export (its zip or unpacked folder)")
        }
        let root = String(habitsPath.dropLast("Habits.csv".count))
        let rows: [CSVReader.Row]
        do { rows = try CSVReader.rows(files.files[habitsPath]!) } catch {
            throw InputError("{habitsPath} {error}", ["habitsPath": "\(habitsPath)"], parts: ["error": error.asMessage])
        }
        guard let header = rows.first else { return Result(habits: [], warnings: []) }
        let col = try columns(header, habitsPath: habitsPath)
        var result = Result(habits: [], warnings: [])
        var taken = Set<String>()
        // A single-habit export: Habits.csv lists them all, only the exported one has a folder.
        let hasFolders = files.files.keys.contains {
            $0.hasPrefix(root) && $0.hasSuffix("/Checkmarks.csv") && $0.dropFirst(root.count).split(separator: "/").count == 2
        }
        var skipped: [String] = []
        for (k, row) in rows.dropFirst().enumerated() {
            func field(_ names: String...) -> String {
                for n in names { if let i = col[n], i < row.fields.count { return row.fields[i].trimmingSpaces } }
                return ""
            }
            func fail(_ why: Message) -> InputError {
                InputError("{habitsPath} line {line}: {why}", ["habitsPath": "\(habitsPath)", "line": "\(row.line)"], parts: ["why": why])
            }
            let name = try habitName(field("Name"), in: &result, fail: fail)
            let position = field("Position").isEmpty ? pad(k + 1, 3) : field("Position")
            let numerator = Int(field("FrequencyNumerator", "NumRepetitions")) ?? 1
            let denominator = Int(field("FrequencyDenominator", "Interval")) ?? 1
            guard numerator > 0, denominator > 0 else {
                throw fail(Message("invalid frequency {x}/{y}", ["x": "\(numerator)", "y": "\(denominator)"]))
            }
            let (frequency, note) = mapFrequency(numerator, denominator)
            if let note { result.warnings.append(Message("\"{name}\": {note}", ["name": name], parts: ["note": note])) }

            let checkmarks = checkmarksPath(files, root: root, position: position)
            if checkmarks == nil && hasFolders {
                skipped.append(name)
                continue
            }
            var values: [Value] = []
            if let path = checkmarks { values = try readCheckmarks(files.files[path]!, path: path) }
            let kind = habitKind(
                type: field("Type"), values: values, frequency: frequency, name: name, in: &result,
                target: field("Target Value"), unit: field("Unit"), targetType: field("Target Type"))  // not UI: Loop's columns
            let entries = makeEntries(values, kind: kind)
            let description = Self.description(question: field("Question"), description: field("Description"))
            let id = AlarmID.make(avoiding: taken)
            taken.insert(id)
            result.habits.append(
                Habit(
                    id: id, name: name, description: description,
                    frequency: frequency, start: entries.first.map { min($0.date, today) } ?? today,
                    archived: field("Archived?").lowercased() == "true", kind: kind,
                    entries: entries, created: now))
        }
        if !skipped.isEmpty { result.warnings.append(singleHabitExport(result.habits, skipped: skipped.count)) }
        return result
    }

    /// Habits.csv's columns, by name, with their places; a Name column among them.
    static func columns(_ header: CSVReader.Row, habitsPath: String) throws(InputError) -> [String: Int] {
        var col: [String: Int] = [:]
        for (k, name) in header.fields.enumerated() { col[name.trimmingSpaces] = k }
        guard col["Name"] != nil else {
            throw InputError(
                "{habitsPath} line 1: no Name column; is this Loop Habit Tracker's Habits.csv?", ["habitsPath": "\(habitsPath)"])
        }
        return col
    }

    /// A habit's question and description as one description on one line; nil when both are empty.
    static func description(question: String, description: String) -> String? {
        let text = [question, description].filter { !$0.isEmpty }.joined(separator: " — ")
        let line = String(text.map { $0.isNewline ? " " : $0 }.prefix(HabitTextRules.maximumDescription))
        return line.isEmpty ? nil : line
    }

    /// The warning for an export made from one habit's screen: only the habits with days are taken.
    static func singleHabitExport(_ imported: [Habit], skipped: Int) -> Message {
        let total = imported.count + skipped
        return Message.plural(
            "the export carries days for {n} of {total} habit (made from one habit's screen): only {names} imported",
            "the export carries days for {n} of {total} habits (made from one habit's screen): only {names} imported",
            count: total,
            [
                "n": "\(imported.count)", "total": "\(total)",
                "names": imported.map { "\"\($0.name)\"" }.joined(separator: ", "),
            ])
    }

    /// A Loop habit's name as a habit name here: shortened to the longest label (said), line
    /// breaks as spaces, and "Name (2)" for a second habit of the same name (said).
    static func habitName(_ raw: String, in result: inout Result, fail: (Message) -> InputError) throws(InputError) -> String {
        var name = raw
        if name.count > LabelRules.maximumLength {
            let short = String(name.prefix(LabelRules.maximumLength - 1)).trimmingSpaces + "…"
            result.warnings.append(
                Message.plural(
                    "the Loop habit \"{name}\" has a name of {n} character: it is shortened to {maximum}",
                    "the Loop habit \"{name}\" has a name of {n} characters: it is shortened to {maximum}",
                    count: name.count, ["name": short, "n": "\(name.count)", "maximum": "\(LabelRules.maximumLength)"]))
            name = short
        }
        name = String(name.map { $0.isNewline ? " " : $0 })
        if let problem = LabelRules.issue(name) {
            throw fail(Message("invalid habit name \"{name}\": {problem}", ["name": name], parts: ["problem": problem]))
        }
        if result.habits.contains(where: { $0.name == name }) {
            var n = 2
            while result.habits.contains(where: { $0.name == "\(name) (\(n))" }) { n += 1 }
            result.warnings.append(
                Message(
                    "two Loop habits are named \"{name}\": the second is imported as \"{renamed}\"",
                    ["name": name, "renamed": "\(name) (\(n))"]))
            name = "\(name) (\(n))"
        }
        return name
    }

    /// Yes/no, or numeric with Loop's target (a missing or absurd one becomes 1 and is listed in
    /// `missingTargets`), unit and direction; an untyped habit whose values are not checkmarks is
    /// numeric too.
    static func habitKind(
        type: String, values: [Value], frequency: HabitFrequency, name: String, in result: inout Result,
        target targetText: String, unit unitText: String, targetType: String
    ) -> HabitKind {
        guard type == "NUMERICAL" || (type.isEmpty && values.contains { !(-1...3).contains($0.value) }) else { return .yesNo }
        var target = Double(targetText) ?? 0
        if target <= 0 || target > HabitAmount.maximum {
            result.missingTargets.append(name)
            target = 1
        }
        let unit = String(unitText.filter { !$0.isNewline }.prefix(HabitTextRules.maximumUnit))
        return .numeric(
            HabitGoal(
                unit: unit, target: HabitAmount.rounded(target),
                direction: targetType == "AT_MOST" ? .atMost : .atLeast,  // not UI: Loop's column
                per: (frequency.loopFraction?.days ?? 1) > 1 ? .period : .day))
    }

    /// Loop names each habit's folder "%03d %s" (position, sanitised name), or just the position.
    static func checkmarksPath(_ files: ExportFiles, root: String, position: String) -> String? {
        files.files.keys.filter { path in
            guard path.hasPrefix(root), path.hasSuffix("/Checkmarks.csv") else { return false }
            let dir = path.dropFirst(root.count).dropLast("/Checkmarks.csv".count)
            return !dir.contains("/") && (dir == position || dir.hasPrefix(position + " "))
        }.min()
    }

    struct Value {
        let line: Int
        let date: CivilDate
        let value: Int
        let note: String?
    }

    static let names = ["YES_MANUAL": 2, "YES_AUTO": 1, "NO": 0, "UNKNOWN": -1, "SKIP": 3]

    static func readCheckmarks(_ bytes: [UInt8], path: String) throws(InputError) -> [Value] {
        let rows: [CSVReader.Row]
        do { rows = try CSVReader.rows(bytes) } catch {
            throw InputError("{path} {error}", ["path": "\(path)"], parts: ["error": error.asMessage])
        }
        var values: [Value] = []
        for row in rows {
            let f = row.fields
            if f.first == "Date" { continue }
            guard f.count >= 2, let date = CivilDate(iso: Substring(f[0].trimmingSpaces)) else {
                throw InputError(
                    "{path} line {line}: expected Date,Value such as 2026-11-21,2", ["path": "\(path)", "line": "\(row.line)"])
            }
            guard Limits.alarmDates.contains(date) else {
                throw InputError(
                    "{path} line {line}: the date {date} is outside {first} to {last}",
                    [
                        "path": "\(path)", "line": "\(row.line)", "date": date.description,
                        "first": Limits.alarmDates.lowerBound.description, "last": Limits.alarmDates.upperBound.description,
                    ])
            }
            let v = f[1].trimmingSpaces
            guard let value = names[v] ?? Int(v) else {
                throw InputError(
                    "{path} line {line}: unknown value \"{v}\" (expected YES_MANUAL, YES_AUTO, NO, UNKNOWN, SKIP or a number)",
                    ["path": "\(path)", "line": "\(row.line)", "v": "\(v)"])
            }
            let note = f.count > 2 ? String(f[2].trimmingSpaces.map { $0.isNewline ? " " : $0 }.prefix(HabitTextRules.maximumNote)) : ""
            values.append(Value(line: row.line, date: date, value: value, note: note.isEmpty ? nil : note))
        }
        return values
    }

    static func makeEntries(_ values: [Value], kind: HabitKind) -> [HabitEntry] {
        var byDate: [CivilDate: HabitEntry] = [:]
        for v in values {
            if v.value == 3 {
                byDate[v.date] = .skipped(v.date, note: v.note)
                continue
            }
            if let goal = kind.goal, v.value > 0 || (v.value == 0 && goal.direction == .atMost) {
                byDate[v.date] = .done(v.date, amount: min(HabitAmount.maximum, Double(v.value) / 1000), note: v.note)
            } else if kind.goal == nil, v.value == 2 {
                byDate[v.date] = .done(v.date, note: v.note)
            } else if let note = v.note {
                byDate[v.date] = .noted(v.date, note: note)
            }
        }
        return byDate.values.sorted { $0.date < $1.date }
    }

    /// Loop's "X times in Y days", exactly; out-of-range values (X > Y, Y over a year) become the
    /// nearest one we keep, with a warning.
    static func mapFrequency(_ x: Int, _ y: Int) -> (HabitFrequency, Message?) {
        if let f = HabitFrequency.make(times: x, inDays: y) { return (f, nil) }
        if x > y { return (.daily, Message("{given} is imported as daily", parts: ["given": timesIn(x, y)])) }
        let n = max(1, Int((Double(x) * Double(HabitFrequency.maximumInterval) / Double(y)).rounded()))
        let f = HabitFrequency.make(times: n, inDays: HabitFrequency.maximumInterval)!
        return (
            f,
            Message("{given} is imported as {kept}", parts: ["given": timesIn(x, y), "kept": timesIn(n, HabitFrequency.maximumInterval)])
        )
    }

    /// «3 раза за 2 дня», "3 times in 2 days": each count in its own plural form.
    static func timesIn(_ x: Int, _ y: Int) -> Message {
        Message(
            "{times} {days}",
            parts: [
                "times": Message.plural("{n} time", "{n} times", count: x, ["n": "\(x)"]),
                "days": Message.plural("in {n} day", "in {n} days", count: y, ["n": "\(y)"]),
            ])
    }
}
