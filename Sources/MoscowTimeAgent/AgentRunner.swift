// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport
import Glibc
import MoscowTimeDesktop
import MoscowTimeDomain
import MoscowTimeStore

/// Listens to what the runner carried out: the D-Bus service (signals) and the tray (refresh).
@MainActor
protocol AgentRunnerObserver: AnyObject {
    /// `effect` was carried out (a habit reminder only when it could be shown).
    func runner(didCarryOut effect: AgentEffect)
    /// Every effect of one event is carried out and the timer is re-armed.
    func runnerDidSettle()
}

/// Feeds real events to the core's `AgentScheduler` and carries out its effects; decides nothing.
/// The only timer is one absolute CLOCK_REALTIME timerfd armed at `scheduler.nextWake`: no ticks,
/// no polling. Every fire, clock step, resume, reload and button press goes through
/// handle/perform → carry out → re-arm.
@MainActor
final class AgentRunner {
    let scheduler: AgentScheduler
    private let documents: DocumentSource
    /// Every change the agent makes to the document: never waits on the store's lock.
    private let writer: DocumentWriter
    private let stateStore: AgentStateStore
    private let alarms: RingPresenter
    private let habits: HabitReminderPresenter
    private let clock: any WallClock
    private(set) lazy var timer = WallClockTimer(
        onFire: { [weak self] in self?.handle(.timePassed, "timer") },
        onClockChange: { [weak self] in self?.handle(.clockChanged, "clock changed or resumed") })
    private var observers: [WeakObserver] = []
    private(set) var armedAt: Instant?
    /// The wake-up from suspend (set once the agent owns its name); re-planned with every re-arm.
    var wake: WakeAlarm? {
        didSet { updateWake(now) }
    }
    /// True while `carryOut` runs effects.
    private var carrying = false
    /// What the previous agent left on screen, until `start` closes it.
    private var leftovers: RingNotifications?

    init(
        scheduler: AgentScheduler, documents: DocumentSource, stateStore: AgentStateStore,
        alarms: RingPresenter, habits: HabitReminderPresenter, clock: any WallClock = SystemWallClock()
    ) {
        self.scheduler = scheduler
        self.documents = documents
        self.stateStore = stateStore
        self.alarms = alarms
        self.habits = habits
        self.clock = clock
        writer = DocumentWriter(store: documents.store)
        alarms.onSnooze = { [weak self] id in self?.tryPerform(.snooze(alarmID: id, minutes: nil)) }
        alarms.onStop = { [weak self] id in self?.tryPerform(.stop(alarmID: id)) }
        alarms.onShownChanged = { [weak self] in self?.saveShownNotifications() }
        leftovers = scheduler.ringNotifications
        habits.onAnswer = { [weak self] answer, r in self?.tryPerform(.answer(answer, to: r)) }
        habits.onShownChanged = { [weak self] in self?.saveShownNotifications() }
        // Changes that waited for the store's lock are written: take them in as written.
        writer.onDeferredWrite = { [weak self] written in
            if let written { self?.takeIn(written) }
        }
    }

    var now: Instant { clock.now() }

    func observe(_ observer: any AgentRunnerObserver) { observers.append(WeakObserver(observer)) }

    /// Closes what a dead predecessor left on screen, then rings on what it was ringing.
    func start() {
        if let leftovers { alarms.closeLeftovers(leftovers) }
        leftovers = nil
        handle(.started, "start")
    }

    func handle(_ event: AgentEvent, _ why: String) {
        Log.debug("evaluating (\(why))")
        // The clock was set back past the history kept: read the document again first.
        if documents.lacksHistory(state: scheduler.state.habitReminders, zone: scheduler.zone, now: now) {
            Log.debug("the clock went back before the habit history kept; re-reading the document")
            reload()
        }
        let at = now
        carryOut(scheduler.handle(event, now: at), decidedAt: at)
    }

    /// A user's request (D-Bus, tray, notification button). Throws, changing nothing, when it does
    /// not apply (unknown alarm, not ringing).
    func perform(_ action: AgentAction) throws(EngineError) {
        let at = now
        carryOut(try scheduler.perform(action, now: at), decidedAt: at)
        if case .answer(.later, let r) = action, let until = scheduler.state.habitReminders.later[r.habitID]?.until {
            Log.info("habit reminder \"\(r.name)\" postponed until \(ISO8601.string(until, in: scheduler.zone))")
        }
    }

