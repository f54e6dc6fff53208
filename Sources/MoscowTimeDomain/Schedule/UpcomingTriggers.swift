// SPDX-License-Identifier: GPL-3.0-or-later
/// The coming rings of all enabled alarms, soonest first (`agent-cli next`, the tray, `status`).
public struct Trigger: Hashable, Sendable {
    public let alarm: Alarm
    public let at: Instant
    /// Set when this ring is a pending snooze; holds the snoozed occurrence's original time.
    public let snoozedFrom: Instant?
}

public enum UpcomingTriggers {
    /// Up to `count` triggers strictly after `now`. An alarm may appear several times. Each alarm's
    /// first is `NextRing`'s (what the agent will ring: handled occurrences, a superseded snooze and
    /// what falls in a pause left out), the rest its later rings.
    public static func list(
        _ doc: StoreDocument, state: AgentState = AgentState(), zone: Zone,
        now: Instant, count: Int
    ) -> [Trigger] {
        guard count > 0 else { return [] }
        let rule = NextRing(document: doc, state: state, zone: zone, now: now)
        var result: [Trigger] = []
        // Candidates: each alarm's next occurrence; the heap-free merge keeps it simple and, for
        // `count` ≪ alarms, cheap: one pass to seed, then a few refills per taken trigger.
        // By the alarm's place in the document: sorting a thousand alarms themselves moved each
        // alarm's whole value, most of the tray's refresh after a ring.
        var pending: [(at: Instant, index: Int)] = []
        pending.reserveCapacity(doc.alarms.count)
        for (i, alarm) in doc.alarms.enumerated() where alarm.enabled {
            guard let first = rule.next(alarm, state.alarms[alarm.id]) else { continue }
            if let from = first.snoozedFrom {
                result.append(Trigger(alarm: alarm, at: first.at, snoozedFrom: from))
                if let t = rule.ring(after: rule.searchStart(alarm, state.alarms[alarm.id]), alarm) {
                    pending.append((t, i))
                }
            } else {
                pending.append((first.at, i))
            }
        }
        let alarms = doc.alarms
        pending.sort { $0.at < $1.at || ($0.at == $1.at && alarms[$0.index].id < alarms[$1.index].id) }
        var taken = 0
        var window = Array(pending.prefix(count))
        while taken < count, !window.isEmpty {
            let first = window.removeFirst()
            let alarm = alarms[first.index]
            result.append(Trigger(alarm: alarm, at: first.at, snoozedFrom: nil))
            taken += 1
            if let t = rule.ring(after: first.at, alarm) {
                let idx = window.firstIndex { $0.at > t || ($0.at == t && alarms[$0.index].id > alarm.id) } ?? window.endIndex
                window.insert((t, first.index), at: idx)
            }
        }
        result.sort { $0.at < $1.at || ($0.at == $1.at && $0.alarm.id < $1.alarm.id) }
        return Array(result.prefix(count))
    }
}
