// SPDX-License-Identifier: GPL-3.0-or-later
/// The user's document on disk: read it, or change it in one locked, atomic step.
///
/// Reads take no lock (a rename-into-place is atomic). Every change runs as
/// lock → read the current file → apply → validate → write atomically, and writes nothing when
/// the change throws or changes nothing, so bad input leaves the file byte-for-byte unchanged.
/// A file that is unreadable, damaged or from a newer schema is never overwritten.
public final class DocumentStore: Sendable {
    public let paths: StorePaths
    /// The file read by `load`: the document, or its backup for recovery.
    public let documentPath: String
    private let migration: Migration
    /// The time deletions and habit-day changes are recorded at while sync is set up.
    private let clock: @Sendable () -> Instant

    public init(paths: StorePaths, documentPath: String? = nil, migration: Migration = .standard,
                clock: @escaping @Sendable () -> Instant = { SystemWallClock().now() }) {
        self.paths = paths
        self.documentPath = documentPath ?? paths.document
        self.migration = migration
        self.clock = clock
    }

    /// The current document; an empty default one when none exists yet.
    public func load() throws(StoreError) -> StoreDocument {
        let bytes: [UInt8]?
        do { bytes = try FileSystem.read(documentPath) } catch {
            throw StoreError(path: documentPath, kind: .unreadable(error.reason))
        }
        guard let bytes else { return StoreDocument() }
        return try decode(consume bytes)
    }

    /// "not valid JSON at line 1, column 3: …", as a catalogue message.
    public static func notJSON(_ e: JSONParseError) -> Message { Message("not valid JSON at {where}", parts: ["where": e.message]) }

    func decode(_ bytes: consuming [UInt8]) throws(StoreError) -> StoreDocument {
        let fail = { (kind: StoreError.Kind) in StoreError(path: self.documentPath, kind: kind) }
        let json: JSONValue
        do { json = try JSONParser.parse(bytes) } catch { throw fail(.invalid(Self.notJSON(error))) }
        bytes = [] // the file's bytes (3 MB for 10 000 alarms) are not needed while the tree is decoded
        let migrated: JSONValue
        do { migrated = try migration.migrate(json) } catch { throw fail(error) }
        do { return try DocumentCoding.decode(migrated) } catch { throw fail(.invalid(error.message)) }
    }

    /// Applies `change` under the lock and saves the result if it differs. Returns what `change` returns.
    /// While sync is set up, deletions and habit-day changes are stamped with the clock
    /// (`ChangeStamper`); sync itself, which sets those times from the server, passes `stamping: false`.
    @discardableResult
    public func update<T>(stamping: Bool = true, _ change: (inout StoreDocument) throws -> T) throws -> T {
        do {
            try FileSystem.makeDirectories(paths.dataDirectory)
            try FileSystem.checkPrivateDirectory(paths.dataDirectory)
        } catch {
            throw StoreError(path: paths.document, kind: .writeFailed(error.reason))  // the reason names the folder
        }
        let lock: FileLock
        do { lock = try FileLock(path: paths.lock) } catch {
            throw StoreError(path: paths.document, kind: .writeFailed(error.reason))  // the reason names the lock
        }
        defer { lock.unlock() }
        precondition(documentPath == paths.document, "only the document itself is updated")  // not UI
        let before = try load()
        var doc = before
        let result = try change(&doc)
        if stamping && doc != before { ChangeStamper.stamp(before: before, after: &doc, at: clock()) }
        if doc != before { try save(doc) }
        return result
    }

    /// Writes `doc` atomically; callers hold the lock (see `update`).
    private func save(_ doc: StoreDocument) throws(StoreError) {
        let text = JSONWriter.pretty(DocumentCoding.encode(doc))
        do { try FileSystem.writeAtomically(Array(text.utf8), to: paths.document, backup: paths.backup) } catch {
            throw StoreError(path: paths.document, kind: .writeFailed(error.reason))
        }
    }
}
