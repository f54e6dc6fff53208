// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Which file a path names now, and which version of it: its device and inode, size, and the
/// times of its last content and status changes, to the nanosecond. The store replaces its file
/// by a rename, so every write is a new inode; an edit in place changes the times. So an identity
/// taken right after a write, and equal later, means the file still holds what was written: the
/// agent knows the directory watcher's report of its own write and does not read it back.
public struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    /// Nanoseconds since the epoch.
    let modified: Int64
    let statusChanged: Int64

    /// What `path` names now (following a symbolic link, as the store's writes do); nil when
    /// there is nothing there or it cannot be looked at.
    public init?(path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
        size = Int64(st.st_size)
        modified = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
        statusChanged = Int64(st.st_ctim.tv_sec) * 1_000_000_000 + Int64(st.st_ctim.tv_nsec)
    }
}
