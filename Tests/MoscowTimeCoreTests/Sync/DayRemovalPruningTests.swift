// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

@Suite("Pruning the records of undone habit days")
struct DayRemovalPruningTests {
    typealias F = CoreFixtures
    static let t0 = F.at("2026-11-20T10:00:00Z")
    static let day: Int64 = 86_400
    static let lifetime = TombstonePolicy.lifetimeDays * day
    static let d1 = F.day(2026, 11, 10), d2 = F.day(2026, 11, 11), d3 = F.day(2026, 11, 12)

    func habit(_ entries: [HabitEntry]) -> Habit {
        var h = Habit(id: "0000bbbb", name: "Run", start: F.day(2026, 11, 1), created: Self.t0 - 30 * Self.day)
        h.entries = entries
        return h
    }

    @Test("removals older than the lifetime are dropped, younger ones and everything else kept")
    func expiry() {
        let v = HabitVersion.present(
            habit([.done(Self.d3)]), logged: [Self.d3: Self.t0],
            removed: [Self.d1: Self.t0, Self.d2: Self.t0 + 10])
        let atLimit = TombstonePolicy.withoutExpiredDayRemovals(v, now: Self.t0 + Self.lifetime)
        #expect(atLimit == v)
        let after = TombstonePolicy.withoutExpiredDayRemovals(v, now: Self.t0 + Self.lifetime + 1)
        #expect(after == .present(habit([.done(Self.d3)]), logged: [Self.d3: Self.t0], removed: [Self.d2: Self.t0 + 10]))
        // A deleted habit and a habit without removals are left as they are.
        let deleted = HabitVersion.deleted(id: "0000bbbb", at: Self.t0)
        #expect(TombstonePolicy.withoutExpiredDayRemovals(deleted, now: Self.t0 + 10 * Self.lifetime) == deleted)
    }

    @Test("an undo later than an offline log wins while its record lives")
    func undoWinsWithinLifetime() {
        let log = Self.t0 + 100
        let undo = Self.t0 + 200
        let offline = HabitVersion.present(habit([.done(Self.d1)]), logged: [Self.d1: log], removed: [:])
        let server = HabitVersion.present(habit([]), logged: [:], removed: [Self.d1: undo])
        let o = SyncMerge.habit(local: offline, remote: server, localChanged: true, remoteChanged: true)
        let kept = TombstonePolicy.withoutExpiredDayRemovals(o.result, now: undo + Self.lifetime)
        #expect(kept == server && o.lostDays.count == 1)
    }

    @Test("a day the server had at the last sync and lost without a record counts as removed then")
    func goneDays() {
        let lastSync = Self.t0 + 1_000
        // d1 logged before the last sync (the server had it), d2 after (never sent), d3 with no
        // log time (from before sync was set up), d1/d3 missing on the server with no record.
        let local = HabitVersion.present(
            habit([.done(Self.d1), .done(Self.d2), .done(Self.d3)]),
            logged: [Self.d1: Self.t0, Self.d2: lastSync + 5], removed: [:])
        let remote = HabitVersion.present(habit([]), logged: [:], removed: [:])
        let now = lastSync + 400 * Self.day
        let at = TombstonePolicy.goneDeletionTime(lastSync: lastSync, now: now)
        let gone = TombstonePolicy.goneDays(local: local, remote: remote, lastSync: lastSync, now: now)
        #expect(gone == [Self.d1: at, Self.d3: at])
        // Merged with those days marked removed, they go; the later log stays; no record is kept.
        let o = SyncMerge.habit(local: local, remote: remote.marking(gone, removed: true), localChanged: true, remoteChanged: true)
        #expect(o.result.marking(gone, removed: false) == .present(habit([.done(Self.d2)]), logged: [Self.d2: lastSync + 5], removed: [:]))
        #expect(o.lostDays.count == 2)
        // A day the server still has, or has a record of, is not gone.
        let server = HabitVersion.present(habit([.done(Self.d1)]), logged: [:], removed: [Self.d3: Self.t0])
        #expect(TombstonePolicy.goneDays(local: local, remote: server, lastSync: lastSync, now: now) == [:])
    }
}

@Suite("This machine's clock against the server's")
struct ServerClockTests {
    typealias F = CoreFixtures
    static let server = F.at("2026-11-24T10:00:00Z")

    @Test("agrees within five minutes either way, not beyond, and never without a server time")
    func margin() {
        for (offset, agrees) in [(0, true), (300, true), (-300, true), (301, false), (-301, false), (3 * 3_600, false)] as [(Int64, Bool)] {
            let c = ServerClock(local: Self.server + offset, server: Self.server)
            #expect(c.agrees == agrees && c.skew == offset && c.now == Self.server)
        }
        let unknown = ServerClock(local: Self.server, server: nil)
        #expect(!unknown.agrees && unknown.skew == nil && unknown.now == Self.server)
    }

    @Test("stamps later than the server's time plus the margin take the server's time; others stay")
    func clamping() {
        let c = ServerClock(local: F.at("2030-06-01T12:00:00Z"), server: Self.server)
        let future = F.at("2030-06-01T11:00:00Z")
        let past = Self.server - 3_600
        let near = Self.server + 200
        let a = AlarmVersion.present(Alarm(id: "0000aaaa", label: "x", schedule: F.everyDay(7, 0), created: past, modified: future))
        guard case .present(let ca) = a.clamped(notAfter: c.latestPlausibleStamp, to: c.now) else {
            Issue.record("deleted")
            return
        }
        #expect(ca.created == past && ca.modified == Self.server)
        #expect(
            AlarmVersion.deleted(id: "0000aaaa", at: future).clamped(notAfter: c.latestPlausibleStamp, to: c.now)
                == .deleted(id: "0000aaaa", at: Self.server))
        let d = F.day(2026, 11, 20)
        let e = F.day(2026, 11, 21)
        var h = Habit(id: "0000bbbb", name: "Run", start: F.day(2026, 11, 1), created: past, modified: near)
        h.entries = [.done(d)]
        let v = HabitVersion.present(h, logged: [d: future], removed: [e: near])
        var expected = h
        expected.modified = near
        #expect(v.clamped(notAfter: c.latestPlausibleStamp, to: c.now) == .present(expected, logged: [d: Self.server], removed: [e: near]))
    }
}
