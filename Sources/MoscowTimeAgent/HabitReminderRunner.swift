// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeCore
import MoscowTimeDesktop

/// Shows habit reminders decided by the core's `HabitReminderPlanner`: a normal-urgency
/// notification with Done / Skip / Later and one short sound (not a loop). Done and Skip are
/// written to the user's document; a reminder whose day becomes settled (from the CLI, the tray, or
/// here) is closed. Its wake-ups share the alarm runner's single timer.
@MainActor
final class HabitReminderRunner {
    private let notifier: Notifier
    private let sound: SoundPlayer
    private let store: DocumentStore
    private var shown: [String: (reminder: HabitReminder, handle: NotificationHandle)] = [:]
    private var soundKey: UInt32 = 0x4000_0000
    private(set) var nextWake: Instant?
    /// Asks the owner to re-evaluate (after an action changed the state or the document).
    var onChange: () -> Void = {}
    var onShown: (HabitReminder) -> Void = { _ in }

    init(notifier: Notifier, sound: SoundPlayer, store: DocumentStore) {
        self.notifier = notifier; self.sound = sound; self.store = store
    }

    /// Evaluates at `now`, shows what is due, closes reminders no longer open. Returns whether the
    /// agent state changed (the caller persists it).
    func evaluate(engine: AlarmEngine, now: Instant) -> Bool {
        let doc = engine.document
        let planner = HabitReminderPlanner(zone: engine.zone, lateWindowMinutes: doc.settings.lateWindowMinutes)
        let plan = planner.evaluate(doc, state: engine.habitReminders, now: now)
        engine.habitReminders = plan.state
        nextWake = plan.nextWake
        closeSettled(doc, zone: engine.zone, now: now)
        for r in plan.dropped {
            Log.info("habit reminder for \"\(r.name)\" due \(ISO8601.string(r.due, in: engine.zone)) came too late; not shown")
        }
        for r in plan.show { show(r, engine: engine, now: now) }
        return plan.stateChanged
    }

    private func show(_ r: HabitReminder, engine: AlarmEngine, now: Instant) {
        guard let habit = engine.document.habits.first(where: { $0.id == r.habitID }) else { return }
        let settings = engine.document.settings
        let t = Localizer(Language.resolve(setting: settings.language))
        let streak = HabitStreaks(HabitTimeline(habit, today: engine.zone.local(now).date))
        let words = HabitNotificationText(t, zone: engine.zone).reminder(r, habit: habit, streak: streak, laterMinutes: settings.habitLaterMinutes)
        let caps = notifier.capabilities()
        let content = NotificationContent(
            summary: words.summary, body: caps.contains("body-markup") ? RingPresenter.escapeMarkup(words.body) : words.body,
            iconName: AgentIdentity.iconName, urgency: .normal, category: "x-moscowtime.habit",
            desktopEntry: AgentIdentity.desktopEntry, suppressSound: true, resident: false, transient: false,
            expireTimeoutMs: 0,
            actions: [NotificationAction(id: "done", label: words.doneLabel), NotificationAction(id: "skip", label: words.skipLabel),
                      NotificationAction(id: "later", label: words.laterLabel)])
        shown[r.habitID]?.handle.close()
        do {
            let handle = try notifier.show(content, onAction: { [weak self] action in
                self?.act(action, on: r, engine: engine)
            }, onClosed: { [weak self] _ in
                if self?.shown[r.habitID]?.reminder == r { self?.shown[r.habitID] = nil }
            })
            shown[r.habitID] = (r, handle)
            soundKey &+= 1
            sound.playOnce(key: soundKey, source: RingPresenter.soundSource(settings.habitSound))
            Log.info("habit reminder \"\(r.name)\" shown (notification \(handle.serverID))\(r.isLate ? " late" : "")")
            onShown(r)
        } catch {
            Log.warning("cannot show the habit reminder for \"\(r.name)\": \(error)")
        }
    }

    /// Done / Skip: record the reminder's day; Later: ask again after the setting's minutes.
    private func act(_ action: String, on r: HabitReminder, engine: AlarmEngine) {
        let now = SystemWallClock().now()
        switch action {
        case "done", "skip":
            do {
                try store.update { doc in
                    _ = try HabitCheckIn.record(action == "done" ? .done : .skip, habitID: r.habitID, in: &doc,
                                                day: r.day, now: now, zone: engine.zone)
                }
                Log.info("habit \"\(r.name)\" marked \(action) for \(r.day)")
            } catch {
                Log.warning("could not mark habit \"\(r.name)\" \(action): \(error)")
            }
            close(r.habitID)
        case "later":
            var state = engine.habitReminders
            let planner = HabitReminderPlanner(zone: engine.zone, lateWindowMinutes: engine.document.settings.lateWindowMinutes)
            let until = planner.postpone(r, minutes: engine.document.settings.habitLaterMinutes, now: now, state: &state)
            engine.habitReminders = state
            Log.info("habit reminder \"\(r.name)\" postponed until \(ISO8601.string(until, in: engine.zone))")
            close(r.habitID)
        default:
            return // a click on the body: leave it for the user to answer
        }
        onChange()
    }

    /// Closes reminders whose day is no longer open (done or skipped elsewhere, archived, deleted).
    private func closeSettled(_ doc: StoreDocument, zone: Zone, now: Instant) {
        for (id, entry) in shown {
            guard let habit = doc.habits.first(where: { $0.id == id }), !habit.archived, habit.isOpen(on: entry.reminder.day) else {
                close(id)
                continue
            }
        }
    }

    private func close(_ habitID: String) {
        if let entry = shown.removeValue(forKey: habitID) { entry.handle.close() }
    }

    func closeAll() { for id in Array(shown.keys) { close(id) } }

    /// Habits currently shown, for the tray.
    var shownHabitIDs: [String] { shown.keys.sorted() }
}
