// SPDX-License-Identifier: GPL-3.0-or-later
/// Where one alarm is in its life, as GNOME Clocks' `AlarmItem.State` (ready, ringing, snoozing).
/// "Stopped" and "missed" are not states but transitions back to `.ready`: the occurrence they
/// concerned is recorded in `AlarmTrack.handled` and never comes back.
///
///     ready ──ring──▶ ringing ──snooze──▶ snoozed ──snoozeEnded──▶ (ring again)
///       ▲               │ stop / timeOut / withdraw      │ stop / withdraw / newer occurrence
///       └───────────────┴────────────────────────────────┘
public enum AlarmState: Hashable, Sendable {
    /// Waiting for its next occurrence (or disabled).
    case ready
    /// Ringing now. Persisted: a ring cut short by a crash or restart was never stopped, so the next
    /// agent rings it for the rest of its duration (`AlarmEngine.resumeInterrupted`).
    case ringing(RingingAlarm)
    /// Silenced for a while; rings again at `Snooze.until`.
    case snoozed(Snooze)
}

/// The version of an alarm this machine has taken in, and when by its own clock (see `NextRing`).
public struct SeenVersion: Hashable, Sendable {
    /// The alarm's `modified` stamp: it changes with every edit, here or on another machine.
    public let modified: Instant
    /// The zone its occurrences were computed in: another zone is another version.
    public let zone: String
    /// When it arrived on this machine, by this machine's clock.
    public let since: Instant
    /// The working days its occurrences were computed with (`WorkingCalendar.fingerprint`), for an
    /// alarm on working days: another production calendar is another version; nil for the others.
    public let calendar: UInt64?

    public init(modified: Instant, zone: String, since: Instant, calendar: UInt64? = nil) {
        self.modified = modified
        self.zone = zone
        self.since = since
        self.calendar = calendar
    }

    init(_ alarm: Alarm, in zone: Zone, calendar: WorkingCalendar, since: Instant) {
        self.init(modified: alarm.modified, zone: zone.identifier, since: since, calendar: Self.calendar(alarm, calendar))
    }

    public func isVersion(of alarm: Alarm, in zone: Zone, calendar: WorkingCalendar) -> Bool {
        modified == alarm.modified && self.zone == zone.identifier && self.calendar == Self.calendar(alarm, calendar)
    }

    private static func calendar(_ alarm: Alarm, _ calendar: WorkingCalendar) -> UInt64? {
        if case .workdays = alarm.schedule { return calendar.fingerprint }
        return nil
    }
}

/// One alarm's bookkeeping: its state, the latest occurrence already handled (rung, reported
/// missed, or skipped), so that no occurrence is handled twice, and the version taken in. The
/// transitions are the only way the engine changes it.
public struct AlarmTrack: Hashable, Sendable {
    public internal(set) var state: AlarmState
    /// The latest occurrence handled; nil before the first one.
    public internal(set) var handled: Instant?
    /// The alarm's version the agent has taken in; nil before it has.
    public internal(set) var seen: SeenVersion?

    public init(state: AlarmState = .ready, handled: Instant? = nil, seen: SeenVersion? = nil) {
        self.state = state
        self.handled = handled
        self.seen = seen
    }

    public var ringing: RingingAlarm? {
        if case .ringing(let r) = state { return r }
        return nil
    }
    public var snooze: Snooze? {
        if case .snoozed(let s) = state { return s }
        return nil
    }
    public var isReady: Bool { state == .ready }

    // MARK: transitions

    /// The agent takes in the alarm's current version (a new one arrived `since`). Returns whether
    /// that is news.
    mutating func see(_ alarm: Alarm, in zone: Zone, calendar: WorkingCalendar, since: Instant) -> Bool {
        if let seen, seen.isVersion(of: alarm, in: zone, calendar: calendar) { return false }
        seen = SeenVersion(alarm, in: zone, calendar: calendar, since: since)
        return true
    }

    /// A new occurrence of the schedule is taken in hand (it will ring or be reported missed).
    /// Supersedes a pending snooze.
    mutating func take(occurrence: Instant) {
        handled = occurrence
        if snooze != nil { state = .ready }
    }

    /// ready / snoozed / ringing → ringing. Returns the ring it replaced, if one was ringing.
    @discardableResult
    mutating func ring(_ r: RingingAlarm) -> RingingAlarm? {
        let previous = ringing
        state = .ringing(r)
        return previous
    }

    /// ringing → ringing under a new label (the alarm was edited while it rang). Returns the ring
    /// when the label changed.
    mutating func relabel(_ label: String) -> RingingAlarm? {
        guard let r = ringing, r.label != label else { return nil }
        state = .ringing(r.relabeled(label))
        return ringing
    }

    /// ringing → snoozed. Returns the snooze, nil when it was not ringing.
    mutating func snooze(until: Instant) -> Snooze? {
        guard let r = ringing else { return nil }
        let s = Snooze(until: until, due: r.due, count: r.snoozeCount + 1)
        state = .snoozed(s)
        return s
    }

    /// snoozed → ready when the snooze is over: returns it (the caller rings it again).
    mutating func snoozeEnded(at now: Instant) -> Snooze? {
        guard let s = snooze, s.until <= now else { return nil }
        state = .ready
        return s
    }

    /// ringing → ready because its ring duration ran out (reported missed). Returns the ring.
    mutating func timeOut(at now: Instant) -> RingingAlarm? {
        guard let r = ringing, r.endsAt <= now else { return nil }
        state = .ready
        return r
    }

    /// ringing / snoozed → ready at the user's request. Returns what it was.
    mutating func stop() -> AlarmState {
        let previous = state
        state = .ready
        return previous
    }

    /// Any state → ready because the alarm was disabled or deleted, or the machine sleeps.
    mutating func withdraw() -> AlarmState { stop() }
}
