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
    }

    let known = Mutex(Known())

    public init() {}

    static func fileName(_ generation: Int) -> String { "agent-records-\(generation).json" }

    /// The state file's share of `s` over `base`: the tracks not in `.ready`, and the handled
    /// occurrences and versions that differ from the base. Nil when a new generation must be
    /// written (no base, a record dropped since it, or more than `limit` records differ).
    static func difference(_ s: AgentState, over base: Base?) -> AgentState? {
        guard let base else { return nil }
        var tracks: [String: AlarmTrack] = [:]
        var differing = 0
        var covered = 0
        for (id, t) in s.alarms.tracks {
            let b = base.tracks[id]
            if let b {
                covered += 1
                if (b.handled != nil && t.handled == nil) || (b.seen != nil && t.seen == nil) { return nil }
            }
            let handled = t.handled == b?.handled ? nil : t.handled
            let seen = t.seen == b?.seen ? nil : t.seen
            if handled != nil || seen != nil {
                differing += 1
                if differing > limit { return nil }
            }
            if handled != nil || seen != nil || !t.isReady { tracks[id] = AlarmTrack(state: t.state, handled: handled, seen: seen) }
        }
        guard covered == base.tracks.count else { return nil }
        var out = s
        out.alarms = AlarmBook(tracks: tracks, pausedUntil: s.alarms.pausedUntil)
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

    /// `main` (a state file naming a generation) completed with that generation's records: an
    /// alarm's handled occurrence or version in the state file is the newer one.
    static func merge(_ main: inout AgentState, _ base: Base) {
        for (id, r) in base.tracks {
            let t = main.alarms[id]
            if t.handled == nil, let h = r.handled { main.alarms.markHandled(id, at: h) }
            if t.seen == nil, let v = r.seen { main.alarms.markSeen(id, v) }
        }
    }
}
