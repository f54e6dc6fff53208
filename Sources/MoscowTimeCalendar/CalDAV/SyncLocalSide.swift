// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeStore

/// This machine's side of one item as `SyncPlan` sees it.
struct SyncLocalSide<Version: SyncItemVersion> {
    /// As the document has it.
    var original: Version?
    /// As the merge sees it: stamps later than the server's clock clamped (`FutureStamps`).
    var merging: Version?
    /// Also pruned (`TombstonePolicy`): as it is kept and sent when the other side has nothing newer.
    var kept: Version?
    /// `kept`'s model digest (`SyncState.Item.model`).
    var digest: String?
    /// `kept`'s rendering, when it was made to compare it.
    var text: String?
    /// Changed since the last sync: its rendering differs from what both sides agreed on.
    var changed = false
    /// Found unchanged by rendering it: the record takes its digest, so that it is not rendered again.
    var digestLearned = false
}
