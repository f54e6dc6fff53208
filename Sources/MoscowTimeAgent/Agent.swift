// SPDX-License-Identifier: GPL-3.0-or-later
import AgentControl
import GLibSupport
import Glibc
import MoscowTimeDesktop
import MoscowTimeDomain
import MoscowTimeStore

/// The per-user agent process: owns the main loop and wires the adapters to the alarm runner.
@MainActor
public final class Agent {
    private let options: AgentOptions
    private let loop = MainLoop()
    private var exitCode: Int32 = 0
    private var started = false
    /// Another agent took our name (--replace): it owns the state file from then on.
    private var replaced = false
    private var nameOwner: BusNameOwner?
    private var runner: AgentRunner?
    private var presenter: RingPresenter?
    private var notifier: Notifier?
    private var factory: NotificationFactory?
    private var documents: DocumentSource?
    private var busService: AgentBusService?
    private var tray: Tray?
    /// The MPRIS player while an alarm rings (lock screens, media keys).
    private var lockScreen: LockScreenPlayer?
    private var preNotice: PreNoticePresenter?
    private var calendarNotice: CalendarYearNotice?
    /// The reminders of the user's other calendars (issue 38), beside the alarms.
    private var calendarReminders: CalendarReminderPlanner?
    private var calendarPresenter: CalendarReminderPresenter?
    /// CalDAV sync while it is set up (a child process; never on the ringing path).
    private var sync: SyncDriver?
    private var watchers: [AnyObject] = []
    private let startedAt = SystemWallClock().now()

    public init(options: AgentOptions) { self.options = options }

    /// Runs until SIGTERM/SIGINT, D-Bus Quit, or replacement; returns the exit status.
    public func run() -> Int32 {
        Log.threshold = options.verbose ? .debug : .info
        watchers.append(UnixSignalWatcher(signal: SIGTERM) { [weak self] in self?.quit("SIGTERM") })
        watchers.append(UnixSignalWatcher(signal: SIGINT) { [weak self] in self?.quit("SIGINT") })
        watchers.append(
            UnixSignalWatcher(signal: SIGHUP) { [weak self] in
                Log.info("SIGHUP: reloading")
                self?.runner?.reload()
            })

        prepare()
        if BusConnection.isSessionAvailable {
            // Single instance: start ringing only once the well-known name is ours. The D-Bus object
            // is exported as soon as the connection exists, so it is there when the name appears.
            nameOwner = BusNameOwner(
                name: AgentInterface.busName, replace: options.replace,
                onAcquired: { [weak self] connection in
                    self?.startServices()
                    self?.startLockScreen(connection)
                    self?.startPreNotice()
                    self?.startTray(connection)
                },
                onLost: { [weak self] in
                    guard let self else { return }
                    if self.started {
                        self.replaced = true
                        Log.info("another agent took over (--replace); exiting")
                    } else {
                        Log.error("another moscowtime-agent is already running in this session; use --replace to take over")
                        self.exitCode = AgentOptions.alreadyRunningStatus
                    }
                    self.loop.quit()
                })
            nameOwner?.onBusAcquired = { [weak self] connection in self?.exportService(connection) }
        } else {
            Log.warning("no session bus: notifications cannot be shown, alarms will only sound")
            startServices()
        }
        loop.run()
        runner?.finish(persist: !replaced)
        calendarReminders?.finish()
        nameOwner?.releaseName()
        return exitCode
    }

    private func quit(_ why: String) {
        Log.info("\(why): exiting")
        loop.quit()
    }

