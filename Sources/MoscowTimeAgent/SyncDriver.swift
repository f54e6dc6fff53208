// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDesktop
import MoscowTimeDomain
import MoscowTimeStore

/// Keeps the store in sync with the CalDAV server while sync is set up: shortly after the agent
/// starts, after each local change (debounced), soon after the computer wakes from suspend, and
/// every `interval` otherwise; with nothing set up it arms no timer at all. Each sync is `moscowtime-calendar sync` run as a child process, so
/// neither the network nor libical ever touches the main loop that rings alarms. A failure is
/// logged once (until it changes or sync works again; `agent-cli sync status` shows it) and
/// retried with doubling backoff. A child still running `SyncDeadline.graceSeconds` after the whole
/// sync's deadline is ended (its process group: SIGTERM, then SIGKILL), and that — or a child that
/// died of a signal — is a failure recorded for `sync status` and `status`.
@MainActor
final class SyncDriver {
    static let startDelayMs: UInt32 = 2_000
    static let debounceMs: UInt32 = 5_000
    static let intervalMs: UInt32 = 15 * 60_000
    static let maximumBackoffMs: UInt32 = 30 * 60_000
    /// After a resume: long enough for the network to come back, short enough that what another
    /// machine changed meanwhile is here before anyone looks.
    static let resumeDelayMs: UInt32 = 10_000

    private let helper: String?
    private let timer = OneShotTimeout()
    /// Ends a child that runs past the whole sync's deadline (`SyncDeadline`): SIGTERM, then SIGKILL.
    private let watchdog = OneShotTimeout()
    private var child: ChildProcess?
    private var overran = false
    /// Counts runs: the end of a child given up on (its stderr held open by something it started)
    /// must not be taken for a later run's.
    private var runs = 0
    private let deadlineSeconds = SyncDeadline.seconds()
    private var enabled = false
    private var running = false
    private var changedWhileRunning = false
    private var failures = 0
    private var lastFailure: String?
    /// The warning the last successful sync printed (a clock off the server's).
    private var lastWarning: String?
    /// The fingerprint (`DocumentSource.fingerprint`) of the document as the last sync left it:
    /// its own write must not count as a local change.
    private var lastSynced: Int?

    init() { helper = Self.helperPath() }

    /// The store changed (or was first read); `fingerprint` is its file's (`DocumentFingerprint`).
    func documentChanged(_ doc: StoreDocument, fingerprint: Int?) {
        let wasEnabled = enabled
        enabled = doc.sync.account != nil
        guard enabled else {
            timer.cancel()
            return
        }
        guard helper != nil else {
            if !wasEnabled { Log.warning("sync is set up but moscowtime-calendar is not installed; not syncing") }
            return
        }
        if running {
            changedWhileRunning = true
            return
        }
        if !wasEnabled {
            timer.schedule(afterMilliseconds: Self.startDelayMs) { [weak self] in self?.runNow() }
            return
        }
        if fingerprint != nil, fingerprint == lastSynced { return }
        if failures == 0 { timer.schedule(afterMilliseconds: Self.debounceMs) { [weak self] in self?.runNow() } }
    }

    /// The computer woke from suspend. The other machines may have changed things while it slept,
    /// and the interval timer counts only time awake (GLib's clock is monotonic): sync soon, even
    /// while backing off from a failure (the network the failure was about may have changed).
    func resumed() {
        guard enabled, helper != nil, !running else { return }
        Log.debug("sync: after resume")
        timer.schedule(afterMilliseconds: Self.resumeDelayMs) { [weak self] in self?.runNow() }
    }

    func runNow() {
        guard enabled, let helper, !running else { return }
        running = true
        changedWhileRunning = false
        overran = false
        Log.debug("sync: starting")
        runs += 1
        let thisRun = runs
        child = ChildProcess.run([helper, "sync"]) { [weak self] ending, stderr in
            guard let self, self.runs == thisRun, self.running else { return }
            self.finished(ending, stderr)
        }
        guard child != nil else { return }
        let grace = UInt32(deadlineSeconds + SyncDeadline.graceSeconds) * 1000
        watchdog.schedule(afterMilliseconds: grace) { [weak self] in self?.overrun() }
    }

    /// The child is still running well past its own deadline (stuck where no request deadline
    /// reaches: a password command waiting for a prompt, a lock): end it so later syncs can run.
    private func overrun() {
        guard running, let child else { return }
        overran = true
        Log.warning("sync: still running \(deadlineSeconds + SyncDeadline.graceSeconds) s after it started; ending it")
        child.sendToGroup(SIGTERM)
        let wait = UInt32(SyncDeadline.killAfterSeconds) * 1000
        watchdog.schedule(afterMilliseconds: wait) { [weak self] in
            guard let self, self.running else { return }
            self.child?.sendToGroup(SIGKILL)
            // Gone now, even if something it started still holds its stderr open.
            self.watchdog.schedule(afterMilliseconds: wait) { [weak self] in
                guard let self, self.running else { return }
                self.finished(.killed(signal: SIGKILL), "")
            }
        }
    }

    private func finished(_ ending: ChildProcess.Ending, _ stderr: String) {
        running = false
        child = nil
        watchdog.cancel()
        // The file's bytes, not its document: nothing is decoded to know the sync's own write.
        lastSynced = try? DocumentStore(paths: StorePaths.fromEnvironment()).fingerprint()
        Memory.releaseFreed()
        // A child that was ended or crashed could not say why: record it where sync status and
        // status read it (in the child's own state file, through the tool that owns it).
        var recorded: [String]?
        if overran {
            recorded = ["endedByAgent", String(deadlineSeconds)]  // not UI: SyncFailure codes
        } else if case .killed(let signal) = ending {
            recorded = ["crashed", String(signal)]  // not UI: SyncFailure codes
        }
        if let recorded, let helper {
            ChildProcess.run([helper, "sync-record-failure"] + recorded) { ending, stderr in
                if !ending.succeeded { Log.warning("sync: cannot record the failure: \(stderr)") }
            }
        }
        if ending.succeeded {
            if failures > 0 { Log.info("sync works again") }
            failures = 0
            lastFailure = nil
            // Once until a sync without it: the clock's offset in the text changes from run to run.
            let warning = stderr.split(separator: "\n").last.map(String.init)
            if let warning, lastWarning == nil { Log.warning("sync: \(warning)") }
            lastWarning = warning
            Log.debug("sync: done")
            timer.schedule(afterMilliseconds: changedWhileRunning ? Self.debounceMs : Self.intervalMs) { [weak self] in self?.runNow() }
            return
        }
        failures += 1
        let message: String
        switch ending {
        case _ where overran: message = "ended after running past its \(deadlineSeconds) s deadline"
        case .killed(let signal): message = "the sync program crashed (signal \(signal))"
        case .exited(let status): message = stderr.split(separator: "\n").last.map(String.init) ?? "exit status \(status)"
        }
        if message != lastFailure { Log.warning("sync: \(message)") }
        lastFailure = message
        let backoff = min(Self.maximumBackoffMs, 60_000 << UInt32(min(failures - 1, 5)))
        timer.schedule(afterMilliseconds: backoff) { [weak self] in self?.runNow() }
    }

    static func helperPath() -> String? { ResourceLocator.helperProgram("moscowtime-calendar") }
}
