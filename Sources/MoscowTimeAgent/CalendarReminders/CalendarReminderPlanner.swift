// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport
import Glibc
import MoscowTimeDesktop
import MoscowTimeDomain
import MoscowTimeStore

/// Rings the reminders of the calendars set to remind (`agent-cli calendars remind`). The agent
/// does not link libical: `moscowtime-calendar calendar-next` reads the calendars in a child
/// process and answers the soonest reminders of the next week as JSON, so a slow folder, a garbage
/// file or a crash there costs a calendar reminder at worst, never an alarm (the child is ended
/// after `queryTimeoutMs`). One wall-clock timer is armed for the next reminder not yet handled
/// (`CalendarReminderLedger`), or for a day ahead to read the week's window again; the calendars
/// are read again when the settings change, a reminded folder changes (GFileMonitor), a reminder
/// rings, and after a clock step or a resume. With no calendar reminded nothing runs at all.
@MainActor
final class CalendarReminderPlanner: AgentRunnerObserver {
    static let count = 200
    static let queryTimeoutMs: UInt32 = 30_000
    static let retryMs: UInt32 = 60_000
    static let debounceMs: UInt32 = 5
    /// The helper reads a week: read again a day later at the latest.
    static let windowSeconds: Int64 = 86_400
    /// A reminder found more than this late (the machine woke, the agent started) is shown as
    /// missed ("Missed at 09:45"), as Thunderbird and evolution-alarm-notify show theirs.
    static let lateSeconds: Int64 = 15 * 60
    /// One found more than this late is not shown at all: a day away is no time to be reminded.
    static let missedSeconds: Int64 = 86_400

    private weak var runner: AgentRunner?
    private let helper: String?
    private let presenter: CalendarReminderPresenter
    private let ledgerPath: String
    private var ledger: CalendarReminderLedger
    private let writeBack: CalendarReminderWriteBack
    private lazy var timer = WallClockTimer(
        onFire: { [weak self] in self?.fire() },
        onClockChange: { [weak self] in
            // Armed again at once from what is known (the kernel drops the expiry), then read again.
            self?.plan()
            self?.refresh("clock changed or resumed", full: true)
        })
    private let watchdog = OneShotTimeout()
    private let retry = OneShotTimeout()
    /// The soonest reminders as the helper last named them.
    private var rings: [CalendarRing] = []
    private var watchers: [String: DirectoryWatcher] = [:]
    /// What the calendars were read for (reminded folders, added folders, zone).
    private var readFor: [String]?
    private var child: ChildProcess?
    private var runs = 0
    private var again = false
    private var lastFailure: String?
    /// The next reminder the timer is armed for.
    private(set) var next: CalendarRing?
    /// Called when `next` changes (the tray's line).
    var onNextChanged: () -> Void = {}
    /// Set at start and on resume: the calendars are read from the last reading on, once, so that
    /// what came due meanwhile is shown as missed.
    private var catchUpFrom: Instant?
    /// Up to when the helper's last answer holds every reminder (it lists the soonest `count`).
    private var through: Instant?
    /// The `readAt` last written to the ledger's file.
    private var savedReadAt: Instant?
    /// Up to when every reminder has rung: the next reading starts after it, so that those beyond
    /// an answer's `count` at or before the instant that rang are read, not lost.
    private var rungThrough: Instant?
    /// The folders the watchers saw change since the last reading began; `fullScan`: the next
    /// reading looks at every file (the settings changed, the window moved, the clock stepped, a
    /// reading failed).
    private var changedFolders: Set<String> = []
    /// The files the watchers named, by folder (not in `changedFolders`): only they are looked at.
    private var changedFiles: [String: Set<String>] = [:]
    private var fullScan = true
    /// More files than this changed in a folder between two readings: every file is looked at.
    static let maximumNamedFiles = 64

    init(runner: AgentRunner, presenter: CalendarReminderPresenter, stateDirectory: String, helper: String? = SyncDriver.helperPath()) {
        self.runner = runner
        self.presenter = presenter
        self.helper = helper
        ledgerPath = stateDirectory + "/" + CalendarReminderLedger.fileName
        ledger = CalendarReminderLedger.load(ledgerPath)
        writeBack = CalendarReminderWriteBack(helper: helper)
        catchUpFrom = ledger.readAt
        presenter.onSnooze = { [weak self] ring in self?.snooze(ring) }
        presenter.onDismiss = { [weak self] ring in self?.dismiss(ring) }
        presenter.onDone = { [weak self] ring in self?.done(ring) }
    }

