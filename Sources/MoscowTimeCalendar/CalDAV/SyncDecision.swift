// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeStore

/// What one sync does with one item (`SyncPlan`): the version this machine keeps, the write to the
/// server, the record of what both sides now agree on, and the versions lost to concurrent edits.
struct SyncDecision<Version: SyncItemVersion> {
    let id: String
    /// The version the document takes; nil when it keeps its own.
    var keep: Version?
    /// The document drops the record of the item's deletion (after `keep`).
    var forget = false
    /// The write of step 3; nil when the server copy stays as it is.
    var upload: SyncEngine.Upload?
    /// The record of the version both sides agree on (`SyncState.Item`); nil when none is kept.
    var record: SyncState.Item?
    /// Versions and habit days that lost to a concurrent edit, as the conflict log keeps them.
    var lost: [String] = []
    /// The server's version changed this machine's.
    var downloaded = false

    init(id: String, record: SyncState.Item?) {
        self.id = id
        self.record = record
    }
}
