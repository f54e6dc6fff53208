// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeStore
import SystemPackage

/// posix_spawn with stdin from /dev/null; returns the exit status (128 + signal when killed) and
/// stdout (with stderr, unless discarded).
enum Subprocess {
    struct Result {
        let status: Int32
        let output: String
    }
    /// What becomes of the program's stderr: part of the output, or discarded.
    enum ErrorOutput { case merge, discard }

    static func run(_ argv: [String], stderr: ErrorOutput = .merge) -> Result? {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return nil }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        switch stderr {
        case .merge: posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
        case .discard: posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        let cArgs = argv.map { strdup($0) } + [nil]
        defer { for arg in cArgs { free(arg) } }
        var pid = pid_t()
        let rc = posix_spawnp(&pid, argv[0], &actions, nil, cArgs, environ)
        close(fds[1])
        guard rc == 0 else {
            close(fds[0])
            return nil
        }
        // A read error keeps what arrived so far, as an early end of file would.
        let bytes = (try? FileDescriptor(rawValue: fds[0]).readAll()) ?? []
        close(fds[0])
        var status: Int32 = 0
        _ = retryingInterrupted { waitpid(pid, &status, 0) }
        let exit: Int32 = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Result(status: exit, output: String(decoding: bytes, as: UTF8.self))
    }
}
