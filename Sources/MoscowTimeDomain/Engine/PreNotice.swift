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
