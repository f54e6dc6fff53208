// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeStore
import SystemPackage

/// The readings of one calendar folder's files, kept between runs of `calendar-next` in the
/// user's cache folder, so that a change re-reads the files that changed and nothing else. It is
/// only a cache: a missing, damaged, foreign or oversized file is an empty cache (the folder is
/// read again), and it names no path to read — entries are looked up by the names the folder
/// holds. Opened without following a link, written by an exclusive temporary file and a rename,
/// so a link planted in its place is replaced, never followed.
public struct ReminderCache: Sendable, Equatable {
    /// What the readings depend on besides the files (the folder, the zones, the reader's build):
    /// a cache of another context is not taken.
    public var context: String
    /// By file name in the folder.
    public var entries: [String: CachedReading] = [:]

    public init(context: String) { self.context = context }

    /// Larger is not a cache of ours (5 000 files with a week of reminders each are about 2 MB).
    public static let maximumBytes = 64 << 20

    public static func load(_ path: String, context: String) -> ReminderCache {
        bytes(path).flatMap { ReminderCacheCoding.decode($0, context: context) } ?? ReminderCache(context: context)
    }

    /// The file's bytes, when it is a regular file (not a link) of a cache's size.
    public static func bytes(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size <= maximumBytes else { return nil }
        return try? FileDescriptor(rawValue: fd).readAll(limit: maximumBytes, sizeHint: Int(st.st_size))
    }

    /// Best effort: a cache that cannot be written costs the next run a reading, nothing else.
    /// Not synced to disk: after a crash a torn file is a damaged cache, read again.
    public func save(_ path: String) { Self.write(ReminderCacheCoding.encode(self), to: path) }

    /// `bytes` as the cache file at `path` (see `save`).
    public static func write(_ bytes: [UInt8], to path: String) {
        var g = SystemRandomNumberGenerator()
        let tmp = path + ".tmp-" + String(g.next() as UInt64, radix: 16)
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let written = (try? FileDescriptor(rawValue: fd).writeFully(bytes)) != nil
        close(fd)
        if !written || rename(tmp, path) != 0 { unlink(tmp) }
    }

    /// The cache folder, `$XDG_CACHE_HOME/moscowtime/calendars` (else `~/.cache/…`), created
    /// private; nil when it is not a folder of this user's (a link planted there is not followed).
    public static func directory(environment env: [String: String]) -> String? {
        let home = env["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        guard let base = env["XDG_CACHE_HOME"].flatMap({ $0.hasPrefix("/") ? $0 : nil }) ?? home.map({ $0 + "/.cache" }) else {
            return nil
        }
        let dir = base + "/moscowtime/calendars"
        _ = mkdir(base, 0o700)
        _ = mkdir(base + "/moscowtime", 0o700)
        _ = mkdir(dir, 0o700)
        var st = stat()
        guard lstat(dir, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR, st.st_uid == geteuid() else { return nil }
        return dir
    }

    /// The cache file of `folder` in `directory`: a hash of its path (the context names the folder itself).
    public static func path(of folder: String, in directory: String) -> String {
        let h = UInt64(bitPattern: Int64(DocumentFingerprint.of(Array(folder.utf8))))
        let hex = String(h, radix: 16)
        return directory + "/" + String(repeating: "0", count: 16 - hex.count) + hex + ".cache"
    }
}
