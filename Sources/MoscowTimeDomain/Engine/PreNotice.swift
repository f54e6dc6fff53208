// SPDX-License-Identifier: GPL-3.0-or-later
/// The evening notice of tomorrow's first alarm that wakes the computer ("Tomorrow 06:30 — Work",
/// Skip / OK), at the `pre-notice` time (off by default). Which ring it names comes from the one
/// rule for the next ring (`UpcomingTriggers`), so Skip takes out what the notice showed.
public struct PreNotice: Hashable, Sendable {
    public let alarmID: String
    public let label: String
    /// The ring it announces.
    public let at: Instant

    public init(alarmID: String, label: String, at: Instant) {
        self.alarmID = alarmID
        self.label = label
        self.at = at
    }

    /// When the next notice is due, strictly after `now`: today's `pre-notice` time if it is still
    /// ahead, else tomorrow's. Nil when the setting is off.
    public static func nextTime(after now: Instant, settings: Settings, zone: Zone) -> Instant? {
        guard let time = settings.preNotice else { return nil }
        let today = zone.local(now).date
        let tonight = zone.instant(today, time)
        return tonight > now ? tonight : zone.instant(today.adding(days: 1), time)
    }

    /// The notice time to arm the timer for at `now`: the next one after the last that fired
    /// (`lastFired`), including one that passed less than `rearmSlack` seconds ago. The timer is
    /// re-armed after every event the agent handles, and the clock moves on while it handles one
    /// (a save on a busy disk): a notice time reached meanwhile is kept, and fires at once.
    public static func timeToArm(now: Instant, lastFired: Instant?, settings: Settings, zone: Zone) -> Instant? {
        nextTime(after: max(now - rearmSlack, lastFired ?? now - rearmSlack), settings: settings, zone: zone)
    }

    /// How far back a notice time not fired yet is still kept (see `timeToArm`).
    public static let rearmSlack: Int64 = 60

    /// The notice for the evening of `now`: the first ring on the next day, by the zone's calendar,
    /// of an alarm that wakes the computer (a pending snooze is not one). Nil when there is none.
    public static func find(_ doc: StoreDocument, state: AgentState, zone: Zone, now: Instant) -> PreNotice? {
        let tomorrow = zone.local(now).date.adding(days: 1)
        let count = min(2 * doc.alarms.count + 2, 1000)
        for t in UpcomingTriggers.list(doc, state: state, zone: zone, now: now, count: count) {
            let day = zone.local(t.at).date
            if day > tomorrow { break }
            guard day == tomorrow, t.snoozedFrom == nil, t.alarm.effectiveWake(doc.settings) else { continue }
            return PreNotice(alarmID: t.alarm.id, label: t.alarm.label, at: t.at)
        }
        return nil
    }
}