    /// Builds everything from the user's files; nothing rings before `startServices`.
    private func prepare() {
        let paths = StorePaths.fromEnvironment()
        let documents = DocumentSource(store: DocumentStore(paths: paths))
        let stateStore = AgentStateStore(paths: paths)
        var state: AgentState
        do {
            let loaded = try stateStore.loadSalvaging()
            state = loaded.state
            if !loaded.problems.isEmpty {
                Log.error(
                    "\(stateStore.path): set aside what was damaged (\(loaded.problems.joined(separator: "; "))) and kept the rest, including which occurrences were handled (copy as it was: \(stateStore.path).damaged)"
                )
            }
        } catch {
            let kept = stateStore.quarantine()
            Log.error("\(error); starting with a fresh state\(kept.map { " (damaged copy kept as \($0))" } ?? "")")
            state = AgentState()
        }
        // The scheduler keeps the habits' recent history only; the rest is read when needed.
        let moscow = Zone(identifier: Zone.moscowIdentifier)!
        let doc = documents.loadAtStart(state: state.habitReminders, zone: moscow, now: SystemWallClock().now()) ?? StoreDocument()
        let zone = Zone(identifier: doc.settings.zone) ?? moscow
        let notifier = Notifier(appName: AgentIdentity.appName)
        let sound = SoundPlayer(
            applicationName: AgentIdentity.appName, applicationID: AgentIdentity.desktopEntry,
            helperPath: ResourceLocator.helperProgram("moscowtime-sound"))
        let soundKeys = SoundKeys()
        let factory = NotificationFactory(server: notifier, icons: AgentIdentity.iconFiles)
        let presenter = RingPresenter(
            notifier: notifier, sound: sound, soundKeys: soundKeys, factory: factory,
            text: AlarmNotificationText(Localizer(Language.resolve(setting: doc.settings.language)), zone: zone))
        presenter.dismiss = doc.settings.dismiss
        let habits = HabitReminderPresenter(notifier: notifier, sound: sound, soundKeys: soundKeys, factory: factory)
        calendarPresenter = CalendarReminderPresenter(notifier: notifier, sound: sound, soundKeys: soundKeys, factory: factory)
        let runner = AgentRunner(
            scheduler: AgentScheduler(document: doc, state: state, zone: zone), documents: documents,
            stateStore: stateStore, alarms: presenter, habits: habits)
        self.notifier = notifier
        self.factory = factory
        self.presenter = presenter
        self.runner = runner
        self.documents = documents
    }

    private func startServices() {
        guard !started, let runner else { return }
        started = true
        let documents = documents!
        let paths = documents.store.paths
        let sync = SyncDriver()
        self.sync = sync
        watchers.append(
            DirectoryWatcher(directory: paths.dataDirectory, fileNames: [StorePaths.documentName]) { [weak runner] in
                Log.debug("store changed on disk")
                runner?.storeChanged()
                if let doc = runner?.scheduler.document { sync.documentChanged(doc, fingerprint: documents.fingerprint) }
            })
        watchers.append(
            SleepWatcher { [weak runner, weak self] going in
                runner?.prepareForSleep(going)
                if !going {
                    sync.resumed()
                    self?.calendarReminders?.resumed()
                }
            })
        // Start first: a ring the previous agent left ringing is rung on (or reported as cut short)
        // before any other evaluation could time it out. The document was read in prepare(), before
        // the watcher existed: an edit made in between is read now.
        runner.start()
        runner.catchUpAfterStart()
        sync.documentChanged(runner.scheduler.document, fingerprint: documents.fingerprint)
        startWake(runner)
        startCalendarReminders(runner, stateDirectory: paths.stateDirectory)
        let zone = runner.scheduler.zone
        Log.info(
            "moscowtime-agent \(AgentIdentity.version) running; zone \(zone.identifier); \(runner.scheduler.document.alarms.count) alarm(s); next trigger \(runner.armedAt.map { ISO8601.string($0, in: zone) } ?? "none")"
        )
    }

    /// Calendar reminders ring after the alarms are armed, and read the calendars in a child process.
    private func startCalendarReminders(_ runner: AgentRunner, stateDirectory: String) {
        guard let calendarPresenter else { return }
        let planner = CalendarReminderPlanner(runner: runner, presenter: calendarPresenter, stateDirectory: stateDirectory)
        calendarReminders = planner
        planner.onNextChanged = { [weak self] in self?.tray?.refresh() }
        runner.observe(planner)
        planner.runnerDidSettle()
    }

