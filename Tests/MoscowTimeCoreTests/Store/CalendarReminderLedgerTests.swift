// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain
import Testing

@testable import MoscowTimeStore

/// What the agent's ledger of calendar reminders says is still to ring (the agent's timer and
/// `agent-cli next` both ask it), and its file.
struct CalendarReminderLedgerTests {
    static func ring(
        _ uid: String, at: String = "2026-11-30T06:45:00Z", folder: String = "/c/home", writeBack: Bool = false
    ) -> CalendarRing {
        CalendarRing(
            .object([
                ("at", .string(at)), ("calendar", .string("Home")), ("folder", .string(folder)), ("uid", .string(uid)),
                ("summary", .string(uid)), ("file", .string(folder + "/" + uid + ".ics")), ("writeBack", .bool(writeBack)),
            ]))!
    }

    static let later = ISO8601.parse("2026-11-30T07:00:00Z")!

    @Test("rung, dismissed and snoozed reminders are not pending; a snooze rings at its end")
    func pending() {
        var ledger = CalendarReminderLedger()
        let (a, b, c, d) = (Self.ring("a"), Self.ring("b"), Self.ring("c"), Self.ring("d"))
        ledger.rung(a)
        ledger.dismiss(b)
        ledger.snooze(c, until: Self.later)
        #expect(!ledger.pending(a) && !ledger.pending(b) && !ledger.pending(c) && ledger.pending(d))
        #expect(ledger.pending(Self.ring("a", at: "2026-11-30T06:50:00Z")))  // a later repetition of what rang
        #expect(!ledger.pending(Self.ring("b", at: "2026-11-30T06:50:00Z")))  // dismissed: none of its rings
        #expect(ledger.snoozed.map(\.at) == [Self.later] && ledger.snoozed.map(\.key) == [c.key])
        let still = ledger.stillToRing([a, b, c, d], reminded: ["/c/home"])
        #expect(still.map(\.reminder.uid).sorted() == ["c", "d"])
    }

    @Test("a calendar no longer reminded rings nothing, its snoozes neither")
    func quieted() {
        var ledger = CalendarReminderLedger()
        ledger.snooze(Self.ring("s", folder: "/c/work"), until: Self.later)
        let rings = [Self.ring("h"), Self.ring("w", folder: "/c/work")]
        #expect(ledger.stillToRing(rings, reminded: ["/c/home"]).map(\.reminder.uid) == ["h"])
        #expect(ledger.stillToRing(rings, reminded: ["/c/home", "/c/work"]).map(\.reminder.uid).sorted() == ["h", "s", "w"])
        #expect(ledger.stillToRing(rings, reminded: []).isEmpty)
    }

    @Test("one reminder read from two folders rings once, from the folder written back")
    func twoFolders() {
        let ledger = CalendarReminderLedger()
        let plain = Self.ring("x", folder: "/c/vdir")
        let mirror = Self.ring("x", folder: "/c/mirror", writeBack: true)
        let still = ledger.stillToRing([plain, mirror], reminded: ["/c/vdir", "/c/mirror"])
        #expect(still.count == 1 && still.first?.folder == "/c/mirror")
        // Another instant of the same VALARM (a repetition) is a reminder of its own.
        let repetition = Self.ring("x", at: "2026-11-30T06:50:00Z", folder: "/c/vdir")
        #expect(ledger.stillToRing([plain, repetition], reminded: ["/c/vdir"]).count == 2)
    }

    @Test("the file keeps every entry and readAt; absent is empty, garbage is an error")
    func file() throws {
        let dir = ScratchDirectory("ledger")
        let path = dir.path + "/" + CalendarReminderLedger.fileName
        #expect(try CalendarReminderLedger.read(path).snoozed.isEmpty)
        var ledger = CalendarReminderLedger()
        ledger.dismiss(Self.ring("b"))
        ledger.snooze(Self.ring("c"), until: Self.later)
        ledger.readAt = Self.later
        try ledger.write(path)
        let back = try CalendarReminderLedger.read(path)
        #expect(back.entries == ledger.entries && back.readAt == Self.later)
        for garbage in ["{\"other\": 1}", "not json"] {
            try UserFile.writeAtomically(garbage, to: path)
            #expect(throws: (any Error).self) { try CalendarReminderLedger.read(path) }
        }
    }

    @Test("an entry is forgotten a week and a day after it rang, unless a snooze holds it")
    func prune() {
        var ledger = CalendarReminderLedger()
        let rang = Self.ring("a")
        ledger.rung(rang)
        ledger.snooze(Self.ring("c"), until: rang.at + 10 * 86_400)
        ledger.prune(now: rang.at + 8 * 86_400 - 1)
        #expect(ledger.entries.count == 2)
        ledger.prune(now: rang.at + 8 * 86_400)
        #expect(ledger.entries.keys.sorted() == [Self.ring("c").key])
    }
}
