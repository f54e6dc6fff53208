// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// When a deletion record (a tombstone: in the store and as a `STATUS:CANCELLED` resource on the
/// server) may be forgotten, and what a machine that comes back after longer than that assumes.
///
/// A tombstone tells the other machines *when* an item was deleted, so that the deletion wins
/// over an older edit made offline. It is pruned once it is older than `lifetimeDays` and the
/// server copy is known deleted (the sync that prunes DELETEs it first). 180 days, because a
/// tombstone costs almost nothing (a few hundred bytes, and nothing per sync once sync-tokens are
/// used) while the machine it protects is one left off for a season — a desktop over the summer,
/// a spare laptop — and half a year covers that with room to spare.
///
/// A machine that comes back later than that finds a pruned item simply gone from the server.
/// Gone items are deleted "at" `goneDeletionTime`: the later of its last sync and the horizon
/// (`now` − lifetime), since a pruned deletion is at least that old. So its edits newer than the
/// horizon still win (they are later than any pruned deletion), and edits older than the horizon
/// lose to the deletion — right when the deletion was later, and when it was not (the one case
/// the lifetime cannot tell) the edit is kept in the conflict log, never silently dropped.
public enum TombstonePolicy {
    public static let lifetimeDays: Int64 = 180
    static let lifetimeSeconds = lifetimeDays * 86_400

    /// A deletion made at `deletedAt` may be pruned at `now`.
    public static func isExpired(_ deletedAt: Instant, now: Instant) -> Bool {
        now - deletedAt > lifetimeSeconds
    }

    /// When an item this machine synced at `lastSync` and now finds gone from the server is taken
    /// to have been deleted.
    public static func goneDeletionTime(lastSync: Instant, now: Instant) -> Instant {
        max(lastSync, now - lifetimeSeconds)
    }
}

/// The same rule for the record of an undone habit day (`removed`: day → when it was undone),
/// which a habit used for years would otherwise accumulate without end.
///
/// Such a record lets the undo beat an older log of the same day from a machine that was offline.
/// It is dropped from the merged version — so from the store and from the exported `VTODO` at the
/// same time — once it is older than the lifetime, by the server's clock. The undo itself stays
/// (the day has no entry); only the proof of *when* goes. A machine that comes back within the
/// lifetime still meets the record of every undo later than its own offline logs: those logs were
/// made after its last sync, which is less than the lifetime ago. The one log that could outlive
/// the record is one the server already had at that machine's last sync (an undo from a third
/// machine that was offline itself arrived later); `goneDays` covers that case.
extension TombstonePolicy {
    /// `v` without the day removals that have expired at `now`.
    public static func withoutExpiredDayRemovals(_ v: HabitVersion, now: Instant) -> HabitVersion {
        guard case .present(let h, let logged, let removed) = v, removed.values.contains(where: { isExpired($0, now: now) }) else {
            return v
        }
        return .present(h, logged: logged, removed: removed.filter { !isExpired($0.value, now: now) })
    }

    /// Days `local` has that the server had too at the last sync (logged at or before it) and
    /// that `remote` now has neither as an entry nor as a removal: they were undone and the
    /// record pruned since, so, as for a gone item, they count as removed at `goneDeletionTime`.
    public static func goneDays(local: HabitVersion, remote: HabitVersion, lastSync: Instant, now: Instant) -> [CivilDate: Instant] {
        guard case .present(let lh, let ll, _) = local, case .present(let rh, _, let rr) = remote else { return [:] }
        let remoteDays = Set(rh.entries.map(\.date))
        let at = goneDeletionTime(lastSync: lastSync, now: now)
        var out: [CivilDate: Instant] = [:]
        for e in lh.entries where !remoteDays.contains(e.date) && rr[e.date] == nil {
            // An entry with no log time predates sync being set up: the first sync sent it.
            if (ll[e.date] ?? Instant(secondsSinceEpoch: 0)) <= lastSync { out[e.date] = at }
        }
        return out
    }
}
