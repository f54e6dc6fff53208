// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// How alarms and habits are written as iCalendar (RFC 5545).
///
/// **Alarms are VEVENTs** that any calendar shows at the right time: `DTSTART;TZID=<zone>` (with the
/// zone's VTIMEZONE from libical's tz data) at the local ring time, `RRULE:FREQ=WEEKLY;BYDAY=…` for
/// weekly days, `RRULE:FREQ=DAILY;INTERVAL=n` for every n days (DTSTART is the start day), no RRULE
/// for a one-time alarm, a UTC `DTSTART` for a timer; a `VALARM` (DISPLAY, `TRIGGER:PT0S`) so a
/// calendar reminds too, only while the alarm is enabled; the label as `SUMMARY`. What calendars have no property for is an
/// X-property: `X-MOSCOWTIME-ALARM` (the id), `-ENABLED`, `-SNOOZE`, `-SOUND`, `-RAMP`
/// (the fade-in, seconds), `-TIMER` (the countdown's length). `CREATED`/`LAST-MODIFIED` carry the alarm's times (whole seconds, as ours).
/// Reading takes the schedule from the standard properties, so an edit made in another calendar
/// program comes back. An alarm kept in a zone of its own (`Alarm.zone`) is written in that zone;
/// one taken from another program's event keeps that event's UID (`adoptedID`).
///
/// **Habits are VTODOs**, one per habit, with the whole history inside: a habit is a recurring
/// task (`DTSTART;VALUE=DATE` = its start, an RRULE where its frequency has one), and keeping its
/// days in the same component makes one habit one CalDAV resource — 50 habits are 50 resources to
/// sync, not 90 000 (one VJOURNAL per day would be), and logging a day changes one resource. The
/// days cannot be standard COMPLETED/RDATE values (those have no skip, amount or note), so each is
/// `X-MOSCOWTIME-DAY;X-STATE=done|skip[;X-AMOUNT=2.5]:20261120`, a note is
/// `X-MOSCOWTIME-DAY-NOTE;X-DATE=20261120:text` (libical escapes the text), and the definition that
/// RFC 5545 cannot say exactly is X-properties too: `X-MOSCOWTIME-HABIT` (id), `-FREQUENCY`
/// (`daily`, `weekdays:mon,wed`, `every:3`, `perWeek:3`, `perMonth:10`), `-REMINDERS` (`08:00,20:00`),
/// `-NUMERIC;X-GOAL=at-least:8` (the target) with `-UNIT`, `-ARCHIVED`. Numbers are written in Swift's shortest
/// round-tripping form, so reading gives back the same Double.
///
/// **Sync** adds what a deterministic merge needs: `X-LOGGED=<UTC>` on each day (when it was
/// logged), `X-MOSCOWTIME-DAY-REMOVED;X-LOGGED=…:<date>` for undone days, and deleted items stay on
/// the server as tombstones (`STATUS:CANCELLED`, `X-MOSCOWTIME-DELETED:<UTC>`) that other programs
/// do not show (`CalendarExporter.tombstone`). A disabled alarm is written without its `VALARM`.
///
/// **Text.** Every `X-MOSCOWTIME-*` value is TEXT (RFC 5545 §3.8.8.2), escaped by §3.3.11
/// (`ICal.xProperty`). A list — reminder times, the weekdays in `-FREQUENCY`, a unit's three
/// forms — stays one property with its commas escaped (`10:00\,16:00`), not a multi-value
/// property or one property per item: RFC 5545 allows an X-property several values, but vobject
/// and icalendar keep only the first of an unknown property's values, and earlier versions of
/// this program read one property and unescape `\,`, so the escaped form is the one every reader,
/// ours of before included, reads whole.
public enum CalendarFormat {
    public static let productID = "-//MoscowTime Agent//agent-cli//EN"  // not UI

