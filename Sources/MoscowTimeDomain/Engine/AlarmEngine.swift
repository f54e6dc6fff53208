// SPDX-License-Identifier: GPL-3.0-or-later
/// The agent's alarm logic, free of I/O: given the user's document, the persisted `AgentState` and
/// "now", it decides what rings, what is missed, and when to wake up next. The runtime calls it on
/// every timer fire, clock change, resume and reload, and carries out the returned decision.
///
/// Each alarm's life is an `AlarmTrack` (`AlarmState`: ready / ringing / snoozed, changed only by
/// the track's named transitions). `AgentScheduler` composes this engine with the habit reminders.
/// Rules:
/// - An occurrence is handled at most once: the track's `handled` records the latest handled one
///   and is persisted before the ring is shown (every decision says whether the state changed:
///   `AgentDecision.stateChanged`, found by comparing it with the state before).
/// - An occurrence older than the late window when first seen (asleep, agent not running) does not
///   ring; it is reported in one "missed" notification. Within the window it rings, marked late
///   when more than `lateThreshold` after its time.
/// - Which occurrence is due and which rings next is `NextRing`'s one rule, shared with the wake
///   planner and everything that shows the next ring: occurrences from before the alarm's current
///   version arrived on this machine (by its own clock) are never rung or reported.
/// - Decisions read the alarm as it is now, not as it was when it started ringing: a stopped or
///   unanswered one-time alarm is switched off only when that occurrence was its schedule's last.
/// - While paused, due alarms are reported, not rung. A ring already in progress goes on.
public final class AlarmEngine {
    public static let lateThreshold: Int64 = 60

    public private(set) var document: StoreDocument
    public private(set) var state: AlarmBook
    public private(set) var zone: Zone
    /// The `now` of the last `evaluate` (see `nextWake`).
    public private(set) var evaluatedAt: Instant?
    private var alarmsByID: [String: Alarm] = [:]
    /// `document.workingCalendar`, put together once per document.
    private var calendar: WorkingCalendar

