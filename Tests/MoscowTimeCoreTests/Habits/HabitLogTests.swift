// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain

/// Logging days (CLI and the agent's buttons).
struct HabitLogTests {
    typealias F = HabitFixture
    let today = HabitFixture.day("2026-11-21")

    @Test func doneSkipUndo() throws {
        var h = F.habit(start: "2026-11-01")
        try HabitLog.done(&h, on: today, note: "50 pages", today: today)
        #expect(h.entry(on: today) == .done(today, note: "50 pages"))
        try HabitLog.skip(&h, on: today, today: today)
        #expect(h.entry(on: today) == .skipped(today, note: "50 pages"))  // the note stays
        try HabitLog.done(&h, on: F.day("2026-11-20"), today: today)
        #expect(h.entries.map(\.date) == [F.day("2026-11-20"), today])
        #expect(try HabitLog.undo(&h, on: today).status == .skipped)
        #expect(h.entries.count == 1)
        #expect(throws: HabitLogError.nothingLogged(date: today, habit: "Read")) {
            try HabitLog.undo(&h, on: today)
        }
    }

    @Test func numericDoneAddsOneOrSetsTheAmount() throws {
        var h = F.habit(start: "2026-11-01", kind: F.glasses)
        try HabitLog.done(&h, on: today, today: today)
        try HabitLog.done(&h, on: today, today: today)
        #expect(h.entry(on: today)?.amount == 2)
        try HabitLog.done(&h, on: today, amount: 5, today: today)
        #expect(h.entry(on: today)?.amount == 5)
        try HabitLog.skip(&h, on: today, today: today)
        try HabitLog.done(&h, on: today, today: today)
        #expect(h.entry(on: today)?.amount == 1)  // a skipped day starts again from nothing
    }

    @Test func refusedDays() {
        var h = F.habit(start: "2026-11-01")
        #expect(throws: HabitLogError.inFuture(date: F.day("2026-11-22"), today: today)) {
            try HabitLog.done(&h, on: F.day("2026-11-22"), today: today)
        }
        #expect(throws: HabitLogError.beforeStart(date: F.day("2026-10-31"), habit: "Read", start: F.day("2026-11-01"))) {
            try HabitLog.skip(&h, on: F.day("2026-10-31"), today: today)
        }
        #expect(throws: HabitLogError.amountForYesNoHabit(habit: "Read")) {
            try HabitLog.done(&h, on: today, amount: 3, today: today)
        }
        // The agent's wording names no agent-cli option.
        #expect(
            HabitLogError.beforeStart(date: F.day("2026-10-31"), habit: "Read", start: F.day("2026-11-01")).inputError.message
                == "2026-10-31 is before \"Read\" started (2026-11-01)")
        #expect(!HabitLogError.amountForYesNoHabit(habit: "Read").inputError.message.contains("--"))
        #expect(h.entries.isEmpty)
    }

    @Test func checkInFromTheAgent() throws {
        let zone = Zone(identifier: "Europe/Moscow")!
        var doc = StoreDocument(settings: Settings(), alarms: [], habits: [F.habit(start: "2026-11-01", kind: F.glasses)])
        let now = ISO8601.parse("2026-11-21T21:30:00Z")!  // 00:30 on the 22nd in Moscow
        try HabitCheckIn.record(.done, habitID: "0a0a0a0a", in: &doc, now: now, zone: zone)
        try HabitCheckIn.record(.done, habitID: "0a0a0a0a", in: &doc, now: now, zone: zone)
        #expect(doc.habits[0].entry(on: F.day("2026-11-22"))?.amount == 2)
        // The reminder's own day, when answered after midnight.
        try HabitCheckIn.record(.skip, habitID: "0a0a0a0a", in: &doc, day: F.day("2026-11-21"), now: now, zone: zone)
        #expect(doc.habits[0].entry(on: F.day("2026-11-21"))?.status == .skipped)
        #expect(throws: InputError("no habit with id 12345678: it was deleted")) {
            try HabitCheckIn.record(.done, habitID: "12345678", in: &doc, now: now, zone: zone)
        }
    }

    @Test func entryRanges() {
        let h = F.habit(start: "2026-11-01", F.merge(F.run("2026-11-01", 3), F.run("2026-11-10", 3)))
        #expect(
            h.entries(from: F.day("2026-11-02"), through: F.day("2026-11-10")).map(\.date)
                == [F.day("2026-11-02"), F.day("2026-11-03"), F.day("2026-11-10")])
        #expect(h.entries(from: F.day("2026-11-04"), through: F.day("2026-11-09")).isEmpty)
        #expect(h.entries(from: F.day("2026-11-09"), through: F.day("2026-11-04")).isEmpty)
    }
}
