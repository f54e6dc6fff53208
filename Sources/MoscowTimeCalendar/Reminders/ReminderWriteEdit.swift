// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// `ReminderWriteBack`'s edits of one calendar object's lines.
struct ReminderWriteEdit {
    var lines: ContentLines
    let target: ReminderWriteTarget
    /// The reminder's RECURRENCE-ID (nil: a single item).
    let occurrence: String?
    let now: Instant

    private var stamp: String { ICal.compactUTC(now) }
    private var item: ClosedRange<Int> { ComponentLines.items(lines)[target.item] }
    /// Where Thunderbird's marks go: the master, else the item itself.
    private var master: ClosedRange<Int> { ComponentLines.items(lines)[target.master ?? target.item] }
    private var alarms: [ClosedRange<Int>] { ComponentLines.children(lines, of: item, named: "VALARM") }

    mutating func dismiss(_ index: Int) throws(ReminderWriteBackError) {
        let valarm = try alarm(index)
        if let original = snoozed(by: valarm) {
            lines.lines.removeSubrange(valarm)
            acknowledge(uid: original)
        } else {
            acknowledge(valarm)
        }
        thunderbird()
        stampChanged()
    }

    mutating func snooze(_ index: Int, until: Instant, newUID: () -> String) throws(ReminderWriteBackError) {
        let valarm = try alarm(index)
        let original: String
        if let related = snoozed(by: valarm) {
            // §7: a snooze alarm snoozed again is replaced by a new one.
            lines.lines.removeSubrange(valarm)
            original = related
        } else if let uid = ComponentLines.value(lines, of: valarm, named: "UID")?.trimmingWhitespace, !uid.isEmpty {
            original = uid
        } else {
            original = newUID()
            ComponentLines.set(&lines, in: valarm, "UID", original)
        }
        let description = description(of: self.alarm(uid: original))
        acknowledge(uid: original)
        let trigger = lines.folded("TRIGGER;VALUE=DATE-TIME:" + ICal.compactUTC(until))  // not UI: iCalendar
        let related = lines.folded("RELATED-TO;RELTYPE=SNOOZE:" + original)  // not UI: iCalendar
        let component = [
            lines.folded("BEGIN:VALARM"), lines.folded("UID:" + newUID()), lines.folded("ACTION:DISPLAY"), description, trigger, related,
            lines.folded("END:VALARM"),
        ]
        lines.lines.insert(contentsOf: component, at: item.upperBound)
        thunderbird()
        stampChanged()
    }

    /// `index`: the VALARM that rang.
    mutating func done(_ index: Int) throws(ReminderWriteBackError) {
        guard target.isTodo else { throw .notATodo }
        if target.item == target.master, occurrence != nil || target.repeats {
            // An occurrence of the master's rule: an override of its own says it is done. Without
            // a RECURRENCE-ID only a snooze alarm names one (`ReminderWriteTarget`); that alarm
            // has rung and goes, as on a Dismiss.
            guard let times = target.newOverride else { throw occurrence == nil ? .repeatingTodo : .itemNotFound }
            if occurrence == nil { try dismiss(index) }
            addDoneOverride(times)
            return
        }
        let sequence = ComponentLines.value(lines, of: item, named: "SEQUENCE").flatMap { Int($0.trimmingWhitespace) } ?? 0
        ComponentLines.set(&lines, in: item, "STATUS", "COMPLETED")
        ComponentLines.set(&lines, in: item, "COMPLETED", stamp)
        ComponentLines.set(&lines, in: item, "PERCENT-COMPLETE", "100")
        ComponentLines.set(&lines, in: item, "SEQUENCE", String(sequence + 1))
        ComponentLines.set(&lines, in: item, "LAST-MODIFIED", stamp)
        ComponentLines.set(&lines, in: item, "DTSTAMP", stamp)
    }

