// SPDX-License-Identifier: GPL-3.0-or-later
/// The agent's one decision maker, free of I/O: owns the persisted `AgentState` and the user's
/// document as last seen, and composes the alarm engine (`AlarmEngine`) with the habit reminder
/// planner (`HabitReminderPlanner`). Events and user actions go in, one `AgentDecision` comes out
/// (whether the state changed, then the effects in order), and `nextWake` says when to call again.
/// The runtime has one timer, armed at `nextWake`; nothing polls.
public final class AgentScheduler {
    private let alarms: AlarmEngine
    private var habits: HabitReminderState
    private var habitWake: Instant?
    /// Whether `habitWake` was planned yet (by any evaluation of the habits).
    private var habitsPlanned = false
    /// Habit reminders shown and not yet answered or closed, per habit id (persisted).
    public var openReminders: [String: HabitReminder] { habits.open }

    public init(document: StoreDocument, state: AgentState, zone: Zone) {
        alarms = AlarmEngine(document: document, state: state.alarms, zone: zone)
        habits = state.habitReminders
        ringNotifications = state.ringNotifications
        calendarWarnedYear = state.calendarWarnedYear
    }

    /// The year whose missing production calendar the user was last told about.
    public private(set) var calendarWarnedYear: Int?

    /// The year the user should now be told has no official calendar yet (this year, or in
    /// December the next one, while an alarm follows working days), unless told already.
    public func calendarWarning(now: Instant) -> Int? {
        guard let year = document.missingCalendarYear(today: zone.local(now).date), year != calendarWarnedYear else { return nil }
        return year
    }

    /// The runtime told the user about `year` (it then saves the state: once a year, across restarts).
    public func noteCalendarWarning(_ year: Int) { calendarWarnedYear = year }

    public var document: StoreDocument { alarms.document }
    public var zone: Zone { alarms.zone }
    /// Everything to persist (when a decision says it changed).
    public var state: AgentState {
        AgentState(
            alarms: alarms.state, habitReminders: habits, ringNotifications: ringNotifications,
            calendarWarnedYear: calendarWarnedYear)
    }
    /// The ring notifications on screen, as the runtime last reported them (`noteRingNotifications`);
    /// at start, what the previous agent left on screen.
    public private(set) var ringNotifications: RingNotifications

    /// The runtime reports which ring notifications it shows now. Returns whether that changed (the
    /// runtime then saves the state, so that a successor can close them if this agent dies).
    public func noteRingNotifications(_ shown: RingNotifications) -> Bool {
        guard shown != ringNotifications else { return false }
        ringNotifications = shown
        return true
    }
    /// What rings now, per alarm id.
    public var ringing: [String: RingingAlarm] { alarms.ringing }

    /// When the runtime must call `handle(.timePassed, …)` next: the earliest alarm trigger, snooze
    /// end, ring timeout, pause end, habit reminder or "Later". Valid after any `handle`/`perform`,
    /// asked at its `now` or later: what came due in between is the answer, in the past (fires at once).
    public func nextWake(now: Instant) -> Instant? {
        let a = alarms.nextWake(now: now)
        guard let h = habitWake else { return a }
        return a.map { min($0, h) } ?? h
    }

    public func handle(_ event: AgentEvent, now: Instant) -> AgentDecision {
        switch event {
        case .started:
            // What rang when the previous agent died rings on (or is reported), its unanswered
            // reminders come back, then the rest.
            return alarms.resumeInterrupted(now: now) + alarms.evaluate(now: now, atStart: true)
                + resumeOpenReminders() + evaluateHabits(now: now)
        case .timePassed:
            // Before the planner's own next wake it has nothing to show (its `nextWake`), and its
            // pass over every habit was a third of a ring's decision with fifty of them.
            let habitsDue = !habitsPlanned || habitWake.map { $0 <= now } ?? false
            return alarms.evaluate(now: now) + (habitsDue ? evaluateHabits(now: now) : AgentDecision())
        case .clockChanged, .resumed:
            return alarms.evaluate(now: now) + evaluateHabits(now: now)
        case .documentChanged(let doc, let zone):
            let news = achievementNews(from: document, to: doc, zone: zone, now: now)
            return alarms.replaceDocument(doc, zone: zone, now: now) + evaluateHabits(now: now) + AgentDecision(effects: news)
        case .goingToSleep:
            return alarms.silenceForSleep(now: now) + evaluateHabits(now: now)
        }
    }

