// SPDX-License-Identifier: GPL-3.0-or-later
/// When the machine must be woken from suspend: one instant, the earliest ring of an alarm that
/// wants waking, less a lead so that the session is up (unlocked to the point of showing
/// notifications) when it rings. The agent keeps exactly this one wake-up armed, re-plans on every
/// change (edit, snooze, stop, pause, resume, a ring) and clears it when the plan is nil.
///
/// The ring is `NextRing`'s, the one rule the engine and agent-cli follow too: disabled alarms and
/// alarms without wake never count, an occurrence already handled does not, a pending snooze does,
/// and nothing that falls due during a pause (it would be reported, not rung) — the first ring
/// after the pause does.
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

    public static func plan(
        _ doc: StoreDocument, state: AgentState, zone: Zone, now: Instant,
        leadSeconds: Int64 = defaultLeadSeconds
    ) -> WakePlan? {
        let rule = NextRing(document: doc, state: state, zone: zone, now: now)
        var best: (at: Instant, id: String)?
        for alarm in doc.alarms where alarm.enabled && alarm.effectiveWake(doc.settings) {
            guard let t = rule.next(alarm, state.alarms[alarm.id])?.at else { continue }
            if best == nil || t < best!.at || (t == best!.at && alarm.id < best!.id) { best = (t, alarm.id) }
        }
        guard let best, Limits.instantSeconds.contains(best.at.secondsSinceEpoch) else { return nil }
        // A ring closer than the lead: wake as soon as possible rather than at a past instant.
        let wakeAt = max(best.at - max(0, leadSeconds), now)
        return WakePlan(wakeAt: wakeAt, trigger: best.at, alarmID: best.id)
    }
}
