// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Which version of a calendar file a cached reading is of: device, inode, size, and the last
/// content and status changes to the nanosecond. vdirsyncer, khal and todoman replace a file by a
/// rename (a new inode) and editors write in place (new times), so an equal stamp means the same
/// bytes — unless the file changed again within one tick of the kernel's coarse clock, which
/// `racy` guards.
public struct CalendarFileStamp: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var modified: Int64
    public var statusChanged: Int64

    public init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, statusChanged: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.statusChanged = statusChanged
    }

    /// What `path` names now, following a link as the reading does; nil when nothing is there.
    public init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        self.init(
            device: UInt64(st.st_dev), inode: UInt64(st.st_ino), size: Int64(st.st_size),
            modified: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec),
            statusChanged: Int64(st.st_ctim.tv_sec) * 1_000_000_000 + Int64(st.st_ctim.tv_nsec))
    }

    /// A file changed within `racySeconds` of `nowNanoseconds` (the real clock when it was looked
    /// at) may change again with the same times (they move in ticks of a few milliseconds): its
    /// reading is not trusted by this stamp alone, as git treats its "racily clean" entries.
    public func racy(nowNanoseconds: Int64) -> Bool {
        max(modified, statusChanged) >= nowNanoseconds - Self.racySeconds * 1_000_000_000
    }

    public static let racySeconds: Int64 = 2

    /// The real clock, in nanoseconds (not `MOSCOWTIME_NOW`: the file system's times are real).
    public static func realNanoseconds() -> Int64 {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return Int64(t.tv_sec) * 1_000_000_000 + Int64(t.tv_nsec)
    }
}
