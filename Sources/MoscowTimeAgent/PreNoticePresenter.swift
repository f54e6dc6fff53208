// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDesktop
import MoscowTimeDomain

/// The evening notice of tomorrow's first alarm that wakes the computer (`pre-notice` setting):
/// one absolute timer at the setting's time, re-armed when the document or the clock changes; at
/// the time, the core's `PreNotice.find` says which ring (if any), and Skip skips that day.
@MainActor
final class PreNoticePresenter: AgentRunnerObserver {
    private let runner: AgentRunner
    private let notifier: any NotificationShowing
    private let factory: NotificationFactory
    private lazy var timer = WallClockTimer(onFire: { [weak self] in self?.fire() }, onClockChange: { [weak self] in self?.rearm() })
    private var shown: (notice: PreNotice, handle: any ShownNotification)?
    /// The notice time the timer is armed for, and the last one that fired (`PreNotice.timeToArm`).
    private(set) var armedFor: Instant?
    private var lastFired: Instant?

    init(runner: AgentRunner, notifier: any NotificationShowing, factory: NotificationFactory) {
        self.runner = runner
        self.notifier = notifier
        self.factory = factory
        rearm()
    }

    func runner(didCarryOut effect: AgentEffect) {}
    func runnerDidSettle() { rearm() }

    /// Arms the timer at the next notice time (none while the setting is off).
    private func rearm() {
        let s = runner.scheduler
        armedFor = PreNotice.timeToArm(now: runner.now, lastFired: lastFired, settings: s.document.settings, zone: s.zone)
        guard let at = armedFor else {
            if timer.armedDeadline != nil { timer.disarm() }
            return
        }
        if timer.armedDeadline != at.secondsSinceEpoch { timer.arm(atUnixSeconds: at.secondsSinceEpoch) }
    }

    private func fire() {
        let s = runner.scheduler
        lastFired = armedFor
        defer { rearm() }
        guard s.document.settings.preNotice != nil,
            let notice = PreNotice.find(s.document, state: s.state, zone: s.zone, now: runner.now)
        else { return }
        shown?.handle.close()
        let t = Localizer(Language.resolve(setting: s.document.settings.language))
        let day = s.zone.local(notice.at).date
        do {
            let handle = try notifier.present(
                factory.preNotice(PreNoticeText(notice, t, zone: s.zone)),
                onAction: { [weak self] action in
                    guard action == "skip", let self else { return }
                    self.runner.skip(notice.alarmID, days: [day])
                }, onClosed: { [weak self] _ in self?.shown = nil })
            shown = (notice, handle)
            Log.info(
                "pre-notice of alarm \(notice.alarmID) at \(ISO8601.string(notice.at, in: s.zone)) shown (notification \(handle.serverID))")
        } catch {
            Log.warning("cannot show the pre-notice of alarm \(notice.alarmID): \(error)")
        }
    }
}
