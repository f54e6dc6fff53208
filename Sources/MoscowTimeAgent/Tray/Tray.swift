// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport
import MoscowTimeDesktop
import MoscowTimeDomain

/// The tray icon (StatusNotifierItem) and its menu (dbusmenu at /MenuBar): shows what rings, the
/// pause and what comes next, and offers Snooze/Stop, Done for today's habits, Pause/Resume and
/// Quit. Thin: every action is a runner call, and the icon follows
/// the runner's `onChange`. Without a StatusNotifierWatcher (plain GNOME) nothing is shown and the
/// agent runs as before.
@MainActor
final class Tray: AgentRunnerObserver {
    static let id = "moscowtime"
    static let menuPath = "/MenuBar"

    private let runner: AgentRunner
    private let quit: () -> Void
    private let menuServer: DBusMenuServer
    private let item: StatusNotifierItem
    private let summary: TodaySummary
    private var menu = TrayMenu()
    private var midnight: WallClockTimer?
    private let deferred = OneShotTimeout()
    /// The next calendar reminder (the planner's), shown beside the next alarm.
    private let calendarNext: () -> TraySnapshot.CalendarNext?

    /// `iconThemePath`: where hosts find the icons when no installed theme has them (a build tree).
    init(
        connection: BusConnection, runner: AgentRunner, summary: TodaySummary,
        iconThemePath: String = "", calendarNext: @escaping () -> TraySnapshot.CalendarNext? = { nil },
        quit: @escaping () -> Void
    ) throws {
        self.runner = runner
        self.calendarNext = calendarNext
        self.quit = quit
        self.summary = summary
        menuServer = try DBusMenuServer(connection: connection, objectPath: Self.menuPath)
        let text = TrayText(TraySnapshot(scheduler: runner.scheduler, now: runner.now, calendarNext: calendarNext()))
        item = try StatusNotifierItem(
            connection: connection, id: Self.id, menuPath: Self.menuPath,
            appearance: text.appearance, iconThemePath: iconThemePath)
        menuServer.onEvent = { [weak self] id, event in self?.event(id, event) }
        menuServer.onAboutToShow = { [weak self] _ in self?.refresh() }
        item.onActivate = { [weak self] _, _ in self?.showSummary() }
        item.onSecondaryActivate = { [weak self] _, _ in self?.showSummary() }
        // Hosts that call ContextMenu cannot show dbusmenu menus, and the agent has no toolkit to
        // pop one up: the summary is the best it can offer there.
        item.onContextMenu = { [weak self] _, _ in self?.showSummary() }
        item.onScroll = { _, _ in }
        midnight = WallClockTimer(
            onFire: { [weak self] in self?.refresh() },
            onClockChange: { [weak self] in self?.refresh() })
        refresh()
    }

    /// Whether a tray shows the icon, for `agent-cli status`.
    var visibility: TrayVisibility { item.visibility }

    func runner(didCarryOut effect: AgentEffect) {}
    func runnerDidSettle() { refresh() }

    /// Re-reads the scheduler: icon, status, tooltip and menu (each only emitted when changed).
    func refresh() {
        let snapshot = self.snapshot()
        let text = TrayText(snapshot)
        item.update(text.appearance)
        menuServer.setItems(menu.items(text))
        let midnightAt = snapshot.nextMidnight.secondsSinceEpoch
        if midnight?.armedDeadline != midnightAt { midnight?.arm(atUnixSeconds: midnightAt) }
    }

    func showSummary() {
        summary.show(TrayText(snapshot()))
    }

    private func snapshot() -> TraySnapshot {
        TraySnapshot(scheduler: runner.scheduler, now: runner.now, calendarNext: calendarNext())
    }

    private func event(_ id: Int32, _ event: String) {
        guard event == "clicked", let action = menu.action(id) else { return }
        Log.debug("tray: \(action)")
        do {
            switch action {
            case .snooze(let alarmID): try runner.perform(.snooze(alarmID: alarmID, minutes: nil))
            case .stop(let alarmID): try runner.perform(.stop(alarmID: alarmID))
            case .snoozeAll:
                for alarmID in runner.scheduler.ringing.keys.sorted() { try runner.perform(.snooze(alarmID: alarmID, minutes: nil)) }
            case .stopAll: for alarmID in runner.scheduler.ringing.keys.sorted() { try runner.perform(.stop(alarmID: alarmID)) }
            case .habitDone(let habitID): markDone(habitID)
            case .skipNext(let alarmID): _ = runner.skip(alarmID, count: 1)
            case .pauseOneHour: try runner.perform(.pause(until: runner.now + 3600))
            case .resume: try runner.perform(.pause(until: nil))
            case .quit:
                // After the reply to Event has gone out.
                deferred.schedule(afterMilliseconds: 0) { [quit] in quit() }
            case .info: break
            }
        } catch {
            Log.warning("tray: \(action): \(error)")
        }
        refresh()
    }

    /// Logs today as done, as the habit reminder's Done button does (see `AgentRunner.markDone`).
    private func markDone(_ habitID: String) {
        runner.markDone(habitID)
    }
}
