// SPDX-License-Identifier: GPL-3.0-or-later
/// Something left out of an import or a sync, with what names it; worded where it is shown.
public enum CalendarWarning: Sendable, Equatable {
    /// Another calendar's event that cannot become an alarm.
    case eventRefused(CalendarEventName, EventRefusal)
    /// Another calendar's event whose title cannot be an alarm label.
    case titleNotALabel(CalendarEventName)
    /// One of our habits whose name another habit here already has.
    case habitNameTaken(name: String, id: String, otherID: String)
    /// A resource in the alarms or habits collection that is not one of ours.
    case notOurAlarm(url: String)
    case notOurHabit(url: String)
    /// The calendar's `X-WR-TIMEZONE` is no zone of the tz database: its floating times are read
    /// in ours.
    case calendarZoneUnknown(String, ours: String)
    /// One of our alarms whose server copy another program changed into a schedule alarms cannot
    /// express: it rings here as before, and the server copy is left alone until the user settles
    /// it; `changedHere`: the alarm was edited here since (a conflict); `here`: this machine has
    /// the alarm (not so for another program's new event, which is then not taken).
    case alarmNotExpressible(id: String, label: String, rule: String?, changedHere: Bool, here: Bool)
    /// `--accept-remote-item` of a held alarm: its server copy says what alarms cannot, so it
    /// cannot be taken here.
    case serverCopyNotTaken(id: String, label: String, rule: String?)
    /// Another program's event taken as an alarm has floating times (no zone): read in `zone`, for
    /// the reason `source` says.
    case floatingTimes(CalendarEventName, zone: String, source: FloatingZoneSource)
    /// A resource changed on the server between this sync's read and its write.
    case changedDuringSync(url: String)
    /// A resource on the server that cannot be read: left out of this sync (and left alone there).
    case skippedResource(url: String, SkippedResource)
    /// A collection that held `count` of this machine's items at the last sync is empty or gone:
    /// the server lost its data, and the items are kept here and sent again.
    case serverLostItems(url: String, count: Int)
}

/// Where the zone of an event's floating times comes from.
public enum FloatingZoneSource: Sendable, Equatable {
    /// The calendar's `X-WR-TIMEZONE`.
    case calendar
    /// The machine that first took the event wrote it (`CalendarFormat.floatingZone`).
    case firstMachine
    /// This machine's, written into the event now.
    case thisMachine
}

/// Why a resource on the server was left out of a sync.
public enum SkippedResource: Sendable, Equatable {
    case invalid(CalendarFileError)
    /// Its calendar data alone is larger than `AnswerLimits.maximumBytes` (`limit`).
    case larger(limit: Int)
    /// The server's answer for it alone is not readable XML (bytes that are not UTF-8, say).
    case unreadableAnswer
}

/// How a warning names an event: its title (empty when it has none) and its UID (empty when none).
public struct CalendarEventName: Sendable, Equatable {
    public let summary: String
    public let uid: String
    public init(summary: String, uid: String) {
        self.summary = summary
        self.uid = uid
    }
}

/// Why an event's reminder cannot be an alarm (the schedule model cannot express it exactly).
public enum EventRefusal: Sendable, Equatable {
    case noStart
    case unknownZone(String)
    /// A TZID that is neither a tz database name nor a VTIMEZONE of the file (a path, say): never
    /// handed to libical, which would open it as a file.
    case zoneNotInDatabase(String)
    case timerFormat(property: String)
    case unreadableStart
    case rdate
    case notWholeMinute(clock: String)
    case inDaylightSavingGap(zone: String)
    case severalRules
    case rule(String)
    case offsetChanges(zone: String)
    case fixedReminderOnRepeatingEvent
    case unreadableReminderTime
    /// An RRULE's INTERVAL that is no number of days an alarm can repeat by (as written, before
    /// libical's 16-bit field could truncate it).
    case intervalOutOfRange(value: String, maximum: Int)
    /// A day outside `Limits.alarmDates` (2000–2199).
    case dateOutOfRange(String)
}
