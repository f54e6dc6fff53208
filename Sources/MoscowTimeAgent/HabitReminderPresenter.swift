// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDesktop
import MoscowTimeDomain

/// Shows the habit reminders `AgentScheduler` decides on: a normal-urgency notification with
/// Done / Skip / Later and one short sound (not a loop). The answers go back to the scheduler
/// through `onAnswer`; closing is the scheduler's decision too (`.closeHabitReminder`).
@MainActor
final class HabitReminderPresenter {
    private let notifier: any NotificationShowing
    private let sound: any SoundPlaying
    private let soundKeys: SoundKeys
    private let factory: NotificationFactory
    private var shown: [String: (reminder: HabitReminder, handle: any ShownNotification)] = [:]
    /// A button was pressed (a click on the body is ignored: the user has not answered).
    var onAnswer: (HabitAnswer, HabitReminder) -> Void = { _, _ in }
    /// The set of reminders on screen changed (`shownNotificationIDs`): the runner persists it.
    var onShownChanged: () -> Void = {}

    init(notifier: any NotificationShowing, sound: any SoundPlaying, soundKeys: SoundKeys, factory: NotificationFactory) {
        self.notifier = notifier
        self.sound = sound
        self.soundKeys = soundKeys
        self.factory = factory
    }

    /// Shows `r` (replacing an earlier reminder of the same habit) and plays the habit sound once.
    /// The streak is counted on `history` when given, the document with the habits' whole history
    /// (the scheduler's `document` keeps only recent days). Returns whether a notification is on screen.
    @discardableResult
    func show(_ r: HabitReminder, document: StoreDocument, history: StoreDocument? = nil, zone: Zone, now: Instant) -> Bool {
        guard let habit = document.habits.first(where: { $0.id == r.habitID }) else { return false }
        let settings = document.settings
        let t = Localizer(Language.resolve(setting: settings.language))
        let whole = history?.habits.first(where: { $0.id == r.habitID }) ?? habit
        let streak = HabitStreaks(HabitTimeline(whole, today: zone.local(now).date))
        let words = HabitNotificationText(t, zone: zone).reminder(r, habit: habit, streak: streak, laterMinutes: settings.habitLaterMinutes)
        close(r.habitID)
        do {
            let handle = try notifier.present(
                factory.habitReminder(words),
                onAction: { [weak self] action in
                    guard let answer = HabitAnswer(rawValue: action) else { return }
                    self?.onAnswer(answer, r)
                },
                onClosed: { [weak self] _ in
                    guard let self, self.shown[r.habitID]?.reminder == r else { return }
                    self.shown[r.habitID] = nil
                    self.onShownChanged()
                })
            shown[r.habitID] = (r, handle)
            onShownChanged()
            sound.playOnce(key: soundKeys.make(), source: NotificationFactory.soundSource(settings.habitSound))
            Log.info("habit reminder \"\(r.name)\" shown (notification \(handle.serverID))\(r.isLate ? " late" : "")")
            return true
        } catch {
            Log.warning("cannot show the habit reminder for \"\(r.name)\": \(error)")
            return false
        }
    }

    /// One short notification for an achievement just earned (no sound, no buttons).
    func announce(_ a: EarnedAchievement, settings: Settings) {
        let t = Localizer(Language.resolve(setting: settings.language))
        let summary = t("Achievement earned")
        let body = t("{title} — {name}", ["title": HabitText.achievement(a.achievement.kind, t), "name": a.habitName])
        do {
            let handle = try notifier.present(factory.achievement(summary: summary, body: body), onAction: { _ in }, onClosed: { _ in })
            Log.info("achievement \(a.achievement.key) of \"\(a.habitName)\" shown (notification \(handle.serverID))")
        } catch {
            Log.warning("cannot show the achievement \(a.achievement.key) of \"\(a.habitName)\": \(error)")
        }
    }

    func close(_ habitID: String) {
        guard let entry = shown.removeValue(forKey: habitID) else { return }
        entry.handle.close()
        onShownChanged()
    }

    func closeAll() { for id in Array(shown.keys) { close(id) } }

    /// Habits whose reminder is on screen.
    var shownHabitIDs: [String] { shown.keys.sorted() }

    /// Per habit id: the server's id of its reminder notification on screen.
    var shownNotificationIDs: [String: UInt32] { shown.compactMapValues { $0.handle.serverID != 0 ? $0.handle.serverID : nil } }
}
