// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import GLibSupport
import Glibc
import SystemPackage

/// The machine's one wake-up from suspend, through the `moscowtime-wake` helper (the only program
/// with CAP_WAKE_ALARM; see its source and packaging/README.md). Knows nothing of alarms: it is told
/// an instant to wake at, or none.
///
/// The helper runs as this process's child for the process's whole life, reading one line per
/// change on its stdin (`arm <unix seconds>` / `clear`); its answers are read on the main loop
/// (`g_unix_fd_add`) and logged. When it cannot be started or refuses at start (no capability, no
/// RTC), `availability` says why and every request is ignored: alarms then ring on resume.
@MainActor
public final class WakeAlarm {
    public enum Availability: Equatable, Sendable {
        case available
        case unavailable(code: String, reason: String)
    }

    public private(set) var availability: Availability
    /// The instant last sent to the helper (nil: none armed).
    public private(set) var armedAt: Int64?
    /// Every line the helper answered after `ready`, for logs and tests.
    public private(set) var answers: [String] = []
    /// Called with each answer (tests wait on it).
    public var onAnswer: (@MainActor (String) -> Void)?

    private var pid: pid_t = 0
    private var toHelper: Int32 = -1
    private var fromHelper: Int32 = -1
    private var sourceID: UInt32 = 0
    private var pending: [UInt8] = []

    /// Starts `helperPath` with `arguments` (`--clock realtime` in tests). Nil path: not installed.
    public init(helperPath: String?, arguments: [String] = []) {
        availability = .unavailable(code: "not-installed", reason: "the wake helper moscowtime-wake is not installed")
        guard let helperPath else { return }
        // A helper that dies must not take the agent with it when we next write to its pipe.
        signal(SIGPIPE, SIG_IGN)
        var input: [Int32] = [-1, -1]
        var output: [Int32] = [-1, -1]
        // Close-on-exec from the start (pipe2): no child another thread starts meanwhile (a sound, a
        // calendar sync) may hold the helper's input, or the helper would outlive the agent.
        guard g_unix_open_pipe(&input, FD_CLOEXEC, nil) != 0, g_unix_open_pipe(&output, FD_CLOEXEC, nil) != 0 else {
            for fd in input where fd >= 0 { close(fd) }
            availability = .unavailable(code: "spawn", reason: "pipe: \(String(cString: strerror(errno)))")
            return
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        let argv: [UnsafeMutablePointer<CChar>?] = ([helperPath] + arguments).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        let spawned = posix_spawn(&pid, helperPath, &actions, nil, argv, environ)
        close(input[0])
        close(output[1])
        toHelper = input[1]
        fromHelper = output[0]
        guard spawned == 0 else {
            close(toHelper)
            close(fromHelper)
            toHelper = -1
            fromHelper = -1
            pid = 0
            availability = .unavailable(code: "spawn", reason: "cannot run \(helperPath): \(String(cString: strerror(spawned)))")
            return
        }
        // The first line comes at once (the helper only creates its timer and drops privileges).
        let first = readFirstLine(timeoutMilliseconds: 3000)
        if first.hasPrefix("ready ") {
            availability = .available
            _ = fcntl(fromHelper, F_SETFL, fcntl(fromHelper, F_GETFL) | O_NONBLOCK)
            let condition = GIOCondition(G_IO_IN.rawValue | G_IO_ERR.rawValue | G_IO_HUP.rawValue)
            sourceID = g_unix_fd_add_full(
                G_PRIORITY_DEFAULT, fromHelper, condition, wakeAlarmReadable,
                WeakRef(self).retainedPointer(), releaseRetainedBox)
        } else {
            let words = first.split(separator: " ", maxSplits: 2).map(String.init)
            availability =
                words.first == "error" && words.count == 3
                ? .unavailable(code: words[1], reason: words[2])
                : .unavailable(code: "no-answer", reason: "the wake helper gave no usable answer")
            stop()
        }
    }

    isolated deinit { stop() }

    /// Keeps the one wake-up at `seconds` (Unix time), or none; sends only changes.
    public func wake(atUnixSeconds seconds: Int64?) {
        guard availability == .available, seconds != armedAt else { return }
        let line = seconds.map { "arm \($0)\n" } ?? "clear\n"
        do {
            try FileDescriptor(rawValue: toHelper).writeAll(line.utf8)
            armedAt = seconds
        } catch {
            Log.warning("the wake helper stopped (\(error)): alarms will not wake the computer from suspend")
            availability = .unavailable(code: "helper-exited", reason: "the wake helper stopped")
            stop()
        }
    }

    private func readFirstLine(timeoutMilliseconds: Int32) -> String {
        var bytes: [UInt8] = []
        var pfd = pollfd(fd: fromHelper, events: Int16(POLLIN), revents: 0)
        while !bytes.contains(UInt8(ascii: "\n")), bytes.count < 512 {
            let r = poll(&pfd, 1, timeoutMilliseconds)
            if r < 0, errno == EINTR { continue }
            guard r > 0 else { break }
            var c: UInt8 = 0
            let n = try? withUnsafeMutableBytes(of: &c) { try FileDescriptor(rawValue: fromHelper).read(into: $0) }
            guard n == 1 else { break }
            bytes.append(c)
        }
        return String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }

    fileprivate func handleReadable() -> Bool {
        var buf = [UInt8](repeating: 0, count: 512)
        let n = buf.withUnsafeMutableBytes { read(fromHelper, $0.baseAddress, $0.count) }
        if n < 0, errno == EAGAIN || errno == EINTR { return true }
        guard n > 0 else {
            Log.warning("the wake helper exited: alarms will not wake the computer from suspend")
            availability = .unavailable(code: "helper-exited", reason: "the wake helper stopped")
            sourceID = 0
            stop()
            return false
        }
        pending += buf[0..<n]
        while let nl = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: pending[..<nl], as: UTF8.self)
            pending.removeSubrange(...nl)
            answers.append(line)
            if line.hasPrefix("error") { Log.warning("wake helper: \(line)") } else { Log.debug("wake helper: \(line)") }
            if line.hasPrefix("fired") { armedAt = nil }
            onAnswer?(line)
        }
        return true
    }

    private func stop() {
        if sourceID != 0 {
            g_source_remove(sourceID)
            sourceID = 0
        }
        if toHelper >= 0 {
            close(toHelper)
            toHelper = -1
        }  // the helper exits on EOF, disarming
        if fromHelper >= 0 {
            close(fromHelper)
            fromHelper = -1
        }
        if pid > 0 {
            var status: Int32 = 0
            // It exits at once on EOF; reap it so no zombie is left.
            for _ in 0..<50 where waitpid(pid, &status, WNOHANG) == 0 { usleep(10_000) }
            if waitpid(pid, &status, WNOHANG) == 0 {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
            }
            pid = 0
        }
    }
}

/// GUnixFDSourceFunc for the helper's answers.
private func wakeAlarmReadable(_ fd: Int32, _ condition: GIOCondition, _ data: UnsafeMutableRawPointer?) -> gboolean {
    let ref = WeakRef<WakeAlarm>.from(data)
    return MainActor.assumeIsolated {
        (ref?.object?.handleReadable() ?? false) ? 1 : 0
    }
}
