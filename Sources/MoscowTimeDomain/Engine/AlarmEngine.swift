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
    /// When each alarm can next come due (see `evaluate`).
    private var wakes = AlarmWakes()
    /// Per alarm id, its places in `document.alarms`.
    private var places: [String: [Int]] = [:]
    /// Every alarm evaluated every time, as before `AlarmWakes`: the reference the tests compare with.
    var evaluatesEveryAlarm = false

    public init(document: StoreDocument, state: AlarmBook, zone: Zone) {
        self.document = document
        self.state = state
        self.zone = zone
        calendar = document.workingCalendar
        alarmsByID = Dictionary(document.alarms.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        places = Self.places(document)
    }

    private static func places(_ doc: StoreDocument) -> [String: [Int]] {
        Dictionary(grouping: doc.alarms.indices, by: { doc.alarms[$0].id })
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
        let before = state.revision
        document = doc
        self.zone = zone
        calendar = doc.workingCalendar
        alarmsByID = Dictionary(doc.alarms.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        places = Self.places(doc)
        wakes.forget()
        var effects: [AgentEffect] = []
        let rule = rule(now)
        // Gone, switched off, or its ringing or snoozed occurrence taken back (`disable --until`,
        // a skip of that day): silenced now, not rung on for its ring time nor again after a snooze.
        for id in state.tracks.keys.sorted() {
            let occurrence = state[id].ringing?.due ?? state[id].snooze?.due
            if let alarm = alarmsByID[id], alarm.enabled, occurrence.map({ rule.stillRings($0, alarm) }) ?? true { continue }
            if case .ringing = state.update(id, { $0.withdraw() }) { effects.append(.silence(alarmID: id, reason: .withdrawn)) }
            wakes.touch(id)
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
    private func decision(_ effects: [AgentEffect], since revision: UInt64) -> AgentDecision {
        AgentDecision(stateChanged: state.revision != revision, effects: effects)
    }

    /// Decides what is due at `now`. Safe to call at any time, any number of times. `atStart`: the
    /// agent has just started (see `NextRing.since`).
    ///
    /// Only the alarms that can have come due are looked at (`AlarmWakes`): an alarm whose own
    /// wake-up (its next occurrence after its search start, or its snooze's end, found when it was
    /// last evaluated at t0) is still after `now` has no occurrence in (t0, now] that it rings —
    /// one would have been that wake-up — and what it had by t0 was taken then; its baseline only
    /// grows as the clock moves forward. So evaluating it would change nothing. Every alarm is
    /// evaluated at start, after a new document or zone, and when `now` is before the last
    /// evaluation (the clock was set back).
    public func evaluate(now: Instant, atStart: Bool = false) -> AgentDecision {
        let before = state.revision
        var pass = Pass(atStart: atStart)
        for id in state.ringing.keys.sorted() {
            guard let r = state.update(id, { $0.timeOut(at: now) }) else { continue }
            wakes.touch(id)
            pass.effects.append(.silence(alarmID: id, reason: .unanswered))
            pass.missed.append(MissedAlarm(alarmID: id, label: r.label, due: r.due, reason: .unanswered))
            if wasLast(id, r.due) { pass.disable.append(id) }
        }

        pass.paused = state.pausedUntil.map { $0 > now } ?? false
        if let p = state.pausedUntil, p <= now { state.pausedUntil = nil }
        let rule = rule(now)
        let all = atStart || evaluatesEveryAlarm || !wakes.isKnown || evaluatedAt.map { now < $0 } ?? true
        let indices = all ? Array(document.alarms.indices) : candidates(at: now)
        for i in indices where document.alarms[i].enabled {
            evaluate(document.alarms[i], rule: rule, now: now, &pass)
        }
        if all {
            wakes.know(document.alarms.map { wake($0, rule: rule, from: now) })
        } else {
            for i in indices { wakes.set(i, wake(document.alarms[i], rule: rule, from: now)) }
            wakes.clearStale()
        }

        var effects = pass.effects
        if !pass.missed.isEmpty { effects.append(.reportMissed(pass.missed)) }
        effects += pass.disable.map(AgentEffect.disableAlarm)
        evaluatedAt = now
        return decision(effects, since: before)
    }

    /// What one evaluation collects as it goes over the alarms.
    private struct Pass {
        var effects: [AgentEffect] = []
        var missed: [MissedAlarm] = []
        var disable: [String] = []
        var paused = false
        let atStart: Bool
    }

    /// One alarm at `now`: takes in its version, then rings or reports what came due.
    private func evaluate(_ alarm: Alarm, rule: NextRing, now: Instant, _ pass: inout Pass) {
        let id = alarm.id
        let since = rule.since(alarm, state[id], atStart: pass.atStart)
        _ = state.update(id) { $0.see(alarm, in: zone, calendar: calendar, since: since) }
        // What comes due now: a new occurrence of the schedule wins over a pending snooze.
        var due: (occurrence: Instant, at: Instant, snoozes: Int)?
        if let s = state.update(id, { $0.snoozeEnded(at: now) }) { due = (s.due, s.until, s.count) }
        if let latest = rule.due(alarm, state[id]) {
            state.update(id) { $0.take(occurrence: latest) }
            due = (latest, latest, 0)
        }
        guard let due else { return }
        let lateness = now - due.at
        if pass.paused || lateness > Int64(settings.lateWindowMinutes) * 60 {
            pass.missed.append(
                MissedAlarm(alarmID: id, label: alarm.label, due: due.occurrence, reason: pass.paused ? .paused : .tooLate))
            if wasLast(id, due.occurrence) { pass.disable.append(id) }
            return
        }
        let r = RingingAlarm(
            alarmID: id, label: alarm.label, due: due.occurrence, startedAt: now,
            endsAt: now + Int64(settings.ringMinutes) * 60,
            isLate: lateness > Self.lateThreshold, snoozeCount: due.snoozes,
            snoozeMinutes: alarm.effectiveSnoozeMinutes(settings),
            sound: alarm.effectiveSound(settings),
            rampSeconds: alarm.effectiveRampSeconds(settings))
        if state.update(id, { $0.ring(r) }) != nil {
            pass.effects.append(.silence(alarmID: id, reason: .withdrawn))
        }
        pass.effects.append(.ring(r))
    }

    /// Snooze: silence now, ring again `minutes` (default: the alarm's snooze minutes as they are
    /// now, edited while it rang or not) from now.
    public func snooze(_ id: String, minutes: Int? = nil, now: Instant) throws(EngineError) -> AgentDecision {
        guard let r = state[id].ringing else {
            throw alarmsByID[id] == nil ? .unknownAlarm(id) : .notRinging(id)
        }
        let before = state.revision
        let current = alarmsByID[id]?.effectiveSnoozeMinutes(settings) ?? r.snoozeMinutes
        let until = now + Int64(minutes ?? current) * 60
        _ = state.update(id) { $0.snooze(until: until) }
        wakes.touch(id)
        return decision([.silence(alarmID: id, reason: .snoozed(until: until))], since: before)
    }

    /// Stop: silence a ringing alarm, or cancel a pending snooze. A one-time alarm becomes disabled
    /// when the stopped occurrence was its last (not when it was moved meanwhile).
    public func stop(_ id: String, now: Instant) throws(EngineError) -> AgentDecision {
        guard alarmsByID[id] != nil else { throw .unknownAlarm(id) }
        let before = state.revision
        var effects: [AgentEffect] = []
        let stopped: Instant
        wakes.touch(id)
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
        let before = state.revision
        var effects: [AgentEffect] = []
        var missed: [MissedAlarm] = []
        for (id, r) in state.ringing.sorted(by: { $0.key < $1.key }) {
            wakes.touch(id)
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
        let before = state.revision
        var effects: [AgentEffect] = []
        var missed: [MissedAlarm] = []
        for (id, r) in state.ringing.sorted(by: { $0.key < $1.key }) {
            _ = state.update(id) { $0.withdraw() }
            wakes.touch(id)
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
        let before = state.revision
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
        // The wake-ups kept hold from the last evaluation on (see `evaluate`); a track changed
        // since is looked at afresh.
        if wakes.isKnown, !evaluatesEveryAlarm, let e = evaluatedAt, now >= e {
            let stale = Set(wakes.stale.flatMap { places[$0] ?? [] })
            consider(wakes.earliest(except: stale))
            for i in stale { consider(wake(document.alarms[i], rule: rule, from: from)) }
        } else {
            for alarm in document.alarms { consider(wake(alarm, rule: rule, from: from)) }
        }
        return best
    }

    /// The alarms to evaluate at `now` when the wake-ups are known: those whose wake-up has come
    /// and those whose track changed since, in document order.
    private func candidates(at now: Instant) -> [Int] {
        guard !wakes.stale.isEmpty else { return wakes.due(at: now) }
        return Set(wakes.due(at: now) + wakes.stale.flatMap { places[$0] ?? [] }).sorted()
    }

    /// When `alarm` can next come due: its snooze's end, or its next occurrence after its search
    /// start (the one it would ring). Nil when it is off or has none left. A pending snooze's end
    /// inside the pause (to report it) and the occurrence that would supersede a snooze count: the
    /// rule's next ring leaves both out, the engine must see them.
    private func wake(_ alarm: Alarm, rule: NextRing, from: Instant) -> Instant? {
        guard alarm.enabled else { return nil }
        let track = state[alarm.id]
        let occurrence = rule.occurrence(after: rule.searchStart(alarm, track, from: from), alarm)
        guard let until = track.snooze?.until else { return occurrence }
        return occurrence.map { min($0, until) } ?? until
    }
}
