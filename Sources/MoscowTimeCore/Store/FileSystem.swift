// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// The few POSIX file operations the store needs, with errno turned into readable messages.
enum FileSystem {
    struct Failure: Error { let message: String }

    static func errnoText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    /// Creates `path` and missing parents with mode 0700 (the user's data is private).
    static func makeDirectories(_ path: String) throws(Failure) {
        var current = ""
        for part in path.split(separator: "/") {
            current += "/" + part
            if mkdir(current, 0o700) != 0, errno != EEXIST {
                throw Failure(message: "cannot create directory \(current): \(errnoText())")
            }
        }
    }

    /// Whole file as bytes; nil if it does not exist.
    static func read(_ path: String) throws(Failure) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw Failure(message: errnoText())
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw Failure(message: errnoText()) }
        guard (st.st_mode & S_IFMT) == S_IFREG else { throw Failure(message: "not a regular file") }
        var bytes = [UInt8]()
        bytes.reserveCapacity(Int(st.st_size) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw Failure(message: errnoText()) }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    /// Writes `bytes` so that `path` holds either its old content or all of the new one, whatever
    /// happens: temporary file in the same directory, fsync, optional hard link of the old file to
    /// `backup`, rename over `path`, fsync of the directory. Mode 0600.
    static func writeAtomically(_ bytes: [UInt8], to path: String, backup: String?) throws(Failure) {
        let dir = directory(of: path)
        let tmp = "\(path).tmp-\(getpid())"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw Failure(message: "cannot create \(tmp): \(errnoText())") }
        var ok = false
        defer { if !ok { unlink(tmp) } }
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                let why = errnoText(); close(fd)
                throw Failure(message: "writing \(tmp): \(why)")
            }
            written += n
        }
        if fsync(fd) != 0 { let why = errnoText(); close(fd); throw Failure(message: "fsync \(tmp): \(why)") }
        close(fd)
        if let backup, exists(path) {
            // A hard link keeps the previous version without copying and without a moment where
            // `path` is missing; link+rename makes replacing an old backup atomic too.
            let backupTmp = backup + ".tmp-\(getpid())"
            unlink(backupTmp)
            if link(path, backupTmp) == 0 { Glibc.rename(backupTmp, backup) }
        }
        guard Glibc.rename(tmp, path) == 0 else { throw Failure(message: "rename into \(path): \(errnoText())") }
        ok = true
        let dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dfd >= 0 { fsync(dfd); close(dfd) }
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

extension FileSystem {
    static func rename(_ from: String, to: String) -> Bool { Glibc.rename(from, to) == 0 }
}
