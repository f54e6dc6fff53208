// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

@Suite("Tombstone pruning rule")
struct TombstonePolicyTests {
    typealias F = CoreFixtures
    static let deleted = F.at("2026-11-20T10:00:00Z")
    static let day: Int64 = 86_400

    @Test("a deletion is kept for exactly the lifetime, and pruned after it")
    func lifetime() {
        let n = TombstonePolicy.lifetimeDays
        #expect(!TombstonePolicy.isExpired(Self.deleted, now: Self.deleted))
        #expect(!TombstonePolicy.isExpired(Self.deleted, now: Self.deleted + n * Self.day))
        #expect(TombstonePolicy.isExpired(Self.deleted, now: Self.deleted + n * Self.day + 1))
        // A clock set back does not prune.
        #expect(!TombstonePolicy.isExpired(Self.deleted, now: Self.deleted - 400 * Self.day))
    }

    @Test("an item gone from the server counts as deleted at the last sync, or at the horizon after a long absence")
    func goneTime() {
        let lastSync = F.at("2026-11-01T08:00:00Z")
        let soon = lastSync + 3 * Self.day
        #expect(TombstonePolicy.goneDeletionTime(lastSync: lastSync, now: soon) == lastSync)
        let late = lastSync + 400 * Self.day
        let horizon = late - TombstonePolicy.lifetimeDays * Self.day
        #expect(TombstonePolicy.goneDeletionTime(lastSync: lastSync, now: late) == horizon)
        // Never later than any deletion that could have been pruned by then: a deletion pruned at
        // `late` is at least the lifetime old, so it is at or before the horizon.
        #expect(TombstonePolicy.isExpired(horizon - 1, now: late) && !TombstonePolicy.isExpired(horizon, now: late))
    }

    @Test("after a long absence an offline edit older than the horizon loses to the deletion, a newer one wins")
    func offlineEdits() {
        let lastSync = F.at("2026-11-01T08:00:00Z")
        let now = lastSync + 400 * Self.day
        let gone = AlarmVersion.deleted(id: "0000aaaa", at: TombstonePolicy.goneDeletionTime(lastSync: lastSync, now: now))
        func edited(_ at: Instant) -> AlarmVersion {
            .present(Alarm(id: "0000aaaa", label: "x", schedule: F.everyDay(7, 0), created: lastSync, modified: at))
        }
        let old = edited(lastSync + 10 * Self.day)
        let recent = edited(now - 10 * Self.day)
        let lost = SyncMerge.alarm(local: old, remote: gone, localChanged: true, remoteChanged: true)
        #expect(lost.result == gone && lost.losers == [old])
        let kept = SyncMerge.alarm(local: recent, remote: gone, localChanged: true, remoteChanged: true)
        #expect(kept.result == recent)
    }
}