    private var settings: Settings { runner?.scheduler.document.settings ?? Settings() }
    private var now: Instant { runner?.now ?? SystemWallClock().now() }

    func runner(didCarryOut effect: AgentEffect) {}

    /// Every change of the document ends here: read the calendars again when what they are read for changed.
    func runnerDidSettle() {
        let s = settings
        // Which calendars write back is in each ring read (`CalendarRing.writeBack`, its Done button).
        let key = [s.zone] + s.remindedCalendars.sorted() + ["|"] + s.calendarFolders + ["|"] + s.writeBackCalendars.sorted()
        guard key != readFor else { return }
        readFor = key
        if s.remindedCalendars.isEmpty {
            Log.debug("calendar reminders: no calendar is reminded")
            catchUpFrom = nil  // a calendar reminded later starts from then, with nothing missed
            rings = []
            watchers = [:]
            plan()
        } else {
            // The next of a calendar quieted goes now, not once the reading below ends.
            if let next, !pending.contains(next) { plan() }
            refresh("calendar settings changed", full: true)
        }
    }

    func resumed() {
        catchUpFrom = catchUpFrom ?? ledger.readAt
        refresh("resumed from sleep", full: true)
    }

    /// On exit: nothing of ours stays on screen, and no reading outlives the agent.
    func finish() {
        presenter.closeAll()
        child?.sendToGroup(SIGKILL)
        writeBack.finish()
    }

    /// Asks the helper again (one child at a time: a request meanwhile runs once it ends).
    /// `full`: every file is looked at, not only those of the folders the watchers saw change.
    func refresh(_ why: String, full: Bool = false) {
        fullScan = fullScan || full
        guard let helper, !settings.remindedCalendars.isEmpty else {
            plan()
            return
        }
        guard child == nil else {
            again = true
            return
        }
        Log.debug("calendar reminders: reading the calendars (\(why))")
        retry.cancel()
        runs += 1
        let run = runs
        let readAt = now
        let catchUp = catchUpFrom
        let arguments = [helper, "calendar-next", String(Self.count)] + since(catchUp, readAt) + changeArguments()
        child = ChildProcess.capture(arguments) { [weak self] ending, output, stderr in
            guard let self, self.runs == run else { return }
            if self.finished(ending, output, stderr) { self.read(at: readAt, since: catchUp) }
        }
        watchdog.schedule(afterMilliseconds: Self.queryTimeoutMs) { [weak self] in
            guard let self, let child = self.child, self.runs == run else { return }
            child.sendToGroup(SIGKILL)
            self.runs += 1  // its end, whenever it comes, is not taken
            self.finished(.killed(signal: SIGKILL), "", "still reading after \(Self.queryTimeoutMs / 1000) s")
        }
    }

    /// `--since`: after a start or a resume, from the last reading (a day back at most: those
    /// missed meanwhile); else just after the last instant that rang (a quarter of an hour back at
    /// most), so that reminders beyond an answer's `count` at that instant are not lost.
    private func since(_ catchUp: Instant?, _ readAt: Instant) -> [String] {
        if let catchUp { return ["--since", ISO8601.utcString(max(catchUp, readAt - Self.missedSeconds))] }
        return rungThrough.map { ["--since", ISO8601.utcString(max($0 + 1, readAt - Self.lateSeconds))] } ?? []
    }

    /// `--watched` and the folders that changed (or are not watched), unless something asks for a
    /// full look: the helper then takes the other folders from their caches as they are.
    private func changeArguments() -> [String] {
        defer {
            changedFolders = []
            changedFiles = [:]
            fullScan = false
        }
        guard !fullScan, !watchers.isEmpty else { return [] }
        let whole = changedFolders.union(Set(settings.remindedCalendars).subtracting(watchers.keys))
        let files = changedFiles.filter { !whole.contains($0.key) }.sorted { $0.key < $1.key }.flatMap { folder, names in
            names.sorted().flatMap { ["--changed-file", folder + "/" + $0] }
        }
        return ["--watched"] + whole.sorted().flatMap { ["--changed", $0] } + files
    }

