// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeStore

extension SyncEngine {
    /// One write: a PUT of `text`, or with no text a DELETE (pruning an old tombstone).
    struct Upload {
        let id: String
        let url: String
        let etag: String?
        let text: String?
        /// The digest of the version `text` renders (`SyncState.Item.model`).
        var model: String? = nil
        /// The DELETE of todoman's instance of the habit `id` (`HabitSyncKind.logging`): not our
        /// item, so nothing of ours is recorded; one changed meanwhile is read again next time.
        var instance = false
    }

    /// Step 3: writes everything, one request at a time, recording each success in `state` as it
    /// arrives; tombstones DELETEd from the server are then dropped from the store. The first
    /// failure stops the writes and is thrown.
    func upload(_ uploads: [(Upload, isAlarm: Bool)], state: inout SyncState, report: inout Report) throws {
        var failure: SyncError?
        var pruned: [(id: String, isAlarm: Bool)] = []
        client.writeAll(uploads.map { (url: $0.0.url, text: $0.0.text, etag: $0.0.etag) }) { index, result in
            let (u, isAlarm) = uploads[index]
            if u.instance {
                if case .failure(let e) = result, failure == nil { failure = e }
                return failure == nil
            }
            switch result {
            case .success(.stored(let etag)):
                let item = SyncState.Item(url: u.url, etag: etag, hash: SyncState.hash(u.text ?? ""), model: u.model)
                if isAlarm { state.alarms[u.id] = item } else { state.habits[u.id] = item }
                // What the server now has of an adopted event is what was sent.
                if isAlarm, state.adoptedUIDs[u.id] != nil { state.adoptedTexts[u.id] = u.text }
                report.uploaded += 1
            case .success(.removed):
                if isAlarm { state.alarms[u.id] = nil } else { state.habits[u.id] = nil }
                pruned.append((u.id, isAlarm))
            case .success(.changedOnServer):
                // Someone changed it between our read and this write: forget our base so the next
                // sync merges both versions by time instead of overwriting either.
                if isAlarm { state.alarms[u.id] = nil } else { state.habits[u.id] = nil }
                report.warnings.append(.changedDuringSync(url: u.url))
            case .failure(let e):
                if failure == nil { failure = e }
            }
            return failure == nil
        }
        if !pruned.isEmpty {
            try store.update(stamping: false) { doc in
                for p in pruned { if p.isAlarm { doc.forgetDeletedAlarm(p.id) } else { doc.forgetDeletedHabit(p.id) } }
            }
        }
        if let failure { throw failure }
    }
}
