// SPDX-License-Identifier: GPL-3.0-or-later
/// Every alarm's `AlarmTrack` and the do-not-disturb pause: the alarm half of `AgentState`.
public struct AlarmBook: Hashable, Sendable {
    /// Per alarm id. An alarm without an entry is `.ready` with nothing handled yet.
    public internal(set) var tracks: [String: AlarmTrack] = [:]
    /// Do-not-disturb: alarms falling due before this instant are reported, not rung.
    public var pausedUntil: Instant?

    public init(tracks: [String: AlarmTrack] = [:], pausedUntil: Instant? = nil) {
        self.tracks = tracks
        self.pausedUntil = pausedUntil
    }

    public subscript(id: String) -> AlarmTrack { tracks[id] ?? AlarmTrack() }

    /// Per alarm id: the latest occurrence handled.
    public var handled: [String: Instant] { tracks.compactMapValues(\.handled) }
    /// Per alarm id: a pending snooze.
    public var snoozes: [String: Snooze] { tracks.compactMapValues(\.snooze) }
    /// Per alarm id: what rings now.
    public var ringing: [String: RingingAlarm] { tracks.compactMapValues(\.ringing) }

    /// Records an occurrence as handled (state files, tests, migrations).
    public mutating func markHandled(_ id: String, at occurrence: Instant) {
        tracks[id, default: AlarmTrack()].handled = occurrence
    }

    /// Per alarm id: the version taken in.
    public var seen: [String: SeenVersion] { tracks.compactMapValues(\.seen) }

    /// Records the version taken in (state files, tests).
    public mutating func markSeen(_ id: String, _ version: SeenVersion) {
        tracks[id, default: AlarmTrack()].seen = version
    }

    /// Puts an alarm in the ringing state (state files, tests).
    public mutating func setRinging(_ id: String, _ ring: RingingAlarm) {
        tracks[id, default: AlarmTrack()].state = .ringing(ring)
    }

    /// Puts an alarm in the snoozed state (state files, tests).
    public mutating func setSnooze(_ id: String, _ snooze: Snooze) {
        tracks[id, default: AlarmTrack()].state = .snoozed(snooze)
    }

    /// Applies a transition to one alarm's track, dropping tracks that hold nothing.
    mutating func update<R>(_ id: String, _ body: (inout AlarmTrack) -> R) -> R {
        var track = self[id]
        let result = body(&track)
        tracks[id] = track == AlarmTrack() ? nil : track
        return result
    }

    /// Forgets an alarm entirely (deleted from the document).
    mutating func forget(_ id: String) { tracks[id] = nil }
}
