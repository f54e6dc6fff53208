// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// The deterministic two-way merge of one item (RFC-style "last writer wins", refined per day).
///
/// A side that has not changed since the last sync simply takes the other side's version. When
/// both changed (or there is no record of the last sync), the later edit wins — for alarms and
/// habit definitions by `modified`, for each habit day by the time it was logged or removed — a
/// deletion wins over an edit that is not later than it, and exact ties are broken by comparing
/// the two versions' canonical text, so both machines reach the same result whichever runs the
/// merge. Every version that loses to a concurrent one is returned, to be kept in the conflict log.
/// Before any of that, a value of ours that one side only cut (another program's rewrite: a note
/// cut at its first comma, a dropped property, at the same version stamp) is put back whole on
/// both sides (`OwnDataCuts`), so such a rewrite is never taken as an edit and spread.
public enum SyncMerge {
    public struct Outcome<Version: Hashable & Sendable>: Hashable, Sendable {
        public let result: Version
        /// Versions that lost to a concurrent edit (empty when one side was simply behind).
        public let losers: [Version]
        /// Habit days whose losing entries are not a whole version: "2026-11-20: done (logged …)".
        public let lostDays: [String]
    }

    public static func alarm(local: AlarmVersion, remote: AlarmVersion, localChanged: Bool, remoteChanged: Bool) -> Outcome<AlarmVersion> {
        // A value another program only cut is no change of it: both sides take it whole (`OwnDataCuts`).
        let (local, remote) = OwnDataCuts.restoring(local: local, remote: remote)
        if local == remote { return Outcome(result: local, losers: [], lostDays: []) }
        if !localChanged { return Outcome(result: remote, losers: [], lostDays: []) }
        if !remoteChanged { return Outcome(result: local, losers: [], lostDays: []) }
        let localWins = wins(local.time, isDeletion(local), canonical(local), over: remote.time, isDeletion(remote), canonical(remote))
        return Outcome(result: localWins ? local : remote, losers: [localWins ? remote : local], lostDays: [])
    }

    public static func habit(local: HabitVersion, remote: HabitVersion, localChanged: Bool, remoteChanged: Bool) -> Outcome<HabitVersion> {
        let (local, remote) = OwnDataCuts.restoring(local: local, remote: remote)
        if local == remote { return Outcome(result: local, losers: [], lostDays: []) }
        if !localChanged { return Outcome(result: remote, losers: [], lostDays: []) }
        if !remoteChanged { return Outcome(result: local, losers: [], lostDays: []) }
        switch (local, remote) {
        case (.present(let lh, let ll, let lr), .present(let rh, let rl, let rr)):
            return mergeDays(lh, ll, lr, rh, rl, rr)
        default:
            let localWins = wins(local.time, isDeletion(local), canonical(local), over: remote.time, isDeletion(remote), canonical(remote))
            return Outcome(result: localWins ? local : remote, losers: [localWins ? remote : local], lostDays: [])
        }
    }

    /// Both sides kept the habit: the later definition, and per day the later log or removal.
    static func mergeDays(
        _ lh: Habit, _ ll: [CivilDate: Instant], _ lr: [CivilDate: Instant],
        _ rh: Habit, _ rl: [CivilDate: Instant], _ rr: [CivilDate: Instant]
    ) -> Outcome<HabitVersion> {
        let localDefinition = definitionText(lh)
        let remoteDefinition = definitionText(rh)
        let localDefinitionWins =
            localDefinition == remoteDefinition
            || wins(lh.modified, false, localDefinition, over: rh.modified, false, remoteDefinition)
        var merged = localDefinitionWins ? lh : rh
        var losers: [HabitVersion] = []
        if localDefinition != remoteDefinition {
            var loser = localDefinitionWins ? rh : lh
            loser.entries = []
            losers.append(.present(loser, logged: [:], removed: [:]))
        }
        var le: [CivilDate: HabitEntry] = [:]
        var re: [CivilDate: HabitEntry] = [:]
        for e in lh.entries { le[e.date] = e }
        for e in rh.entries { re[e.date] = e }
        let days = Set(le.keys).union(re.keys).union(lr.keys).union(rr.keys)
        var entries: [HabitEntry] = []
        var logged: [CivilDate: Instant] = [:]
        var removed: [CivilDate: Instant] = [:]
        var lostDays: [String] = []
        let zero = Instant(secondsSinceEpoch: 0)
        for day in days.sorted() {
            // Each side's state of the day: an entry (with its log time) or a removal (with its time).
            let l: (HabitEntry?, Instant)? = le[day].map { ($0, ll[day] ?? zero) } ?? lr[day].map { (nil, $0) }
            let r: (HabitEntry?, Instant)? = re[day].map { ($0, rl[day] ?? zero) } ?? rr[day].map { (nil, $0) }
            let winner: (HabitEntry?, Instant)
            switch (l, r) {
            case (let x?, nil): winner = x
            case (nil, let y?): winner = y
            case (let x?, let y?):
                if x.0 == y.0 {
                    winner = x.1 >= y.1 ? x : y
                    break
                }
                let localWins = wins(x.1, x.0 == nil, dayText(x.0), over: y.1, y.0 == nil, dayText(y.0))
                winner = localWins ? x : y
                let loser = localWins ? y : x
                lostDays.append("\(day): \(dayText(loser.0)) (\(ISO8601.utcString(loser.1)))")
            case (nil, nil): continue
            }
            if let e = winner.0 {
                guard e.date >= merged.start else { continue }
                entries.append(e)
                if winner.1 != zero { logged[day] = winner.1 }
            } else {
                removed[day] = winner.1
            }
        }
        merged.entries = entries
        return Outcome(result: .present(merged, logged: logged, removed: removed), losers: losers, lostDays: lostDays)
    }

    /// `a` beats `b`: later time; at the same time a deletion; then the larger canonical text.
    static func wins(_ at: Instant, _ aDeleted: Bool, _ aText: String, over bt: Instant, _ bDeleted: Bool, _ bText: String) -> Bool {
        if at != bt { return at > bt }
        if aDeleted != bDeleted { return aDeleted }
        return aText >= bText
    }

    static func isDeletion(_ v: AlarmVersion) -> Bool {
        if case .deleted = v { return true }
        return false
    }
    static func isDeletion(_ v: HabitVersion) -> Bool {
        if case .deleted = v { return true }
        return false
    }

    static func canonical(_ v: AlarmVersion) -> String {
        switch v {
        case .present(let a): return JSONWriter.compact(DocumentCoding.encode(a))
        case .deleted(let id, let at): return "deleted \(id) \(at)"
        }
    }

    static func canonical(_ v: HabitVersion) -> String {
        switch v {
        case .present(let h, _, _): return JSONWriter.compact(HabitCoding.encode(h))
        case .deleted(let id, let at): return "deleted \(id) \(at)"
        }
    }

    static func definitionText(_ h: Habit) -> String {
        var d = h
        d.entries = []
        return JSONWriter.compact(HabitCoding.encode(d))
    }

    static func dayText(_ e: HabitEntry?) -> String {
        guard let e else { return "removed" }
        return JSONWriter.compact(HabitCoding.encode(e))
    }
}
