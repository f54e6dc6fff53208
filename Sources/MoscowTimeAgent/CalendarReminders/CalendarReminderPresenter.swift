// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDesktop
import MoscowTimeDomain
import MoscowTimeStore

/// Shows a calendar reminder: a normal-urgency notification (an alarm's critical urgency and
/// looping sound are for alarms) with Snooze and Dismiss (and Done for a to-do whose calendar is
/// written back), and one short sound. The answers go to the planner (`onSnooze`, `onDismiss`,
/// `onDone`). A notification closed without a button: by the user (swiped, its ×) is a Dismiss, as
/// in GNOME Calendar and Thunderbird; expired or closed by the server leaves the reminder rung, not
/// repeated. A button closes its notification.
@MainActor
final class CalendarReminderPresenter {
    static let soundName = "message-new-instant"

    private let notifier: any NotificationShowing
    private let sound: any SoundPlaying
    private let soundKeys: SoundKeys
    private let factory: NotificationFactory
    private var shown: [String: any ShownNotification] = [:]
    /// Which showing of each key is on screen: an earlier one's late close is not this one's.
    private var serials: [String: UInt64] = [:]
    private var serial: UInt64 = 0
    var onSnooze: (CalendarRing) -> Void = { _ in }
    var onDismiss: (CalendarRing) -> Void = { _ in }
    var onDone: (CalendarRing) -> Void = { _ in }

    init(notifier: any NotificationShowing, sound: any SoundPlaying, soundKeys: SoundKeys, factory: NotificationFactory) {
        self.notifier = notifier
        self.sound = sound
        self.soundKeys = soundKeys
        self.factory = factory
    }

    /// Shows `ring` (replacing its VALARM's earlier notification); with `missedAsOf`, as missed
    /// (found that late). Returns whether it is on screen.
    @discardableResult
    func show(_ ring: CalendarRing, settings: Settings, missedAsOf now: Instant? = nil) -> Bool {
        let t = Localizer(Language.resolve(setting: settings.language))
        let zone = Zone(identifier: settings.zone) ?? Zone(identifier: Zone.moscowIdentifier)!
        let text = CalendarReminderText(t, zone: zone)
        let minutes = settings.reminderSnoozeMinutes
        let words =
            now.map { text.missed(ring.reminder, calendar: ring.calendar, snoozeMinutes: minutes, now: $0) }
            ?? text.reminder(ring.reminder, calendar: ring.calendar, snoozeMinutes: minutes)
        close(ring.key)
        serial += 1
        let serial = serial
        do {
            let handle = try notifier.present(
                factory.calendarReminder(words, doneLabel: ring.offersDone ? t("Done") : nil),
                onAction: { [weak self] action in
                    guard let self else { return }
                    // Closed as an alarm's after Stop: some servers (lxqt-notificationd) leave it
                    // open after a button. Not a later showing's: that one stays.
                    if self.serials[ring.key] == serial { self.close(ring.key) }
                    switch action {
                    case "snooze": self.onSnooze(ring)
                    case "dismiss": self.onDismiss(ring)
                    case "done": self.onDone(ring)
                    default: break
                    }
                },
                onClosed: { [weak self] reason in self?.closed(ring, serial: serial, reason: reason) })
            shown[ring.key] = handle
            serials[ring.key] = serial
            sound.playOnce(key: soundKeys.make(), source: .themeSound(Self.soundName))
            Log.info("calendar reminder \"\(ring.reminder.summary)\" (\(ring.calendar)) shown (notification \(handle.serverID))")
            return true
        } catch {
            Log.warning("cannot show the calendar reminder \"\(ring.reminder.summary)\": \(error)")
            return false
        }
    }

    private func closed(_ ring: CalendarRing, serial: UInt64, reason: NotificationCloseReason) {
        guard shown[ring.key] != nil, serials[ring.key] == serial else { return }
        shown[ring.key] = nil
        if reason == .dismissed { onDismiss(ring) }
    }

    func close(_ key: String) {
        shown.removeValue(forKey: key)?.close()
    }

    func closeAll() { for key in Array(shown.keys) { close(key) } }
}
