// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport

/// The agent's GetStatus answer, decoded.
public struct AgentStatus: Sendable, Equatable {
    public var runningSince: Int64 = 0
    public var version = ""
    public var zone = ""
    public var pausedUntil: Int64 = 0
    public var ringing: UInt32 = 0
    public var snoozed: UInt32 = 0
    public var alarms: UInt32 = 0
    public var nextTrigger: Int64 = 0
    public var nextLabel = ""
    public var nextID = ""
    public var notificationServer = ""
    public var notificationCapabilities: [String] = []
    public var soundBackend = ""
    public var store = ""
    public var storeProblem = ""
    /// Whether a tray shows the icon: shown, no-watcher, not-registered, no-bus-name or pending
    /// (StatusNotifierItem's TrayVisibility); empty from an agent that does not say.
    public var tray = ""
    /// The next reminder of a calendar set to remind (issue 38): when (0: none), what, which calendar.
    public var nextCalendarReminder: Int64 = 0
    public var nextCalendarSummary = ""
    public var nextCalendarName = ""

    public init() {}

    /// Encodes as GetStatus's a{sv}.
    public var variant: Variant {
        .dictionary([
            ("running-since", .int64(runningSince)), ("version", .string(version)), ("zone", .string(zone)),
            ("paused-until", .int64(pausedUntil)), ("ringing", .uint32(ringing)), ("snoozed", .uint32(snoozed)),
            ("alarms", .uint32(alarms)), ("next-trigger", .int64(nextTrigger)), ("next-label", .string(nextLabel)),
            ("next-id", .string(nextID)), ("notification-server", .string(notificationServer)),
            ("notification-capabilities", .strings(notificationCapabilities)), ("sound-backend", .string(soundBackend)),
            ("store", .string(store)), ("store-problem", .string(storeProblem)), ("tray", .string(tray)),
            ("next-calendar-reminder", .int64(nextCalendarReminder)), ("next-calendar-summary", .string(nextCalendarSummary)),
            ("next-calendar-name", .string(nextCalendarName)),
        ])
    }

    public init(_ dict: VariantReader) {
        runningSince = dict.lookup("running-since")?.int64 ?? 0
        version = dict.lookup("version")?.string ?? ""
        zone = dict.lookup("zone")?.string ?? ""
        pausedUntil = dict.lookup("paused-until")?.int64 ?? 0
        ringing = dict.lookup("ringing")?.uint32 ?? 0
        snoozed = dict.lookup("snoozed")?.uint32 ?? 0
        alarms = dict.lookup("alarms")?.uint32 ?? 0
        nextTrigger = dict.lookup("next-trigger")?.int64 ?? 0
        nextLabel = dict.lookup("next-label")?.string ?? ""
        nextID = dict.lookup("next-id")?.string ?? ""
        notificationServer = dict.lookup("notification-server")?.string ?? ""
        notificationCapabilities = dict.lookup("notification-capabilities")?.strings ?? []
        soundBackend = dict.lookup("sound-backend")?.string ?? ""
        store = dict.lookup("store")?.string ?? ""
        storeProblem = dict.lookup("store-problem")?.string ?? ""
        tray = dict.lookup("tray")?.string ?? ""
        nextCalendarReminder = dict.lookup("next-calendar-reminder")?.int64 ?? 0
        nextCalendarSummary = dict.lookup("next-calendar-summary")?.string ?? ""
        nextCalendarName = dict.lookup("next-calendar-name")?.string ?? ""
    }
}
