// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeCalendar
import MoscowTimeDomain

extension CalendarWording {
    /// Why a reminder's Dismiss, Snooze or Done was not written into its calendar file.
    static func writeBack(_ e: ReminderWriteBackError, _ t: Localizer) -> String {
        switch e {
        case .unreadable(let f): problem(f.problem, t)
        case .itemNotFound: t("the calendar item is no longer in this file")
        case .alarmNotFound: t("the reminder is no longer in its calendar item")
        case .notATodo: t("only a to-do can be marked done")
        case .repeatingTodo: t("a repeating to-do is marked done one occurrence at a time, and this reminder names none")
        }
    }
}
