// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeCore
import MoscowTimeDesktop

/// Drives the core's `AlarmEngine` from real events and carries out its effects. The only timer is
/// one absolute CLOCK_REALTIME timerfd armed at `engine.nextWake`: no ticks, no polling. Every
/// fire, clock step, resume, reload and button press goes through evaluate → apply → re-arm.
@MainActor
final class AlarmRunner {
    let engine: AlarmEngine
    private let documents: DocumentSource
    private let stateStore: AgentStateStore
    private let presenter: RingPresenter
    private let clock: any WallClock
    private var timer: WallClockTimer!
    private(set) var armedAt: Instant?
    /// Habit reminders share this runner's evaluations and its single timer.
    var habits: HabitReminderRunner? {
        didSet {
            habits?.onChange = { [weak self] in
                guard let self else { return }
                // A "Later" changed the state outside an evaluation: persist it, then re-plan.
                do { try self.stateStore.save(self.engine.state) } catch { Log.error("\(error)") }
                self.wake("habit reminder answered")
            }
        }
    }
    /// Called after every change of what rings or when (the D-Bus service and tray listen).
    var onChange: () -> Void = {}
    /// Effects observed, for the D-Bus signals.
    var onEffect: (EngineEffect) -> Void = { _ in }

    init(engine: AlarmEngine, documents: DocumentSource, stateStore: AgentStateStore,
         presenter: RingPresenter, clock: any WallClock = SystemWallClock()) {
        self.engine = engine; self.documents = documents; self.stateStore = stateStore
        self.presenter = presenter; self.clock = clock
        timer = WallClockTimer(onFire: { [weak self] in self?.wake("timer") },
                               onClockChange: { [weak self] in self?.wake("clock changed or resumed") })
        presenter.onSnooze = { [weak self] id in
            do { try self?.snooze(id, minutes: nil) } catch { Log.warning("snooze \(id): \(error)") }
        }
        presenter.onStop = { [weak self] id in
            do { try self?.stop(id) } catch { Log.warning("stop \(id): \(error)") }
        }
    }

    var now: Instant { clock.now() }

    func start() { wake("start") }

    func wake(_ why: String) {
        Log.debug("evaluating (\(why))")
        apply(engine.evaluate(now: now))
    }

    /// Habit reminders due now; their state lives in the engine's persisted `AgentState`.
    private func evaluateHabits() {
        guard let habits, habits.evaluate(engine: engine, now: now) else { return }
        do { try stateStore.save(engine.state) } catch { Log.error("\(error)") }
    }

    /// Re-reads the user's document (file changed, SIGHUP, D-Bus Reload).
    func reload() {
        guard let doc = documents.load() else { return }
        guard let zone = Zone(identifier: doc.settings.zone) else {
            Log.error("zone \(doc.settings.zone) is not in the tz database; keeping \(engine.zone.identifier)")
            return
        }
        presenter.text = AlarmNotificationText(Localizer(Language.resolve(setting: doc.settings.language)), zone: zone)
        apply(engine.replaceDocument(doc, zone: zone, now: now))
    }

    func snooze(_ id: String, minutes: Int?) throws(EngineError) {
        let effects = try engine.snooze(id, minutes: minutes, now: now)
        apply(effects)
    }

    func stop(_ id: String) throws(EngineError) {
        let effects = try engine.stop(id, now: now)
        apply(effects)
    }

    func pause(until: Instant?) { apply(engine.pause(until: until) + engine.evaluate(now: now)) }

    func prepareForSleep(_ goingToSleep: Bool) {
        if goingToSleep {
            Log.info("system is going to sleep: silencing ringing alarms")
            apply(engine.silenceForSleep(now: now))
        } else {
            wake("resumed from sleep")
        }
    }

    func apply(_ effects: [EngineEffect]) {
        var disable: [String] = []
        for effect in effects {
            switch effect {
            case .saveState:
                // Persist before anything is shown: a crash after this never re-rings.
                do { try stateStore.save(engine.state) } catch { Log.error("\(error)") }
            case .ring(let r):
                Log.info("ringing alarm \(r.alarmID) \"\(r.label)\" due \(ISO8601.string(r.due, in: engine.zone))\(r.isLate ? " (late)" : "")")
                presenter.ring(r)
            case let .silence(id, reason):
                Log.info("alarm \(id) silenced: \(reason)")
                presenter.silence(id)
            case .reportMissed(let list):
                for m in list { Log.info("missed alarm \(m.alarmID) \"\(m.label)\" due \(ISO8601.string(m.due, in: engine.zone)) (\(m.reason.rawValue))") }
                presenter.reportMissed(list)
            case .disableAlarm(let id):
                disable.append(id)
            }
            onEffect(effect)
        }
        if !disable.isEmpty { disableOneTimeAlarms(disable) }
        evaluateHabits()
        rearm()
        onChange()
    }

    /// A one-time alarm or timer that has rung is switched off in the user's document, not deleted.
    private func disableOneTimeAlarms(_ ids: [String]) {
        let at = now
        do {
            try documents.store.update { doc in
                for id in ids {
                    if let i = doc.alarmIndex(id: id), doc.alarms[i].enabled {
                        doc.alarms[i].enabled = false
                        doc.alarms[i].modified = at
                    }
                }
            }
        } catch {
            Log.error("could not switch off finished one-time alarm(s) \(ids.joined(separator: ", ")): \(error)")
        }
    }

    /// Seconds since the epoch with microseconds, for the start-up figure in `scripts/bench-agent`.
    private static func preciseNow() -> String {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        let micros = Int(ts.tv_nsec) / 1000
        let frac = String(micros)
        return "\(ts.tv_sec).\(String(repeating: "0", count: 6 - frac.count))\(frac)"
    }

    private func rearm() {
        var next = engine.nextWake(now: now)
        if let h = habits?.nextWake, next == nil || h < next! { next = h }
        guard next != armedAt else { return }
        armedAt = next
        if let next {
            timer.arm(atUnixSeconds: next.secondsSinceEpoch)
            Log.debug("timer armed for \(ISO8601.string(next, in: engine.zone)) (wall clock \(Self.preciseNow()))")
        } else {
            timer.disarm()
            Log.debug("nothing scheduled; timer disarmed")
        }
    }
}
