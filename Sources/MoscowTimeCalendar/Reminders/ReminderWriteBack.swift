// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import MoscowTimeDomain

/// A reminder's Dismiss, Snooze or Done written into another program's calendar object (issue 38,
/// "Dismissed once, for every device"; docs/REMINDERS.md, "Written back"): only the lines the
/// action means change, every other line keeps its bytes (`ContentLines` says why lines, not
/// libical's tree).
///
/// - Dismiss: RFC 9074 ACKNOWLEDGED on the VALARM that rang — the master's for an occurrence of a
///   series, an override's when the occurrence has its own. ACKNOWLEDGED covers every trigger at
///   or before it (§6), so the occurrence dismissed and those before are silent and the next
///   rings. A snooze alarm (RELATED-TO;RELTYPE=SNOOZE) is taken away and its original alarm
///   acknowledged (§7).
/// - Snooze: ACKNOWLEDGED on the VALARM, a UID given to it when it has none, and a new sibling
///   VALARM with an absolute UTC TRIGGER and RELATED-TO;RELTYPE=SNOOZE naming it (§7); a snooze
///   alarm snoozed again is replaced.
/// - Both also write Thunderbird's X-MOZ-LASTACK on the master (Thunderbird reads no
///   ACKNOWLEDGED: without it a reminder dismissed here would ring there) and clear its
///   X-MOZ-SNOOZE-TIME of the occurrence, as Thunderbird itself does on a dismissal.
/// - Done (a to-do): STATUS:COMPLETED, COMPLETED, PERCENT-COMPLETE:100, SEQUENCE stepped (a
///   significant change, as todoman steps it). An occurrence of a repeating to-do gets an
///   override of its own, completed; the master is left as it is (`ReminderWriteEdit`).
///
/// An acknowledgement is no significant change (RFC 9074 §6): SEQUENCE stays, DTSTAMP and an
/// existing LAST-MODIFIED take the instant of the action (RFC 5545 §3.8.7.2, §3.8.7.3).
public enum ReminderWriteBack {
    /// `uid`, `recurrenceID`, `alarm`: the reminder as `ReminderReader` named it, read with the
    /// same `zone` and `floating`. `newUID` names a VALARM that needs a UID and a snooze alarm.
    public static func patched(
        _ text: String, uid: String, recurrenceID: String?, alarm: Int, action: ReminderWriteAction, now: Instant, zone: Zone,
        floating: Zone?, newUID: () -> String
    ) throws(ReminderWriteBackError) -> String {
        let target = try ICal.exclusive { () throws(ReminderWriteBackError) -> ReminderWriteTarget in
            let root: OpaquePointer
            do throws(CalendarFileError) { root = try CalendarImporter.checkedTree(Array(text.utf8)).1 } catch {
                throw .unreadable(error)
            }
            defer { icalcomponent_free(root) }
            guard
                let t = ReminderWriteTarget.find(
                    root, uid: uid, recurrenceID: recurrenceID, alarm: alarm, zone: zone, floating: floating)
            else {
                throw .itemNotFound
            }
            return t
        }
        var edit = ReminderWriteEdit(lines: ContentLines(text), target: target, occurrence: recurrenceID, now: now)
        guard ComponentLines.items(edit.lines).count > max(target.item, target.master ?? 0) else { throw .itemNotFound }
        switch action {
        case .dismiss: try edit.dismiss(alarm)
        case .snooze(let until): try edit.snooze(alarm, until: until, newUID: newUID)
        case .done: try edit.done(alarm)
        }
        return edit.lines.text
    }
}
