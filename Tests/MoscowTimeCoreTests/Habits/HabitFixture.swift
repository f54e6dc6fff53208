// SPDX-License-Identifier: GPL-3.0-or-later
@testable import MoscowTimeDomain

/// Builders for habit tests: dates and habits from short literals.
enum HabitFixture {
    static let created = Instant(secondsSinceEpoch: 1_700_000_000)

    static func day(_ s: String) -> CivilDate { CivilDate(iso: Substring(s))! }

    /// Entries: "done", "skip", or an amount ("3", "2.5"); an optional note after "|".
    static func habit(
        _ frequency: HabitFrequency = .daily, start: String, kind: HabitKind = .yesNo,
        reminders: [String] = [], archived: Bool = false, id: String = "0a0a0a0a", name: String = "Read",
        _ entries: [String: String] = [:]
    ) -> Habit {
        Habit(
            id: id, name: name, frequency: frequency, reminders: reminders.map { TimeOfDay(text: Substring($0))! },
            start: day(start), archived: archived, kind: kind,
            entries: entries.map { date, spec in entry(day(date), spec) }, created: created)
    }

    static func entry(_ date: CivilDate, _ spec: String) -> HabitEntry {
        let parts = spec.split(separator: "|", maxSplits: 1).map(String.init)
        let note = parts.count > 1 ? parts[1] : nil
        switch parts[0] {
        case "done": return .done(date, note: note)
        case "skip": return .skipped(date, note: note)
        default: return .done(date, amount: Double(parts[0])!, note: note)
        }
    }

    /// `count` consecutive days from `start` with the same spec.
    static func run(_ start: String, _ count: Int, _ spec: String = "done") -> [String: String] {
        var out: [String: String] = [:]
        for k in 0..<count { out[day(start).adding(days: Int64(k)).description] = spec }
        return out
    }

    /// Merges entry specs, later ones winning.
    static func merge(_ parts: [String: String]...) -> [String: String] {
        parts.reduce(into: [:]) { acc, p in acc.merge(p) { _, new in new } }
    }

    static let glasses = HabitKind.numeric(HabitGoal(unit: "glasses", target: 8))
    static let coffeeLimit = HabitKind.numeric(HabitGoal(unit: "cups", target: 2, direction: .atMost))
}