    private func tryPerform(_ action: AgentAction) {
        do { try perform(action) } catch { Log.warning("\(action): \(error)") }
    }

    /// Re-reads the user's document (file changed, SIGHUP, D-Bus Reload).
    func reload() {
        documents.reload(state: scheduler.state.habitReminders, zone: scheduler.zone, now: now) { handOver($0) }
    }

    /// The directory watcher saw the document change: read it again, unless the file still holds
    /// what was taken in already (the agent's own write, or a change read at a D-Bus Reload).
    func storeChanged() {
        guard !documents.holdsVersionTakenIn else {
            Log.debug("the change is taken in already")
            return
        }
        reload()
    }

    /// Once the directory watcher exists, after `start`: the document was read before it did, so a
    /// change made in between is read now; a file still as it was read is not read again (with a
    /// user's five years of habits, that second read was as long as the whole start).
    func catchUpAfterStart() {
        guard !documents.holdsVersionTakenIn else {
            Log.debug("the document is unchanged since it was read at start; not read again")
            return
        }
        Log.debug("the document changed since it was read at start; reading it again")
        reload()
    }

    /// A document the agent wrote itself (a habit logged, a one-time alarm switched off, a skip):
    /// handed to the scheduler as written, not read back from the file.
    private func takeIn(_ written: DocumentStore.Written) {
        documents.takeIn(written, state: scheduler.state.habitReminders, zone: scheduler.zone, now: now) { handOver($0) }
    }

    /// The document as the scheduler keeps it, read or written: the notifications' language and
    /// dismiss setting, then the scheduler's decision.
    private func handOver(_ doc: StoreDocument) {
        guard let zone = Zone(identifier: doc.settings.zone) else {
            Log.error("zone \(doc.settings.zone) is not in the tz database; keeping \(scheduler.zone.identifier)")
            return
        }
        alarms.text = AlarmNotificationText(Localizer(Language.resolve(setting: doc.settings.language)), zone: zone)
        alarms.dismiss = doc.settings.dismiss
        let at = now
        carryOut(scheduler.handle(.documentChanged(doc, zone: zone), now: at), decidedAt: at)
    }

    func prepareForSleep(_ goingToSleep: Bool) {
        if goingToSleep {
            Log.info("system is going to sleep: silencing ringing alarms")
            handle(.goingToSleep, "going to sleep")
        } else {
            handle(.resumed, "resumed from sleep")
        }
    }

    /// Closes every notification and sound (on exit, so nothing keeps ringing without an agent).
    /// A ringing alarm stays ringing in the state: nobody stopped it, so the next agent rings on.
    /// `persist` is false after another agent took over (--replace): the state file is its now.
    func finish(persist: Bool) {
        writer.finish()
        carrying = true  // one save below, not one per closed notification
        alarms.closeAll()
        habits.closeAll()
        carrying = false
        if persist { saveShownNotifications() }
    }

    /// Persists which ring and reminder notifications are on screen when that changed, so that a
    /// successor can close them if this agent dies. Deferred to the end of `carryOut` while effects run.
    private func saveShownNotifications() {
        let shown = alarms.shownNotifications(reminders: habits.shownNotificationIDs)
        guard !carrying, leftovers == nil, scheduler.noteRingNotifications(shown) else { return }
        saveState()
    }

    private func saveState() {
        do { try stateStore.save(scheduler.state) } catch { Log.error("\(error)") }
    }

