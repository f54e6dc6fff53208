// SPDX-License-Identifier: GPL-3.0-or-later
import TestSupport
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// The agent decodes the habits' history only from the first day its scheduler keeps
/// (`DocumentCoding.decode(_:habitHistoryFrom:)`). Property: on random habits, histories and days,
/// that document, cut as the scheduler keeps it, equals the whole document cut the same way; and an
/// entry older than what is read, damaged so that the whole decode refuses the file, changes
/// nothing the scheduler is given.
struct HabitHistoryDecodeTests {
    let today = CivilDate(year: 2026, month: 11, day: 21)!
    let created = ISO8601.parse("2021-01-01T00:00:00Z")!

    func habit(_ k: Int, _ rng: inout SplitMix) -> Habit {
        let start = today.adding(days: -Int64.random(in: 0...1800, using: &rng))
        let numeric = Bool.random(using: &rng)
        var entries: [HabitEntry] = []
        var day = start
        while day <= today {
            if Int.random(in: 0..<3, using: &rng) > 0 {
                switch Int.random(in: 0..<8, using: &rng) {
                case 0: entries.append(.skipped(day))
                case 1: entries.append(.noted(day, note: "заметка \(k)"))
                default: entries.append(numeric ? .done(day, amount: Double(Int.random(in: 0...9, using: &rng))) : .done(day))
                }
            }
            day = day.adding(days: 1)
        }
        let frequencies: [HabitFrequency] = [.daily, .timesPerWeek(3), .timesPerMonth(10), HabitFrequency.make(times: 2, inDays: 60)!]
        return Habit(
            id: "0000000\(k)", name: "H\(k)", frequency: frequencies[k % frequencies.count], start: start,
            kind: numeric ? .numeric(HabitGoal(unit: "u", target: 5)) : .yesNo, entries: entries, created: created)
    }

    func decode(_ value: JSONValue, from: CivilDate?) throws -> StoreDocument {
        try DocumentCoding.decode(try JSONParser.document(JSONWriter.prettyBytes(value)), habitHistoryFrom: from)
    }

    @Test(arguments: 0..<30) func theSchedulersHistoryAsFromTheWholeDocument(seed: UInt64) throws {
        var rng = SplitMix(seed: 0x4157_0000 + seed)
        let whole = StoreDocument(settings: Settings(), alarms: [], habits: (0..<5).map { habit($0, &rng) })
        let first = today.adding(days: -Int64.random(in: 0...40, using: &rng))
        // The agent reads from a day at or before the first it keeps (`DocumentSource.historyRead`).
        let read = first.adding(days: -Int64.random(in: 0...3, using: &rng))
        let json = DocumentCoding.encode(whole)
        let partial = try decode(json, from: read)
        #expect(partial.keepingHabitHistory(from: first) == whole.keepingHabitHistory(from: first))
        #expect(partial.habits.map(\.entries.count).reduce(0, +) < whole.habits.map(\.entries.count).reduce(0, +))

        // An old entry damaged: the whole decode refuses the file, the scheduler's is unchanged.
        let k = Int.random(in: 0..<whole.habits.count, using: &rng)
        let old = whole.habits[k].entries.first { $0.date < StoreDocument.schedulerHistoryCut(from: read, whole.habits[k].frequency) }
        guard let old else { return }
        let damaged = damage(json, habit: k, day: old.date, Int.random(in: 0..<3, using: &rng))
        #expect(throws: DocumentDecodingError.self) { try decode(damaged, from: nil) }
        #expect(try decode(damaged, from: read).keepingHabitHistory(from: first) == whole.keepingHabitHistory(from: first))
    }

    /// The document with habit `k`'s entry of `day` made one a whole decode refuses: a value no
    /// habit has, a day before the habit's start, or a date that is no date.
    func damage(_ json: JSONValue, habit k: Int, day: CivilDate, _ kind: Int) -> JSONValue {
        guard case .object(var root) = json, let h = root.firstIndex(where: { $0.0 == "habits" }),
            case .array(var habits) = root[h].1, case .object(var habit) = habits[k],
            let e = habit.firstIndex(where: { $0.0 == "entries" }), case .object(var entries) = habit[e].1,
            let i = entries.firstIndex(where: { $0.0 == day.description })
        else { return json }
        switch kind {
        case 0: entries[i].1 = .string("maybe")
        case 1: entries.insert(("2000-01-01", .string("done")), at: 0)
        default: entries[i].0 = String(day.description.prefix(5)) + "00-45"
        }
        habit[e].1 = .object(entries)
        habits[k] = .object(habit)
        root[h].1 = .array(habits)
        return .object(root)
    }
}
