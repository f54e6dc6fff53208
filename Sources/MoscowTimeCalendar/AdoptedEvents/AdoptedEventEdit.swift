// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// The edits of one `AdoptedEventPatch`: from the alarm the server's text says (`base`) to the
/// alarm as it is here (`target`), each written into the lines it means.
struct AdoptedEventEdit {
    var event: EventLines
    let facts: AdoptedEventFacts
    let base: Alarm
    let target: Alarm
    /// The alarm's zone.
    let zone: Zone
    let today: CivilDate
    private(set) var changed = false

    init(event: EventLines, facts: AdoptedEventFacts, base: Alarm, target: Alarm, zone: Zone, today: CivilDate) {
        self.event = event
        self.facts = facts
        self.base = base
        self.target = target
        self.zone = zone
        self.today = today
    }

    /// False when the change is none these lines can say.
    mutating func apply() -> Bool {
        guard let shift = Self.ringShift(base.schedule, target.schedule, zone: zone) else { return false }
        if target.label != base.label { set("SUMMARY", ICal.escapedText(target.label)) }
        if facts.floatingZoneUnwritten { set(CalendarFormat.floatingZone, target.zone ?? zone.identifier) }
        let offset = facts.offset + shift
        if shift != 0 { moveRing(by: shift, offset: offset) }
        guard days(offset: offset) else { return false }
        if target.enabled != base.enabled { target.enabled ? switchOn(offset: offset) : switchOff(offset: offset) }
        skips(offset: offset)
        optional(CalendarFormat.snooze, base.snoozeMinutes.map(String.init), target.snoozeMinutes.map(String.init))
        optional(CalendarFormat.sound, base.sound, target.sound)
        optional(CalendarFormat.ramp, base.rampSeconds.map(String.init), target.rampSeconds.map(String.init))
        if target.offUntil != base.offUntil { offUntil(offset: offset) }
        return true
    }

    /// How far the ring moves, in seconds; nil when the schedule changed otherwise than in its
    /// time (or weekly days).
    static func ringShift(_ a: Schedule, _ b: Schedule, zone: Zone) -> Int64? {
        switch (a, b) {
        case (.once(let d0, let t0), .once(let d1, let t1)): return zone.instant(d1, t1) - zone.instant(d0, t0)
        case (.weekly(_, let t0, _), .weekly(_, let t1, _)): return t1.secondsIntoDay - t0.secondsIntoDay
        case (.everyNDays(let n0, let s0, let t0), .everyNDays(let n1, let s1, let t1)) where n0 == n1 && s0 == s1:
            return t1.secondsIntoDay - t0.secondsIntoDay
        default: return nil
        }
    }

    mutating func set(_ name: String, _ value: String) {
        event.set(name, value)
        changed = true
    }

    mutating func remove(_ name: String) {
        guard !event.indices(of: name).isEmpty else { return }
        event.removeAll(name)
        changed = true
    }

    /// The reminder's TRIGGER moved by `shift` (an absolute one too), its parameters as written;
    /// switched off, the offset kept for it.
    mutating func moveRing(by shift: Int64, offset: Int64) {
        guard let first = facts.reminders.first, first < event.alarms.count else {
            if !event.indices(of: CalendarFormat.trigger).isEmpty { set(CalendarFormat.trigger, AdoptedEventFacts.duration(offset)) }
            return
        }
        let range = event.alarms[first]
        guard let k = range.first(where: { event.lines.lines[$0].name == "TRIGGER" }) else { return }
        let line = event.lines.lines[k]
        let value =
            facts.absoluteTrigger.map { ICal.compactUTC($0 + shift) } ?? AdoptedEventFacts.duration(facts.triggerDuration + shift)
        event.replace(k, with: event.lines.folded("TRIGGER" + line.parameters + ":" + value))
        changed = true
    }

    /// Weekly days changed: the RRULE's BYDAY, in the event's own days (its reminder may fall on
    /// the day before its start). False when the rule has no place for them.
    mutating func days(offset: Int64) -> Bool {
        guard case .weekly(let old, _, _) = base.schedule, case .weekly(let new, _, _) = target.schedule, old != new else { return true }
        guard let k = event.indices(of: "RRULE").first else { return false }
        let ringDate = zone.local(facts.start + offset).date
        let shift = facts.startDate.days(since: ringDate)
        let days = new.map { Weekday(rawValue: Int((Int64($0.rawValue - 1) + shift % 7 + 7) % 7) + 1)! }
        let names = Weekday.allCases.filter(days.contains).map { $0.key.prefix(2).uppercased() }
        let line = event.lines.lines[k]
        var parts = line.value.split(separator: ";").map(String.init).filter { !$0.uppercased().hasPrefix("BYDAY=") }
        parts.append("BYDAY=" + names.joined(separator: ","))
        event.replace(k, with: event.lines.folded("RRULE" + line.parameters + ":" + parts.joined(separator: ";")))
        changed = true
        return true
    }

