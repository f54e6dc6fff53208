// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDesktop
import Testing

@testable import MoscowTimeAgent
@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// The agent with a user's long history and many alarms: it reads only the habits' recent history
/// (`DocumentSource.historyRead`) and evaluates only the alarms that can have come due
/// (`AlarmWakes`). What it writes keeps every old entry; what it rings is what the whole
/// document promises.
extension AgentRunnerTests {
    /// A habit done on most days since five years ago, with skips, notes and a note-only day.
    func longHabit(reminder: TimeOfDay? = nil) -> Habit {
        let today = zone.local(seven).date
        var entries: [HabitEntry] = []
        var day = today.adding(days: -5 * 365)
        while day < today {
            switch day.daysSinceEpoch % 7 {
            case 0: entries.append(.skipped(day))
            case 1: entries.append(.noted(day, note: "заметка «\(day)»"))
            case 2: break
            default: entries.append(day.daysSinceEpoch % 5 == 0 ? .done(day, note: "ok") : .done(day))
            }
            day = day.adding(days: 1)
        }
        return Habit(
            id: "0b0b0b0b", name: "Read", reminders: reminder.map { [$0] } ?? [], start: today.adding(days: -5 * 365),
            entries: entries, created: seven - 6 * 365 * 86_400)
    }

    @Test("the agent reads only the recent history, and a Done it writes keeps every older entry as it was")
    func doneKeepsTheHistoryItDidNotRead() throws {
        let habit = longHabit(reminder: TimeOfDay(hour: 8, minute: 0)!)
        let r = try rig([], habits: [habit], now: seven + 3600)
        defer { r.remove() }
        r.runner.reload()  // as at start: the scheduler's document from the file
        let kept = try #require(r.runner.scheduler.document.habits.first)
        #expect(kept.entries.count < 40, "the scheduler was given \(kept.entries.count) of \(habit.entries.count) entries")
        r.runner.start()
        try #require(r.server.onScreen.first).press("done")
        let after = try #require(try r.store.load().habits.first)
        #expect(after.entries == habit.entries + [.done(zone.local(seven).date)])
    }

    @Test("an old entry damaged in a way agent-cli refuses changes nothing the agent rings")
    func aDamagedOldEntryRingsNothingDifferent() throws {
        let habit = longHabit(reminder: TimeOfDay(hour: 8, minute: 0)!)
        let r = try rig([daily("a1b2c3d4", label: "Подъём", modified: seven - 86_400)], habits: [habit], now: seven - 60)
        defer { r.remove() }
        let good = try #require(r.documents.load(historyFrom: nil) { $0 })
        // An entry from three years ago that is no entry of a yes/no habit.
        let text = String(decoding: try #require(try FileSystem.read(r.paths.document)), as: UTF8.self)
        let old = try #require(habit.entries[400...].first { $0.status == .done && $0.note == nil }).date.description
        let damaged = text.replacing("\"\(old)\": \"done\"", with: "\"\(old)\": 17", maxReplacements: 1)
        try #require(damaged != text)
        try FileSystem.writeAtomically(Array(damaged.utf8), to: r.paths.document, backup: nil)
        #expect(throws: StoreError.self) { try r.store.load() }

        r.runner.reload()
        #expect(r.documents.lastProblem == nil)
        let zone = self.zone
        let first = StoreDocument.schedulerFirstDay(state: HabitReminderState(), zone: zone, now: seven - 60)
        #expect(r.runner.scheduler.document.keepingHabitHistory(from: first) == good.keepingHabitHistory(from: first))
        r.runner.start()
        r.clock.instant = seven
        r.runner.handle(.timePassed, "test")
        #expect(r.server.onScreen.map(\.content.summary) == ["Подъём"])
    }

    @Test("with a thousand alarms, edited while the agent runs, each rings at its promised instant, once")
    func aBigStoreRingsWhatWasPromisedAfterEdits() throws {
        var alarms: [Alarm] = []
        for k in 0..<1000 {
            let minute = 7 * 60 + 1 + (k * 7) % 600
            let days: WeekdaySet = k % 3 == 0 ? Weekday.all : [.monday, .wednesday, .saturday]
            alarms.append(
                Alarm(
                    id: String(0x2000_0000 + k, radix: 16), label: "A\(k)",
                    schedule: .weekly(days: days, time: TimeOfDay(hour: minute / 60, minute: minute % 60)!),
                    created: seven - 86_400, modified: seven - 86_400))
        }
        let r = try rig(alarms, habits: [longHabit()], now: seven)
        defer { r.remove() }
        r.runner.reload()
        r.runner.start()
        // Edits another program writes meanwhile: one moved earlier, one deleted, one added.
        r.clock.instant = seven + 30
        try DocumentStore(paths: r.paths, clock: { r.clock.now() }).update { doc in
            doc.alarms[500].schedule = .weekly(days: Weekday.all, time: TimeOfDay(hour: 7, minute: 2)!)
            doc.alarms[500].modified = r.clock.now()
            doc.alarms.remove(at: 1)
            doc.alarms.append(self.daily("ffff0000", label: "new", modified: r.clock.now()))
        }
        r.runner.storeChanged()
        let doc = try r.store.load()
        let horizon = seven + 90 * 60
        let promised = UpcomingTriggers.list(doc, state: r.runner.scheduler.state, zone: zone, now: r.clock.now(), count: 2000)
            .filter { $0.at <= horizon }
        #expect(promised.count > 100)
        var rung: [String] = []
        for _ in 0..<2000 {
            guard let next = r.runner.armedAt, next <= horizon else { break }
            r.clock.instant = next
            let before = Set(r.server.onScreen.map(\.content.summary))
            r.runner.handle(.timePassed, "test")
            for n in r.server.onScreen where !before.contains(n.content.summary) { rung.append("\(n.content.summary)@\(next)") }
            for id in r.runner.scheduler.ringing.keys { try r.runner.perform(.stop(alarmID: id)) }
        }
        #expect(rung.sorted() == promised.map { "\($0.alarm.label)@\($0.at)" }.sorted())
    }
}
