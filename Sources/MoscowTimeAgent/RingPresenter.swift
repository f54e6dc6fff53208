// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDesktop
import MoscowTimeDomain
import MoscowTimeStore

/// Shows ringing alarms: one critical notification with Snooze/Stop and a looping sound per alarm,
/// and one "missed" notification for everything that did not ring. Degrades instead of failing: no
/// notification server → the sound still plays and showing is retried with backoff; a server
/// restart → ringing alarms are shown again; a server without buttons → the body says how to
/// snooze or stop from the CLI.
@MainActor
final class RingPresenter {
    private let notifier: any NotificationShowing
    private let sound: any SoundPlaying
    private let soundKeys: SoundKeys
    private let factory: NotificationFactory
    private let clock: any WallClock
    var text: AlarmNotificationText
    /// What a user dismissal (or a click on the body) does: the `dismiss` setting.
    var dismiss: DismissAction = .snooze
    /// Called for the notification's actions: the runner turns them into engine calls.
    var onSnooze: (String) -> Void = { _ in }
    var onStop: (String) -> Void = { _ in }
    /// The set of ring notifications on screen changed (`shownNotifications`): the runner persists it.
    var onShownChanged: () -> Void = {}

    private var ringing: [String: RingingAlarm] = [:]
    private var shown: [String: any ShownNotification] = [:]
    /// Which show of an alarm `shown` holds: a close reported for an earlier one (that we closed
    /// ourselves, e.g. when a newer occurrence replaced it) must not be taken for its successor's.
    private var shownSerial: [String: UInt64] = [:]
    /// Alarms shown without buttons because the server's capabilities were not known then (a
    /// restarted server not yet asked): shown again with them once a server that has them appears.
    private var shownWithoutActions = Set<String>()
    private var nextShowSerial: UInt64 = 0
    private var playing: [String: UInt32] = [:]
    private var missed: [MissedAlarm] = []
    private var missedHandle: (any ShownNotification)?
    private var missedPending = false
    private let retry = OneShotTimeout()
    private var retryDelayMs: UInt32 = 1000
    private var reportedProblems = Set<String>()

    init(
        notifier: any NotificationShowing, sound: any SoundPlaying, soundKeys: SoundKeys, factory: NotificationFactory,
        text: AlarmNotificationText, clock: any WallClock = SystemWallClock()
    ) {
        self.notifier = notifier
        self.sound = sound
        self.soundKeys = soundKeys
        self.factory = factory
        self.text = text
        self.clock = clock
        notifier.onServerAppeared = { [weak self] in self?.serverAppeared() }
        notifier.onServerVanished = { [weak self] in self?.serverVanished() }
        sound.onProblem = { [weak self] problem in self?.logOnce("sound: \(problem)") }
    }

    var ringingIDs: [String] { ringing.keys.sorted() }

    /// The ring notifications on screen now, with the habit reminders' (`reminders`, per habit id),
    /// and their server, for the state file.
    func shownNotifications(reminders: [String: UInt32] = [:]) -> RingNotifications {
        let ids = shown.compactMapValues { $0.serverID != 0 ? $0.serverID : nil }
        guard !(ids.isEmpty && reminders.isEmpty), let server = notifier.serverOwner else { return RingNotifications() }
        return RingNotifications(server: server, ids: ids, reminders: reminders)
    }

    /// Closes the ring notifications and habit reminders a previous agent left on screen (it died;
    /// their buttons reach no one). Alarms still ringing and reminders still unanswered get a fresh
    /// notification from this agent.
    func closeLeftovers(_ left: RingNotifications) {
        guard !left.server.isEmpty else { return }
        for (_, id) in left.ids.sorted(by: { $0.key < $1.key }) { notifier.closeLeftover(id: id, server: left.server) }
        for (_, id) in left.reminders.sorted(by: { $0.key < $1.key }) { notifier.closeLeftover(id: id, server: left.server) }
    }

    /// For `agent-cli status`: the notification server ("name version" or why none) and its capabilities.
    func serverDescription() -> (server: String, capabilities: [String]) {
        guard let info = notifier.serverInfo() else { return ("none (no notification server answers)", []) }
        return ("\(info.name) \(info.version) (\(info.vendor))", factory.capabilities)
    }

    var soundBackendState: String { sound.backendState }

    func ring(_ r: RingingAlarm) {
        ringing[r.alarmID] = r
        // Notification first: the sound backend is opened lazily on the first ring (loading its
        // driver takes tens of milliseconds), and the notification should not wait for that.
        show(r.alarmID)
        if let old = playing.removeValue(forKey: r.alarmID) { sound.stop(key: old) }
        let key = soundKeys.make()
        playing[r.alarmID] = key
        sound.startLoop(key: key, source: NotificationFactory.soundSource(r.sound), volumeRamp: VolumeRamp.seconds(r.rampSeconds))
    }

    /// The ringing alarm's label changed: its notification shows the new one; the sound goes on.
    func relabel(_ r: RingingAlarm) {
        guard ringing[r.alarmID] != nil else { return }
        ringing[r.alarmID] = r
        // Forgotten first, so that its close is not taken for the user's dismissal.
        if let h = shown.removeValue(forKey: r.alarmID) { h.close() }
        show(r.alarmID)
    }