    /// The wake-from-suspend helper, started once this agent rings (never in a second instance).
    private func startWake(_ runner: AgentRunner) {
        let helper = WakeHelper.path(environment: Environment.current, executableDirectory: ResourceLocator.executableDirectory())
        let wake = WakeAlarm(helperPath: helper)
        switch wake.availability {
        case .available: Log.info("alarms wake the computer from suspend (\(helper ?? WakeHelper.name))")
        case .unavailable(_, let reason):
            Log.warning("alarms cannot wake the computer from suspend: \(reason); they ring on resume within the late window")
        }
        runner.wake = wake
    }

    private func exportService(_ connection: BusConnection) {
        guard let runner else { return }
        do {
            let service = try AgentBusService(
                connection: connection, runner: runner,
                status: { [weak self] in
                    self?.status() ?? AgentStatus()
                }, quit: { [weak self] in self?.quit("D-Bus Quit") })
            busService = service
            runner.observe(service)
        } catch {
            Log.error("cannot export the D-Bus interface: \(error)")
        }
    }

    /// The media player lock screens and media keys reach while an alarm rings; once the agent's
    /// name is ours, as the tray (a second instance never pauses anyone's music).
    private func startLockScreen(_ connection: BusConnection) {
        guard lockScreen == nil, let runner else { return }
        let player = LockScreenPlayer(connection: connection, runner: runner)
        lockScreen = player
        runner.observe(player)
    }

    /// The evening notice of tomorrow's first alarm (`pre-notice`) and the once-a-year word about a
    /// missing production calendar, once the agent's name is ours.
    private func startPreNotice() {
        guard preNotice == nil, let runner, let notifier, let factory else { return }
        let presenter = PreNoticePresenter(runner: runner, notifier: notifier, factory: factory)
        preNotice = presenter
        runner.observe(presenter)
        let notice = CalendarYearNotice(runner: runner, notifier: notifier, factory: factory)
        calendarNotice = notice
        runner.observe(notice)
    }

    /// The tray icon and its menu, once the agent's name is ours (a second instance shows none).
    /// Optional: the agent runs the same without a tray host.
    private func startTray(_ connection: BusConnection) {
        guard tray == nil, let runner, let notifier, let factory else { return }
        do {
            let tray = try Tray(
                connection: connection, runner: runner,
                summary: TodaySummary(notifier: notifier, factory: factory),
                iconThemePath: AgentIdentity.iconFiles?.themePath ?? "",
                calendarNext: { [weak self] in
                    self?.calendarReminders?.next.map { .init(at: $0.at, summary: $0.reminder.summary, calendar: $0.calendar) }
                },
                quit: { [weak self] in self?.quit("tray Quit") })
            self.tray = tray
            runner.observe(tray)
        } catch {
            Log.warning("cannot export the tray icon: \(error)")
        }
    }

    private func status() -> AgentStatus {
        var s = AgentStatus()
        guard let runner, let presenter, let documents else { return s }
        let scheduler = runner.scheduler
        s.runningSince = startedAt.secondsSinceEpoch
        s.version = AgentIdentity.version
        s.zone = scheduler.zone.identifier
        s.pausedUntil = scheduler.state.pausedUntil.map { $0 > runner.now ? $0.secondsSinceEpoch : 0 } ?? 0
        s.ringing = UInt32(scheduler.ringing.count)
        s.snoozed = UInt32(scheduler.state.snoozes.count)
        s.alarms = UInt32(scheduler.document.alarms.count)
        if let next = UpcomingTriggers.list(scheduler.document, state: scheduler.state, zone: scheduler.zone, now: runner.now, count: 1)
            .first
        {
            s.nextTrigger = next.at.secondsSinceEpoch
            s.nextLabel = next.alarm.label
            s.nextID = next.alarm.id
        }
        let server = presenter.serverDescription()
        s.notificationServer = server.server
        s.notificationCapabilities = server.capabilities
        s.soundBackend = presenter.soundBackendState
        s.store = documents.store.paths.document
        s.storeProblem = documents.lastProblem ?? ""
        s.tray = (tray?.visibility ?? .pending).rawValue
        if let next = calendarReminders?.next {
            s.nextCalendarReminder = next.at.secondsSinceEpoch
            s.nextCalendarSummary = next.reminder.summary
            s.nextCalendarName = next.calendar
        }
        return s
    }

}
