// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

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
    /// The largest file `load` reads (256 MiB), and so the largest `update` writes: a change that
    /// would make the file larger is refused before anything is written (tests pass a small one).
    public let maximumBytes: Int

    public static let defaultMaximumBytes = FileSystem.maximumReadBytes

    public init(
        paths: StorePaths, documentPath: String? = nil, migration: Migration = .standard,
        clock: @escaping @Sendable () -> Instant = { SystemWallClock().now() },
        maximumBytes: Int = DocumentStore.defaultMaximumBytes
    ) {
        self.paths = paths
        self.documentPath = documentPath ?? paths.document
        self.migration = migration
        self.clock = clock
        self.maximumBytes = maximumBytes
    }

    /// The current document; an empty default one when none exists yet.
    public func load() throws(StoreError) -> StoreDocument {
        try load(reusing: nil).document
    }

    /// A document with the bytes it was read from (nil: no file), for `update(reusing:)`.
    public struct Snapshot: Sendable {
        public let document: StoreDocument
        let bytes: [UInt8]?
        /// The fingerprint of the bytes it was read from (`DocumentFingerprint`).
        public var fingerprint: Int { DocumentFingerprint.of(bytes) }
    }

    /// The current document as `load` reads it, kept with its file's bytes. `habitHistoryFrom`: the
    /// habits' history only as the agent's scheduler keeps it from that day on (see
    /// `DocumentCoding.decode`), for reading only: `update` decodes the file whole again.
    public func loadSnapshot(habitHistoryFrom: CivilDate? = nil) throws(StoreError) -> Snapshot {
        try load(reusing: nil, keepingBytes: true, habitHistoryFrom: habitHistoryFrom)
    }

    /// The fingerprint of the file as it is now (`DocumentFingerprint`), without decoding it.
    public func fingerprint() throws(StoreError) -> Int {
        do { return DocumentFingerprint.of(try FileSystem.read(documentPath, limit: maximumBytes)) } catch {
            throw StoreError(path: documentPath, kind: .unreadable(error.reason))
        }
    }

    /// Reads the file; when its bytes are those of `snapshot`, that document (with the file's
    /// time) instead of decoding them again.
    private func load(
        reusing snapshot: Snapshot?, keepingBytes: Bool = false, habitHistoryFrom: CivilDate? = nil
    ) throws(StoreError) -> Snapshot {
        let file: (bytes: [UInt8], written: Instant)?
        do { file = try FileSystem.readStamped(documentPath, limit: maximumBytes) } catch {
            throw StoreError(path: documentPath, kind: .unreadable(error.reason))
        }
        guard let file else { return Snapshot(document: StoreDocument(), bytes: nil) }
        var doc: StoreDocument
        if let snapshot, snapshot.bytes == file.bytes {
            doc = snapshot.document
        } else {
            doc = try decode(file.bytes, habitHistoryFrom: habitHistoryFrom)
        }
        doc.writtenAt = file.written
        return Snapshot(document: doc, bytes: keepingBytes ? file.bytes : nil)
    }

    /// "not valid JSON at line 1, column 3: …", as a catalogue message.
    public static func notJSON(_ e: JSONParseError) -> Message { Message("not valid JSON at {where}", parts: ["where": e.message]) }

    func decode(_ bytes: [UInt8], habitHistoryFrom: CivilDate? = nil) throws(StoreError) -> StoreDocument {
        let fail = { (kind: StoreError.Kind) in StoreError(path: self.documentPath, kind: kind) }
        var document: JSONDocument
        do { document = try JSONParser.document(bytes) } catch { throw fail(.invalid(Self.notJSON(error))) }
        // A schema whose migration rewrites the document is migrated as a tree; the current one
        // (every file written since), and older ones that differ only in their number, are
        // decoded as read.
        if !migration.decodesAsRead(document) {
            do { document = JSONDocument(try migration.migrate(document.value)) } catch { throw fail(error) }
        }
        do { return try DocumentCoding.decode(document, habitHistoryFrom: habitHistoryFrom) } catch {
            throw fail(.invalid(error.message))
        }
    }

    /// Applies `change` under the lock and saves the result if it differs. Returns what `change` returns.
    /// While sync is set up, deletions and habit-day changes are stamped with the clock
    /// (`ChangeStamper`); sync itself, which sets those times from the server, passes `stamping: false`.
    ///
    /// `waitForLock: false` (the agent, on its main loop) tries the lock once and throws
    /// `StoreLocked`, changing nothing, while another process holds it.
    ///
    /// `reusing`: a document read before (`loadSnapshot`), taken instead of decoding the file again
    /// when the file still holds the same bytes.
    @discardableResult
    public func update<T>(
        stamping: Bool = true, waitForLock: Bool = true, reusing snapshot: Snapshot? = nil,
        _ change: (inout StoreDocument) throws -> T
    ) throws -> T {
        try updateWritten(stamping: stamping, waitForLock: waitForLock, reusing: snapshot, change).result
    }

    /// A document `updateWritten` saved: as the file now holds it (`writtenAt` included), and the
    /// file's identity right after the write, taken under the lock.
    public struct Written: Sendable {
        public let document: StoreDocument
        public let file: FileIdentity?
        /// The fingerprint of the bytes written (`DocumentFingerprint`).
        public let fingerprint: Int
    }

    /// `update`, also returning what it wrote (nil when the change changed nothing): for the agent,
    /// which takes its own change in without reading the file back, and knows the directory
    /// watcher's report of it as its own by the file's identity.
    public func updateWritten<T>(
        stamping: Bool = true, waitForLock: Bool = true, reusing snapshot: Snapshot? = nil,
        _ change: (inout StoreDocument) throws -> T
    ) throws -> (result: T, written: Written?) {
        do {
            try FileSystem.makeDirectories(paths.dataDirectory)
            try FileSystem.checkPrivateDirectory(paths.dataDirectory)
        } catch {
            throw StoreError(path: paths.document, kind: .writeFailed(error.reason))  // the reason names the folder
        }
        let lock: FileLock
        do { lock = try FileLock(path: paths.lock, wait: waitForLock) } catch {
            switch error {
            case .held: throw StoreLocked(path: paths.lock)
            case .failed(let why): throw StoreError(path: paths.document, kind: .writeFailed(why.reason))  // the reason names the lock
            }
        }
        defer { lock.unlock() }
        precondition(documentPath == paths.document, "only the document itself is updated")  // not UI
        let before = try load(reusing: snapshot).document
        var doc = before
        let result = try change(&doc)
        guard doc != before else { return (result, nil) }
        let now = clock()
        if stamping { ChangeStamper.stamp(before: before, after: &doc, at: now) }
        ArrivalStamper.stamp(before: before, after: &doc, at: now)
        let saved = try save(doc, at: now)
        doc.writtenAt = saved.written
        return (result, Written(document: doc, file: FileIdentity(path: paths.document), fingerprint: saved.fingerprint))
    }

    /// Writes `doc` atomically; callers hold the lock (see `update`). The file's time is the
    /// store's clock: when the change was made, which `NextRing` counts from. Returns that time
    /// and the fingerprint of the bytes written.
    private func save(_ doc: StoreDocument, at written: Instant) throws(StoreError) -> (written: Instant, fingerprint: Int) {
        let bytes = JSONWriter.prettyBytes(DocumentCoding.encode(doc))
        // Never write a file `load` would refuse: every command after it would fail.
        guard bytes.count <= maximumBytes else {
            throw StoreError(
                path: paths.document,
                kind: .writeFailed(
                    Message.plural(
                        "the change would make it {size} byte, more than the {limit} bytes it can have; delete alarms or habits you no longer need (agent-cli rm, agent-cli habit rm) and try again",
                        "the change would make it {size} bytes, more than the {limit} bytes it can have; delete alarms or habits you no longer need (agent-cli rm, agent-cli habit rm) and try again",
                        count: bytes.count, ["size": String(bytes.count), "limit": String(maximumBytes)])))
        }
        do { try FileSystem.writeAtomically(bytes, to: paths.document, backup: paths.backup, written: written) } catch {
            throw StoreError(path: paths.document, kind: .writeFailed(error.reason))
        }
        return (written, DocumentFingerprint.of(bytes))
    }
}
