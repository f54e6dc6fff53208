// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// An exclusive advisory lock (flock) on a lock file beside the document. Serialises every
/// read-modify-write, so 50 concurrent `agent-cli add` leave exactly 50 alarms. The kernel drops the
/// lock when the holder dies, so a killed process never leaves the store locked.
final class FileLock {
    private let fd: Int32

    init(path: String) throws(FileSystem.Failure) {
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw FileSystem.Failure(message: "cannot open lock \(path): \(FileSystem.errnoText())") }
        while flock(fd, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            let why = FileSystem.errnoText()
            close(fd)
            throw FileSystem.Failure(message: "cannot lock \(path): \(why)")
        }
    }

    func unlock() {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
