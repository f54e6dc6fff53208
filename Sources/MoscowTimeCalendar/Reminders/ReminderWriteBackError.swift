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
    /// Done on a repeating to-do: todoman ends the series and starts a new item, Thunderbird writes
    /// an override; neither is a line edit, and doing one behind the other's back would surprise
    /// its user.
    case repeatingTodo

}
