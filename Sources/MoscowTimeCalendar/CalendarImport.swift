// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeCore

/// What a calendar file holds for us, before it is merged into the store.
public struct CalendarImport: Sendable {
    /// Alarms from our own export keep their id; alarms made from other calendars' reminders have
    /// an empty id (a fresh one is chosen when merging).
    public var alarms: [Alarm] = []
    public var habits: [Habit] = []
    /// Events refused, each naming the event and why.
    public var warnings: [String] = []
    /// Events without a reminder, one-time events already past, and to-dos that are not habits.
    public var ignored = 0

    public init() {}
}
