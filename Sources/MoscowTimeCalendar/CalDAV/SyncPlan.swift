// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import MoscowTimeStore

/// Step 2 for one kind of item: one decision per item (`SyncDecision`), from this machine's
/// versions, the server's (`SyncEngine.Remote`) and the records of what both sides agreed on at the
/// last sync. Each item's two versions merge by `SyncMerge`, by the server's clock: stamps later than
/// it are clamped first (`FutureStamps`), and records are pruned (`TombstonePolicy`) only while this
/// machine's clock agrees with it (`ServerClock`). An expired deletion is never uploaded: its server
/// copy is DELETEd (and the local record dropped once that succeeded), or, when the server has none,
/// the local record is dropped at once. Expired day removals are dropped from the merged habit,
/// which is then uploaded without them.
struct SyncPlan<Kind: SyncKind> {
    typealias Version = Kind.Version

    let kind: Kind
    let local: [String: Version]
    let remote: SyncEngine.Remote<Version>
    /// The records of the last sync (`SyncState.Item`), by id.
    let known: [String: SyncState.Item]
    let lastSync: Instant?
    let clock: ServerClock
    /// The user's word on one item: it decides that item's merge (`SyncEngine.ItemChoice`).
    var choice: SyncEngine.ItemChoice?

    /// Every item either side has or had at the last sync, in the order of their ids.
    func decisions() -> [SyncDecision<Version>] {
        let skipped = Set(remote.skipped.map(\.url))
        return Set(local.keys).union(remote.versions.keys).union(known.keys).sorted().map { decide($0, skipped: skipped) }
    }

    func decide(_ id: String, skipped: Set<String>) -> SyncDecision<Version> {
        let base = known[id]
        var decision = SyncDecision<Version>(id: id, record: base)
        // Its server copy could not be read: neither overwritten nor taken as gone.
        if remote.versions[id] == nil, skipped.contains(base?.url ?? kind.url(of: id)) { return decision }
        let here = localSide(id, base: base)
        if let kept = here.kept, kept != here.original { decision.keep = kept }
        if here.digestLearned { decision.record?.model = here.digest }
        if let server = remote.versions[id] {
            if let l = here.merging {
                merge(l, with: server, here: here, base: base, into: &decision)
            } else {
                take(server, into: &decision)
            }
        } else if let base, remote.listing[base.url] != nil {
            // Unchanged on the server since our last sync.
            if let kept = here.kept, expired(kept) {
                decision.upload = SyncEngine.Upload(id: id, url: base.url, etag: base.etag, text: nil)
            } else if here.changed, let kept = here.kept {
                decision.upload = SyncEngine.Upload(
                    id: id, url: base.url, etag: base.etag, text: here.text ?? kind.render(kept), model: here.digest)
            }
        } else if let base {
            goneFromServer(base, here: here, into: &decision)
        } else if let kept = here.kept {
            // New here: sent, unless it is a deletion old enough to forget.
            if expired(kept) {
                decision.forget = true
            } else {
                decision.upload = SyncEngine.Upload(
                    id: id, url: kind.url(of: id), etag: nil, text: here.text ?? kind.render(kept), model: here.digest)
            }
        }
        return decision
    }

    /// Whether the version here changed since the last sync: its rendering differs from what both
    /// sides agreed on. A version that hashes as the one that rendering was made from renders the
    /// same, so it is not rendered again (`SyncState.Item.model`).
    func localSide(_ id: String, base: SyncState.Item?) -> SyncLocalSide<Version> {
        var here = SyncLocalSide<Version>()
        here.original = local[id]
        here.merging = here.original.map(clamp)
        here.kept = here.merging.map(finish)
        guard let kept = here.kept else { return here }
        let digest = kind.digest(kept)
        here.digest = digest
        if let base, base.model == digest { return here }
        let text = kind.render(kept)
        here.text = text
        here.changed = SyncState.hash(text) != base?.hash
        here.digestLearned = !here.changed
        return here
    }

    /// Only the server has the item (new there, or deleted here and forgotten): taken.
    func take(_ server: SyncEngine.Remote<Version>.Fetched, into decision: inout SyncDecision<Version>) {
        let result = finish(clamp(server.version))
        decision.keep = result
        decision.downloaded = true
        settle(result, server: server, into: &decision)
    }