    /// Carries out what the scheduler decided at `decidedAt`, then arms the timer for the next wake
    /// as of that same instant: the clock has moved on meanwhile (a save waiting on a busy disk, a
    /// notification server slow to answer), and asked now, an occurrence that came due in between
    /// would be looked for after it (a timer armed in the past fires at once).
    private func carryOut(_ decision: AgentDecision, decidedAt: Instant) {
        // Saved before anything is carried out: a crash after this never re-rings.
        if decision.stateChanged { saveState() }
        var disable: [String] = []
        // The last document the agent wrote while carrying these out, to take in at the end.
        var written: DocumentStore.Written?
        let zone = scheduler.zone
        carrying = true
        for effect in decision.effects {
            var done = true
            switch effect {
            case .ring(let r):
                Log.info("ringing alarm \(r.alarmID) \"\(r.label)\" due \(ISO8601.string(r.due, in: zone))\(r.isLate ? " (late)" : "")")
                alarms.ring(r)
            case .relabel(let r):
                Log.info("ringing alarm \(r.alarmID) is now called \"\(r.label)\"")
                alarms.relabel(r)
            case .silence(let id, let reason):
                Log.info("alarm \(id) silenced: \(reason)")
                alarms.silence(id)
            case .reportMissed(let list):
                for m in list {
                    Log.info("missed alarm \(m.alarmID) \"\(m.label)\" due \(ISO8601.string(m.due, in: zone)) (\(m.reason.rawValue))")
                }
                alarms.reportMissed(list)
            case .disableAlarm(let id):
                disable.append(id)
            case .showHabitReminder(let r):
                let history = documents.wholeForBatch(orElse: scheduler.document)
                done = habits.show(r, document: scheduler.document, history: history, zone: zone, now: decidedAt)
            case .closeHabitReminder(let habitID):
                habits.close(habitID)
            case .recordHabit(let action, let habitID, let day):
                if let w = record(action, habitID: habitID, day: day) { written = w }
            case .dropHabitReminder(let r):
                Log.info("habit reminder for \"\(r.name)\" due \(ISO8601.string(r.due, in: zone)) came too late; not shown")
            case .announceAchievement(let a):
                habits.announce(a, settings: scheduler.document.settings)
            }
            if done { for o in observers { o.object?.runner(didCarryOut: effect) } }
        }
        carrying = false
        documents.endBatch()
        saveShownNotifications()
        if !disable.isEmpty, let w = disableOneTimeAlarms(disable) { written = w }
        rearm(decidedAt)
        for o in observers { o.object?.runnerDidSettle() }
        // What the agent wrote is taken in now, as written; the directory watcher's report of it
        // then finds it taken in (`storeChanged`).
        if let written { takeIn(written) }
    }

    /// Returns what was written at once (nil: nothing changed, or it is written when the store's
    /// lock is free).
    private func record(_ action: HabitCheckIn.Action, habitID: String, day: CivilDate) -> DocumentStore.Written? {
        let name = scheduler.document.habits.first { $0.id == habitID }?.name ?? habitID
        let at = now
        let zone = scheduler.zone
        return writer.write(
            { doc in
                _ = try HabitCheckIn.record(action, habitID: habitID, in: &doc, day: day, now: at, zone: zone)
            },
            finished: { error in
                if let error {
                    Log.warning("could not mark habit \"\(name)\" \(action.rawValue): \(error)")
                } else {
                    Log.info("habit \"\(name)\" marked \(action.rawValue) for \(day)")
                }
            })
    }

    /// A one-time alarm or timer that has rung is switched off in the user's document, not deleted.
    /// The decision is about the schedule that rang: checked inside the store's transaction, so a
    /// version another program wrote meanwhile (moved to tomorrow, made daily) is left on, and the
    /// engine decides on it when it is taken in. Returns what was written at once.
    private func disableOneTimeAlarms(_ ids: [String]) -> DocumentStore.Written? {
        let at = now
        var rang: [String: Schedule] = [:]
        for id in ids { rang[id] = scheduler.document.alarm(id: id)?.schedule }
        return writer.write(
            { doc in
                for id in ids {
                    guard let i = doc.alarmIndex(id: id), doc.alarms[i].schedule == rang[id] else {
                        Log.info("alarm \(id) changed in the store since it rang: left as it is")
                        continue
                    }
                    if doc.alarms[i].enabled {
                        doc.alarms[i].enabled = false
                        doc.alarms[i].modified = at
                    }
                }
            },
            finished: { error in
                if let error { Log.error("could not switch off finished one-time alarm(s) \(ids.joined(separator: ", ")): \(error)") }
            })
    }

    /// Marks a habit done today from the tray, as the reminder's Done button does, and takes the
    /// document in once it is written.
    func markDone(_ habitID: String) {
        let at = now
        let zone = scheduler.zone
        let written = writer.write(
            { doc in
                _ = try HabitCheckIn.record(.done, habitID: habitID, in: &doc, now: at, zone: zone)
            },
            finished: { error in
                if let error {
                    Log.warning("tray: could not mark habit \(habitID) done: \(error)")
                } else {
                    Log.info("habit \(habitID) marked done for today from the tray")
                }
            })
        if let written { takeIn(written) }
    }

