// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeStore
import SystemPackage

/// A folder under /tmp, removed with its files when the value goes; files written with a
/// modification time of the test's choosing.
final class TemporaryFolder {
    let path: String

    init() throws {
        var template = Array("/tmp/moscowtime-calendar-test-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw Errno(rawValue: errno) }
        path = String(cString: made)
    }

    deinit {
        for name in Self.entries(path) { unlink(path + "/" + name) }
        rmdir(path)
    }

    /// Replaces `name` (a new inode, as vdirsyncer writes) — or, with `reuse`, rewrites it in
    /// place keeping its times — and gives it the modification time `mtime`, then the next second.
    func write(_ name: String, _ text: String, mtime: inout Int64, reuse: Bool = false) throws {
        let target = path + "/" + name
        var st = stat()
        let kept = reuse && stat(target, &st) == 0 ? st.st_mtim : nil
        if reuse {
            try writeRaw(name, Array(text.utf8))
        } else {
            try writeRaw(".tmp-" + name, Array(text.utf8))
            guard rename(path + "/.tmp-" + name, target) == 0 else { throw Errno(rawValue: errno) }
        }
        let t = kept ?? timespec(tv_sec: time_t(mtime), tv_nsec: 0)
        guard utimensat(AT_FDCWD, target, [t, t], 0) == 0 else { throw Errno(rawValue: errno) }
        if kept == nil { mtime += 1 }
    }

    func writeRaw(_ name: String, _ bytes: [UInt8]) throws {
        let fd = try FileDescriptor.open(
            path + "/" + name, .writeOnly, options: [.create, .truncate, .noFollow], permissions: [.ownerReadWrite])
        defer { try? fd.close() }
        try fd.writeFully(bytes)
    }

    /// Every entry of a folder but `.` and `..`.
    static func entries(_ folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let e = readdir(dir) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
