// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain
import SystemPackage

/// The few POSIX file operations the store needs, with errno turned into typed, translated reasons
/// (`FileSystemReason`).
///
/// Every data file (store, agent state, lock, templates, import files) is opened without blocking
/// (`O_NONBLOCK`: a FIFO put in its place must not hang the agent or the CLI) and accepted only if
/// it is a regular file. Temporary files are created exclusively under an unpredictable name
/// (`O_EXCL | O_NOFOLLOW`), so another user's symlink in a shared folder cannot redirect a write.
package enum FileSystem {
    /// Why a file operation failed: a catalogue message, worded in the reader's language when shown.
    struct Failure: Error {
        let reason: Message
        /// The reason without its advice, where another message gives its own ("it is a folder, not a regular file").
        let brief: Message
        init(_ reason: Message, brief: Message? = nil) {
            self.reason = reason
            self.brief = brief ?? reason
        }
        /// In English (logs, tests).
        var message: String { reason.english }
    }

    /// Larger files are refused rather than read into memory (the store of 10 000 alarms is ~3 MB).
    static let maximumReadBytes = 256 << 20

    static func errnoText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    /// `code` as a reason (see `FileSystemReason.errno`).
    static func why(_ code: Int32 = errno) -> Message { FileSystemReason.errno(code) }

    /// Creates `path` and missing parents with mode 0700 (the user's data is private) unless told
    /// otherwise (autostart folders are the usual 0755).
    static func makeDirectories(_ path: String, mode: mode_t = 0o700) throws(Failure) {
        var current = ""
        for part in path.split(separator: "/") {
            current += "/" + part
            if mkdir(current, mode) != 0, errno != EEXIST {
                throw Failure(Message("cannot create the folder {path}: {why}", ["path": current], parts: ["why": why()]))
            }
        }
    }

    /// Opens an existing regular file for reading without blocking; nil if it does not exist.
    /// `followLinks: false` refuses a symlink at `path` itself.
    static func openRegular(_ path: String, followLinks: Bool = true) throws(Failure) -> (fd: Int32, size: Int)? {
        try openRegularFile(path, followLinks: followLinks).map { ($0.fd, $0.size) }
    }

    /// `openRegular`, with the time the file was last written (its mtime, by this machine's clock).
    static func openRegularFile(_ path: String, followLinks: Bool = true) throws(Failure)
        -> (fd: Int32, size: Int, written: Instant)?
    {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (followLinks ? 0 : O_NOFOLLOW))
        if fd < 0 {
            if errno == ENOENT { return nil }
            if errno == ELOOP, !followLinks { throw Failure(Message("it is a symbolic link; expected a regular file")) }
            throw Failure(why())
        }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            let reason = why()
            close(fd)
            throw Failure(reason)
        }
        guard (st.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw Failure(
                Message(
                    "it is {kind}, not a regular file; move it away or replace it with the real file",
                    parts: ["kind": FileSystemReason.kind(st.st_mode)]),
                brief: Message("it is {kind}, not a regular file", parts: ["kind": FileSystemReason.kind(st.st_mode)]))
        }
        return (fd, Int(st.st_size), Instant(secondsSinceEpoch: Int64(st.st_mtim.tv_sec)))
    }

    /// Whole file as bytes; nil if it does not exist. Refuses anything but a regular file and
    /// files over `limit` bytes, with a one-line reason.
    static func read(_ path: String, limit: Int = maximumReadBytes) throws(Failure) -> [UInt8]? {
        try readStamped(path, limit: limit)?.bytes
    }

    /// `read`, with the time the file was last written (its mtime, by this machine's clock).
    static func readStamped(_ path: String, limit: Int = maximumReadBytes) throws(Failure)
        -> (bytes: [UInt8], written: Instant)?
    {
        guard let (fd, size, written) = try openRegularFile(path) else { return nil }
        defer { close(fd) }
        guard size <= limit else { throw Failure(FileSystemReason.tooLarge(size: size, limit: limit)) }
        do {
            return (try FileDescriptor(rawValue: fd).readAll(limit: limit, sizeHint: size), written)
        } catch {
            switch error {
            case .tooLarge: throw Failure(FileSystemReason.tooLarge(size: nil, limit: limit))
            case .system(let errno): throw Failure(why(errno.rawValue))
            }
        }
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Refuses to write into a folder another user could tamper with: owned by someone else,
    /// writable by others, or writable by a group other than the user's own (with user private
    /// groups, umask 002, a group-writable folder of one's own group is harmless). The message says
    /// how to fix it.
    static func checkPrivateDirectory(_ dir: String) throws(Failure) {
        var st = stat()
        guard lstat(dir, &st) == 0 else {
            throw Failure(Message("cannot inspect the folder {path}: {why}", ["path": dir], parts: ["why": why()]))
        }
        guard (st.st_mode & S_IFMT) == S_IFDIR else {
            throw Failure(
                Message("{path} is {kind}, not a folder; move it away", ["path": dir], parts: ["kind": FileSystemReason.kind(st.st_mode)]))
        }
        if st.st_uid != geteuid() {
            throw Failure(
                Message(
                    "the folder {path} belongs to user {owner}, not to you ({uid}); another user could change your data there: move it away and run the command again",
                    ["path": dir, "owner": String(st.st_uid), "uid": String(geteuid())]))
        }
        if st.st_mode & 0o002 != 0 || (st.st_mode & 0o020 != 0 && st.st_gid != getegid()) {
            throw Failure(
                Message(
                    "the folder {path} is writable by other users (mode {mode}); fix it with: chmod go-w '{path}'",
                    ["path": dir, "mode": String(st.st_mode & 0o7777, radix: 8)]))
        }
    }

    /// A fresh name beside `path` that nobody can guess: `<path>.tmp-<16 hex digits>`.
    static func temporaryName(for path: String) -> String {
        var g = SystemRandomNumberGenerator()
        let r = String(g.next() as UInt64, radix: 16)
        return "\(path).tmp-" + String(repeating: "0", count: 16 - r.count) + r
    }

    /// Creates a new file exclusively (never opens an existing file or follows a symlink).
    static func createExclusive(beside path: String, mode: mode_t = 0o600) throws(Failure) -> (fd: Int32, path: String) {
        for _ in 0..<8 {
            let tmp = temporaryName(for: path)
            let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if fd >= 0 { return (fd, tmp) }
            if errno != EEXIST { throw Failure(Message("cannot create {path}: {why}", ["path": tmp], parts: ["why": why()])) }
        }
        throw Failure(Message("cannot create a temporary file beside {path}", ["path": path]))
    }

    /// The file a write to `path` must replace: `path` itself, or — when the user made `path` a
    /// symbolic link (into a synced folder, say) — the file it points to, so the link stays a link.
    static func writeTarget(_ path: String) -> String {
        var st = stat()
        guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFLNK,
            let resolved = realpath(path, nil)
        else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Writes `bytes` so that `path` holds either its old content or all of the new one, whatever
    /// happens: temporary file in the same directory, fsync, optional hard link of the old file to
    /// `backup`, rename over `path`, fsync of the directory. Mode 0600 unless told otherwise (less
    /// the umask).
    /// `written`: the file's modification time, when it must be the writer's clock rather than the
    /// kernel's (agent-cli pinned by MOSCOWTIME_NOW writes "then").
    static func writeAtomically(
        _ bytes: [UInt8], to path: String, backup: String?, mode: mode_t = 0o600,
        written: Instant? = nil
    ) throws(Failure) {
        let target = writeTarget(path)
        let dir = directory(of: target)
        // Refuse to replace a FIFO, device or directory that stands where the file should be.
        var st = stat()
        if stat(target, &st) == 0, (st.st_mode & S_IFMT) != S_IFREG {
            throw Failure(
                Message(
                    "{path} is {kind}, not a regular file; move it away", ["path": target],
                    parts: ["kind": FileSystemReason.kind(st.st_mode)]))
        }
        let (fd, tmp) = try createExclusive(beside: target, mode: mode)
        var ok = false
        defer { if !ok { unlink(tmp) } }
        do {
            try FileDescriptor(rawValue: fd).writeFully(bytes)
        } catch {
            close(fd)
            let code = error.rawValue
            throw Failure(Message("cannot write {path}: {why}", ["path": tmp], parts: ["why": why(code)]))
        }
        if let written {
            let t = timespec(tv_sec: time_t(written.secondsSinceEpoch), tv_nsec: 0)
            let times = [t, t]  // access and modification
            _ = futimens(fd, times)  // best effort: without it the file carries the kernel's time
        }
        if fsync(fd) != 0 {
            let reason = why()
            close(fd)
            throw Failure(Message("cannot save {path} to disk: {why}", ["path": tmp], parts: ["why": reason]))
        }
        close(fd)
        if let backup, exists(target) { keepBackup(of: target, at: backup) }
        guard Glibc.rename(tmp, target) == 0 else {
            throw Failure(Message("cannot replace {path}: {why}", ["path": target], parts: ["why": why()]))
        }
        ok = true
        let dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 {
            fsync(dfd)
            close(dfd)
        }
    }

    /// Keeps the current `target` as `backup`, best effort (a failure leaves the previous backup).
    /// A hard link keeps it without copying and without a moment where the file is missing;
    /// link+rename makes replacing an old backup atomic too, and link() never follows or overwrites.
    /// A store.json the user linked into another file system (a synced folder on another mount)
    /// cannot be hard-linked from beside the link: its bytes are copied into an exclusive file instead.
    static func keepBackup(of target: String, at backup: String) {
        let linked = temporaryName(for: backup)
        if link(target, linked) == 0 {
            if Glibc.rename(linked, backup) != 0 { unlink(linked) }
            return
        }
        guard errno == EXDEV || errno == EPERM, let bytes = try? read(target),
            let (fd, copy) = try? createExclusive(beside: backup)
        else { return }
        let written = (try? FileDescriptor(rawValue: fd).writeFully(bytes)) != nil && fsync(fd) == 0
        close(fd)
        if !written || Glibc.rename(copy, backup) != 0 { unlink(copy) }
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

extension FileSystem {
    static func rename(_ from: String, to: String) -> Bool { Glibc.rename(from, to) == 0 }

    /// Best effort: a file already gone is what was asked.
    static func remove(_ path: String) { unlink(path) }
}

extension FileSystem {
    /// Removes `path` when it is a regular file of this user's (looked at with `lstat`: a link is
    /// never followed nor removed) last changed before `before` (seconds; nil: whatever its age):
    /// what a cleaner of our own leftovers may remove and nothing else.
    package static func removeOwnRegularFile(_ path: String, changedBefore before: Int64? = nil) {
        var st = stat()
        guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_uid == geteuid(),
            before.map({ Int64(st.st_mtim.tv_sec) < $0 }) ?? true
        else { return }
        unlink(path)
    }
}
