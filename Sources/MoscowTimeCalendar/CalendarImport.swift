// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// What a calendar file holds for us, before it is merged into the store.
public struct CalendarImport: Sendable {
    /// Alarms from our own export keep their id; alarms made from other calendars' reminders have
    /// an empty id (a fresh one is chosen when merging).
    public var alarms: [Alarm] = []
    public var habits: [Habit] = []
    /// Events refused, each naming the event and why.
    public var warnings: [CalendarWarning] = []
    /// Sync only: tombstones and the habits' day log times (empty for ordinary files).
    public var deletedAlarms: [String: Instant] = [:]
    public var deletedHabits: [String: Instant] = [:]
    public var dayLogged: [String: [CivilDate: Instant]] = [:]
    public var dayRemoved: [String: [CivilDate: Instant]] = [:]
    /// Sync only: per alarm or habit id, the `modified` our writer put in `X-MOSCOWTIME-MODIFIED`.
    public var written: [String: Instant] = [:]
    /// Sync only: habits whose copy another program marked done (`STATUS:COMPLETED`); the sync
    /// sends ours back, so the to-do is open again for the next day.
    public var markedDone: Set<String> = []
    /// Our own alarms (by id) whose copy another program changed into a schedule alarms cannot
    /// express (a monthly rule, say): not read as a version; the sync keeps the alarm as it is here.
    public var unexpressible: [String: Unexpressible] = [:]
    public struct Unexpressible: Sendable, Equatable {
        public let label: String
        /// The RRULE as written, when that is what cannot be expressed.
        public let rule: String?
    }
    /// Sync only: alarms taken from another program's event (`CalendarImporter.read(adopting:)`),
    /// by id, with the event's UID, which the alarm's copy keeps when it is written back.
    public var adoptedUIDs: [String: String] = [:]
    /// Sync only: to-dos without our properties, by title: todoman's instances of a habit's
    /// recurring to-do (`todo done` checks ours off and writes the next instance as a new to-do of
    /// the habit's title, none of our properties), open or themselves checked off.
    public var foreignTodos: [ForeignTodo] = []
    public struct ForeignTodo: Sendable, Equatable {
        public let name: String
        /// `COMPLETED` of one marked done (`STATUS:COMPLETED`).
        public let completed: Instant?
        /// It carries an RRULE: todoman's open next instance of a recurring to-do.
        public let repeats: Bool
    }
    /// Sync only: adopted events whose times are floating, with the zone they were read in and why
    /// that one (`CalendarImporter.Reader.adoptionZone`); said, so the user knows which zone rings.
    public var floatingTimes: [FloatingTimes] = []
    public struct FloatingTimes: Sendable, Equatable {
        public let name: CalendarEventName
        public let zone: String
        public let source: FloatingZoneSource
    }
    /// Events without a reminder, one-time events already past, and to-dos that are not habits.
    public var ignored = 0

    public init() {}
}
