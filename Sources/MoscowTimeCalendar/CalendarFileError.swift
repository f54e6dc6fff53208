// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// A file that is not valid iCalendar, or one of our own items in it that is damaged: where and why.
/// The reason is typed; the program that shows it words it in the reader's language.
public struct CalendarFileError: Error, Sendable, Equatable {
    /// 1-based physical line in the file; nil when the problem is the file as a whole.
    public let line: Int?
    public let problem: CalendarFileProblem

    public init(line: Int?, _ problem: CalendarFileProblem) {
        self.line = line
        self.problem = problem
    }
}

/// What is wrong in a calendar file. Values from outside (a line excerpt, libical's own text, a
/// property's value) are kept as they are, to be quoted inside the translated sentence.
public enum CalendarFileProblem: Sendable, Equatable {
    // The file's structure (ICSLineScanner).
    case notNameValue(found: String)
    case notPropertyName(String)
    case beginWithoutName
    case expectedCalendar(found: String)
    case endWithoutBegin(String)
    case endClosesOther(end: String, begin: String, beginLine: Int)
    case propertyOutsideCalendar(String)
    case unreadableProperty(name: String, excerpt: String)
    case neverClosed(String)
    case notICalendar
    case notUTF8
    // The bounds of `CalendarLimits`, checked before libical sees the text.
    case fileTooLarge(size: Int, limit: Int)
    case lineTooLong(limit: Int)
    case tooManyLines(limit: Int)
    case tooManyComponents(limit: Int)
    case nestedTooDeep(limit: Int)
    /// One of our habits names a TZID that is not a tz database name (see `ZoneReferences`).
    case zoneNotInDatabase(String)
    // libical's own verdict.
    case libicalUnreadable
    /// libical's X-LIC-ERROR text, nil when it gave none.
    case libical(String?)
    // Our own items (OwnAlarmReader, HabitTodoReader, CalendarImporter).
    case notUTCTime(property: String, value: String)
    case notAnID(property: String, value: String)
    case alarmLabel(Message)
    case habitName(Message)
    case notTrueOrFalse(property: String, value: String)
    case snoozeOutOfRange(property: String, value: String, minimum: Int, maximum: Int)
    case rampOutOfRange(property: String, value: String, minimum: Int, maximum: Int)
    case noCreationTime
    case habitStartNotADate
    case unknownFrequency(property: String, value: String)
    case notReminderTimes(property: String, value: String)
    case invalidTarget(String)
    case invalidGoal
    case dayNoteWithoutDate
    case removedDayInvalid
    case notADate(String)
    /// A habit's start or day outside `Limits.alarmDates`.
    case dayOutOfRange(CivilDate)
    case dayBeforeStart(day: CivilDate, start: CivilDate)
    case dayTwice(CivilDate)
    case invalidAmount(String)
    case numericDayState
    case dayState
}