    /// Skips the alarm's next `count` rings (D-Bus Skip, the tray's "Skip the next one"): the days
    /// `NextRing.skipping` picks, as `agent-cli skip` does, added to the alarm as it is in the
    /// store when the write happens. Takes the document in once written. Nil when there is no
    /// such alarm or nothing to skip (off, a timer, no ring left).
    func skip(_ alarmID: String, count: Int) -> [CivilDate]? {
        let zone = scheduler.zone
        let at = now
        guard let a = scheduler.document.alarm(id: alarmID), a.enabled else { return nil }
        if case .timer = a.schedule { return nil }
        let rule = NextRing(document: scheduler.document, state: scheduler.state, zone: zone, now: at)
        let days = rule.skip(next: count, of: a, scheduler.state.alarms[alarmID]).added
        return skip(alarmID, days: days)
    }

    /// Skips the ring of `alarmID` on each of `days` (the evening notice names its day).
    @discardableResult
    func skip(_ alarmID: String, days: [CivilDate]) -> [CivilDate]? {
        let zone = scheduler.zone
        let at = now
        guard !days.isEmpty else { return nil }
        let written = writer.write(
            { doc in
                guard let i = doc.alarmIndex(id: alarmID) else { return }
                doc.alarms[i] = doc.alarms[i].withoutPastSkips(today: zone.local(at).date)
                doc.alarms[i].skippedDays.formUnion(days)
                doc.alarms[i].modified = at
            },
            finished: { error in
                if let error {
                    Log.warning("could not skip alarm \(alarmID): \(error)")
                } else {
                    Log.info("alarm \(alarmID) skips \(days.map(\.description).joined(separator: ", "))")
                }
            })
        if let written { takeIn(written) }
        return days
    }

    /// The user was told that `year`'s production calendar is missing: remembered in the state.
    func noteCalendarWarning(_ year: Int) {
        scheduler.noteCalendarWarning(year)
        saveState()
    }

    /// Seconds since the epoch with microseconds, for the start-up figure in `scripts/bench-agent`.
    static func preciseNow() -> String {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        let micros = Int(ts.tv_nsec) / 1000
        let frac = String(micros)
        return "\(ts.tv_sec).\(String(repeating: "0", count: 6 - frac.count))\(frac)"
    }

    /// Keeps exactly one wake-up armed: the earliest ring of a wake-enabled alarm less the lead,
    /// cleared when there is none (see `WakePlanner`).
    private func updateWake(_ now: Instant) {
        guard let wake, wake.availability == .available else { return }
        let plan = scheduler.wakePlan(now: now)
        guard plan?.wakeAt.secondsSinceEpoch != wake.armedAt else { return }
        wake.wake(atUnixSeconds: plan?.wakeAt.secondsSinceEpoch)
        if let plan {
            Log.debug(
                "wake from suspend armed for \(ISO8601.string(plan.wakeAt, in: scheduler.zone)) (alarm \(plan.alarmID) at \(ISO8601.string(plan.trigger, in: scheduler.zone)))"
            )
        } else {
            Log.debug("no alarm wakes the computer; wake-up cleared")
        }
    }

    private func rearm(_ now: Instant) {
        updateWake(now)
        let next = scheduler.nextWake(now: now)
        // The same instant needs no new arming while the timer holds it. One it no longer holds and
        // that is still to come is armed again: the kernel drops an expiry that a clock step back
        // to before it came with (`WallClockTimer` reports the step only). Not one in the past: the
        // timer fired for it, and arming it again would only fire again.
        let dropped = timer.armedDeadline == nil && next.map { $0 > now } == true
        guard next != armedAt || dropped else { return }
        armedAt = next
        if let next {
            timer.arm(atUnixSeconds: next.secondsSinceEpoch)
            Log.debug("timer armed for \(ISO8601.string(next, in: scheduler.zone)) (wall clock \(Self.preciseNow()))")
        } else {
            timer.disarm()
            Log.debug("nothing scheduled; timer disarmed")
        }
    }
}

@MainActor
private struct WeakObserver {
    weak var object: (any AgentRunnerObserver)?
    init(_ object: any AgentRunnerObserver) { self.object = object }
}
