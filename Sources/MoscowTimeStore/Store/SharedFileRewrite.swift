// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain
import SystemPackage

/// Rewrites a file other programs also write (a calendar object of a vdir folder that khal,
/// todoman or vdirsyncer may be writing now): read, changed in memory, then replaced atomically —
/// an exclusive temporary file beside it with the file's own mode, fsync, rename, fsync of the
/// folder — and only when the file still holds what was read, compared just before the rename.
/// A symlink, FIFO, device or folder where the file should be is refused, never followed or opened
/// for long: `O_NOFOLLOW | O_NONBLOCK`. (Between the comparison and the rename another writer can
/// still slip in; vdir has no lock to take, and that window is microseconds, not the seconds of
/// a read–edit–write.)
public enum SharedFileRewrite {
    /// The file's bytes and mode.
    public static func read(_ path: String, limit: Int) throws(StoreError) -> (bytes: [UInt8], mode: mode_t) {
        do throws(FileSystem.Failure) { return try readRegular(path, limit: limit) } catch {
            throw StoreError(path: path, kind: .unreadable(error.reason))
        }
    }

    private static func readRegular(_ path: String, limit: Int) throws(FileSystem.Failure) -> (bytes: [UInt8], mode: mode_t) {
        guard let (fd, size, _) = try FileSystem.openRegularFile(path, followLinks: false) else {
            throw FileSystem.Failure(Message("no such file"))
        }
        defer { close(fd) }
        guard size <= limit else { throw FileSystem.Failure(FileSystemReason.tooLarge(size: size, limit: limit)) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw FileSystem.Failure(FileSystem.why()) }
        do {
            return (try FileDescriptor(rawValue: fd).readAll(limit: limit, sizeHint: size), st.st_mode & 0o7777)
        } catch {
            throw FileSystem.Failure(Message("cannot read it"))
        }
    }

    /// Replaces `path` by `bytes` when it still holds `expected`.
    public static func replace(_ path: String, expected: [UInt8], with bytes: [UInt8], mode: mode_t) throws(StoreError) {
        removeLeftovers(of: path)
        do throws(FileSystem.Failure) {
            let (fd, tmp) = try FileSystem.createExclusive(beside: path, mode: mode)
            var renamed = false
            defer { if !renamed { unlink(tmp) } }
            _ = fchmod(fd, mode)  // the umask took from the mode asked
            let written = (try? FileDescriptor(rawValue: fd).writeFully(bytes)) != nil && fsync(fd) == 0
            let code = errno
            close(fd)
            guard written else {
                throw FileSystem.Failure(Message("cannot write {path}: {why}", ["path": tmp], parts: ["why": FileSystem.why(code)]))
            }
            guard try readRegular(path, limit: FileSystem.maximumReadBytes).bytes == expected else {
                throw FileSystem.Failure(Message("it was changed by another program meanwhile; left as it is"))
            }
            guard FileSystem.rename(tmp, to: path) else {
                throw FileSystem.Failure(Message("cannot replace {path}: {why}", ["path": path], parts: ["why": FileSystem.why()]))
            }
            renamed = true
            let dfd = open(FileSystem.directory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if dfd >= 0 {
                fsync(dfd)
                close(dfd)
            }
        } catch {
            throw StoreError(path: path, kind: .writeFailed(error.reason))
        }
    }

    /// Removes the temporary files an earlier rewrite of `path` left when it was killed (the
    /// agent kills a write that outlives it or its 10 s): ours by name (`<file>.tmp-<16 hex>`),
    /// regular, the user's own, and older than a minute, so a rewrite still running is spared. A
    /// synced folder would otherwise carry them to every device.
    static func removeLeftovers(of path: String, olderThan seconds: Int64 = 60) {
        let folder = FileSystem.directory(of: path)
        let prefix = Array((path.split(separator: "/").last.map(String.init) ?? path).utf8) + Array(".tmp-".utf8)
        var names: [String] = []
        FolderEntries.visit(folder) { name in
            if name.count == prefix.count + 16, name.prefix(prefix.count).elementsEqual(prefix),
                name.suffix(16).allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
            {
                names.append(String(decoding: name, as: UTF8.self))
            }
            return true
        }
        let old = Int64(time(nil)) - seconds
        for name in names { FileSystem.removeOwnRegularFile(folder + "/" + name, changedBefore: old) }
    }
}
