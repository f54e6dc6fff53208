// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import TestSupport
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// The alarms' records apart from the state file (`AgentStateRecords`): the save before a ring
/// writes what changed, not a record per alarm; what is read back is what was saved, whatever the
/// order of saves, from a file of either format, and after a save cut short.
struct AgentStateRecordsTests {
    typealias F = CoreFixtures
    typealias D = ScratchDirectory

    static let base = F.at("2026-11-21T00:00:00Z")

    /// A thousand alarms, each handled once and its version taken in, as the big store's.
    static func thousand() -> AgentState {
        var s = AgentState()
        for k in 0..<1000 {
            let id = String(0x2000_0000 + k, radix: 16)
            s.alarms.markSeen(id, SeenVersion(modified: base - 86_400, zone: "Europe/Moscow", since: base - 3600))
            s.alarms.markHandled(id, at: base - Int64(k) * 60)
        }
        return s
    }

    static func ring(_ id: String, at due: Instant, in s: inout AgentState) {
        s.alarms.markHandled(id, at: due)
        s.alarms.setRinging(
            id,
            RingingAlarm(
                alarmID: id, label: "Подъём", due: due, startedAt: due, endsAt: due + 300, isLate: false, snoozeCount: 0,
                snoozeMinutes: 10, sound: "default"))
        s.ringNotifications = RingNotifications(server: ":1.42", ids: [id: 7], reminders: [:])
    }

    static func size(_ path: String) -> Int { D.read(path)?.count ?? -1 }

    static func identity(_ path: String) -> [Int] {
        var st = stat()
        guard stat(path, &st) == 0 else { return [] }
        return [Int(st.st_ino), Int(st.st_mtim.tv_sec), Int(st.st_mtim.tv_nsec), Int(st.st_size)]
    }

    @Test("a ring's save writes the alarm that rang, not a record per alarm, and leaves the records file alone")
    func ringWritesWhatChanged() throws {
        let dir = D()
        let store = AgentStateStore(paths: dir.paths)
        var s = Self.thousand()
        try store.save(s)
        let records = store.recordsPath(1)
        let before = Self.identity(records)
        #expect(Self.size(records) > 100_000)
        Self.ring(String(0x2000_0007, radix: 16), at: Self.base + 60, in: &s)
        try store.save(s)
        #expect(Self.size(dir.paths.agentState) < 2_000)
        #expect(Self.identity(records) == before)
        #expect(try AgentStateStore(paths: dir.paths).load() == s)
    }

    @Test("a state file from before, every record in it, is read as it was and split at the next save")
    func fileFromBeforeIsRead() throws {
        let dir = D()
        var s = Self.thousand()
        Self.ring(String(0x2000_0003, radix: 16), at: Self.base + 60, in: &s)
        D.write(dir.paths.agentState, AgentStateCoding.fileBytes(s))
        let store = AgentStateStore(paths: dir.paths)
        #expect(try store.load() == s)
        try store.save(s)
        #expect(Self.size(dir.paths.agentState) < 2_000)
        #expect(try AgentStateStore(paths: dir.paths).load() == s)
    }

    @Test("a save cut short after the new records file leaves the state as the last save left it")
    func saveCutShortKeepsTheLastState() throws {
        let dir = D()
        let store = AgentStateStore(paths: dir.paths)
        var s1 = Self.thousand()
        try store.save(s1)
        Self.ring(String(0x2000_0001, radix: 16), at: Self.base + 60, in: &s1)
        try store.save(s1)
        let committed = D.read(dir.paths.agentState)!
        // Enough alarms handled that the next save writes a new records file first, and then cannot
        // replace the state file (a directory stands in its place): as if killed in between.
        var s2 = s1
        for k in 0..<(AgentStateRecords.limit + 1) { s2.alarms.markHandled(String(0x2000_0100 + k, radix: 16), at: Self.base + 120) }
        D.removeTree(dir.paths.agentState)
        D.makeDirectories(dir.paths.agentState)
        #expect(throws: StoreError.self) { try store.save(s2) }
        #expect(D.exists(store.recordsPath(2)))
        D.removeTree(dir.paths.agentState)
        D.write(dir.paths.agentState, committed)
        let restarted = AgentStateStore(paths: dir.paths)
        #expect(try restarted.load() == s1)
        try restarted.save(s2)
        #expect(try AgentStateStore(paths: dir.paths).load() == s2)
    }