    /// A watcher saw `folder` change: its files named, or the whole folder when it cannot name them all.
    private func changed(_ folder: String, names: Set<String>?) {
        let files = (changedFiles[folder] ?? []).union(names ?? [])
        if names == nil || changedFolders.contains(folder) || files.count > Self.maximumNamedFiles {
            changedFolders.insert(folder)
            changedFiles[folder] = nil
        } else {
            changedFiles[folder] = files
        }
    }

    /// Whether the calendars could be read.
    @discardableResult
    private func finished(_ ending: ChildProcess.Ending, _ output: String, _ stderr: String) -> Bool {
        child = nil
        watchdog.cancel()
        guard ending.succeeded, let answer = try? JSONParser.parse(output), let list = answer["reminders"]?.arrayValue else {
            let message = ending.succeeded ? "unreadable answer" : stderr.split(separator: "\n").last.map(String.init) ?? "\(ending)"
            if message != lastFailure { Log.warning("calendar reminders: cannot read the calendars: \(message); trying again later") }
            lastFailure = message
            fullScan = true
            retry.schedule(afterMilliseconds: Self.retryMs) { [weak self] in self?.refresh("retry") }
            plan()
            return false
        }
        lastFailure = nil
        rings = list.compactMap(CalendarRing.init)
        // A cut answer (the soonest `count`) holds every reminder up to `through` only.
        through = list.count >= Self.count ? answer["through"]?.stringValue.flatMap(ISO8601.parse) : nil
        let calendars = answer["calendars"]?.arrayValue ?? []
        let read = calendars.reduce(0) { $0 + ($1["read"]?.intValue ?? 0) }
        let looked = calendars.reduce(0) { $0 + ($1["looked"]?.intValue ?? 0) }
        Log.debug(
            "calendar reminders: \(rings.count) read, \(read) files read again, \(looked) looked at (wall clock \(AgentRunner.preciseNow()))"
        )
        watch(Set(calendars.compactMap { $0["folder"]?.stringValue }))
        plan()
        if again {
            again = false
            refresh("changed while reading")
        }
        return true
    }

    /// Keeps when the calendars were read, for the next start's missed reminders.
    /// Saved at most once a minute (a file write and its fsync on the loop the alarms ring from):
    /// a start after a `readAt` up to a minute old shows nothing twice, the ledger having what rang.
    private func read(at readAt: Instant, since: Instant?) {
        if since != nil, since == catchUpFrom { catchUpFrom = nil }
        ledger.readAt = readAt
        guard savedReadAt.map({ readAt - $0 >= 60 }) ?? true else { return }
        savedReadAt = readAt
        ledger.save(ledgerPath)
    }

    /// One directory watcher per reminded folder: a file written there is read within a second.
    private func watch(_ folders: Set<String>) {
        for gone in Set(watchers.keys).subtracting(folders) { watchers[gone] = nil }
        for folder in folders where watchers[folder] == nil {
            let watcher = DirectoryWatcher(directory: folder, fileNames: [], everyFile: true) { [weak self] in
                Log.debug("calendar reminders: calendar folder \(folder) changed (wall clock \(AgentRunner.preciseNow()))")
                self?.changed(folder, names: self?.watchers[folder]?.changedNames ?? nil)
                self?.refresh("calendar folder \(folder) changed")
            }
            // One that cannot watch is left out: every reading then looks at all of its files.
            guard watcher.isWatching else { continue }
            // What changed between the reading and the watcher's start is looked at once, now.
            changedFolders.insert(folder)
            again = true
            // A reading costs the files the watcher names (the helper's cache): no need to wait
            // for a save's last event, a later one is read again after this reading.
            watcher.debounceMilliseconds = Self.debounceMs
            watchers[folder] = watcher
        }
    }

    /// Those still to ring, of the calendars reminded now (`CalendarReminderLedger.stillToRing`).
    private var pending: [CalendarRing] { ledger.stillToRing(rings, reminded: settings.remindedCalendars) }

