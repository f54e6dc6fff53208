// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// What `ReminderReader` found in one calendar object: the reminders due in the window, the
/// VALARMs it does not ring (EMAIL, PROCEDURE), and the items or alarms it left out, with why.
public struct ReminderReading: Sendable, Equatable {
    /// In the order of the file's components, each component's by occurrence, alarm and repetition.
    public var reminders: [CalendarReminder] = []
    /// VALARMs whose ACTION is neither DISPLAY nor AUDIO (EMAIL, PROCEDURE): never rung here.
    public var otherActions = 0
    public var skipped: [ReminderSkip] = []

    public init() {}
}
