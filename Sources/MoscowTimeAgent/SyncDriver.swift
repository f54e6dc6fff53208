// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeCore
import MoscowTimeDesktop

/// Keeps the store in sync with the CalDAV server while sync is set up: shortly after the agent
/// starts, after each local change (debounced), soon after the computer wakes from suspend, and
/// every `interval` otherwise; with nothing set up it arms no timer at all. Each sync is `moscowtime-calendar sync` run as a child process, so
/// neither the network nor libical ever touches the main loop that rings alarms. A failure is
/// logged once (until it changes or sync works again; `agent-cli sync status` shows it) and
/// retried with doubling backoff.
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
    private var enabled = false
    private var running = false
    private var changedWhileRunning = false
    private var failures = 0
    private var lastFailure: String?
    /// The warning the last successful sync printed (a clock off the server's).
    private var lastWarning: String?
    /// The document as the last sync left it: its own write must not count as a local change.
    private var lastSynced: StoreDocument?

    init() { helper = Self.helperPath() }

    /// The store changed (or was first read).
    func documentChanged(_ doc: StoreDocument) {
        let wasEnabled = enabled
        enabled = doc.sync.account != nil
        guard enabled else { timer.cancel(); return }
        guard helper != nil else {
            if !wasEnabled { Log.warning("sync is set up but moscowtime-calendar is not installed; not syncing") }
            return
        }
        if running { changedWhileRunning = true; return }
        if !wasEnabled { timer.schedule(afterMilliseconds: Self.startDelayMs) { [weak self] in self?.runNow() }; return }
        if doc == lastSynced { return }
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
        Log.debug("sync: starting")
        ChildProcess.run([helper, "sync"]) { [weak self] status, stderr in self?.finished(status, stderr) }
    }

    private func finished(_ status: Int32, _ stderr: String) {
        running = false
        lastSynced = try? DocumentStore(paths: StorePaths.fromEnvironment()).load()
        if status == 0 {
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
        let message = stderr.split(separator: "\n").last.map(String.init) ?? "exit status \(status)"
        if message != lastFailure { Log.warning("sync: \(message)") }
        lastFailure = message
        let backoff = min(Self.maximumBackoffMs, 60_000 << UInt32(min(failures - 1, 5)))
        timer.schedule(afterMilliseconds: backoff) { [weak self] in self?.runNow() }
    }

    static func helperPath() -> String? { ResourceLocator.helperProgram("moscowtime-calendar") }
}