    /// Arms the one timer: the next reminder still to ring, or a day ahead to read the window again.
    private func plan() {
        let at = now
        ledger.prune(now: at)
        let before = next
        next = pending.min { ($0.at, $0.reminder.summary) < ($1.at, $1.reminder.summary) }
        if next != before { onNextChanged() }
        let reading = !settings.remindedCalendars.isEmpty && helper != nil
        // Beyond a cut answer's `through` nothing is known: read again from there (`fire`), even
        // when none of the listed is still to ring (all dismissed here, say).
        let beyond = reading ? through.map { $0 + 1 } : nil
        guard let wake = [next?.at, beyond, reading ? at + Self.windowSeconds : nil].compactMap({ $0 }).min() else {
            timer.disarm()
            return
        }
        timer.arm(atUnixSeconds: wake.secondsSinceEpoch)
        let zone = runner?.scheduler.zone ?? Zone(identifier: Zone.moscowIdentifier)!
        if let next, next.at == wake {
            Log.debug(
                "calendar reminder timer armed for \(ISO8601.string(wake, in: zone)) (\"\(next.reminder.summary)\", \(next.calendar))"
                    + " (wall clock \(AgentRunner.preciseNow()))")
        } else {
            Log.debug("calendar reminder timer armed for \(ISO8601.string(wake, in: zone)) (reading the calendars again)")
        }
    }

    private func fire() {
        let at = now
        let due = pending.filter { $0.at <= at }.sorted { $0.at < $1.at }
        let paused = runner?.scheduler.state.pausedUntil.map { $0 > at } ?? false
        // Saved before anything is shown: a crash after this never shows it twice.
        for ring in due { ledger.rung(ring) }
        if !due.isEmpty { ledger.save(ledgerPath) }
        let rang = min(at, through ?? at)
        rungThrough = max(rungThrough ?? rang, rang)
        if let t = through, at > t { through = nil }  // woken to read past it: the reading below does
        for ring in due {
            if paused {
                Log.info("calendar reminder \"\(ring.reminder.summary)\" not shown: paused")
            } else if at - ring.at > Self.missedSeconds {
                Log.info("calendar reminder \"\(ring.reminder.summary)\" missed more than a day ago; not shown")
            } else {
                // One notification a turn of the loop, at idle priority: an alarm's timer due
                // meanwhile comes first, however many reminders a catch-up shows.
                let missedAsOf = at - ring.at > Self.lateSeconds ? at : nil
                MainLoopSource.idle { [weak self] in
                    guard let self else { return }
                    self.presenter.show(ring, settings: self.settings, missedAsOf: missedAsOf)
                }
            }
        }
        plan()
        refresh(due.isEmpty ? "the window moved" : "a calendar reminder rang", full: due.isEmpty)
    }

    private func snooze(_ ring: CalendarRing) {
        let until = now + Int64(max(1, settings.reminderSnoozeMinutes)) * 60
        ledger.snooze(ring, until: until)
        ledger.save(ledgerPath)
        Log.info("calendar reminder \"\(ring.reminder.summary)\" snoozed until \(ISO8601.utcString(until))")
        plan()
        writeBack.write(ring, .snooze(until: until)) { [weak self] ok in if ok { self?.written(ring) } }
    }

    private func dismiss(_ ring: CalendarRing) {
        ledger.dismiss(ring)
        ledger.save(ledgerPath)
        Log.info("calendar reminder \"\(ring.reminder.summary)\" dismissed")
        plan()
        writeBack.write(ring, .dismiss) { [weak self] ok in if ok { self?.written(ring) } }
    }

    /// A to-do done: dismissed here, and completed in its file.
    private func done(_ ring: CalendarRing) {
        ledger.dismiss(ring)
        ledger.save(ledgerPath)
        Log.info("calendar reminder \"\(ring.reminder.summary)\" done")
        plan()
        writeBack.write(ring, .done)
    }

    /// The action is in the calendar file: the file rules from now on (`CalendarReminderLedger.written`);
    /// the helper's last answer, read before the write, no longer counts for that VALARM.
    private func written(_ ring: CalendarRing) {
        ledger.written(ring)
        ledger.save(ledgerPath)
        rings.removeAll { $0.key == ring.key }
        refresh("a calendar reminder was written into its calendar")
    }
}