    /// A user's request. Throws when it names an alarm that does not exist or is in the wrong state
    /// (nothing changes then).
    public func perform(_ action: AgentAction, now: Instant) throws(EngineError) -> AgentDecision {
        let decision: AgentDecision
        switch action {
        case .snooze(let id, let minutes):
            decision = try alarms.snooze(id, minutes: minutes, now: now) + alarms.evaluate(now: now)
        case .stop(let id):
            decision = try alarms.stop(id, now: now) + alarms.evaluate(now: now)
        case .pause(let until):
            decision = alarms.pause(until: until) + alarms.evaluate(now: now)
        case .answer(let answer, let r):
            decision = self.answer(answer, to: r, now: now) + alarms.evaluate(now: now)
        }
        return decision + evaluateHabits(now: now)
    }

    // MARK: achievements

    /// Achievements the new document earned today, to announce unless the setting is off. The
    /// document the agent started with is the baseline: nothing earned before is announced.
    private func achievementNews(from old: StoreDocument, to new: StoreDocument, zone: Zone, now: Instant) -> [AgentEffect] {
        guard new.settings.achievementNotifications else { return [] }
        return EarnedAchievement.news(from: old, to: new, today: zone.local(now).date).map(AgentEffect.announceAchievement)
    }

    // MARK: habit reminders

    private var planner: HabitReminderPlanner {
        HabitReminderPlanner(zone: zone, lateWindowMinutes: document.settings.lateWindowMinutes)
    }

    private func evaluateHabits(now: Instant) -> AgentDecision {
        let before = habits
        let plan = planner.evaluate(document, state: habits, now: now)
        habits = plan.state
        habitWake = plan.nextWake
        habitsPlanned = true
        var effects: [AgentEffect] = []
        // Reminders whose day is no longer open (done or skipped elsewhere, archived, deleted).
        for (id, r) in habits.open.sorted(by: { $0.key < $1.key }) where !stillOpen(r) {
            habits.close(id)
            effects.append(.closeHabitReminder(habitID: id))
        }
        effects += plan.dropped.map(AgentEffect.dropHabitReminder)
        for r in plan.show {
            habits.show(r)
            effects.append(.showHabitReminder(r))
        }
        return AgentDecision(stateChanged: habits != before, effects: effects)
    }

    /// The reminders a previous agent left on screen unanswered (`ringNotifications.reminders`), whose
    /// day is still open: shown again (the runtime closes the dead agent's notifications by id first).
    /// One the user had dismissed is not on that list and is not brought back.
    private func resumeOpenReminders() -> AgentDecision {
        let before = habits
        var effects: [AgentEffect] = []
        for (id, r) in habits.open.sorted(by: { $0.key < $1.key }) {
            if ringNotifications.reminders[id] != nil, stillOpen(r) { effects.append(.showHabitReminder(r)) } else { habits.close(id) }
        }
        return AgentDecision(stateChanged: habits != before, effects: effects)
    }

    private func stillOpen(_ r: HabitReminder) -> Bool {
        guard let habit = document.habits.first(where: { $0.id == r.habitID }) else { return false }
        return !habit.archived && habit.isOpen(on: r.day)
    }

    /// Done / Skip: record the reminder's day; Later: ask again after the setting's minutes.
    private func answer(_ answer: HabitAnswer, to r: HabitReminder, now: Instant) -> AgentDecision {
        let before = habits
        habits.answer(r)
        var effects: [AgentEffect] = []
        switch answer {
        case .done, .skip:
            effects.append(.recordHabit(answer == .done ? .done : .skip, habitID: r.habitID, day: r.day))
        case .later:
            planner.postpone(r, minutes: document.settings.habitLaterMinutes, now: now, state: &habits)
        }
        effects.append(.closeHabitReminder(habitID: r.habitID))
        return AgentDecision(stateChanged: habits != before, effects: effects)
    }
}