    public init(document: StoreDocument, state: AlarmBook, zone: Zone) {
        self.document = document
        self.state = state
        self.zone = zone
        calendar = document.workingCalendar
        alarmsByID = Dictionary(document.alarms.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }

    public convenience init(document: StoreDocument, state: AgentState, zone: Zone) {
        self.init(document: document, state: state.alarms, zone: zone)
    }

    /// What rings now, per alarm id.
    public var ringing: [String: RingingAlarm] { state.ringing }

    private var settings: Settings { document.settings }
    private func rule(_ now: Instant) -> NextRing {
        NextRing(
            writtenAt: document.writtenAt, arrivals: document.arrivals, pausedUntil: state.pausedUntil, zone: zone, calendar: calendar,
            now: now)
    }

    /// Whether `occurrence` was the last of the alarm's schedule as it is now: a one-time alarm
    /// moved to another day, or made repeating, while it rang has more to come and stays on.
    private func wasLast(_ id: String, _ occurrence: Instant) -> Bool {
        guard let alarm = alarmsByID[id] else { return false }
        return rule(occurrence).occurrence(after: occurrence, alarm) == nil
    }

    /// A new version of the user's document (CLI edit, reload): withdraw what no longer exists, then evaluate.
    public func replaceDocument(_ doc: StoreDocument, zone: Zone, now: Instant) -> AgentDecision {
        let before = state
        document = doc
        self.zone = zone
        calendar = doc.workingCalendar
        alarmsByID = Dictionary(doc.alarms.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var effects: [AgentEffect] = []
        let rule = rule(now)
        // Gone, switched off, or its ringing or snoozed occurrence taken back (`disable --until`,
        // a skip of that day): silenced now, not rung on for its ring time nor again after a snooze.
        for id in state.tracks.keys.sorted() {
            let occurrence = state[id].ringing?.due ?? state[id].snooze?.due
            if let alarm = alarmsByID[id], alarm.enabled, occurrence.map({ rule.stillRings($0, alarm) }) ?? true { continue }
            if case .ringing = state.update(id, { $0.withdraw() }) { effects.append(.silence(alarmID: id, reason: .withdrawn)) }
            if alarmsByID[id] == nil { state.forget(id) }
        }
        // A ringing alarm shows what it is called now.
        for id in state.ringing.keys.sorted() {
            guard let label = alarmsByID[id]?.label, let r = state.update(id, { $0.relabel(label) }) else { continue }
            effects.append(.relabel(r))
        }
        effects += evaluate(now: now).effects
        return decision(effects, since: before)
    }

    /// `effects`, and whether the state differs from `before`.
    private func decision(_ effects: [AgentEffect], since before: AlarmBook) -> AgentDecision {
        AgentDecision(stateChanged: state != before, effects: effects)
    }

    /// Decides what is due at `now`. Safe to call at any time, any number of times. `atStart`: the
    /// agent has just started (see `NextRing.since`).
    public func evaluate(now: Instant, atStart: Bool = false) -> AgentDecision {
        let before = state
        var effects: [AgentEffect] = []
        var missed: [MissedAlarm] = []
        var disable: [String] = []

        for id in state.ringing.keys.sorted() {
            guard let r = state.update(id, { $0.timeOut(at: now) }) else { continue }
            effects.append(.silence(alarmID: id, reason: .unanswered))
            missed.append(MissedAlarm(alarmID: id, label: r.label, due: r.due, reason: .unanswered))
            if wasLast(id, r.due) { disable.append(id) }
        }

        let paused = state.pausedUntil.map { $0 > now } ?? false
        if let p = state.pausedUntil, p <= now { state.pausedUntil = nil }
        let rule = rule(now)

        for alarm in document.alarms where alarm.enabled {
            let id = alarm.id
            let since = rule.since(alarm, state[id], atStart: atStart)
            _ = state.update(id) { $0.see(alarm, in: zone, calendar: calendar, since: since) }
            // What comes due now: a new occurrence of the schedule wins over a pending snooze.
            var due: (occurrence: Instant, at: Instant, snoozes: Int)?
            if let s = state.update(id, { $0.snoozeEnded(at: now) }) { due = (s.due, s.until, s.count) }
            if let latest = rule.due(alarm, state[id]) {
                state.update(id) { $0.take(occurrence: latest) }
                due = (latest, latest, 0)
            }
            guard let due else { continue }
            let lateness = now - due.at
            if paused || lateness > Int64(settings.lateWindowMinutes) * 60 {
                missed.append(
                    MissedAlarm(
                        alarmID: id, label: alarm.label, due: due.occurrence,
                        reason: paused ? .paused : .tooLate))
                if wasLast(id, due.occurrence) { disable.append(id) }
                continue
            }
            let r = RingingAlarm(
                alarmID: id, label: alarm.label, due: due.occurrence, startedAt: now,
                endsAt: now + Int64(settings.ringMinutes) * 60,
                isLate: lateness > Self.lateThreshold, snoozeCount: due.snoozes,
                snoozeMinutes: alarm.effectiveSnoozeMinutes(settings),
                sound: alarm.effectiveSound(settings),
                rampSeconds: alarm.effectiveRampSeconds(settings))
            if state.update(id, { $0.ring(r) }) != nil {
                effects.append(.silence(alarmID: id, reason: .withdrawn))
            }
            effects.append(.ring(r))
        }

        if !missed.isEmpty { effects.append(.reportMissed(missed)) }
        effects += disable.map(AgentEffect.disableAlarm)
        evaluatedAt = now
        return decision(effects, since: before)
    }

    /// Snooze: silence now, ring again `minutes` (default: the alarm's snooze minutes as they are
    /// now, edited while it rang or not) from now.
    public func snooze(_ id: String, minutes: Int? = nil, now: Instant) throws(EngineError) -> AgentDecision {
        guard let r = state[id].ringing else {
            throw alarmsByID[id] == nil ? .unknownAlarm(id) : .notRinging(id)
        }
        let before = state
        let current = alarmsByID[id]?.effectiveSnoozeMinutes(settings) ?? r.snoozeMinutes
        let until = now + Int64(minutes ?? current) * 60
        _ = state.update(id) { $0.snooze(until: until) }
        return decision([.silence(alarmID: id, reason: .snoozed(until: until))], since: before)
    }

    /// Stop: silence a ringing alarm, or cancel a pending snooze. A one-time alarm becomes disabled
    /// when the stopped occurrence was its last (not when it was moved meanwhile).
    public func stop(_ id: String, now: Instant) throws(EngineError) -> AgentDecision {
        guard alarmsByID[id] != nil else { throw .unknownAlarm(id) }
        let before = state
        var effects: [AgentEffect] = []
        let stopped: Instant
        switch state.update(id, { $0.stop() }) {
        case .ringing(let r):
            effects.append(.silence(alarmID: id, reason: .stopped))
            stopped = r.due
        case .snoozed(let s): stopped = s.due
        case .ready: throw .notRingingOrSnoozed(id)
        }
        if wasLast(id, stopped) { effects.append(.disableAlarm(id)) }
        return decision(effects, since: before)
    }

    /// The agent starts with alarms that were ringing when the previous agent died (crash, kill -9,
    /// restart, --replace): nobody stopped them, so each rings again for what is left of its ring
    /// duration; one whose duration has run out meanwhile is reported once as missed.
    public func resumeInterrupted(now: Instant) -> AgentDecision {
        let before = state
        var effects: [AgentEffect] = []
        var missed: [MissedAlarm] = []
        for (id, r) in state.ringing.sorted(by: { $0.key < $1.key }) {
            guard alarmsByID[id]?.enabled == true else {
                // Deleted or switched off while no agent ran: nothing to ring or report.
                _ = state.update(id) { $0.withdraw() }
                continue
            }
            if r.endsAt > now {
                effects.append(.ring(r))
            } else {
                _ = state.update(id) { $0.withdraw() }
                missed.append(MissedAlarm(alarmID: id, label: r.label, due: r.due, reason: .interrupted))
                if wasLast(id, r.due) { effects.append(.disableAlarm(id)) }
            }
        }
        if !missed.isEmpty { effects.append(.reportMissed(missed)) }
        return decision(effects, since: before)
    }

    /// logind says the machine is about to sleep: nothing may keep ringing through it.
    public func silenceForSleep(now: Instant) -> AgentDecision {
        let before = state
        var effects: [AgentEffect] = []
        var missed: [MissedAlarm] = []
        for (id, r) in state.ringing.sorted(by: { $0.key < $1.key }) {
            _ = state.update(id) { $0.withdraw() }
            effects.append(.silence(alarmID: id, reason: .sleep))
            missed.append(MissedAlarm(alarmID: id, label: r.label, due: r.due, reason: .sleep))
            if wasLast(id, r.due) { effects.append(.disableAlarm(id)) }
        }
        if !missed.isEmpty { effects.append(.reportMissed(missed)) }
        // Persisted before the sleep inhibitor is released: after resume it is not rung again.
        return decision(effects, since: before)
    }

    /// Do-not-disturb until `until` (nil resumes). Alarms due meanwhile are reported, not rung.
    public func pause(until: Instant?) -> AgentDecision {
        let before = state
        state.pausedUntil = until
        return decision([], since: before)
    }

    /// When the runtime must call `evaluate` next: the earliest trigger, snooze end or ring timeout.
    /// Asked later than the last evaluation, an occurrence that came due in between is the answer,
    /// in the past (the runtime's timer then fires at once).
    public func nextWake(now: Instant) -> Instant? {
        var best: Instant?
        func consider(_ t: Instant?) { if let t, best == nil || t < best! { best = t } }
        for r in state.ringing.values { consider(r.endsAt) }
        consider(state.pausedUntil)
        let rule = rule(now)
        // Occurrences are looked for after the last evaluation, not after now: the runtime asks a
        // moment after it decided (a slow save in between), and one due in that moment would be
        // passed over and never ring. Not further back: what an evaluation left (an earlier
        // occurrence before a skipped one) is not due, and must not wake it again and again.
        let from = min(evaluatedAt ?? now, now)
        for alarm in document.alarms where alarm.enabled {
            let track = state[alarm.id]
            // Also a snooze's end inside the pause (to report it) and the occurrence that would
            // supersede a snooze: the rule's next ring leaves both out, the engine must see them.
            consider(track.snooze?.until)
            consider(rule.occurrence(after: rule.searchStart(alarm, track, from: from), alarm))
        }
        return best
    }
}
