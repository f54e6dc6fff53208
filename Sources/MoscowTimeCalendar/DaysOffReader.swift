// SPDX-License-Identifier: GPL-3.0-or-later
import CICal
import MoscowTimeDomain

/// An iCalendar file of days off — a company's holidays, a public holidays calendar exported from
/// another program — as production-calendar years for `agent-cli holidays import`: each all-day
/// event is a day off on every day it covers (DTEND is exclusive, as RFC 5545 says). A year with
/// any day in the file is taken whole from it (its weekend days stay off; a file cannot make a
/// Saturday a working day: that needs the text form). Events with a time of day or a repetition
/// are not days off and are left out (counted).
public enum DaysOffReader {
    public struct Result: Sendable {
        public var years: [Int: CalendarYear] = [:]
        /// Events that are not whole days, or repeat.
        public var leftOut = 0
    }

    /// The longest event taken as days off.
    static let maximumEventDays: Int64 = 366

    public static func read(_ bytes: [UInt8], source: String) throws(CalendarFileError) -> Result {
        try ICal.exclusive { () throws(CalendarFileError) -> Result in try parse(bytes, source: source) }
    }

    static func parse(_ bytes: [UInt8], source: String) throws(CalendarFileError) -> Result {
        let (_, root) = try CalendarImporter.checkedTree(bytes)  // the same bounds and line checks as every import
        defer { icalcomponent_free(root) }
        var result = Result()
        for calendar in icalcomponent_isa(root) == ICAL_XROOT_COMPONENT ? ICal.children(root, ICAL_VCALENDAR_COMPONENT) : [root] {
            for ev in ICal.children(calendar, ICAL_VEVENT_COMPONENT) {
                guard let days = wholeDays(ev) else {
                    result.leftOut += 1
                    continue
                }
                for day in days where CalendarYear.years.contains(day.year) {
                    result.years[day.year, default: CalendarYear(year: day.year, source: source)].days[day] = CalendarDay(.off)
                }
            }
        }
        return result
    }

    /// The days an all-day, non-repeating event covers; nil for any other event.
    static func wholeDays(_ ev: OpaquePointer) -> [CivilDate]? {
        guard ICal.properties(ev, named: "RRULE").isEmpty, ICal.properties(ev, named: "RDATE").isEmpty,
            icalcomponent_get_first_property(ev, ICAL_DTSTART_PROPERTY) != nil
        else { return nil }
        let start = icalcomponent_get_dtstart(ev)
        guard start.is_date.boolValue, let first = CivilDate(year: Int(start.year), month: Int(start.month), day: Int(start.day)) else {
            return nil
        }
        var last = first
        if icalcomponent_get_first_property(ev, ICAL_DTEND_PROPERTY) != nil {
            let end = icalcomponent_get_dtend(ev)
            guard end.is_date.boolValue, let e = CivilDate(year: Int(end.year), month: Int(end.month), day: Int(end.day)) else {
                return nil
            }
            last = max(first, e.adding(days: -1))
        }
        guard last.days(since: first) < maximumEventDays else { return nil }
        return (0...last.days(since: first)).map { first.adding(days: $0) }
    }
}
