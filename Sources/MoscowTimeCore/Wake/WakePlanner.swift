// SPDX-License-Identifier: GPL-3.0-or-later
/// When the machine must be woken from suspend: one instant, the earliest ring of an alarm that
/// wants waking, less a lead so that the session is up (unlocked to the point of showing
/// notifications) when it rings. The agent keeps exactly this one wake-up armed, re-plans on every
/// change (edit, snooze, stop, pause, resume, a ring) and clears it when the plan is nil.
///
/// It follows the engine's rules: disabled alarms and alarms without wake never count, an
/// occurrence already handled does not, a pending snooze does, and nothing that falls due during a
/// pause (it would be reported, not rung) — the first ring after the pause does.
public struct WakePlan: Hashable, Sendable {
    /// Arm the wake-up for this instant.
    public let wakeAt: Instant
    /// The ring it is for.
    public let trigger: Instant
    public let alarmID: String
}

public enum WakePlanner {
    /// One minute: enough for resume, the lock screen and the notification server on a laptop.
    public static let defaultLeadSeconds: Int64 = 60

    public static func plan(_ doc: StoreDocument, state: AgentState, zone: Zone, now: Instant,
                            leadSeconds: Int64 = defaultLeadSeconds) -> WakePlan? {
        let calc = OccurrenceCalculator(zone: zone)
        let pausedUntil = state.pausedUntil.flatMap { $0 > now ? $0 : nil }
        var best: (at: Instant, id: String)?
        func consider(_ t: Instant?, _ id: String) {
            guard let t, t > now else { return }
            if let p = pausedUntil, t < p { return }
            if best == nil || t < best!.at || (t == best!.at && id < best!.id) { best = (t, id) }
        }
        for alarm in doc.alarms where alarm.enabled && alarm.effectiveWake(doc.settings) {
            consider(state.snoozes[alarm.id]?.until, alarm.id)
            var after = max(state.handled[alarm.id] ?? alarm.modified, alarm.modified, now)
            // Occurrences inside the pause are not rung: look from its end (an occurrence exactly
            // at the end rings, so start one second before).
            if let p = pausedUntil { after = max(after, p - 1) }
            consider(calc.next(alarm.schedule, after: after), alarm.id)
        }
        guard let best, Limits.instantSeconds.contains(best.at.secondsSinceEpoch) else { return nil }
        // A ring closer than the lead: wake as soon as possible rather than at a past instant.
        let wakeAt = max(best.at - max(0, leadSeconds), now)
        return WakePlan(wakeAt: wakeAt, trigger: best.at, alarmID: best.id)
    }
}