    @Test("a records file gone is said, and the rest of the state is kept")
    func missingRecordsAreSaid() throws {
        let dir = D()
        let store = AgentStateStore(paths: dir.paths)
        var s = Self.thousand()
        s.alarms.setSnooze("0000cccc", Snooze(until: Self.base + 600, due: Self.base, count: 1))
        try store.save(s)
        unlink(store.recordsPath(1))
        let loaded = try AgentStateStore(paths: dir.paths).loadSalvaging()
        #expect(loaded.problems.contains { $0.contains("agent-records-1.json") })
        #expect(loaded.state.alarms["0000cccc"].snooze == s.alarms["0000cccc"].snooze)
    }

    @Test("a book's change log holds the alarms changed since a mark, and never a copy's changes")
    func changeLogFollowsOneLine() {
        var s = Self.thousand()
        let mark = s.alarms.changeMark
        Self.ring("20000005", at: Self.base + 60, in: &s)
        #expect(Set(s.alarms.changes(since: mark) ?? []) == ["20000005"])
        let saved = s.alarms.changeMark
        var copy = s
        copy.alarms.forget("20000006")
        #expect(copy.alarms.changes(since: saved) == nil)
        #expect(s.alarms.changes(since: saved)?.isEmpty == true)
        s.alarms.markHandled("20000007", at: Self.base + 120)
        #expect(Array(s.alarms.changes(since: saved) ?? []) == ["20000007"])
    }

    /// Property: over random sequences of changes — rings, versions taken in, alarms forgotten,
    /// snoozes, many alarms handled at once — each state read back by a new store is the one saved,
    /// and old generations do not pile up.
    @Test(arguments: 0..<12) func whatIsReadIsWhatWasSaved(seed: UInt64) throws {
        var rng = SplitMix(seed: 0x4EC0_0000 + seed)
        let dir = D()
        let store = AgentStateStore(paths: dir.paths)
        var s = AgentState()
        let ids = (0..<200).map { k in k % 9 == 0 ? "a\"\\ж\(k)" : String(0x3000_0000 + k, radix: 16) }
        for step in 0..<40 {
            let changes = Bool.random(using: &rng) ? Int.random(in: 1...3, using: &rng) : Int.random(in: 1...120, using: &rng)
            for _ in 0..<changes {
                let id = ids.randomElement(using: &rng)!
                let at = Self.base + Int64.random(in: 0...(30 * 86_400), using: &rng)
                switch Int.random(in: 0..<5, using: &rng) {
                case 0: Self.ring(id, at: at, in: &s)
                case 1: s.alarms.markSeen(id, SeenVersion(modified: at - 60, zone: "Asia/Tokyo", since: at))
                case 2: s.alarms.forget(id)
                case 3: s.alarms.setSnooze(id, Snooze(until: at + 600, due: at, count: 2))
                default: s.alarms.markHandled(id, at: at)
                }
            }
            if Int.random(in: 0..<6, using: &rng) == 0 {
                // A copy changed apart and saved in between: its changes are in no log of `s`'s.
                var other = s
                other.alarms.markHandled(ids.randomElement(using: &rng)!, at: Self.base + 99)
                try store.save(other)
                #expect(try AgentStateStore(paths: dir.paths).load() == other, "seed \(seed) step \(step), the copy")
            }
            try store.save(s)
            #expect(try AgentStateStore(paths: dir.paths).load() == s, "seed \(seed) step \(step)")
        }
        let generation = store.records.known.withLock { $0.generation }
        for g in 1..<max(1, generation - 1) { #expect(!D.exists(store.recordsPath(g)), "generation \(g) of \(generation)") }
    }
}
