// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// Stamps, in the store's one write path, when each alarm's current version arrived here: every
/// alarm new or changed by this write gets the write's time, a deleted one loses its stamp. Sync
/// and import included — the stamp is this machine's clock, never the version's own `modified`
/// (another clock's), so an agent that was not reading (stopped, hung) dates each version by the
/// write that brought it.
enum ArrivalStamper {
    static func stamp(before: StoreDocument, after doc: inout StoreDocument, at now: Instant) {
        var old: [String: Alarm] = [:]
        old.reserveCapacity(before.alarms.count)
        for a in before.alarms { old[a.id] = a }
        var arrivals: [String: Instant] = [:]
        arrivals.reserveCapacity(doc.alarms.count)
        for a in doc.alarms {
            if let was = old[a.id], was == a, let at = doc.arrivals[a.id] {
                arrivals[a.id] = at
            } else if old[a.id] != a {
                arrivals[a.id] = now
            }
        }
        doc.arrivals = arrivals
    }
}
