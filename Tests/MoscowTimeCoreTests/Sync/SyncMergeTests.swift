// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

@Suite("Sync merge")
struct SyncMergeTests {
    typealias F = CoreFixtures
    static let t0 = F.at("2026-11-20T10:00:00Z")

    func alarm(_ label: String, modified: Int64) -> AlarmVersion {
        .present(Alarm(id: "0000aaaa", label: label, schedule: F.everyDay(7, 0), created: Self.t0, modified: Self.t0 + modified))
    }

    @Test("a side that did not change takes the other side, with no conflict")
    func behind() {
        let old = alarm("old", modified: 0)
        let new = alarm("new", modified: -50)
        let o = SyncMerge.alarm(local: old, remote: new, localChanged: false, remoteChanged: true)
        #expect(o.result == new && o.losers.isEmpty)
    }

    @Test("concurrent edits: the later wins and the other is a loser, whichever side merges")
    func laterWins() {
        let a = alarm("A", modified: 10)
        let b = alarm("B", modified: 20)
        let ab = SyncMerge.alarm(local: a, remote: b, localChanged: true, remoteChanged: true)
        let ba = SyncMerge.alarm(local: b, remote: a, localChanged: true, remoteChanged: true)
        #expect(ab.result == b && ab.losers == [a])
        #expect(ba.result == b && ba.losers == [a])
        // An exact tie is decided the same way on both machines.
        let c = alarm("C", modified: 20)
        #expect(
            SyncMerge.alarm(local: b, remote: c, localChanged: true, remoteChanged: true).result
                == SyncMerge.alarm(local: c, remote: b, localChanged: true, remoteChanged: true).result)
    }

    @Test("a delete wins over an older or simultaneous edit, not over a later one")
    func deleteVersusEdit() {
        let edit = alarm("edited", modified: 10)
        let laterDelete = AlarmVersion.deleted(id: "0000aaaa", at: Self.t0 + 10)
        let earlierDelete = AlarmVersion.deleted(id: "0000aaaa", at: Self.t0 + 5)
        #expect(SyncMerge.alarm(local: edit, remote: laterDelete, localChanged: true, remoteChanged: true).result == laterDelete)
        #expect(SyncMerge.alarm(local: laterDelete, remote: edit, localChanged: true, remoteChanged: true).result == laterDelete)
        let o = SyncMerge.alarm(local: earlierDelete, remote: edit, localChanged: true, remoteChanged: true)
        #expect(o.result == edit && o.losers == [earlierDelete])
    }

    @Test("habit days from both sides all arrive; the same day keeps the later log")
    func habitDays() {
        let d1 = F.day(2026, 11, 18)
        let d2 = F.day(2026, 11, 19)
        let d3 = F.day(2026, 11, 20)
        let base = Habit(
            id: "0000bbbb", name: "Water", start: F.day(2026, 11, 1), kind: .numeric(HabitGoal(unit: "glasses", target: 8)),
            created: Self.t0, modified: Self.t0)
        var local = base
        var remote = base
        local.entries = [.done(d1, amount: 3), .done(d3, amount: 5)]
        remote.entries = [.done(d2, amount: 4), .done(d3, amount: 7)]
        remote.modified = Self.t0 + 100
        remote.name = "Вода"
        let l = HabitVersion.present(local, logged: [d1: Self.t0 + 1, d3: Self.t0 + 30], removed: [:])
        let r = HabitVersion.present(remote, logged: [d2: Self.t0 + 2, d3: Self.t0 + 20], removed: [:])
        let o = SyncMerge.habit(local: l, remote: r, localChanged: true, remoteChanged: true)
        guard case .present(let h, let logged, _) = o.result else {
            Issue.record("deleted")
            return
        }
        #expect(h.name == "Вода")  // the later definition
        #expect(h.entries == [.done(d1, amount: 3), .done(d2, amount: 4), .done(d3, amount: 5)])
        #expect(logged == [d1: Self.t0 + 1, d2: Self.t0 + 2, d3: Self.t0 + 30])
        #expect(o.lostDays.count == 1 && o.lostDays[0].hasPrefix("2026-11-20: 7"))
        #expect(o.losers.count == 1)  // the older definition ("Water")
        // Merging the other way round gives the same habit.
        let back = SyncMerge.habit(local: r, remote: l, localChanged: true, remoteChanged: true)
        #expect(back.result == o.result)
    }

    @Test("an undo (a removed day) later than the other side's log removes the day")
    func removedDay() {
        let d = F.day(2026, 11, 18)
        let h = Habit(id: "0000bbbb", name: "Run", start: F.day(2026, 11, 1), created: Self.t0)
        var logged = h
        logged.entries = [.done(d)]
        let l = HabitVersion.present(h, logged: [:], removed: [d: Self.t0 + 50])
        let r = HabitVersion.present(logged, logged: [d: Self.t0 + 40], removed: [:])
        guard case .present(let m, _, let removed) = SyncMerge.habit(local: l, remote: r, localChanged: true, remoteChanged: true).result
        else { return }
        #expect(m.entries.isEmpty && removed == [d: Self.t0 + 50])
    }
}

