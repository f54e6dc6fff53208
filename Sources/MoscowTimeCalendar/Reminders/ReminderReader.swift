// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import MoscowTimeDomain

/// Every reminder one calendar object asks for in a bounded window: what the agent rings for
/// the user's other calendars (issue 38; docs/REMINDERS.md says what is read and how it is
/// checked). Pure: given the text, the zones and the window, it reads no file (but the tz
/// database's) and no clock, so the same call answers the same on every machine.
public enum ReminderReader {
    /// - `zone`: the user's; all-day items are read in it.
    /// - `floating`: where floating times are (a collection's zone); a calendar's own
    ///   `X-WR-TIMEZONE` comes first, as import reads it, and the user's zone last.
    /// - `window`: the instants whose reminders are wanted, `from` included, `to` not.
    ///
    /// A text in which `VALARM` does not occur has no reminder and is not parsed. Any other is
    /// checked within `CalendarLimits` as import checks it, and refused as a whole
    /// (`CalendarFileError`) when it is not iCalendar; an item that cannot be read is left out
    /// and said (`ReminderReading.skipped`).
    public static func read(_ bytes: [UInt8], zone: Zone, floating: Zone?, window: Range<Instant>) throws(CalendarFileError)
        -> ReminderReading
    {
        // Most objects of a calendar have no reminder: those cost a scan, not a parse.
        guard mentionsAlarm(bytes) else { return ReminderReading() }
        return try ICal.exclusive { () throws(CalendarFileError) -> ReminderReading in
            let (_, root) = try CalendarImporter.checkedTree(bytes)
            defer { icalcomponent_free(root) }
            let calendars = icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT ? [root] : ICal.children(root, ICAL_VCALENDAR_COMPONENT)
            var walk = ReminderWalk(window: window)
            for calendar in calendars {
                walk.read(calendar, times: ReminderTimes(user: zone, floating: calendarZone(calendar) ?? floating ?? zone, root: calendar))
            }
            walk.result.reminders.sort { $0.at < $1.at }
            return walk.result
        }
    }

    /// Whether `VALARM` occurs in the text, in any case (iCalendar's names are case-insensitive).
    static func mentionsAlarm(_ bytes: [UInt8]) -> Bool {
        let word: [UInt8] = Array("valarm".utf8)
        return bytes.withUnsafeBufferPointer { b in
            guard b.count >= word.count else { return false }
            var i = 0
            while i <= b.count - word.count {
                if b[i] | 0x20 == word[0] {
                    var k = 1
                    while k < word.count, b[i + k] | 0x20 == word[k] { k += 1 }
                    if k == word.count { return true }
                }
                i += 1
            }
            return false
        }
    }

    /// The calendar's `X-WR-TIMEZONE` when it names a tz database zone.
    static func calendarZone(_ calendar: OpaquePointer) -> Zone? {
        guard let name = ICal.xValue(calendar, "X-WR-TIMEZONE")?.trimmingWhitespace, DatabaseZoneNames.contains(name) else { return nil }
        return Zone.shared(name)
    }
}
