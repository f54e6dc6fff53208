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

/// One alarm's bookkeeping: its state and the latest occurrence already handled (rung, reported
/// missed, or skipped), so that no occurrence is handled twice. The transitions are the only way
/// the engine changes it.
public struct AlarmTrack: Hashable, Sendable {
    public internal(set) var state: AlarmState
    /// The latest occurrence handled; nil before the first one.
    public internal(set) var handled: Instant?

    public init(state: AlarmState = .ready, handled: Instant? = nil) { self.state = state; self.handled = handled }

    public var ringing: RingingAlarm? { if case .ringing(let r) = state { return r }; return nil }
    public var snooze: Snooze? { if case .snoozed(let s) = state { return s }; return nil }
    public var isReady: Bool { state == .ready }

    // MARK: transitions

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
