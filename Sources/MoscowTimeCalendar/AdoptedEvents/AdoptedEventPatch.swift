// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import MoscowTimeDomain

/// Another program's event taken as an alarm (`CalendarImporter.Reader.adopt`) and changed here:
/// the server's text of it with only what the change means patched in — SUMMARY for the label, the
/// reminder's TRIGGER for the ring time (DTSTART and DTEND stay: the ring is start + trigger),
/// BYDAY for the days, an EXDATE written as DTSTART is for a skip, and for "off" the reminders
/// taken away (as our own disabled alarms: no calendar reminds) with `X-MOSCOWTIME-ENABLED:FALSE`
/// and the reminder's offset in `X-MOSCOWTIME-TRIGGER` (so the ring time stays and "on" writes the
/// reminder back), our X-properties for snooze, sound, fade-in and "off until"; SEQUENCE is
/// stepped and LAST-MODIFIED and DTSTAMP stamped later than the copy's. Every other line keeps its
/// bytes (`ContentLines` says why lines, not libical's tree). Floating times whose zone nothing
/// names get `X-MOSCOWTIME-FLOATING-ZONE`, so every machine reads them at one instant.
///
/// Nil when the change is not one of these (once ↔ repeating, another interval) or the patched
/// text does not read back as the alarm: the caller then writes the alarm as ours.
public enum AdoptedEventPatch {
    /// `zone`: the configured one (`Settings.zone`).
    /// `restamp`: stamped and sent even when it says the same (`sync --keep-local`).
    public static func patched(_ text: String, alarm: Alarm, zone: Zone, now: Instant, restamp: Bool = false) -> String? {
        ICal.exclusive { patch(text, alarm, zone: zone, now: now, restamp: restamp) }
    }

    static func patch(_ text: String, _ alarm: Alarm, zone: Zone, now: Instant, restamp: Bool = false) -> String? {
        let bytes = Array(text.utf8)
        guard let base = read(bytes, alarm.id, zone: zone, now: now), let uid = base.uid,
            let event = EventLines(ContentLines(text), uid: uid)
        else { return nil }
        let alarmZone = base.alarm.zone.flatMap(Zone.shared) ?? zone
        guard let facts = AdoptedEventFacts(bytes, uid: uid, zone: alarmZone, now: now) else { return nil }
        var edit = AdoptedEventEdit(
            event: event, facts: facts, base: base.alarm, target: alarm, zone: alarmZone, today: zone.local(now).date)
        guard edit.apply() else { return nil }
        guard edit.changed || restamp else { return text }
        edit.stamp(alarm.modified)
        let out = edit.event.lines.text
        guard let back = read(Array(out.utf8), alarm.id, zone: zone, now: now),
            meaning(back.alarm, today: zone.local(now).date) == meaning(alarm, today: zone.local(now).date)
        else { return nil }
        return out
    }

    /// The alarm the text says, and its event's UID. A one-time event whose ring has passed (an
    /// alarm switched off after it rang) is read as of before it, when it was still to ring.
    static func read(_ bytes: [UInt8], _ id: String, zone: Zone, now: Instant) -> (alarm: Alarm, uid: String?)? {
        for at in [now, Instant(secondsSinceEpoch: 946_684_800)] {
            guard let imp = try? CalendarImporter.parse(bytes, zone: zone, now: at, adopting: true),
                let a = imp.alarms.first(where: { $0.id == id })
            else { continue }
            return (a, imp.adoptedUIDs[id])
        }
        return nil
    }

    /// What of an alarm the event says: not its times of creation and change, nor a weekly
    /// series' first day (read from DTSTART and today), nor skips already past.
    static func meaning(_ a: Alarm, today: CivilDate) -> Alarm {
        var m = a.withoutPastSkips(today: today)
        m.created = Instant(secondsSinceEpoch: 0)
        m.modified = m.created
        m.wake = nil
        if case .weekly(let days, let time, _) = m.schedule { m.schedule = .weekly(days: days, time: time) }
        return m
    }
}