@Suite("Store schema 2: sync metadata")
struct SyncStoreTests {
    typealias D = ScratchDirectory

    @Test("a schema-1 store (before sync existed) loads unchanged and is written back in the current schema")
    func oldStoreLoads() throws {
        let dir = D()
        D.write(
            dir.paths.document,
            #"""
            {"schemaVersion": 1, "settings": {"zone": "Europe/Moscow"},
             "alarms": [{"id": "0000aaaa", "label": "Подъём", "enabled": true, "created": "2026-01-01T00:00:00Z",
                         "schedule": {"kind": "weekly", "days": ["mon"], "time": "07:00"}}],
             "habits": [{"id": "0000bbbb", "name": "Run", "frequency": {"kind": "daily"}, "start": "2026-01-01",
                         "created": "2026-01-01T00:00:00Z", "entries": {"2026-01-02": "done"}}]}
            """#)
        let store = DocumentStore(paths: dir.paths)
        let doc = try store.load()
        #expect(doc.alarms.map(\.label) == ["Подъём"] && doc.habits.first?.entries.count == 1)
        #expect(doc.sync.isEmpty)
        try store.update { $0.alarms[0].label = "Wake" }
        let text = String(decoding: try #require(D.read(dir.paths.document)), as: UTF8.self)
        #expect(text.contains("\"schemaVersion\": \(StoreDocument.currentSchemaVersion)") && !text.contains("\"sync\""))
        #expect(try store.load().alarms[0].label == "Wake")
    }

    @Test("while sync is set up, deletions and day changes are stamped; without it nothing is")
    func stamping() throws {
        let dir = D()
        let now = CoreFixtures.at("2026-11-22T09:00:00Z")
        let store = DocumentStore(paths: dir.paths, clock: { now })
        let day = CoreFixtures.day(2026, 11, 21)
        try store.update { doc in
            doc.alarms = [CoreFixtures.alarm("0000aaaa", CoreFixtures.everyDay(7, 0))]
            doc.habits = [Habit(id: "0000bbbb", name: "Run", start: CoreFixtures.day(2026, 11, 1), created: now)]
        }
        try store.update { $0.habits[0].entries = [.done(day)] }
        #expect(try store.load().sync.isEmpty)
        try store.update { $0.sync.account = SyncAccount(url: "http://127.0.0.1:5232/", user: "a", passwordCommand: "echo x") }
        try store.update { $0.habits[0].entries = [.skipped(day)] }
        #expect(try store.load().sync.dayLogged == ["0000bbbb": [day: now]])
        try store.update { $0.habits[0].entries = [] }
        var doc = try store.load()
        #expect(doc.sync.dayLogged["0000bbbb"] == nil && doc.sync.dayRemoved == ["0000bbbb": [day: now]])
        try store.update { $0.alarms = [] }
        doc = try store.load()
        #expect(doc.sync.deletedAlarms == ["0000aaaa": now])
        // The metadata round-trips through the file.
        #expect(try DocumentCoding.decode(DocumentCoding.encode(doc)) == doc)
    }
}
