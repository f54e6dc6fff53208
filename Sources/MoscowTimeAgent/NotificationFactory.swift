// SPDX-License-Identifier: GPL-3.0-or-later
import AgentControl
import GLibSupport
import MoscowTimeDesktop
import MoscowTimeDomain
import MoscowTimeStore

/// Builds every notification the agent shows, from the words the core's text types chose: the one
/// place that knows the server's capabilities (asked once, cached until the server changes) and
/// escapes body markup.
@MainActor
final class NotificationFactory {
    static let alarmCategory = "x-moscowtime.alarm"
    static let missedCategory = "x-moscowtime.alarm.missed"
    static let habitCategory = "x-moscowtime.habit"
    static let summaryCategory = "x-moscowtime.summary"
    static let achievementCategory = "x-moscowtime.habit.achievement"
    static let preNoticeCategory = "x-moscowtime.alarm.prenotice"
    static let calendarCategory = "x-moscowtime.calendar"
    static let calendarReminderCategory = "x-moscowtime.calendar.reminder"

    private let server: any NotificationShowing
    private let icons: IconFiles?
    private var cached: [String]?

    /// `icons`: where the icon files are, sent as each notification's image (nil: the name only).
    init(server: any NotificationShowing, icons: IconFiles? = nil) {
        self.server = server
        self.icons = icons
    }

    /// The server's capabilities; an empty answer (no server yet) is not cached.
    var capabilities: [String] {
        if let c = cached { return c }
        let c = server.capabilities()
        if !c.isEmpty { cached = c }
        return c
    }

    /// A server appeared or vanished: ask again next time.
    func serverChanged() { cached = nil }

    /// Whether buttons can be shown (otherwise the alarm's body says how to answer from the CLI).
    var hasActions: Bool { capabilities.contains("actions") }

    /// A ringing alarm: critical, never expires, exactly two buttons, Snooze and Stop, and no
    /// `default` action: xfce4-notifyd and lxqt-notificationd draw the default action's label as a
    /// button of its own ("Stop" twice), an empty label would hide it but libnotify refuses one,
    /// and without it every server tested (those two, notification-daemon,
    /// mate-notification-daemon, dunst) closes the notification on a click on its body: a
    /// dismissal, answered as the `dismiss` setting says (RingPresenter).
    func alarm(_ words: AlarmNotificationText.Ring, withActions: Bool) -> NotificationContent {
        NotificationContent(
            summary: words.summary, body: body(words.body),
            iconName: AgentIdentity.ringingIconName, imagePath: image(AgentIdentity.ringingIconName),
            urgency: .critical, category: Self.alarmCategory,
            desktopEntry: AgentIdentity.desktopEntry, suppressSound: true, resident: false, transient: false,
            expireTimeoutMs: 0,
            actions: withActions
                ? [
                    NotificationAction(id: "snooze", label: words.snoozeLabel),
                    NotificationAction(id: "stop", label: words.stopLabel),
                ] : [])
    }

    /// The one list of missed alarms.
    func missed(summary: String, body text: String) -> NotificationContent {
        NotificationContent(
            summary: summary, body: body(text),
            iconName: AgentIdentity.iconName, imagePath: image(AgentIdentity.iconName), urgency: .normal, category: Self.missedCategory,
            desktopEntry: AgentIdentity.desktopEntry, suppressSound: true, resident: false, transient: false,
            expireTimeoutMs: 0, actions: [])
    }

    /// A habit reminder: Done / Skip / Later (action ids are `HabitAnswer` raw values).
    func habitReminder(_ words: HabitNotificationText.Reminder) -> NotificationContent {
        NotificationContent(
            summary: words.summary, body: body(words.body),
            iconName: AgentIdentity.iconName, imagePath: image(AgentIdentity.iconName), urgency: .normal, category: Self.habitCategory,
            desktopEntry: AgentIdentity.desktopEntry, suppressSound: true, resident: false, transient: false,
            expireTimeoutMs: 0,
            actions: [
                NotificationAction(id: HabitAnswer.done.rawValue, label: words.doneLabel),
                NotificationAction(id: HabitAnswer.skip.rawValue, label: words.skipLabel),
                NotificationAction(id: HabitAnswer.later.rawValue, label: words.laterLabel),
            ])
    }

    /// A reminder of another calendar (issue 38): normal urgency, Snooze and Dismiss.
    /// `doneLabel`: a to-do's Done button, first (nil: none).
    func calendarReminder(_ words: CalendarReminderText.Reminder, doneLabel: String? = nil) -> NotificationContent {
        NotificationContent(
            summary: words.summary, body: body(words.body),
            iconName: AgentIdentity.iconName, imagePath: image(AgentIdentity.iconName), urgency: .normal,
            category: Self.calendarReminderCategory, desktopEntry: AgentIdentity.desktopEntry, suppressSound: true, resident: false,
            transient: false, expireTimeoutMs: 0,
            actions: (doneLabel.map { [NotificationAction(id: "done", label: $0)] } ?? []) + [
                NotificationAction(id: "snooze", label: words.snoozeLabel), NotificationAction(id: "dismiss", label: words.dismissLabel),
            ])
    }

    /// The production calendar of a year is missing: normal urgency, no buttons, stays until closed.
    func calendarMissing(summary: String, body text: String) -> NotificationContent {
        NotificationContent(
            summary: summary, body: body(text),
            iconName: AgentIdentity.iconName, imagePath: image(AgentIdentity.iconName), urgency: .normal, category: Self.calendarCategory,
            desktopEntry: AgentIdentity.desktopEntry, suppressSound: true, resident: false, transient: false,
            expireTimeoutMs: 0, actions: [])
    }

    /// The evening notice of tomorrow's first alarm: normal urgency, Skip and OK.
    func preNotice(_ words: PreNoticeText) -> NotificationContent {
        NotificationContent(
            summary: words.summary, body: body(words.body),
            iconName: AgentIdentity.iconName, imagePath: image(AgentIdentity.iconName), urgency: .normal, category: Self.preNoticeCategory,
            desktopEntry: AgentIdentity.desktopEntry, suppressSound: true, resident: false, transient: false,
            expireTimeoutMs: 0,
            actions: [NotificationAction(id: "skip", label: words.skipLabel), NotificationAction(id: "ok", label: words.okLabel)])
    }

    /// A habit achievement: normal urgency, no buttons, gone after the server's default timeout.
    func achievement(summary: String, body text: String) -> NotificationContent {
        NotificationContent(
            summary: summary, body: body(text),
            iconName: AgentIdentity.iconName, urgency: .normal, category: Self.achievementCategory,
            desktopEntry: AgentIdentity.desktopEntry, suppressSound: true, resident: false, transient: true,
            expireTimeoutMs: -1, actions: [])
    }

    /// The tray's "today" summary: low urgency, transient, the server's default timeout.
    func todaySummary(summary: String, body text: String) -> NotificationContent {
        NotificationContent(
            summary: summary, body: body(text),
            iconName: AgentIdentity.iconName, imagePath: image(AgentIdentity.iconName), urgency: .low, category: Self.summaryCategory,
            desktopEntry: AgentIdentity.desktopEntry, suppressSound: true, resident: false, transient: true,
            expireTimeoutMs: -1, actions: [])
    }

    private func image(_ iconName: String) -> String? { icons?.file(for: iconName) }

    /// Plain text as the body: escaped where the server reads markup.
    private func body(_ text: String) -> String {
        capabilities.contains("body-markup") ? Markup.escape(text) : text
    }

    static func soundSource(_ s: String) -> SoundSource { s.hasPrefix("/") ? .file(s) : .themeSound(s) }
}
