// SPDX-License-Identifier: GPL-3.0-or-later
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
