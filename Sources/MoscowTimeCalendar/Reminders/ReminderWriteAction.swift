// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// What the user did with a calendar reminder, to be written into its calendar object
/// (`ReminderWriteBack`).
public enum ReminderWriteAction: Sendable, Equatable {
    /// Dismissed: RFC 9074 ACKNOWLEDGED on its VALARM (a snooze alarm is taken away instead).
    case dismiss
    /// Snoozed until then: RFC 9074 §7's snooze alarm.
    case snooze(until: Instant)
    /// A to-do done: STATUS:COMPLETED, COMPLETED, PERCENT-COMPLETE:100.
    case done
}
