// SPDX-License-Identifier: GPL-3.0-or-later
import Dispatch
import Glibc
import Synchronization
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

@Suite(.timeLimit(.minutes(1)))
struct DocumentStoreTests {
    typealias F = CoreFixtures
    typealias D = ScratchDirectory

    struct Refused: Error {}

    func fullDocument() -> StoreDocument {
        var s = Settings()
        s.zone = "Europe/Berlin"
        s.snoozeMinutes = 7
        s.sound = "bell"
        s.ringMinutes = 3
        s.lateWindowMinutes = 30
        s.language = .ru
        s.habitLaterMinutes = 45
        s.habitSound = "/usr/share/sounds/x.oga"
        s.dismiss = .stop  // not the default, so the round trip shows it is stored
        return StoreDocument(
            settings: s,
            alarms: [
                F.alarm("0000aaaa", .weekly(days: [.monday, .wednesday, .sunday], time: F.time(6, 45)), label: "Подъём 🏃‍♂️"),
                F.alarm("0000bbbb", .once(date: F.day(2026, 12, 31), time: F.time(23, 59)), label: "Новый год 🎄", snooze: 1),
                F.alarm(
                    "0000cccc", .everyNDays(interval: 3, start: F.day(2026, 11, 1), time: F.time(0, 0)), label: "Полив \"цветов\"",
                    enabled: false, modified: "2026-11-02T10:00:00Z"),
                {
                    var a = F.alarm("0000dddd", .timer(fireAt: F.at("2026-11-21T12:25:00Z"), duration: 1500), label: "Чай ☕", snooze: 120)
                    a.sound = "/home/user/звук.oga"
                    return a
                }(),
                F.alarm("0000eeee", .weekly(days: Weekday.all, time: F.time(23, 0)), label: "tab\\slash/ and ✓"),
            ])
    }

    // MARK: reading

    @Test func missingFileIsAnEmptyDocumentAndCreatesNothing() throws {
        let dir = D()
        let store = DocumentStore(paths: dir.paths)
        #expect(try store.load() == StoreDocument())
        #expect(!D.exists(dir.paths.dataDirectory))
        #expect(StoreDocument().settings.zone == "Europe/Moscow")
    }

