// SPDX-License-Identifier: GPL-3.0-or-later
/// User settings, kept in the same document as the alarms.
public struct Settings: Hashable, Sendable {
    /// IANA zone every trigger is computed in.
    public var zone: String = Zone.moscowIdentifier
    public var snoozeMinutes: Int = 10
    /// Theme sound id or absolute file path.
    public var sound: String = "alarm-clock-elapsed"
    /// How long an alarm rings before it stops by itself and is reported as missed.
    public var ringMinutes: Int = 5
    /// A gentle start: a ring rises from quiet to full volume over this many seconds (0: off).
    public var rampSeconds: Int = 30
    /// How old an occurrence may be (machine asleep, agent not running) and still ring.
    public var lateWindowMinutes: Int = 15
    public var language: LanguageSetting = .auto
    /// Habit reminders: how long "Later" postpones, and the short sound they play.
    public var habitLaterMinutes: Int = 30
    public var habitSound: String = "message-new-instant"
    /// Alarms wake the machine from suspend unless they say otherwise (timers never by default).
    public var wakeAlarms: Bool = true
    /// Whether the agent announces a newly earned habit achievement (a notification and a D-Bus
    /// signal); `habit achievements` lists them either way.
    public var achievementNotifications = true
    /// What closing a ringing alarm's notification (a user dismissal) does. Snooze by default:
    /// someone who swipes it away half asleep must not oversleep; only Stop stops.
    public var dismiss: DismissAction = .snooze
    /// Whose production calendar "working days" follow (`none`: Monday–Friday).
    public var holidays: HolidayCountry = .ru
    /// The evening time of the notice of tomorrow's first alarm that wakes the computer (Skip /
    /// OK); nil (the default) shows none. See `PreNotice`.
    public var preNotice: TimeOfDay?
    /// Calendar reminders (issue 38, docs/REMINDERS.md): local calendar folders the user added
    /// (`calendars add`) beside those found by themselves (`~/.calendars/*/`), and the collections,
    /// by folder, whose reminders ring (`calendars remind`); every other collection is quiet.
    public var calendarFolders: [String] = []
    public var remindedCalendars: [String] = []
    /// The collections, by folder, whose reminders' Dismiss, Snooze and Done are written into the
    /// calendar files (`calendars remind NAME --write-acknowledgements`; RFC 9074). Others keep
    /// them in the agent's ledger only.
    public var writeBackCalendars: [String] = []
    /// How long a calendar reminder's Snooze waits (`reminder-snooze`): a reminder is asked again
    /// sooner than an alarm, as Thunderbird and evolution-alarm-notify offer 5 minutes first.
    public var reminderSnoozeMinutes = Settings.defaultReminderSnoozeMinutes
    public static let defaultReminderSnoozeMinutes = 5

    public init() {}

    /// The keys `agent-cli settings` accepts, in display order.
    public static let keys = [
        "zone", "snooze", "sound", "ring-minutes", "ramp", "late-window", "language",
        "habit-later", "habit-sound", "wake", "achievement-notifications", "dismiss", "holidays", "pre-notice",
        "reminder-snooze",
    ]
}

/// The `dismiss` setting.
public enum DismissAction: String, Hashable, Sendable, CaseIterable {
    case snooze, stop
}

public enum LanguageSetting: String, Hashable, Sendable, CaseIterable {
    case auto, ru, en
}
