// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDesktop
import MoscowTimeDomain

/// Shows a calendar reminder: a normal-urgency notification (an alarm's critical urgency and
/// looping sound are for alarms) with Snooze and Dismiss (and Done for a to-do whose calendar is
/// written back), and one short sound. The answers go to the planner (`onSnooze`, `onDismiss`,
/// `onDone`); a notification closed without an answer leaves the reminder rung, as it was.
@MainActor
final class CalendarReminderPresenter {
    static let soundName = "message-new-instant"

    private let notifier: any NotificationShowing
    private let sound: any SoundPlaying
    private let soundKeys: SoundKeys
    private let factory: NotificationFactory
    private var shown: [String: any ShownNotification] = [:]
    var onSnooze: (CalendarRing) -> Void = { _ in }
    var onDismiss: (CalendarRing) -> Void = { _ in }
    var onDone: (CalendarRing) -> Void = { _ in }

    init(notifier: any NotificationShowing, sound: any SoundPlaying, soundKeys: SoundKeys, factory: NotificationFactory) {
        self.notifier = notifier
        self.sound = sound
        self.soundKeys = soundKeys
        self.factory = factory
    }

    /// Shows `ring` (replacing its VALARM's earlier notification). Returns whether it is on screen.
    @discardableResult
    func show(_ ring: CalendarRing, settings: Settings) -> Bool {
        let t = Localizer(Language.resolve(setting: settings.language))
        let zone = Zone(identifier: settings.zone) ?? Zone(identifier: Zone.moscowIdentifier)!
        let words = CalendarReminderText(t, zone: zone).reminder(
            ring.reminder, calendar: ring.calendar, snoozeMinutes: settings.snoozeMinutes)
        close(ring.key)
        do {
            let handle = try notifier.present(
                factory.calendarReminder(words, doneLabel: ring.offersDone ? t("Done") : nil),
                onAction: { [weak self] action in
                    guard let self else { return }
                    self.shown[ring.key] = nil
                    switch action {
                    case "snooze": self.onSnooze(ring)
                    case "dismiss": self.onDismiss(ring)
                    case "done": self.onDone(ring)
                    default: break
                    }
                },
                onClosed: { [weak self] _ in self?.shown[ring.key] = nil })
            shown[ring.key] = handle
            sound.playOnce(key: soundKeys.make(), source: .themeSound(Self.soundName))
            Log.info("calendar reminder \"\(ring.reminder.summary)\" (\(ring.calendar)) shown (notification \(handle.serverID))")
            return true
        } catch {
            Log.warning("cannot show the calendar reminder \"\(ring.reminder.summary)\": \(error)")
            return false
        }
    }

    func close(_ key: String) {
        shown.removeValue(forKey: key)?.close()
    }

    func closeAll() { for key in Array(shown.keys) { close(key) } }
}