    /// Off: no calendar reminds (the reminders go), and the event says so and keeps the offset.
    mutating func switchOff(offset: Int64) {
        for k in facts.reminders.reversed() where k < event.alarms.count { event.remove(event.alarms[k]) }
        set(CalendarFormat.enabled, "FALSE")
        set(CalendarFormat.trigger, AdoptedEventFacts.duration(offset))
    }

    /// On again: a reminder at the ring time.
    mutating func switchOn(offset: Int64) {
        remove(CalendarFormat.enabled)
        remove(CalendarFormat.trigger)
        let lines = event.lines
        event.appendComponent([
            lines.folded("BEGIN:VALARM"), lines.folded("ACTION:DISPLAY"),
            lines.folded("DESCRIPTION:" + ICal.escapedText(target.label)),
            lines.folded("TRIGGER:" + AdoptedEventFacts.duration(offset)), lines.folded("END:VALARM"),
        ])
        changed = true
    }

    /// Skips made here as EXDATE (written as DTSTART is); skips taken back here removed from the
    /// EXDATEs that hold them.
    mutating func skips(offset: Int64) {
        guard let time = target.schedule.time, let baseTime = base.schedule.time else { return }
        let added = target.skippedDays.filter { $0 >= today && !base.skippedDays.contains($0) }
        let removed = base.skippedDays.subtracting(target.skippedDays).filter { $0 >= today }
        let parameters = event.indices(of: "DTSTART").first.map { event.lines.lines[$0].parameters } ?? ""
        for day in removed.sorted() {
            drop(facts.exdateValue(start: zone.instant(day, baseTime) - facts.offset, zone: zone))
        }
        for day in added.sorted() where target.schedule.isDue(on: day, calendar: .plainWeek) {
            event.insert(
                event.lines.folded("EXDATE" + parameters + ":" + facts.exdateValue(start: zone.instant(day, time) - offset, zone: zone)))
            changed = true
        }
    }

    /// One value out of the EXDATE lines; a line left without values goes.
    mutating func drop(_ value: String) {
        for k in event.indices(of: "EXDATE").reversed() {
            let line = event.lines.lines[k]
            let values = line.value.split(separator: ",").map(String.init)
            guard values.contains(value) else { continue }
            let kept = values.filter { $0 != value }
            if kept.isEmpty {
                event.remove(k...k)
            } else {
                event.replace(k, with: event.lines.folded("EXDATE" + line.parameters + ":" + kept.joined(separator: ",")))
            }
            changed = true
        }
    }

    /// One of our X-properties: set, changed or removed.
    mutating func optional(_ name: String, _ old: String?, _ new: String?) {
        guard old != new else { return }
        if let new { set(name, ICal.escapedText(new)) } else { remove(name) }
    }

    /// "Off until": `X-MOSCOWTIME-OFF-UNTIL`, and the rings before it as EXDATE marked `off`.
    mutating func offUntil(offset: Int64) {
        for k in event.indices(of: "EXDATE").reversed()
        where event.lines.lines[k].parameters.uppercased().contains(CalendarFormat.reasonParameter) {
            event.remove(k...k)
        }
        guard let off = target.offUntil, let time = target.schedule.time else {
            remove(CalendarFormat.offUntil)
            return
        }
        set(CalendarFormat.offUntil, ICal.compactText(off))
        let parameters =
            (event.indices(of: "DTSTART").first.map { event.lines.lines[$0].parameters } ?? "") + ";\(CalendarFormat.reasonParameter)=off"
        var day = today
        while day < off {
            if target.schedule.isDue(on: day, calendar: .plainWeek), !target.skippedDays.contains(day) {
                event.insert(
                    event.lines.folded("EXDATE" + parameters + ":" + facts.exdateValue(start: zone.instant(day, time) - offset, zone: zone))
                )
            }
            day = day.adding(days: 1)
        }
    }

    /// A change is stamped later than the copy it changes, and its SEQUENCE stepped (RFC 5545
    /// §3.8.7.4), so other clients take it as the newer version.
    mutating func stamp(_ modified: Instant) {
        let at = max(modified, (facts.stamp ?? modified) + 1)
        set("LAST-MODIFIED", ICal.compactUTC(at))
        set("DTSTAMP", ICal.compactUTC(at))
        set("SEQUENCE", String(facts.sequence + 1))
        // A copy an earlier version wrote as ours says which version of our data it carries (`OwnDataCuts`).
        if !event.indices(of: CalendarFormat.written).isEmpty { set(CalendarFormat.written, ICal.compactUTC(at)) }
    }
}
