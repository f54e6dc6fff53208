// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import MoscowTimeDomain

/// `ReminderReader`'s pass over one VCALENDAR: each item (a master with its RECURRENCE-ID
/// overrides, by UID) expanded over the part of time whose reminders can fall in the window,
/// and each occurrence's alarms rung there.
struct ReminderWalk {
    let window: Range<Instant>
    var result = ReminderReading()
    var checkedZones: [String: Bool] = [:]

    init(window: Range<Instant>) { self.window = window }

    mutating func read(_ calendar: OpaquePointer, times: ReminderTimes) {
        let defined = ZoneReferences.defined(in: calendar)
        var items: [ReminderItem] = []
        for c in ICal.children(calendar, ICAL_ANY_COMPONENT) {
            let kind = icalcomponent_isa(c)
            guard kind == ICAL_VEVENT_COMPONENT || kind == ICAL_VTODO_COMPONENT else { continue }
            // No time of the item is asked of libical before its zones are checked.
            if let tzid = ZoneReferences.firstRefused(in: c, defined: defined, checked: &checkedZones) {
                skip(CalendarImporter.Reader.name(c), .zoneNotInDatabase(tzid))
                continue
            }
            do throws(ReminderSkip.Reason) {
                let item = try ReminderItem(c, times: times)
                // An override whose occurrence cannot be named would ring as a second series.
                if icalcomponent_get_first_property(c, ICAL_RECURRENCEID_PROPERTY) != nil, recurrenceID(item, times) == nil {
                    throw .unreadableRecurrenceID
                }
                items.append(item)
            } catch {
                skip(CalendarImporter.Reader.name(c), error)
            }
        }
        var overridden: [String: Set<String>] = [:]
        var masters: [String: ReminderItem] = [:]
        for item in items {
            if let rid = recurrenceID(item, times) {
                overridden[item.name.uid, default: []].insert(rid.key)
            } else if masters[item.name.uid] == nil {
                masters[item.name.uid] = item
            }
        }
        for item in items where result.reminders.count < ReminderLimits.maximumReminders {
            if let rid = recurrenceID(item, times) {
                override(item, rid: rid, master: masters[item.name.uid], times: times)
            } else {
                master(item, overridden: overridden[item.name.uid] ?? [], times: times)
            }
        }
    }

    /// An override's RECURRENCE-ID: the key and instant of the occurrence it replaces.
    func recurrenceID(_ item: ReminderItem, _ times: ReminderTimes) -> (key: String, instant: Instant)? {
        guard let p = icalcomponent_get_first_property(item.component, ICAL_RECURRENCEID_PROPERTY) else { return nil }
        let t = icalproperty_get_recurrenceid(p)
        guard !icaltime_is_null_time(t).boolValue, let place = try? times.place(of: t, in: p), let at = times.instant(t, place)
        else { return nil }
        return (ReminderTimes.key(t, instant: at), at)
    }

    mutating func master(_ item: ReminderItem, overridden: Set<String>, times: ReminderTimes) {
        guard !item.silent else { return }
        let alarms = self.alarms(item)
        guard !alarms.isEmpty else { return }
        let acks = ReminderAcknowledgements(item.component)
        // An absolute trigger rings once for the item, not once an occurrence.
        let once = alarms.filter { $0.shifts(length: 0) == nil }
        let relative = alarms.filter { $0.shifts(length: 0) != nil }
        if !once.isEmpty, let (t0, place) = item.anchor ?? nil, let start = times.instant(t0, place) {
            let first = ReminderOccurrences.occurrence(item, times, key: nil, wall: t0, start: start)
            for alarm in once {
                let shown = Self.snoozedOccurrence(item, alarm, relative: relative, times: times, overridden: overridden) ?? first
                ring(item, shown, alarms: [alarm], acks: [acks], snooze: acks.snooze(of: nil))
            }
        } else if !once.isEmpty, item.anchor == nil {
            ring(item, nil, alarms: once, acks: [acks], snooze: acks.snooze(of: nil))
        }
        guard !relative.isEmpty else { return }
        // The occurrences whose reminders can fall in the window, two days' margin for all-day
        // items' midnights and zones; each reminder is then checked against the window exactly.
        let shifts = relative.compactMap { $0.shifts(length: item.allDay ? item.length * 86_400 : item.length) }
        let margin: Int64 = 2 * 86_400
        let range =
            (window.lowerBound - shifts.map(\.upperBound).max()! - margin)..<(window.upperBound - shifts.map(\.lowerBound).min()! + margin)
        do throws(ReminderSkip.Reason) {
            let occurrences = try ReminderOccurrences.expand(item, times: times, range: range, overridden: overridden)
            for o in occurrences { ring(item, o, alarms: relative, acks: [acks], snooze: acks.snooze(of: o.key == nil ? nil : o.original)) }
        } catch {
            skip(item.name, error)
        }
    }

