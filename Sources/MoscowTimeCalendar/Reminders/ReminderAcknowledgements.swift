// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import MoscowTimeDomain

/// What Thunderbird writes on an event or to-do when its reminder is dismissed or snoozed:
/// `X-MOZ-LASTACK` (every reminder due until then is dismissed), `X-MOZ-SNOOZE-TIME` (a
/// single item snoozed until then) and, on a repeating item's master, `X-MOZ-SNOOZE-TIME-<n>`
/// for the occurrence whose RECURRENCE-ID is `n` microseconds after 1970 (Thunderbird's PRTime).
/// RFC 9074's ACKNOWLEDGED is the VALARM's own (`ReminderAlarm.acknowledged`).
struct ReminderAcknowledgements {
    static let lastAck = "X-MOZ-LASTACK"
    static let snoozeTime = "X-MOZ-SNOOZE-TIME"

    var lastAcknowledged: Instant?
    var snoozedUntil: Instant?
    var snoozedOccurrences: [Int64: Instant] = [:]

    init(_ c: OpaquePointer?) {
        guard let c else { return }
        lastAcknowledged = ICal.xValue(c, Self.lastAck).flatMap(ICal.parseCompactUTC)
        var p = icalcomponent_get_first_property(c, ICAL_X_PROPERTY)
        while let prop = p {
            let name = ICal.propertyName(prop).uppercased()
            if name == Self.snoozeTime {
                snoozedUntil = ICal.xValue(prop).flatMap(ICal.parseCompactUTC)
            } else if name.hasPrefix(Self.snoozeTime + "-"), let micros = Int64(name.dropFirst(Self.snoozeTime.count + 1)),
                let until = ICal.xValue(prop).flatMap(ICal.parseCompactUTC)
            {
                snoozedOccurrences[micros] = until
            }
            p = icalcomponent_get_next_property(c, ICAL_X_PROPERTY)
        }
    }

    /// The snooze of the occurrence whose RECURRENCE-ID is `original` (nil: the item is single).
    func snooze(of original: Instant?) -> Instant? {
        guard let original else { return snoozedUntil }
        let (micros, overflow) = original.secondsSinceEpoch.multipliedReportingOverflow(by: 1_000_000)
        return overflow ? nil : snoozedOccurrences[micros]
    }
}
