// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// A server copy that only dropped our data (a note cut at its first comma, a reminder list cut
/// to its first time, a property left out, at the same version stamp) is not taken as a change,
/// while our own edits and the other program's real change are (issue 23 §2).
@Suite("Sync: values another program only cut")
struct OwnDataCutsTests {
    typealias F = CoreFixtures
    static let t0 = F.at("2026-11-20T10:00:00Z")
    static let day = F.day(2026, 11, 20), done = F.day(2026, 11, 22)
    static let note = "a, b; c"

    static func habit() -> Habit {
        Habit(
            id: "0000bbbb", name: "Water", frequency: .weekdays([.monday, .wednesday]),
            reminders: [F.time(10, 0), F.time(16, 0)], start: F.day(2026, 11, 1),
            kind: .numeric(HabitGoal(unit: "стакан,стакана,стаканов", target: 8)),
            entries: [.done(day, amount: 3, note: note)], created: t0, modified: t0)
    }
    static let logged: [CivilDate: Instant] = [day: t0 + 60]

    /// What vobject (or Radicale) makes of the unescaped export: each value up to its first comma.
    static func cut(_ h: Habit) -> Habit {
        var c = h
        c.reminders = [F.time(10, 0)]
        c.frequency = .weekdays([.monday])
        c.kind = .numeric(HabitGoal(unit: "стакан", target: 8))
        c.entries = [.done(day, amount: 3, note: "a")]
        return c
    }

    @Test("what counts as a cut")
    func cuts() {
        #expect(OwnDataCuts.isCut("a", of: "a, b; c"))
        #expect(OwnDataCuts.isCut("a, b", of: "a, b; c"))
        #expect(OwnDataCuts.isCut(nil, of: "a"))
        #expect(OwnDataCuts.isCut("", of: "a"))
        #expect(!OwnDataCuts.isCut("a, b; c", of: "a, b; c"))
        #expect(!OwnDataCuts.isCut("a, ", of: "a, b"))  // not just before a separator
        #expect(!OwnDataCuts.isCut("ab", of: "abc"))  // a shorter word is an edit
        #expect(!OwnDataCuts.isCut("b", of: "a, b"))
        #expect(!OwnDataCuts.isCut(nil, of: nil))
        #expect(!OwnDataCuts.isCut("a", of: nil))
        #expect(OwnDataCuts.isCut([F.time(10, 0)], of: [F.time(10, 0), F.time(16, 0)]))
        #expect(OwnDataCuts.isCut([], of: [F.time(10, 0)]))
        #expect(!OwnDataCuts.isCut([F.time(16, 0)], of: [F.time(10, 0), F.time(16, 0)]))
        #expect(!OwnDataCuts.isCut([F.time(10, 0)], of: [F.time(10, 0)]))
    }

    /// todoman marked the to-do done through a reader that cut our values: the server's version
    /// changed, ours did not. The day done is taken; reminders, frequency, unit and note stay whole.
    @Test("a server copy that only cut our values, plus a real change: the change is taken, the values stay")
    func cutPlusRealChange() {
        let h = Self.habit()
        var remote = Self.cut(h)
        remote.entries.append(.done(Self.done, amount: 8))
        let l = HabitVersion.present(h, logged: Self.logged, removed: [:])
        let r = HabitVersion.present(remote, logged: Self.logged.merging([Self.done: Self.t0 + 3600]) { a, _ in a }, removed: [:])
        for (lc, rc) in [(false, true), (true, true)] {
            let o = SyncMerge.habit(local: l, remote: r, localChanged: lc, remoteChanged: rc)
            guard case .present(let m, let logged, _) = o.result else {
                Issue.record("deleted")
                return
            }
            #expect(m.reminders == h.reminders && m.frequency == h.frequency && m.kind == h.kind)
            #expect(m.entries == [.done(Self.day, amount: 3, note: Self.note), .done(Self.done, amount: 8)])
            #expect(logged[Self.done] == Self.t0 + 3600)
            #expect(o.losers.isEmpty && o.lostDays.isEmpty)
        }
    }

    @Test("a machine that took a cut copy earlier gets the whole values back from the server")
    func cutLocalRestored() {
        let h = Self.habit()
        let l = HabitVersion.present(Self.cut(h), logged: Self.logged, removed: [:])
        let r = HabitVersion.present(h, logged: Self.logged, removed: [:])
        for (lc, rc) in [(false, true), (true, true), (true, false)] {
            let o = SyncMerge.habit(local: l, remote: r, localChanged: lc, remoteChanged: rc)
            #expect(o.result == r && o.losers.isEmpty && o.lostDays.isEmpty)
        }
    }