    /// The occurrence an RFC 9074 snooze alarm on a repeating item snoozes, which §7 does not
    /// name: the last whose snoozed alarm rang at or before the snooze. Only its times are taken
    /// (what the notification shows); the reminder stays the item's, without RECURRENCE-ID, as
    /// RFC 5545 reads an absolute trigger.
    static func snoozedOccurrence(
        _ item: ReminderItem, _ snooze: ReminderAlarm, relative: [ReminderAlarm], times: ReminderTimes, overridden: Set<String>
    ) -> ReminderOccurrence? {
        guard let uid = snooze.snoozes, case .absolute(let at) = snooze.trigger,
            let original = relative.first(where: { $0.uid == uid }),
            let shifts = original.shifts(length: item.allDay ? item.length * 86_400 : item.length),
            let found = try? ReminderOccurrences.expand(
                item, times: times, range: (at - shifts.upperBound - 2 * 86_400)..<(at - shifts.lowerBound + 1), overridden: overridden),
            let o = found.last(where: { original.first(start: $0.start, end: $0.end).map { $0 <= at } ?? false })
        else { return nil }
        return ReminderOccurrence(key: nil, original: o.original, wall: o.wall, start: o.start, end: o.end)
    }

    mutating func override(_ item: ReminderItem, rid: (key: String, instant: Instant), master: ReminderItem?, times: ReminderTimes) {
        guard !item.silent else { return }
        let alarms = self.alarms(item)
        guard !alarms.isEmpty, let (t0, place) = item.anchor ?? nil, let start = times.instant(t0, place) else { return }
        let o = ReminderOccurrences.occurrence(item, times, key: rid.key, wall: t0, start: start)
        let occurrence = ReminderOccurrence(key: rid.key, original: rid.instant, wall: o.wall, start: o.start, end: o.end)
        let own = ReminderAcknowledgements(item.component)
        let parent = ReminderAcknowledgements(master?.component)
        ring(item, occurrence, alarms: alarms, acks: [own, parent], snooze: parent.snooze(of: rid.instant) ?? own.snoozedUntil)
    }

    /// The item's DISPLAY and AUDIO alarms; the others counted, the unreadable said.
    mutating func alarms(_ item: ReminderItem) -> [ReminderAlarm] {
        var out: [ReminderAlarm] = []
        for (index, valarm) in ICal.children(item.component, ICAL_VALARM_COMPONENT).enumerated() {
            switch ReminderAlarm.read(valarm, index: index) {
            case .alarm(let a): out.append(a)
            case .otherAction: result.otherActions += 1
            case .unreadable: skip(item.name, .unreadableTrigger)
            }
        }
        return out
    }

    /// The reminders of `occurrence` (nil: a to-do with neither start nor due) that fall in the window.
    mutating func ring(
        _ item: ReminderItem, _ occurrence: ReminderOccurrence?, alarms: [ReminderAlarm], acks: [ReminderAcknowledgements],
        snooze: Instant?
    ) {
        let lastAck = acks.compactMap(\.lastAcknowledged).max()
        for alarm in alarms {
            guard let first = alarm.first(start: occurrence?.start, end: occurrence?.end),
                let rings = alarm.rings(first: first, from: window.lowerBound, to: window.upperBound)
            else { continue }
            let ack = [alarm.acknowledged, lastAck].compactMap { $0 }.max()
            for k in rings {
                guard result.reminders.count < ReminderLimits.maximumReminders else {
                    skip(item.name, .tooManyReminders(limit: ReminderLimits.maximumReminders))
                    return
                }
                result.reminders.append(
                    CalendarReminder(
                        uid: item.name.uid, recurrenceID: occurrence?.key, alarm: alarm.index, alarmUID: alarm.uid, repetition: k,
                        at: first + Int64(k) * alarm.interval, kind: item.kind, start: startTime(item, occurrence),
                        end: endTime(item, occurrence), zone: item.zoneName, summary: item.name.summary, location: item.location,
                        acknowledged: ack.map { first <= $0 } ?? false, snoozedUntil: snooze))
            }
        }
    }

    func startTime(_ item: ReminderItem, _ o: ReminderOccurrence?) -> CalendarReminder.Time? {
        guard let o, item.anchoredAtStart else { return nil }
        return shownTime(item, o.wall, o.start)
    }

    func endTime(_ item: ReminderItem, _ o: ReminderOccurrence?) -> CalendarReminder.Time? {
        guard let o else { return nil }
        if item.kind == .todo, item.anchoredAtStart, icalcomponent_get_first_property(item.component, ICAL_DUE_PROPERTY) == nil,
            icalcomponent_get_first_property(item.component, ICAL_DURATION_PROPERTY) == nil
        {
            return nil
        }
        guard item.allDay, let d = CivilDate(year: Int(o.wall.year), month: Int(o.wall.month), day: Int(o.wall.day)) else {
            return .instant(o.end)
        }
        return .date(d.adding(days: item.length))
    }

    func shownTime(_ item: ReminderItem, _ wall: icaltimetype, _ at: Instant) -> CalendarReminder.Time {
        guard item.allDay, let d = CivilDate(year: Int(wall.year), month: Int(wall.month), day: Int(wall.day)) else {
            return .instant(at)
        }
        return .date(d)
    }

    mutating func skip(_ name: CalendarEventName, _ reason: ReminderSkip.Reason) {
        let s = ReminderSkip(item: name, reason: reason)
        if result.skipped.last != s { result.skipped.append(s) }
    }
}
