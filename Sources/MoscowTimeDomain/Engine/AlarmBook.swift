// SPDX-License-Identifier: GPL-3.0-or-later
/// Every alarm's `AlarmTrack` and the do-not-disturb pause: the alarm half of `AgentState`.
public struct AlarmBook: Hashable, Sendable {
    /// Per alarm id. An alarm without an entry is `.ready` with nothing handled yet.
    public internal(set) var tracks: [String: AlarmTrack] = [:]
    /// Do-not-disturb: alarms falling due before this instant are reported, not rung.
    public var pausedUntil: Instant? {
        didSet { if pausedUntil != oldValue { revision &+= 1 } }
    }

    /// The ids of the alarms that ring now, kept with every change of a track: asked at every
    /// evaluation, every next wake and by every observer, where a pass over a thousand tracks cost
    /// more than evaluating the alarm that rang.
    public private(set) var ringingIDs: Set<String> = []

    /// Counts the changes: a decision compares it with its value before (`AgentDecision.stateChanged`)
    /// rather than keeping a copy of the book — the first change then copied a thousand tracks, and
    /// the comparison looked at each. Not part of the book's value (`==`).
    public private(set) var revision: UInt64 = 0

    /// The ids changed, for `changes(since:)`. Not part of the book's value either.
    private var changeLog = AlarmChangeLog()

    public init(tracks: [String: AlarmTrack] = [:], pausedUntil: Instant? = nil) {
        self.tracks = tracks
        self.pausedUntil = pausedUntil
        ringingIDs = Set(tracks.compactMap { $0.value.ringing == nil ? nil : $0.key })
    }

    public static func == (a: AlarmBook, b: AlarmBook) -> Bool { a.pausedUntil == b.pausedUntil && a.tracks == b.tracks }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(tracks)
        hasher.combine(pausedUntil)
    }

    /// Where the book's changes stand now.
    public var changeMark: AlarmChangeMark { AlarmChangeMark(log: changeLog, count: changeLog.ids.count) }

    /// The ids whose track changed since `mark` was taken of this book or of a copy it descends
    /// from unchanged (possibly with repeats); nil when that is not known: the mark is of another
    /// line of changes, or the log started afresh since.
    public func changes(since mark: AlarmChangeMark) -> ArraySlice<String>? {
        guard let log = mark.log, log === changeLog, mark.count <= log.ids.count else { return nil }
        return log.ids[mark.count...]
    }

    private mutating func changed(_ id: String) {
        revision &+= 1
        if !isKnownUniquelyReferenced(&changeLog) || changeLog.ids.count >= AlarmChangeLog.limit { changeLog = AlarmChangeLog() }
        changeLog.ids.append(id)
    }

    public subscript(id: String) -> AlarmTrack { tracks[id] ?? AlarmTrack() }

    /// Per alarm id: the latest occurrence handled.
    public var handled: [String: Instant] { tracks.compactMapValues(\.handled) }
    /// Per alarm id: a pending snooze.
    public var snoozes: [String: Snooze] { tracks.compactMapValues(\.snooze) }
    /// Per alarm id: what rings now.
    public var ringing: [String: RingingAlarm] {
        var out: [String: RingingAlarm] = [:]
        for id in ringingIDs { out[id] = tracks[id]?.ringing }
        return out
    }

    /// Records an occurrence as handled (state files, tests, migrations).
    public mutating func markHandled(_ id: String, at occurrence: Instant) {
        tracks[id, default: AlarmTrack()].handled = occurrence
        changed(id)
    }

    /// Per alarm id: the version taken in.
    public var seen: [String: SeenVersion] { tracks.compactMapValues(\.seen) }

    /// Records the version taken in (state files, tests).
    public mutating func markSeen(_ id: String, _ version: SeenVersion) {
        tracks[id, default: AlarmTrack()].seen = version
        changed(id)
    }

    /// Puts an alarm in the ringing state (state files, tests).
    public mutating func setRinging(_ id: String, _ ring: RingingAlarm) {
        tracks[id, default: AlarmTrack()].state = .ringing(ring)
        ringingIDs.insert(id)
        changed(id)
    }

    /// Puts an alarm in the snoozed state (state files, tests).
    public mutating func setSnooze(_ id: String, _ snooze: Snooze) {
        tracks[id, default: AlarmTrack()].state = .snoozed(snooze)
        ringingIDs.remove(id)
        changed(id)
    }

    /// Applies a transition to one alarm's track, dropping tracks that hold nothing.
    mutating func update<R>(_ id: String, _ body: (inout AlarmTrack) -> R) -> R {
        let before = self[id]
        var track = before
        let result = body(&track)
        guard track != before else { return result }
        tracks[id] = track == AlarmTrack() ? nil : track
        if track.ringing != nil { ringingIDs.insert(id) } else { ringingIDs.remove(id) }
        changed(id)
        return result
    }

    /// Forgets an alarm entirely (deleted from the document).
    mutating func forget(_ id: String) {
        guard tracks.removeValue(forKey: id) != nil else { return }
        ringingIDs.remove(id)
        changed(id)
    }
}
