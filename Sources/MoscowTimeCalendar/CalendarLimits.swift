// SPDX-License-Identifier: GPL-3.0-or-later
/// The bounds on iCalendar text from outside — a file given to `import`, the calendar-data of a
/// CalDAV resource — checked before libical sees it, so that no calendar can exhaust the stack,
/// the memory or the user's patience. One place for both the import and the sync.
///
/// - A file of 16 MiB holds about 45 000 of our own alarms (an export is about 360 bytes and 15
///   lines an alarm) and far more than any real calendar's reminders; the store it lands in is
///   read up to 256 MiB.
/// - 100 000 components (BEGIN lines): 50 000 events with a reminder each. 10 000 events import
///   in under 2 s and 50 000 in 11 s at 250 MiB (debug build): the worst case is seconds, not the
///   minutes and gigabytes 100 000 events cost before.
/// - A content line (after unfolding) of 256 KiB: a long description or an embedded VTIMEZONE
///   fits; what is longer is an attachment or an attack, and a 10 MB line cost 15 s in libical.
/// - 1 000 000 content lines (after unfolding): 45 000 alarms of our own export are 700 000, 50
///   habits with ten years of days 200 000; libical holds each line as a property in memory.
/// - Components nested 16 deep: real calendars nest 3 (VCALENDAR › VEVENT › VALARM, VCALENDAR ›
///   VTIMEZONE › STANDARD); libical's parser recurses once a level and 100 000 levels overflow its
///   stack.
public enum CalendarLimits {
    public static let maximumFileBytes = 16 << 20
    public static let maximumComponents = 100_000
    public static let maximumLineBytes = 256 << 10
    public static let maximumLines = 1_000_000
    public static let maximumNesting = 16
}