    /// Both sides have the item: merged.
    func merge(
        _ l: Version, with server: SyncEngine.Remote<Version>.Fetched, here: SyncLocalSide<Version>, base: SyncState.Item?,
        into decision: inout SyncDecision<Version>
    ) {
        let id = decision.id
        let rv = clamp(server.version)
        // What the server had at our last sync and has lost since without a record.
        let gone = base != nil ? lastSync.map { Version.goneParts(local: l, remote: rv, lastSync: $0, now: clock.now) } ?? [:] : [:]
        // A value of ours the server copy only cut is no change of it (`OwnDataCuts`).
        let (lw, rw) = Version.restoringCuts(local: l, remote: rv, remoteWritten: remote.written[id])
        let o = merge(id, lw, rw.marking(gone, removed: true), localChanged: base == nil || here.changed)
        let result = finish(o.result.marking(gone, removed: false))
        if result != here.original || here.kept != here.original { decision.keep = result }
        decision.downloaded = !kind.sameMeaning(o.result, l)
        decision.lost = losses(o, id)
        settle(result, server: server, into: &decision)
    }

    /// The server copy after a merge: sent again when the result differs from it (or it is to be
    /// rewritten, `Remote.rewrite`), DELETEd when the result is an expired deletion. The record is
    /// of the result, unless it is sent: the upload records it when the server took it.
    func settle(_ result: Version, server: SyncEngine.Remote<Version>.Fetched, into decision: inout SyncDecision<Version>) {
        let id = decision.id
        let resent = !kind.unchanged(result, onServer: server.version) || remote.rewrite.contains(id)
        if expired(result) {
            decision.upload = SyncEngine.Upload(id: id, url: server.url, etag: server.etag, text: nil)
        } else if resent {
            decision.upload = SyncEngine.Upload(
                id: id, url: server.url, etag: server.etag, text: kind.render(result), model: kind.digest(result))
        }
        decision.record =
            resent
            ? SyncState.Item(url: server.url, etag: server.etag, hash: "")
            : SyncState.Item(url: server.url, etag: server.etag, hash: SyncState.hash(kind.render(result)), model: kind.digest(result))
    }

    /// Gone from the server (another program deleted the resource, or a machine pruned its
    /// tombstone) at some time after our last sync: as a deletion at that time, it loses to a later
    /// local edit. The server copy is gone, so no record is kept.
    func goneFromServer(_ base: SyncState.Item, here: SyncLocalSide<Version>, into decision: inout SyncDecision<Version>) {
        let id = decision.id
        let at = TombstonePolicy.goneDeletionTime(lastSync: lastSync ?? Instant(secondsSinceEpoch: 0), now: clock.now)
        let gone = Version.deleted(id: id, at: at)
        let l = here.merging
        let o = l.map { merge(id, $0, gone, localChanged: here.changed) }
        if let o, let l, let kept = here.kept, o.result == l, !expired(kept) {
            decision.upload = SyncEngine.Upload(id: id, url: base.url, etag: nil, text: here.text ?? kind.render(kept), model: here.digest)
            return
        }
        if let o, let l, l.deletedAt == nil {
            decision.lost = losses(o, id)
            decision.keep = gone
            decision.downloaded = true
        }
        if l != nil { decision.forget = true }
        decision.record = nil
    }

    /// The merge of two versions of one item whose server side changed, unless the user chose a side.
    func merge(_ id: String, _ l: Version, _ r: Version, localChanged: Bool) -> SyncMerge.Outcome<Version> {
        switch choice {
        case .keepLocal(id)?: return Kind.merge(local: l, remote: r, localChanged: true, remoteChanged: false)
        case .acceptRemote(id)?: return Kind.merge(local: l, remote: r, localChanged: false, remoteChanged: true)
        default: return Kind.merge(local: l, remote: r, localChanged: localChanged, remoteChanged: true)
        }
    }

    /// The losers of a merge as the conflict log keeps them.
    func losses(_ o: SyncMerge.Outcome<Version>, _ id: String) -> [String] {
        o.losers.map(kind.describe) + o.lostDays.map { "\(Kind.prefix) \(id) day \($0)" }
    }

    func clamp(_ v: Version) -> Version { v.clamped(notAfter: clock.latestPlausibleStamp, to: clock.now) }

    func finish(_ v: Version) -> Version { clock.agrees ? v.pruned(now: clock.now) : v }

    func expired(_ v: Version) -> Bool { clock.agrees && (v.deletedAt.map { TombstonePolicy.isExpired($0, now: clock.now) } ?? false) }
}
