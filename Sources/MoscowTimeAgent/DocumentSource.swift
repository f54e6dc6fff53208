// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDesktop
import MoscowTimeDomain
import MoscowTimeStore

/// Loads the user's document for the agent and keeps the last good one when the file turns
/// unreadable: the agent goes on ringing the schedule it had, says why once, and recovers when the
/// file is fixed.
///
/// What is kept is what the scheduler needs (`keep`: the habits' recent history only, see
/// `StoreDocument.keepingHabitHistory`); the whole document is read again from the file when
/// more is needed (`loadWhole`), and a day is logged through the store's locked update.
///
/// A document the agent wrote itself is taken in as written (`adopt`), and the directory watcher's
/// report of that write is known as the agent's own (`holdsOwnWrite`): the file is not read back.
@MainActor
final class DocumentSource {
    let store: DocumentStore
    private(set) var lastGood: StoreDocument?
    /// Why the file on disk is not being used right now, if it is not.
    private(set) var lastProblem: String?
    /// The hash of the whole document last read (equal documents, equal fingerprints): what sync
    /// compares with the document its last run left, without keeping either in memory.
    private(set) var fingerprint: Int?
    /// How many times the file was read whole (what the agent reads back, for tests).
    private(set) var reads = 0
    /// The file as the agent's last own write left it.
    private var ownWrite: FileIdentity?

    init(store: DocumentStore) { self.store = store }

    /// The newest usable document, as `keep` makes it; nil only when there has never been one.
    func load(keeping keep: (StoreDocument) -> StoreDocument) -> StoreDocument? {
        do {
            reads += 1
            return take(try store.load(), keeping: keep)
        } catch {
            let problem = error.description
            if problem != lastProblem {
                Log.error("\(problem) — keeping the last good schedule")
                lastProblem = problem
            }
            if lastGood == nil, let backup = loadBackup() {
                Log.warning("starting from the backup \(store.paths.backup)")
                fingerprint = backup.hashValue
                lastGood = keep(backup)
            }
            return lastGood
        }
    }

    /// A document the agent has just written itself (`DocumentWriter`), as `keep` makes it: what
    /// the file holds now, without reading it back.
    func adopt(_ written: DocumentStore.Written, keeping keep: (StoreDocument) -> StoreDocument) -> StoreDocument {
        ownWrite = written.file
        return take(written.document, keeping: keep)
    }

    /// Whether the file is still as the agent's own last write left it: a change the directory
    /// watcher reports is then that write, taken in already. Anyone else's write is a new file
    /// (the store renames into place) or changes its times.
    var holdsOwnWrite: Bool {
        guard let ownWrite else { return false }
        return FileIdentity(path: store.paths.document) == ownWrite
    }

    private func take(_ whole: StoreDocument, keeping keep: (StoreDocument) -> StoreDocument) -> StoreDocument {
        if lastProblem != nil { Log.info("\(store.paths.document) is readable again; schedule updated") }
        lastProblem = nil
        fingerprint = whole.hashValue
        let kept = keep(whole)
        lastGood = kept
        return kept
    }

    /// The whole document as the file holds it now (no lock: the file is replaced by a rename),
    /// for what needs a habit's full history; nil when it cannot be read.
    func loadWhole() -> StoreDocument? {
        reads += 1
        return try? store.load()
    }

    private func loadBackup() -> StoreDocument? {
        let backupStore = DocumentStore(paths: store.paths, documentPath: store.paths.backup)
        return try? backupStore.load()
    }
}
