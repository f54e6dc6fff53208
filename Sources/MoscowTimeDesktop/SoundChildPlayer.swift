// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import GLibSupport
import Glibc

/// Plays sounds in `moscowtime-sound` children, one short-lived child per play, so that libcanberra
/// and libpulse never load into the agent (they stayed mapped, ~4 MB RSS, after its first ring).
///
/// Each child gets the libcanberra properties as `NAME=VALUE` arguments and a pipe as stdin; closing
/// the pipe (or SIGTERM) stops it, and the pipe also closes when the agent dies, so no child
/// outlives it (the child sets PR_SET_PDEATHSIG as well). Its end is seen by `g_child_watch_add`
/// on the main loop (no polling) and reported with libcanberra's error code (0: played to the end).
@MainActor
final class SoundChildPlayer {
    private struct Child {
        var pid: pid_t
        var stdinFD: Int32
    }

    /// libcanberra's CA_ERROR_CANCELED / CA_ERROR_SYSTEM / CA_ERROR_NOTAVAILABLE.
    static let canceled: Int32 = -11
    static let systemError: Int32 = -8
    static let notAvailable: Int32 = -12

    let helperPath: String
    private var children: [UInt32: Child] = [:]

    init(helperPath: String) {
        self.helperPath = helperPath
        // Writing nothing, but a child that died must never turn into a SIGPIPE for the agent.
        signal(SIGPIPE, SIG_IGN)
    }

    /// The child's pid playing `key`, if any (for tests).
    func childPID(key: UInt32) -> pid_t? { children[key]?.pid }

    /// Starts one play of `properties` for `key` (replacing any play of `key`). `finished` runs on the
    /// main loop with the libcanberra code when it ends, also after `cancel` (then CA_ERROR_CANCELED
    /// or the signal). Returns 0, or a libcanberra error code when the child could not start.
    func play(
        key: UInt32, properties: [(String, String)],
        finished: @escaping @MainActor (Int32) -> Void
    ) -> Int32 {
        cancel(key: key)
        var fds: [Int32] = [-1, -1]
        // Close-on-exec on both ends: no other child (the wake helper, a calendar sync) may hold the
        // write end, or this child would outlive the agent.
        guard g_unix_open_pipe(&fds, FD_CLOEXEC, nil) != 0 else { return Self.systemError }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[0], 0)
        let words: [String] = [helperPath] + properties.map { "\($0.0)=\($0.1)" }
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, helperPath, &actions, nil, argv, environ)
        close(fds[0])
        guard spawned == 0 else {
            close(fds[1])
            Log.debug("cannot run \(helperPath): \(String(cString: strerror(spawned)))")
            return Self.notAvailable
        }
        children[key] = Child(pid: pid, stdinFD: fds[1])
        let box = ChildExit { [weak self] status in
            if let self, self.children[key]?.pid == pid {
                close(self.children[key]!.stdinFD)
                self.children[key] = nil
            }
            finished(Self.code(waitStatus: status))
        }
        g_child_watch_add_full(
            G_PRIORITY_DEFAULT, pid, soundChildExited,
            Unmanaged.passRetained(box).toOpaque(), releaseRetainedBox)
        return 0
    }

    /// Stops `key`'s child now: closes its stdin and sends SIGTERM. Its exit is still reaped by the watch.
    func cancel(key: UInt32) {
        guard let child = children.removeValue(forKey: key) else { return }
        close(child.stdinFD)
        kill(child.pid, SIGTERM)
    }

    /// A wait status as a libcanberra code: the exit status is the negated code; a signal is a cancel.
    static func code(waitStatus status: Int32) -> Int32 {
        if status & 0x7f != 0 { return canceled }  // killed by a signal
        let exit = (status >> 8) & 0xff
        return exit == 64 ? systemError : -exit
    }

    isolated deinit {
        for child in children.values {
            close(child.stdinFD)
            kill(child.pid, SIGTERM)
        }
    }
}

/// The closure run when one child exits; kept alive by the child watch.
final class ChildExit: @unchecked Sendable {
    let body: @MainActor (Int32) -> Void
    init(_ body: @escaping @MainActor (Int32) -> Void) { self.body = body }
}

private func soundChildExited(_ pid: GPid, _ status: gint, _ data: gpointer?) {
    guard let data else { return }
    let box = Unmanaged<ChildExit>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { box.body(status) }
}