    func silence(_ id: String) {
        ringing[id] = nil
        shownWithoutActions.remove(id)
        if let key = playing.removeValue(forKey: id) { sound.stop(key: key) }
        if let h = shown.removeValue(forKey: id) {
            h.close()
            onShownChanged()
        }
    }

    func reportMissed(_ list: [MissedAlarm]) {
        missed += list
        missedPending = true
        showMissed()
    }

    /// Closes everything we show (on exit, so nothing keeps ringing without an agent behind it).
    func closeAll() {
        for id in ringingIDs { silence(id) }
        missedHandle?.close()
        missedHandle = nil
    }

    // MARK: showing

    private func content(for r: RingingAlarm, now: Instant, hasActions: Bool) -> NotificationContent {
        factory.alarm(text.ring(r, now: now, serverHasActions: hasActions), withActions: hasActions)
    }

    private func show(_ id: String) {
        guard let r = ringing[id], shown[id] == nil else { return }
        nextShowSerial &+= 1
        let serial = nextShowSerial
        let hasActions = factory.hasActions
        do {
            let handle = try notifier.present(
                content(for: r, now: clock.now(), hasActions: hasActions),
                onAction: { [weak self] action in
                    guard let self else { return }
                    switch action {
                    case "snooze": self.onSnooze(id)
                    case "stop": self.onStop(id)
                    default: Log.warning("unknown action \(action) for alarm \(id)")
                    }
                },
                onClosed: { [weak self] reason in
                    self?.closed(id, serial: serial, reason: reason)
                })
            shown[id] = handle
            shownSerial[id] = serial
            if hasActions { shownWithoutActions.remove(id) } else { shownWithoutActions.insert(id) }
            onShownChanged()
            retryDelayMs = 1000
            Log.info("notification \(handle.serverID) shows alarm \(id) \"\(r.label)\"")
        } catch {
            logOnce("cannot show notifications: \(error) — retrying")
            scheduleRetry()
        }
    }

    /// Our own close() is not reported here (we forget the handle first, and a later show of the
    /// same alarm has another serial). A user dismissal answers as `dismiss` says (snooze by
    /// default: only Stop stops); an expiry shows it again.
    private func closed(_ id: String, serial: UInt64, reason: NotificationCloseReason) {
        guard shown[id] != nil, shownSerial[id] == serial else { return }
        shown[id] = nil
        onShownChanged()
        switch reason {
        case .dismissed: dismissed(id)
        case .closedByCall, .expired, .undefined:
            // Closed by the server or another client while still ringing: keep it visible.
            reshowSoon()
        }
    }

    /// Someone closed the notification (or clicked its body, which closes it) rather than pressing
    /// a button: half asleep, perhaps. Snoozing keeps them from oversleeping; `dismiss = stop` opts out.
    private func dismissed(_ id: String) {
        switch dismiss {
        case .snooze: onSnooze(id)
        case .stop: onStop(id)
        }
    }

    /// Shows every ringing alarm that lacks a notification again shortly (replaces a pending backoff
    /// retry, which would do the same later).
    private func reshowSoon() {
        retry.schedule(afterMilliseconds: 200) { [weak self] in self?.reshowAll() }
    }

    private func showMissed() {
        guard missedPending, !missed.isEmpty else { return }
        let words = text.missed(missed)
        let content = factory.missed(summary: words.summary, body: words.body)
        do {
            if let h = missedHandle, h.isShowing {
                try h.update(content)
            } else {
                missedHandle = try notifier.present(
                    content, onAction: { _ in },
                    onClosed: { [weak self] _ in
                        // Once the user has seen the list, start a new one.
                        self?.missed.removeAll()
                        self?.missedHandle = nil
                    })
            }
            missedPending = false
            Log.info("reported \(missed.count) missed alarm(s)")
        } catch {
            logOnce("cannot show notifications: \(error) — retrying")
            scheduleRetry()
        }
    }

    private func reshowAll() {
        for id in ringingIDs where shown[id] == nil { show(id) }
        showMissed()
    }

    private func scheduleRetry() {
        guard !retry.isPending else { return }
        let delay = retryDelayMs
        retryDelayMs = min(retryDelayMs * 2, 30_000)
        retry.schedule(afterMilliseconds: delay) { [weak self] in self?.reshowAll() }
    }

    private func serverAppeared() {
        factory.serverChanged()
        _ = factory.capabilities  // ask now, not when the first alarm is due
        Log.info("notification server available")
        retryDelayMs = 1000
        if factory.hasActions {
            // Forgotten first, so that their close is not taken for the user's dismissal.
            for id in shownWithoutActions.sorted() { shown.removeValue(forKey: id)?.close() }
            shownWithoutActions.removeAll()
        }
        reshowAll()
        // What went on screen before the server's unique name was known (a habit reminder shown by
        // the start's evaluation, before the name watch answered) is persisted now, with its server.
        onShownChanged()
    }

    private func serverVanished() {
        // Its notifications are gone with it; show them again when a server returns.
        Log.warning("notification server went away")
        shown.removeAll()
        onShownChanged()
        if missedHandle != nil {
            missedHandle = nil
            missedPending = true
        }
        factory.serverChanged()
    }

    private func logOnce(_ message: String) {
        if reportedProblems.insert(message).inserted { Log.warning(message) }
    }
}
