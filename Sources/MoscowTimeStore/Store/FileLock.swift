// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain

/// An exclusive advisory lock (flock) on a lock file beside the document. Serialises every
/// read-modify-write, so 50 concurrent `agent-cli add` leave exactly 50 alarms. The kernel drops the
/// lock when the holder dies, so a killed process never leaves the store locked.
/// The lock file is opened without following a symlink and without blocking, and must be a
/// regular file (a FIFO in its place is refused, not waited on).
final class FileLock {
    private let fd: Int32

    enum Failure: Error {
        /// Another process holds the lock (only when not waiting for it).
        case held
        case failed(FileSystem.Failure)
    }

    /// `wait: false` tries once (`LOCK_NB`) and throws `Held` rather than wait: the agent's main
    /// loop never waits on another process.
    init(path: String, wait: Bool = true) throws(FileLock.Failure) {
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY, 0o600)
        guard fd >= 0 else {
            throw .failed(
                FileSystem.Failure(Message("cannot open the lock {path}: {why}", ["path": path], parts: ["why": FileSystem.why()])))
        }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw .failed(
                FileSystem.Failure(
                    Message(
                        "the lock {path} is {kind}, not a regular file; move it away", ["path": path],
                        parts: ["kind": FileSystemReason.kind(st.st_mode)])))
        }
        if retryingInterrupted({ flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB)) }) != 0 {
            let code = errno
            close(fd)
            if !wait && code == EWOULDBLOCK { throw .held }
            throw .failed(FileSystem.Failure(Message("cannot lock {path}: {why}", ["path": path], parts: ["why": FileSystem.why(code)])))
        }
    }

    func unlock() {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
