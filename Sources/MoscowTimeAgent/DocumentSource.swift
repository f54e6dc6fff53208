// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeCore
import MoscowTimeDesktop

/// Loads the user's document for the agent and keeps the last good one when the file turns
/// unreadable: the agent goes on ringing the schedule it had, says why once, and recovers when the
/// file is fixed.
@MainActor
final class DocumentSource {
    let store: DocumentStore
    private(set) var lastGood: StoreDocument?
    /// Why the file on disk is not being used right now, if it is not.
    private(set) var lastProblem: String?

    init(store: DocumentStore) { self.store = store }

    /// The newest usable document; nil only when there has never been one.
    func load() -> StoreDocument? {
        do {
            let doc = try store.load()
            if lastProblem != nil { Log.info("\(store.paths.document) is readable again; schedule updated") }
            lastProblem = nil
            lastGood = doc
            return doc
        } catch {
            let problem = error.description
            if problem != lastProblem {
                Log.error("\(problem) — keeping the last good schedule")
                lastProblem = problem
            }
            if lastGood == nil, let backup = loadBackup() {
                Log.warning("starting from the backup \(store.paths.backup)")
                lastGood = backup
            }
            return lastGood
        }
    }

    private func loadBackup() -> StoreDocument? {
        let backupStore = DocumentStore(paths: store.paths, documentPath: store.paths.backup)
        return try? backupStore.load()
    }
}