    static let alarmID = "X-MOSCOWTIME-ALARM"
    static let enabled = "X-MOSCOWTIME-ENABLED"
    static let snooze = "X-MOSCOWTIME-SNOOZE"
    static let sound = "X-MOSCOWTIME-SOUND"
    static let ramp = "X-MOSCOWTIME-RAMP"
    static let timer = "X-MOSCOWTIME-TIMER"
    /// `workdays`: the weekly Monday–Friday rule follows the production calendar. The export
    /// carries the known years' days off as EXDATE and working weekends as RDATE, so that other
    /// calendars show the same days; reading it back, they are the calendar's, not the alarm's.
    static let days = "X-MOSCOWTIME-DAYS"
    static let workdays = "workdays"  // not UI
    /// On an EXDATE of ours that is not a skip: `calendar` (a day off of the production calendar)
    /// or `off` (a day before "off until"). Other programs keep parameters they do not know.
    static let reasonParameter = "X-MOSCOWTIME-REASON"
    /// "Off until" (`Alarm.offUntil`), a date; the days before it are also written as EXDATE.
    static let offUntil = "X-MOSCOWTIME-OFF-UNTIL"
    /// On another program's event taken as an alarm (`AdoptedEventPatch`): the zone its floating
    /// times are read in, written by the machine that first took it when the calendar names none
    /// (`X-WR-TIMEZONE`), so that every machine rings at one instant.
    static let floatingZone = "X-MOSCOWTIME-FLOATING-ZONE"
    /// On another program's event switched off here, whose reminder is then taken away: the
    /// reminder's offset from the start (a DURATION), so that the alarm keeps its ring time.
    static let trigger = "X-MOSCOWTIME-TRIGGER"

    static let habitID = "X-MOSCOWTIME-HABIT"
    static let frequency = "X-MOSCOWTIME-FREQUENCY"
    static let reminders = "X-MOSCOWTIME-REMINDERS"
    static let numeric = "X-MOSCOWTIME-NUMERIC"
    static let unit = "X-MOSCOWTIME-UNIT"
    static let archived = "X-MOSCOWTIME-ARCHIVED"
    static let day = "X-MOSCOWTIME-DAY"
    static let dayNote = "X-MOSCOWTIME-DAY-NOTE"
    /// An achievement earned: its key, with X-EARNED=YYYYMMDD.
    static let achievement = "X-MOSCOWTIME-ACHIEVEMENT"
    /// Sync only: a day removed (undone), with `X-LOGGED` = when.
    static let dayRemoved = "X-MOSCOWTIME-DAY-REMOVED"
    /// Sync only: a tombstone's deletion time.
    static let deleted = "X-MOSCOWTIME-DELETED"
    /// A tombstone event's all-day DTSTART: a day no calendar view of the present shows
    /// (`CalendarExporter.tombstone`).
    static let tombstoneDay = CivilDate(year: 1970, month: 1, day: 1)!
    /// The item's `modified` as we wrote it (equal to `LAST-MODIFIED` then). Another program's
    /// rewrite may move `LAST-MODIFIED` (todoman's `done` does) but keeps this, so the sync can
    /// tell which version of our data the server copy was made from (`OwnDataCuts`).
    static let written = "X-MOSCOWTIME-MODIFIED"

    /// Resource UIDs: stable per item, so CalDAV resources and re-imports address the same thing.
    public static func alarmUID(_ id: String) -> String { "alarm-\(id)@moscowtime" }
    public static func habitUID(_ id: String) -> String { "habit-\(id)@moscowtime" }

    /// The alarm id of another program's event in the sync's alarms collection: ours when the UID
    /// is one we wrote (a program that kept the UID but dropped our X-properties), else 8 hex
    /// digits of FNV-1a over the UID — the same on every machine, so the event is one alarm
    /// everywhere and its later edits reach that alarm.
    public static func adoptedID(uid: String) -> String {
        if uid.hasPrefix("alarm-"), uid.hasSuffix("@moscowtime") {
            let id = String(uid.dropFirst(6).dropLast(11))
            if AlarmID.isValid(id) { return id }
        }
        var h: UInt32 = 0x811c_9dc5
        for b in uid.utf8 { h = (h ^ UInt32(b)) &* 0x0100_0193 }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
