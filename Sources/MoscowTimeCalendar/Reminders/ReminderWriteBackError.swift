// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// Why a reminder's action was not written into its calendar object; the reminder is then kept
/// dismissed or snoozed here only.
public enum ReminderWriteBackError: Error, Sendable, Equatable {
    /// The text is not iCalendar, or not within `CalendarLimits`.
    case unreadable(CalendarFileError)
    /// No item with the UID (and RECURRENCE-ID, or a master for it) is in the text: changed since.
    case itemNotFound
    /// The item has no VALARM at that index: changed since.
    case alarmNotFound
    /// Done is for a to-do only.
    case notATodo
    /// Done on a repeating to-do by a reminder that names no occurrence (an absolute trigger that
    /// snoozes nothing): its occurrences are completed one at a time, never the whole series.
    case repeatingTodo

}
