// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDesktop
import MoscowTimeDomain

/// Tells the user once a year that the official production calendar of the coming year (from
/// 1 December) or of this year is not known yet, while an alarm follows working days: such an
/// alarm then rings Monday–Friday without the fixed holidays. Checked at start, after every change
/// and at each local midnight (one absolute timer); the core decides (`calendarWarning`).
@MainActor
final class CalendarYearNotice: AgentRunnerObserver {
    private let runner: AgentRunner
    private let notifier: any NotificationShowing
    private let factory: NotificationFactory
    private lazy var midnight = WallClockTimer(onFire: { [weak self] in self?.check() }, onClockChange: { [weak self] in self?.check() })

    init(runner: AgentRunner, notifier: any NotificationShowing, factory: NotificationFactory) {
        self.runner = runner
        self.notifier = notifier
        self.factory = factory
        check()
    }

    func runner(didCarryOut effect: AgentEffect) {}
    func runnerDidSettle() { check() }

    private func check() {
        let s = runner.scheduler
        let now = runner.now
        let next = s.zone.instant(s.zone.local(now).date.adding(days: 1), TimeOfDay(hour: 0, minute: 0)!)
        if midnight.armedDeadline != next.secondsSinceEpoch { midnight.arm(atUnixSeconds: next.secondsSinceEpoch) }
        guard let year = s.calendarWarning(now: now) else { return }
        let t = Localizer(Language.resolve(setting: s.document.settings.language))
        do {
            let handle = try notifier.present(
                factory.calendarMissing(
                    summary: t("Production calendar for {year} not known yet", ["year": String(year)]),
                    body: CalendarDayText.missingYear(year, t)),
                onAction: { _ in }, onClosed: { _ in })
            runner.noteCalendarWarning(year)
            Log.info("told the user the production calendar for \(year) is not known yet (notification \(handle.serverID))")
        } catch {
            Log.warning("cannot tell the user about the missing production calendar for \(year): \(error)")
        }
    }
}