    /// todoman's `done` moves LAST-MODIFIED but keeps what we wrote as our stamp
    /// (`X-MOSCOWTIME-MODIFIED`, or DTSTAMP in older copies): that stamp says which version of our
    /// data the copy was made from.
    @Test("a rewrite that moved LAST-MODIFIED is recognised by the stamp we wrote")
    func movedLastModified() {
        let h = Self.habit()
        var remote = Self.cut(h)
        remote.modified = Self.t0 + 3600
        let l = HabitVersion.present(h, logged: Self.logged, removed: [:])
        let r = HabitVersion.present(remote, logged: Self.logged, removed: [:])
        let restored = OwnDataCuts.restoring(local: l, remote: r, remoteWritten: Self.t0)
        var expected = h
        expected.modified = Self.t0 + 3600
        #expect(restored.local == l)
        #expect(restored.remote == .present(expected, logged: Self.logged, removed: [:]))
        // Without that stamp, or with another, the definition is an edit like any (the day's note,
        // logged at the same time on both sides, is still put back whole).
        for written in [nil, Self.t0 + 5] {
            guard case .present(let m, _, _) = OwnDataCuts.restoring(local: l, remote: r, remoteWritten: written).remote else {
                Issue.record("deleted")
                return
            }
            #expect(m.reminders == remote.reminders && m.frequency == remote.frequency && m.kind == remote.kind)
            #expect(m.entries == h.entries)
        }
    }

    @Test("a dropped reminders property at the same stamp is no change")
    func droppedProperty() {
        let h = Self.habit()
        var remote = h
        remote.reminders = []
        let o = SyncMerge.habit(
            local: .present(h, logged: Self.logged, removed: [:]), remote: .present(remote, logged: Self.logged, removed: [:]),
            localChanged: false, remoteChanged: true)
        #expect(o.result == .present(h, logged: Self.logged, removed: [:]))
    }

    /// Our own edits move the stamps, so they are merged as ever, even when they look like a cut.
    @Test("our own edit that removes a reminder or shortens a note is taken")
    func ownEditsStillWin() {
        let h = Self.habit()
        var edited = h
        edited.reminders = [F.time(10, 0)]
        edited.modified = Self.t0 + 120
        let o = SyncMerge.habit(
            local: .present(h, logged: Self.logged, removed: [:]), remote: .present(edited, logged: Self.logged, removed: [:]),
            localChanged: false, remoteChanged: true)
        #expect(o.result == .present(edited, logged: Self.logged, removed: [:]))
        var renoted = h
        renoted.entries = [.done(Self.day, amount: 3, note: "a")]
        let later = [Self.day: Self.t0 + 600]
        let p = SyncMerge.habit(
            local: .present(h, logged: Self.logged, removed: [:]), remote: .present(renoted, logged: later, removed: [:]),
            localChanged: true, remoteChanged: true)
        guard case .present(let m, _, _) = p.result else {
            Issue.record("deleted")
            return
        }
        #expect(m.entries == renoted.entries)
        // And a different value at the same stamp is not a cut: the usual tie-break decides.
        var other = h
        other.reminders = [F.time(16, 0)]
        let q = SyncMerge.habit(
            local: .present(h, logged: Self.logged, removed: [:]), remote: .present(other, logged: Self.logged, removed: [:]),
            localChanged: false, remoteChanged: true)
        #expect(q.result == .present(other, logged: Self.logged, removed: [:]))
    }

    @Test("an alarm's sound cut at a comma at the same stamp stays whole")
    func alarmSound() {
        let a = Alarm(
            id: "0000aaaa", label: "Подъём", schedule: F.everyDay(7, 0), sound: "/home/me/rooster, loud.ogg",
            created: Self.t0, modified: Self.t0)
        var cut = a
        cut.sound = "/home/me/rooster"
        let o = SyncMerge.alarm(local: .present(a), remote: .present(cut), localChanged: false, remoteChanged: true)
        #expect(o.result == .present(a) && o.losers.isEmpty)
        cut.modified = Self.t0 + 1
        #expect(
            SyncMerge.alarm(local: .present(a), remote: .present(cut), localChanged: false, remoteChanged: true).result == .present(cut))
    }
}
