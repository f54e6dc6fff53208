// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import Synchronization

/// The alarms' records that seldom change — each alarm's handled occurrence and version taken in —
/// kept in a file of their own, `agent-records-N.json` beside the state file (N its generation),
/// which the state file names (`"records": N`). The state file holds what differs from it (the
/// record of the alarm that just rang), the snoozes, what rings, the habit reminders and the
/// notifications: the save before each ring writes and syncs about a kilobyte, not a record per
/// alarm (171 KB with a thousand alarms).
///
/// When more than `limit` records differ, or one was dropped, a new generation is written whole,
/// then the state file naming it — the commit: a crash in between leaves the state file naming the
/// old generation, still there — and then the old one is removed. A state file without `records`
/// (written before) holds every record itself and is read as ever; the next save splits it.
public final class AgentStateRecords: Sendable {
    static let key = "records"
    /// The records the state file holds apart before a new generation is written.
    static let limit = 64

    /// A generation's records: tracks in `.ready` with their handled occurrence and version.
    struct Base: Equatable {
        var generation: Int
        var tracks: [String: AlarmTrack]
    }

    struct Known {
        /// The records file as written or read, nil when none is (a file from before, or unreadable).
        var base: Base?
        /// The last generation named by the state file: the next one is written after it.
        var generation = 0
        /// The alarms' part of the state file as last written (`part`), and where the book's changes
        /// stood then: the next save looks at the alarms changed since, not at every one.
        var part: [String: AlarmTrack] = [:]
        var mark: AlarmChangeMark?
    }

    let known = Mutex(Known())

    public init() {}

    static func fileName(_ generation: Int) -> String { "agent-records-\(generation).json" }

    /// What the state file holds of one alarm's track `t` over the base's record `b`.
    enum Share: Equatable {
        /// A record of the base is gone: the records must be written anew.
        case none
        /// Its entry (the state and what differs), nil when it has nothing to add.
        case entry(AlarmTrack?)
    }

    static func share(_ t: AlarmTrack?, over b: AlarmTrack?) -> Share {
        let t = t ?? AlarmTrack()
        if let b, (b.handled != nil && t.handled == nil) || (b.seen != nil && t.seen == nil) { return .none }
        let handled = t.handled == b?.handled ? nil : t.handled
        let seen = t.seen == b?.seen ? nil : t.seen
        guard handled != nil || seen != nil || !t.isReady else { return .entry(nil) }
        return .entry(AlarmTrack(state: t.state, handled: handled, seen: seen))
    }

    /// The alarms' part of the state file for `s`: the tracks not in `.ready`, and the handled
    /// occurrences and versions that differ from the base. Looks only at the alarms changed since
    /// the last save when the book says which; nil when a new generation must be written (no
    /// base, a record dropped since it, or more than `limit` records differ).
    static func part(_ s: AgentState, _ known: Known) -> [String: AlarmTrack]? {
        guard let base = known.base else { return nil }
        guard let mark = known.mark, let ids = s.alarms.changes(since: mark) else { return difference(s, over: base) }
        var part = known.part
        for id in Set(ids) {
            guard case .entry(let entry) = share(s.alarms.tracks[id], over: base.tracks[id]) else { return nil }
            part[id] = entry
        }
        return part.values.count(where: { $0.handled != nil || $0.seen != nil }) > limit ? nil : part
    }

    /// `part` found by comparing every track with the base.
    static func difference(_ s: AgentState, over base: Base) -> [String: AlarmTrack]? {
        var part: [String: AlarmTrack] = [:]
        var differing = 0
        var covered = 0
        for (id, t) in s.alarms.tracks {
            let b = base.tracks[id]
            if b != nil { covered += 1 }
            guard case .entry(let entry) = share(t, over: b) else { return nil }
            guard let entry else { continue }
            if entry.handled != nil || entry.seen != nil {
                differing += 1
                if differing > limit { return nil }
            }
            part[id] = entry
        }
        return covered == base.tracks.count ? part : nil
    }

    /// The state file's state: `s` with the alarms' `part`.
    static func stateFile(_ s: AgentState, _ part: [String: AlarmTrack]) -> AgentState {
        var out = s
        out.alarms = AlarmBook(tracks: part, pausedUntil: s.alarms.pausedUntil)
        return out
    }

    /// Every record of `s`, as the generation `generation`.
    static func base(_ s: AgentState, generation: Int) -> Base {
        var tracks: [String: AlarmTrack] = [:]
        tracks.reserveCapacity(s.alarms.tracks.count)
        for (id, t) in s.alarms.tracks where t.handled != nil || t.seen != nil {
            tracks[id] = AlarmTrack(handled: t.handled, seen: t.seen)
        }
        return Base(generation: generation, tracks: tracks)
    }

    /// The records of a records file as read: its tracks as they are, unless one is not `.ready`
    /// (a records file never holds a snooze or a ring; one edited by hand might).
    static func base(read s: AgentState, generation: Int) -> Base {
        let ready = s.alarms.ringingIDs.isEmpty && !s.alarms.tracks.values.contains { $0.snooze != nil }
        return ready ? Base(generation: generation, tracks: s.alarms.tracks) : base(s, generation: generation)
    }

    /// `main` (a state file naming a generation) completed with that generation's records: an
    /// alarm's handled occurrence or version in the state file is the newer one. Built from the
    /// base's tracks, the state file's few laid over them.
    static func merged(_ main: AgentState, _ base: Base) -> AgentState {
        var tracks = base.tracks
        for (id, t) in main.alarms.tracks {
            let b = tracks[id]
            tracks[id] = AlarmTrack(state: t.state, handled: t.handled ?? b?.handled, seen: t.seen ?? b?.seen)
        }
        var out = main
        out.alarms = AlarmBook(tracks: tracks, pausedUntil: main.alarms.pausedUntil)
        return out
    }
}
