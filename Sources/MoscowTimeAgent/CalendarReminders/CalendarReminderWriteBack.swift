// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDesktop
import MoscowTimeDomain
import MoscowTimeStore

/// Writes a calendar reminder's Dismiss, Snooze or Done into its calendar file, for a calendar set
/// to (`calendars remind NAME --write-acknowledgements`): `moscowtime-calendar acknowledge` in a
/// child process (the agent links no libical), one at a time (two writes of one file would refuse
/// each other), ended after `timeoutMs`. The answer comes on the main loop; a failure is logged and
/// the action stays in the agent's ledger, as for a calendar that is not written back. Nothing
/// here delays an alarm or the reminder's notification.
@MainActor
final class CalendarReminderWriteBack {
    enum Action: Equatable {
        case dismiss
        case snooze(until: Instant)
        case done

        var arguments: [String] {
            switch self {
            case .dismiss: ["dismiss"]
            case .snooze: ["snooze"]
            case .done: ["done"]
            }
        }
    }

    static let timeoutMs: UInt32 = 10_000

    private let helper: String?
    private var queue: [(argv: [String], what: String, then: (Bool) -> Void)] = []
    private var child: ChildProcess?
    private let watchdog = OneShotTimeout()
    private var runs = 0

    init(helper: String?) { self.helper = helper }

    /// Writes `action` for `ring` when its calendar is written back; `then(written)` once done.
    func write(_ ring: CalendarRing, _ action: Action, then: @escaping (Bool) -> Void = { _ in }) {
        guard ring.writeBack, let helper, let file = ring.file else { return then(false) }
        var argv = [helper, "acknowledge", file] + action.arguments
        argv += [ring.reminder.uid, ring.reminder.recurrenceID ?? "-", String(ring.reminder.alarm)]
        if case .snooze(let until) = action { argv.append(ISO8601.utcString(until)) }
        queue.append((argv, "\(action.arguments[0]) of \"\(ring.reminder.summary)\" in \(file)", then))
        next()
    }

    /// On exit: no write outlives the agent (the file is replaced whole or not at all).
    func finish() { child?.sendToGroup(SIGKILL) }

    private func next() {
        guard child == nil, !queue.isEmpty else { return }
        let job = queue.removeFirst()
        runs += 1
        let run = runs
        child = ChildProcess.run(job.argv) { [weak self] ending, stderr in
            guard let self, self.runs == run else { return }
            self.ended(job.what, ending.succeeded, stderr, then: job.then)
        }
        guard child != nil else {
            runs += 1  // ChildProcess reports it too, later: that report is not taken
            return ended(job.what, false, "cannot start \(job.argv[0])", then: job.then)
        }
        watchdog.schedule(afterMilliseconds: Self.timeoutMs) { [weak self] in
            guard let self, self.runs == run else { return }
            self.child?.sendToGroup(SIGKILL)
            self.runs += 1
            self.ended(job.what, false, "still writing after \(Self.timeoutMs / 1000) s", then: job.then)
        }
    }

    private func ended(_ what: String, _ ok: Bool, _ stderr: String, then: (Bool) -> Void) {
        child = nil
        watchdog.cancel()
        if ok {
            Log.info("calendar reminder: \(what) written")
        } else {
            let why = stderr.split(separator: "\n").last.map(String.init) ?? "failed"
            Log.warning("calendar reminder: \(what) not written (\(why)); kept on this computer")
        }
        then(ok)
        next()
    }
}
