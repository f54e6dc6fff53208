// SPDX-License-Identifier: GPL-3.0-or-later
/// Decides, free of I/O, which habit reminders to show: given the user's document, the persisted
/// `HabitReminderState` and "now". The agent calls `evaluate` on every timer fire, clock change,
/// resume and document reload, persists `plan.state` when changed, shows `plan.show`, and arms its
/// timer for `plan.nextWake`.
///
/// Rules:
/// - A reminder is for one habit, one reminder time, one day (local, in `zone`). It is shown only
///   while that day is open (`Habit.isOpen`): due, not archived, nothing met or skipped logged yet.
///   A day settled after the fact simply makes later reminders silent.
/// - Each occurrence is handled once (`state.handled`), and occurrences before the habit's last
///   definition change (`Habit.modified`) never count, so adding a 08:00 reminder at noon does not
///   ring at once.
/// - An occurrence first seen more than the late window after it was due (agent off, asleep) is not
///   shown but returned in `dropped`; within the window it is shown, marked late after 60 s.
/// - Several occurrences of one habit due at once (two times passed while off): only the latest.
///   A new occurrence replaces a pending "Later" of the same habit.
/// - "Later" (`postpone`) shows the reminder again after N minutes if its day is still open and
///   still today then; otherwise it lapses silently.
public struct HabitReminderPlanner: Sendable {
    public static let lateThreshold: Int64 = 60

    public let zone: Zone
    /// Seconds; the late-window setting (`Settings.lateWindowMinutes`), shared with alarms.
    public let lateWindow: Int64

    public init(zone: Zone, lateWindowMinutes: Int) {
        self.zone = zone
        lateWindow = Int64(lateWindowMinutes) * 60
    }

    public func evaluate(_ doc: StoreDocument, state old: HabitReminderState, now: Instant) -> HabitReminderPlan {
        var state = old
        var show: [HabitReminder] = []
        var dropped: [HabitReminder] = []
        let today = zone.local(now).date
        let active = doc.habits.filter { !$0.archived }
        forget(except: active, in: &state)

        for habit in active {
            // The reminder to consider, and the instant its lateness counts from: a "Later" from when
            // it was asked to come back, a reminder from its time.
            var candidate: (reminder: HabitReminder, since: Instant)?
            if let l = state.laterEnded(habit.id, at: now) {
                if l.day == today, habit.isOpen(on: l.day) {
                    candidate = (reminder(habit, day: l.day, time: l.time, due: l.due, since: l.until, now: now, postponed: true), l.until)
                }
            }
            // The newest unhandled occurrence among the habit's reminder times.
            var newest: (due: Instant, day: CivilDate, time: TimeOfDay)?
            for time in habit.reminders {
                guard let (due, day) = latestOccurrence(time, atOrBefore: now) else { continue }
                let key = HabitReminder.key(habitID: habit.id, time: time)
                let baseline = max(state.handled[key] ?? habit.modified, habit.modified)
                guard due > baseline else { continue }
                state.take(key, occurrence: due)
                if newest == nil || due > newest!.due { newest = (due, day, time) }
            }
            if let n = newest, habit.isOpen(on: n.day) {
                state.cancelLater(habit.id)
                candidate = (reminder(habit, day: n.day, time: n.time, due: n.due, since: n.due, now: now, postponed: false), n.due)
            }
            guard let c = candidate else { continue }
            if now - c.since > lateWindow { dropped.append(c.reminder) } else { show.append(c.reminder) }
        }
        return HabitReminderPlan(
            show: show, dropped: dropped, state: state, stateChanged: state != old,
            nextWake: nextWake(doc, state: state, now: now))
    }

    /// "Later": show `reminder` again `minutes` from now. Returns when.
    @discardableResult
    public func postpone(_ reminder: HabitReminder, minutes: Int, now: Instant, state: inout HabitReminderState) -> Instant {
        let until = now + Int64(minutes) * 60
        state.postpone(reminder, until: until)
        return until
    }

    /// The earliest instant after `now` at which `evaluate` may have something to show.
    public func nextWake(_ doc: StoreDocument, state: HabitReminderState, now: Instant) -> Instant? {
        var best: Instant?
        func consider(_ t: Instant) { if best == nil || t < best! { best = t } }
        let today = zone.local(now).date
        for habit in doc.habits where !habit.archived {
            if let l = state.later[habit.id] { consider(max(l.until, now + 1)) }
            guard !habit.reminders.isEmpty else { continue }
            // Due days are at most `maximumInterval` apart; per-period habits reopen within a month.
            var day = max(today, habit.start)
            var scanned = 0
            dayLoop: while scanned <= HabitFrequency.maximumInterval + 1 {
                if let b = best, zone.instant(day, TimeOfDay(hour: 0, minute: 0)!) > b { break }
                if habit.isOpen(on: day) {
                    for time in habit.reminders {
                        let at = zone.instant(day, time)
                        let key = HabitReminder.key(habitID: habit.id, time: time)
                        let baseline = max(state.handled[key] ?? habit.modified, habit.modified, now)
                        if at > baseline {
                            consider(at)
                            break dayLoop
                        }
                    }
                }
                day = day.adding(days: 1)
                scanned += 1
            }
        }
        return best
    }

    /// Today's occurrence of `time` if it has passed, else yesterday's (the late window is at most a day).
    func latestOccurrence(_ time: TimeOfDay, atOrBefore now: Instant) -> (Instant, CivilDate)? {
        let today = zone.local(now).date
        for day in [today, today.adding(days: -1)] {
            let at = zone.instant(day, time)
            if at <= now { return (at, day) }
        }
        return nil
    }

    func reminder(_ h: Habit, day: CivilDate, time: TimeOfDay, due: Instant, since: Instant, now: Instant, postponed: Bool) -> HabitReminder
    {
        HabitReminder(
            habitID: h.id, name: h.name, day: day, time: time, due: due,
            isLate: now - since > Self.lateThreshold, isPostponed: postponed,
            progress: HabitText.progress(h, on: day))
    }

    /// Drops bookkeeping of habits and times that no longer exist or are archived.
    func forget(except active: [Habit], in state: inout HabitReminderState) {
        var keys = Set<String>()
        var ids = Set<String>()
        for h in active where !h.reminders.isEmpty {
            ids.insert(h.id)
            for t in h.reminders { keys.insert(HabitReminder.key(habitID: h.id, time: t)) }
        }
        state.forget(except: keys, habitIDs: ids)
    }
}