    /// A repeating to-do's occurrence done, as RFC 5545 §3.8.4.4 overrides one occurrence (and as
    /// Thunderbird completes one): a new VTODO after the master with its UID, the occurrence's
    /// RECURRENCE-ID, DTSTART and DUE, STATUS:COMPLETED, COMPLETED and PERCENT-COMPLETE:100. The
    /// master's other own properties are copied as they are; its recurrence, its completion, its
    /// stamps and Thunderbird's acknowledgement marks are not, nor its VALARMs (a completed
    /// to-do does not ring). The master keeps every byte, so the next occurrence still rings.
    private mutating func addDoneOverride(_ times: ReminderOccurrenceTimes) {
        let master = self.master
        let hasStart = ComponentLines.value(lines, of: master, named: "DTSTART") != nil
        let dropped: Set<String> = [
            "RRULE", "RDATE", "EXDATE", "EXRULE", "RECURRENCE-ID", "STATUS", "COMPLETED", "PERCENT-COMPLETE", "DTSTAMP", "LAST-MODIFIED",
            ReminderAcknowledgements.lastAck,
        ]
        var body = [lines.lines[master.lowerBound]]
        var recurrenceID: ContentLines.Line?
        for k in ComponentLines.properties(lines, of: master) {
            let line = lines.lines[k]
            guard !dropped.contains(line.name), !line.name.hasPrefix(ReminderAcknowledgements.snoozeTime) else { continue }
            let anchors = line.name == (hasStart ? "DTSTART" : "DUE")
            if anchors {
                recurrenceID = lines.folded("RECURRENCE-ID" + line.parameters + ":" + times.anchor)
                body.append(lines.folded(line.name + line.parameters + ":" + times.anchor))
            } else if line.name == "DUE", let due = times.due {
                body.append(lines.folded("DUE" + (times.dueInUTC ? "" : line.parameters) + ":" + due))
            } else {
                body.append(line)
            }
        }
        if let recurrenceID { body.append(recurrenceID) }
        for (name, value) in [("DTSTAMP", stamp), ("STATUS", "COMPLETED"), ("COMPLETED", stamp), ("PERCENT-COMPLETE", "100")] {
            body.append(lines.folded(name + ":" + value))
        }
        body.append(lines.lines[master.upperBound])
        lines.lines.insert(contentsOf: body, at: master.upperBound + 1)
    }

    private func alarm(_ index: Int) throws(ReminderWriteBackError) -> ClosedRange<Int> {
        let all = alarms
        guard all.indices.contains(index) else { throw .alarmNotFound }
        return all[index]
    }

    private func alarm(uid: String) -> ClosedRange<Int>? {
        alarms.first { ComponentLines.value(lines, of: $0, named: "UID")?.trimmingWhitespace == uid }
    }

    /// The UID of the alarm a snooze alarm snoozes (RFC 9074 §7: RELATED-TO;RELTYPE=SNOOZE).
    private func snoozed(by valarm: ClosedRange<Int>) -> String? {
        ComponentLines.indices(lines, of: valarm, named: "RELATED-TO").map { lines.lines[$0] }
            .first { $0.parameters.uppercased().filter { $0 != "\"" }.contains(";RELTYPE=SNOOZE") }?
            .value.trimmingWhitespace
    }

    /// ACKNOWLEDGED at the action, or left later when another device acknowledged it later.
    private mutating func acknowledge(_ valarm: ClosedRange<Int>) {
        let before = ComponentLines.value(lines, of: valarm, named: "ACKNOWLEDGED").flatMap { ICal.parseCompactUTC($0.trimmingWhitespace) }
        guard before.map({ $0 < now }) ?? true else { return }
        ComponentLines.set(&lines, in: valarm, "ACKNOWLEDGED", stamp)
    }

    private mutating func acknowledge(uid: String) {
        if let valarm = alarm(uid: uid) { acknowledge(valarm) }
    }

    /// The snooze alarm's DESCRIPTION (RFC 5545 requires one for DISPLAY): its original's, else
    /// the item's SUMMARY.
    private func description(of valarm: ClosedRange<Int>?) -> ContentLines.Line {
        if let valarm, let k = ComponentLines.indices(lines, of: valarm, named: "DESCRIPTION").first { return lines.lines[k] }
        let summary = ComponentLines.value(lines, of: item, named: "SUMMARY") ?? ""
        return lines.folded("DESCRIPTION:" + (summary.isEmpty ? "Reminder" : summary))
    }

    /// Thunderbird's X-MOZ-LASTACK on the master (never earlier than it was) and, as Thunderbird
    /// clears it on a dismissal, its X-MOZ-SNOOZE-TIME of this occurrence.
    private mutating func thunderbird() {
        let before = ComponentLines.value(lines, of: master, named: ReminderAcknowledgements.lastAck).flatMap {
            ICal.parseCompactUTC($0.trimmingWhitespace)
        }
        if before.map({ $0 < now }) ?? true { ComponentLines.set(&lines, in: master, ReminderAcknowledgements.lastAck, stamp) }
        let snooze: String
        if occurrence == nil {
            snooze = ReminderAcknowledgements.snoozeTime
        } else if let at = target.occurrence {
            snooze = ReminderAcknowledgements.snoozeTime + "-" + String(at.secondsSinceEpoch * 1_000_000)
        } else {
            return
        }
        ComponentLines.remove(&lines, in: master) { $0.name == snooze }
    }

    /// DTSTAMP on the components changed, and LAST-MODIFIED where they have one; no SEQUENCE.
    private mutating func stampChanged() {
        for k in Set([target.item, target.master ?? target.item]) {
            let range = ComponentLines.items(lines)[k]
            if ComponentLines.value(lines, of: range, named: "LAST-MODIFIED") != nil {
                ComponentLines.set(&lines, in: range, "LAST-MODIFIED", stamp)
            }
            ComponentLines.set(&lines, in: ComponentLines.items(lines)[k], "DTSTAMP", stamp)
        }
    }
}