    @Test func fullDocumentRoundTrips() throws {
        let dir = D()
        let store = DocumentStore(paths: dir.paths)
        let doc = fullDocument()
        try store.update { $0 = doc }
        #expect(try store.load() == doc)
        // What is on disk is pretty JSON with the schema version first.
        let text = String(decoding: D.read(dir.paths.document)!, as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"schemaVersion\": \(StoreDocument.currentSchemaVersion),\n  \"settings\": {"))
        #expect(text.contains("\"label\": \"Подъём 🏃‍♂️\""))
        #expect(text.hasSuffix("}\n"))
        // A second store object on the same files sees the same thing.
        #expect(try DocumentStore(paths: dir.paths).load() == doc)
    }

    @Test func aDocumentDecodedAsReadAndOneMigratedAsATreeAreTheSame() throws {
        // The current schema, and older ones that differ only in their number, are decoded as
        // parsed; a migration that rewrites goes through the tree and is decoded from that. Both
        // give the same document, and the same words for the same damage.
        let dir = D()
        var doc = fullDocument()
        let start = F.day(2026, 10, 1)
        doc.habits = [
            Habit(
                id: "0000abab", name: "Чтение \"вслух\"", frequency: .weekdays([.monday, .friday]), reminders: [F.time(8, 0)], start: start,
                entries: [.done(F.day(2026, 10, 2)), .skipped(F.day(2026, 10, 3), note: "болел"), .noted(F.day(2026, 10, 5), note: "✓")],
                created: F.at("2026-10-01T00:00:00Z")),
            Habit(
                id: "0000cdcd", name: "Water", start: start,
                kind: .numeric(HabitGoal(unit: "стаканов", target: 8, direction: .atLeast, per: .day)),
                entries: [.done(F.day(2026, 10, 1), amount: 7.5), .done(F.day(2026, 10, 4), amount: 0, note: "n")],
                created: F.at("2026-10-01T00:00:00Z")),
        ]
        try DocumentStore(paths: dir.paths).update { $0 = doc }
        let current = String(decoding: try #require(D.read(dir.paths.document)), as: UTF8.self)
        let rewriting = Migration(steps: (2...StoreDocument.currentSchemaVersion).map { Migration.setVersion($0) })
        #expect(rewriting.latestVersion == Migration.standard.latestVersion)
        func load(version: Int, _ migration: Migration) throws -> StoreDocument {
            D.write(dir.paths.document, current.replacing("\"schemaVersion\": 5,", with: "\"schemaVersion\": \(version),"))
            return try DocumentStore(paths: dir.paths, migration: migration).load()
        }
        let asRead = try load(version: 5, .standard)
        #expect(asRead.alarms == doc.alarms && asRead.habits == doc.habits && asRead.settings == doc.settings)
        #expect(asRead.sync == doc.sync && asRead.calendarYears == doc.calendarYears)
        for version in 1...4 {
            #expect(try load(version: version, .standard) == asRead)
            #expect(try load(version: version, rewriting) == asRead)
        }
        var messages: [String] = []
        for migration in [Migration.standard, rewriting] {
            for version in [5, 3] {
                D.write(dir.paths.document, #"{"schemaVersion": \#(version), "alarms": [{"id": "0000000a", "label": "x", "created": 1}]}"#)
                do {
                    _ = try DocumentStore(paths: dir.paths, migration: migration).load()
                    Issue.record("a damaged alarm was read at schema \(version)")
                } catch { messages.append("\(error)") }
            }
        }
        #expect(messages.count == 4 && Set(messages).count == 1)
        #expect(messages.first?.contains("alarms[0].created") == true)
    }

    @Test func unchangedUpdateWritesNothing() throws {
        let dir = D()
        let store = DocumentStore(paths: dir.paths)
        try store.update { $0 = fullDocument() }
        let before = D.read(dir.paths.document)
        let result = try store.update { doc -> Int in doc.alarms.count }
        #expect(result == 5)
        #expect(D.read(dir.paths.document) == before)
        #expect(!D.exists(dir.paths.backup))  // no second write happened
    }

    @Test(
        "update(reusing:) works on the file as it is under the lock: the snapshot's document while the bytes are the same, the new one after another write"
    )
    func updateReusingSnapshot() throws {
        let dir = D()
        let store = DocumentStore(paths: dir.paths)
        try store.update { $0 = fullDocument() }
        let snapshot = try store.loadSnapshot()
        #expect(snapshot.document == fullDocument())
        #expect(try store.update(reusing: snapshot) { $0 } == fullDocument())
        // Another process changes the file after the snapshot was read.
        try DocumentStore(paths: dir.paths).update { $0.alarms.removeFirst() }
        let seen = try store.update(reusing: snapshot) { doc -> [String] in
            doc.alarms[0].label = "changed"
            return doc.alarms.map(\.id)
        }
        #expect(seen == ["0000bbbb", "0000cccc", "0000dddd", "0000eeee"])
        #expect(try store.load().alarms.map(\.label).first == "changed")
        // A snapshot of no file is not taken for a file written since.
        let empty = D()
        let none = try DocumentStore(paths: empty.paths).loadSnapshot()
        try DocumentStore(paths: empty.paths).update { $0 = fullDocument() }
        #expect(try DocumentStore(paths: empty.paths).update(reusing: none) { $0.alarms.count } == 5)
    }

    @Test("a change that would make the store larger than the reader takes is refused before writing")
    func storeNeverOutgrowsItsReader() throws {
        let dir = D()
        let big = fullDocument()
        try DocumentStore(paths: dir.paths).update { $0 = big }
        let size = D.read(dir.paths.document)!.count
        // A store whose limit is exactly the file's size reads it, and refuses one more alarm.
        let store = DocumentStore(paths: dir.paths, maximumBytes: size)
        #expect(try store.load() == big)
        let before = D.read(dir.paths.document)
        #expect { try store.update { $0.alarms.append(F.alarm("0000ffff", .weekly(days: [.friday], time: F.time(8, 0)))) } } throws: {
            error in
            let text = (error as? StoreError)?.description ?? ""
            return text.contains("more than the \(size) bytes it can have") && text.contains("agent-cli rm")
        }
        #expect(D.read(dir.paths.document) == before)
        #expect(!D.exists(dir.paths.backup))
        // What it refused to write, a reader with a larger limit would have read: the limit is the reader's.
        try DocumentStore(paths: dir.paths, maximumBytes: size + 1000).update { $0.alarms.removeLast() }
        #expect(try store.load().alarms.count == big.alarms.count - 1)
        let smaller = DocumentStore(paths: dir.paths, maximumBytes: 100)
        #expect(throws: StoreError.self) { try smaller.load() }
    }

    // MARK: damaged files are reported and left alone

    static let damaged: [(String, String)] = [
        ("{ \"alarms\": [ }", "not valid JSON at line 1, column 15"),
        ("", "not valid JSON"),
        ("[]", "expected an object"),
        (#"{"alarms": {}}"#, "alarms: expected an array"),
        (
            #"{"alarms": [{"id": "0000aaaa", "label": "x", "enabled": "yes", "created": "2026-01-01T00:00:00Z", "schedule": {"kind": "once", "date": "2026-12-31", "time": "07:00"}}]}"#,
            "alarms[0].enabled: expected true or false"
        ),
        (
            #"{"alarms": [{"id": "0000aaaa", "label": "x", "created": "2026-01-01T00:00:00Z", "schedule": {"kind": "once", "date": "2026-02-30", "time": "07:00"}}]}"#,
            "alarms[0].schedule.date"
        ),
        (
            #"{"alarms": [{"id": "0000aaaa", "label": "x", "created": "2026-01-01T00:00:00Z", "schedule": {"kind": "sometimes"}}]}"#,
            "unknown schedule kind"
        ),
        (
            #"{"alarms": [{"id": "XYZ", "label": "x", "created": "2026-01-01T00:00:00Z", "schedule": {"kind": "once", "date": "2026-12-31", "time": "07:00"}}]}"#,
            "alarms[0].id"
        ),
        (#"{"settings": {"zone": "Mars/Olympus"}}"#, "settings.zone"),
        (#"{"settings": {"snoozeMinutes": 0}}"#, "settings.snoozeMinutes"),
        (#"{"schemaVersion": "one"}"#, "schemaVersion"),
        (#"{"schemaVersion": 0}"#, "schemaVersion"),
    ]

    @Test(arguments: damaged)
    func damagedFileIsReportedByNameAndNotModified(text: String, expected: String) throws {
        let dir = D()
        let path = dir.paths.document
        D.write(path, text)
        let store = DocumentStore(paths: dir.paths)
        do {
            _ = try store.load()
            Issue.record("loaded a damaged store")
        } catch {
            #expect(error.path == path)
            #expect(error.description.contains(path))
            #expect(error.description.contains(expected), "\(error.description)")
            if case .invalid = error.kind {} else { Issue.record("kind \(error.kind)") }
        }
        var ran = false
        #expect(throws: StoreError.self) {
            try store.update { doc in
                ran = true
                doc.alarms.removeAll()
            }
        }
        #expect(!ran)
        #expect(D.read(path) == Array(text.utf8))
        #expect(!D.exists(dir.paths.backup))
    }

    @Test func duplicateIDsAreRefused() throws {
        let dir = D()
        let alarm =
            #"{"id": "0000aaaa", "label": "x", "created": "2026-01-01T00:00:00Z", "schedule": {"kind": "once", "date": "2026-12-31", "time": "07:00"}}"#
        D.write(dir.paths.document, #"{"alarms": [\#(alarm), \#(alarm)]}"#)
        #expect { try DocumentStore(paths: dir.paths).load() } throws: {
            ($0 as? StoreError)?.description.contains("duplicate id 0000aaaa") == true
        }
    }

    @Test func newerSchemaIsRefusedAndNotModified() throws {
        let dir = D()
        let text = #"{"schemaVersion": 99, "alarms": [], "futureField": {"x": 1}}"#
        D.write(dir.paths.document, text)
        let store = DocumentStore(paths: dir.paths)
        #expect { try store.load() } throws: { error in
            guard let e = error as? StoreError else { return false }
            return e.kind == .newerSchema(found: 99, supported: StoreDocument.currentSchemaVersion)
                && e.description.contains(dir.paths.document)
                && e.description.contains("newer")
        }
        #expect(throws: StoreError.self) { try store.update { $0.alarms = [] } }
        #expect(D.read(dir.paths.document) == Array(text.utf8))
    }

    @Test func unreadableStoreIsAnError() throws {
        let dir = D()
        D.makeDirectories(dir.paths.document)  // a directory where the file should be
        #expect { try DocumentStore(paths: dir.paths).load() } throws: { error in
            guard let e = error as? StoreError, case .unreadable = e.kind else { return false }
            return e.description.contains(dir.paths.document)
        }
    }

    // MARK: migration

    /// A made-up v1 → v2 step: v2 renamed each alarm's "title" to "label".
    static let renameTitle: Migration.Step = { json throws(DocumentDecodingError) -> JSONValue in
        guard case .object(var root) = json else { throw DocumentDecodingError(path: "", reason: Message("expected an object")) }
        for (k, member) in root.enumerated() where member.0 == "alarms" {
            guard case .array(let alarms) = member.1 else { continue }
            root[k].1 = .array(
                alarms.map { alarm in
                    guard case .object(let fields) = alarm else { return alarm }
                    return .object(fields.map { $0.0 == "title" ? ("label", $0.1) : $0 })
                })
        }
        return .object(root.map { $0.0 == "schemaVersion" ? ($0.0, .int(2)) : $0 })
    }

    @Test func injectedMigrationStepIsApplied() throws {
        let dir = D()
        D.write(
            dir.paths.document,
            #"""
            {"schemaVersion": 1, "alarms": [{"id": "0000aaaa", "title": "Старое поле", "created": "2026-01-01T00:00:00Z",
             "schedule": {"kind": "weekly", "days": ["mon"], "time": "07:00"}}]}
            """#)
        let migration = Migration(steps: [Self.renameTitle])
        #expect(migration.latestVersion == 2)
        let doc = try DocumentStore(paths: dir.paths, migration: migration).load()
        #expect(doc.alarms.map(\.label) == ["Старое поле"])
        // Without the step the v1 file lacks "label".
        #expect(throws: StoreError.self) { try DocumentStore(paths: dir.paths).load() }
        // A version-2 file is read as is; version 3 is newer than this build.
        D.write(dir.paths.document, #"{"schemaVersion": 2, "alarms": []}"#)
        #expect(try DocumentStore(paths: dir.paths, migration: migration).load().alarms.isEmpty)
        D.write(dir.paths.document, #"{"schemaVersion": 3, "alarms": []}"#)
        #expect { try DocumentStore(paths: dir.paths, migration: migration).load() } throws: {
            ($0 as? StoreError)?.kind == .newerSchema(found: 3, supported: 2)
        }
        // A version without a number is version 1.
        #expect(try migration.migrate(.object([("alarms", .array([]))])) == .object([("alarms", .array([]))]))
    }

    @Test func failingMigrationStepNamesTheVersion() throws {
        let failing: Migration.Step = { _ throws(DocumentDecodingError) -> JSONValue in
            throw DocumentDecodingError(path: "alarms", reason: Message("cannot convert"))
        }
        do {
            _ = try Migration(steps: [failing]).migrate(.object([]))
            Issue.record("migrated")
        } catch {
            guard case .invalid(let why) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(why.english == "migrating from schema 1: alarms: cannot convert")
        }
    }

    // MARK: writing

    @Test func throwingUpdateWritesNothing() throws {
        let dir = D()
        let store = DocumentStore(paths: dir.paths)
        // No file yet: still none afterwards.
        #expect(throws: Refused.self) {
            try store.update { doc in
                doc.alarms = fullDocument().alarms
                throw Refused()
            }
        }
        #expect(!D.exists(dir.paths.document))
        // An existing file keeps its bytes, and no backup appears.
        try store.update { $0 = fullDocument() }
        let before = D.read(dir.paths.document)!
        #expect(throws: InputError.self) {
            try store.update { doc in
                doc.alarms.removeAll()
                throw InputError("no")
            }
        }
        #expect(D.read(dir.paths.document)! == before)
        #expect(!D.exists(dir.paths.backup))
        #expect(try store.load() == fullDocument())
    }

    @Test("updateWritten returns the document as a read of the file gives it, and the file's identity while it holds it")
    func updateWrittenIsWhatTheFileHolds() throws {
        let dir = D()
        let store = DocumentStore(paths: dir.paths, clock: { F.at("2026-11-21T04:00:00Z") })
        let first = try #require(try store.updateWritten { $0 = fullDocument() }.written)
        let read = try store.load()
        #expect(first.document == read && first.document.writtenAt == read.writtenAt)
        #expect(first.document.writtenAt == F.at("2026-11-21T04:00:00Z"))
        #expect(first.file != nil && FileIdentity(path: dir.paths.document) == first.file)
        let unchanged = try store.updateWritten { doc -> Int in doc.alarms.count }
        #expect(unchanged.result == 5 && unchanged.written == nil)  // nothing written, nothing to take in
        // Another write, even in the same second: another file.
        try DocumentStore(paths: dir.paths, clock: { F.at("2026-11-21T04:00:00Z") }).update { $0.settings.snoozeMinutes = 2 }
        #expect(FileIdentity(path: dir.paths.document) != first.file)
    }

    @Test("each alarm's version is stamped with the write that brought it, kept by later writes of others")
    func arrivals() throws {
        let dir = D()
        let first = F.at("2026-11-21T04:00:00Z")
        func store(at t: Instant) -> DocumentStore { DocumentStore(paths: dir.paths, clock: { t }) }
        try store(at: first).update { $0 = fullDocument() }
        let ids = try store(at: first).load().alarms.map(\.id)
        #expect(try store(at: first).load().arrivals == Dictionary(uniqueKeysWithValues: ids.map { ($0, first) }))
        try store(at: first + 600).update { $0.alarms[0].label = "Edited" }
        try store(at: first + 1_200).update { doc in
            doc.settings.snoozeMinutes = 9
            doc.alarms.remove(at: 1)
        }
        let doc = try store(at: first).load()
        #expect(doc.writtenAt == first + 1_200)
        #expect(doc.arrivals[ids[0]] == first + 600 && doc.arrivals[ids[2]] == first && doc.arrivals[ids[1]] == nil)
        // Sync writes without stamping its items' changes, but what it brings arrives here too.
        try store(at: first + 1_800).update(stamping: false) { $0.alarms[1].label = "From the server" }
        #expect(try store(at: first).load().arrivals[ids[2]] == first + 1_800)
    }

    @Test func backupHoldsThePreviousVersion() throws {
        let dir = D()
        let store = DocumentStore(paths: dir.paths)
        try store.update { $0.settings.snoozeMinutes = 1 }
        let v1 = D.read(dir.paths.document)!
        #expect(!D.exists(dir.paths.backup))
        try store.update { $0.settings.snoozeMinutes = 2 }
        let v2 = D.read(dir.paths.document)!
        #expect(D.read(dir.paths.backup) == v1)
        try store.update { $0.settings.snoozeMinutes = 3 }
        #expect(D.read(dir.paths.backup) == v2)
        #expect(try store.load().settings.snoozeMinutes == 3)
    }

    @Test func filesArePrivate() throws {
        let dir = D()
        let store = DocumentStore(paths: dir.paths)
        try store.update { $0.settings.snoozeMinutes = 4 }
        try store.update { $0.settings.snoozeMinutes = 5 }
        #expect(D.mode(dir.paths.dataDirectory) == 0o700)
        #expect(D.mode(dir.paths.document) == 0o600)
        #expect(D.mode(dir.paths.backup) == 0o600)
        #expect(D.mode(dir.paths.lock) == 0o600)
        // Nothing else is left behind.
        #expect(D.entries(dir.paths.dataDirectory) == ["store.json", "store.json.bak", "store.json.lock"])
    }

    @Test func strayTemporaryFilesDoNotBreakWrites() throws {
        let dir = D()
        let store = DocumentStore(paths: dir.paths)
        try store.update { $0.settings.snoozeMinutes = 4 }
        // What a writer killed mid-write leaves: its temporary file (and a half-made backup link).
        D.write(dir.paths.document + ".tmp-\(getpid())", "{ half a docu")
        D.write(dir.paths.document + ".tmp-999999", "garbage")
        D.write(dir.paths.backup + ".tmp-\(getpid())", "old")
        try store.update { $0.settings.snoozeMinutes = 6 }
        #expect(try store.load().settings.snoozeMinutes == 6)
        #expect(try DocumentStore(paths: dir.paths).load().settings.snoozeMinutes == 6)
        #expect(String(decoding: D.read(dir.paths.backup)!, as: UTF8.self).contains("\"snoozeMinutes\": 4"))
    }

    @Test func concurrentUpdatesInOneProcessAreSerialised() throws {
        let dir = D()
        let paths = dir.paths
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: 40) { k in
            do {
                try DocumentStore(paths: paths).update { doc in
                    let id = AlarmID.make(avoiding: Set(doc.alarms.map(\.id)))
                    doc.alarms.append(CoreFixtures.alarm(id, CoreFixtures.everyDay(k % 24, 0)))
                }
            } catch { failures.add() }
        }
        #expect(failures.value == 0)
        let doc = try DocumentStore(paths: paths).load()
        #expect(doc.alarms.count == 40)
        #expect(Set(doc.alarms.map(\.id)).count == 40)
    }

    // MARK: the agent's state file

    @Test func agentStateStore() throws {
        let dir = D()
        let store = AgentStateStore(paths: dir.paths)
        #expect(try store.load() == AgentState())
        var s = AgentState()
        s.alarms.markHandled("0000aaaa", at: F.at("2026-11-21T04:00:00Z"))
        s.alarms.setSnooze("0000bbbb", Snooze(until: F.at("2026-11-21T04:10:00Z"), due: F.at("2026-11-21T04:00:00Z"), count: 2))
        s.pausedUntil = F.at("2026-11-21T06:00:00Z")
        try store.save(s)
        #expect(try store.load() == s)
        #expect(D.mode(dir.paths.stateDirectory) == 0o700)
        #expect(D.mode(dir.paths.agentState) == 0o600)

        D.write(dir.paths.agentState, "{ broken")
        #expect { try store.load() } throws: { ($0 as? StoreError)?.description.contains(dir.paths.agentState) == true }
        let moved = store.quarantine()
        #expect(moved == dir.paths.agentState + ".damaged")
        #expect(!D.exists(dir.paths.agentState))
        #expect(D.read(dir.paths.agentState + ".damaged") == Array("{ broken".utf8))
        #expect(try store.load() == AgentState())
    }

    @Test func storePathsFollowXDG() {
        let p = StorePaths.fromEnvironment(["HOME": "/home/u", "XDG_DATA_HOME": "/d", "XDG_STATE_HOME": "/s"])
        #expect(p.document == "/d/moscowtime/store.json")
        #expect(p.agentState == "/s/moscowtime/agent-state.json")
        let defaults = StorePaths.fromEnvironment(["HOME": "/home/u", "XDG_DATA_HOME": "relative/ignored"])
        #expect(defaults.document == "/home/u/.local/share/moscowtime/store.json")
        #expect(defaults.agentState == "/home/u/.local/state/moscowtime/agent-state.json")
        #expect(defaults.backup == "/home/u/.local/share/moscowtime/store.json.bak")
    }
}

/// A thread-safe counter for the concurrency test.
final class Counter: Sendable {
    private let n = Atomic<Int>(0)
    func add() { n.add(1, ordering: .relaxed) }
    var value: Int { n.load(ordering: .relaxed) }
}
