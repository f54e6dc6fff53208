// SPDX-License-Identifier: GPL-3.0-or-later
/// A file the user names on the command line (an import), read whole.
public enum UserFile {
    public static func read(_ path: String) throws(InputError) -> [UInt8] {
        let bytes: [UInt8]?
        do { bytes = try FileSystem.read(path) } catch { throw InputError("cannot read {path}: {error}", ["path": path, "error": error.message]) }
        guard let bytes else { throw InputError("cannot read {path}: no such file", ["path": path]) }
        return bytes
    }
}

extension UserFile {
    /// Replaces `path` atomically (temp file, fsync, rename), creating its directory (0700) first.
    public static func writeAtomically(_ text: String, to path: String) throws(StoreError) {
        let dir = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        do {
            if !dir.isEmpty { try FileSystem.makeDirectories(dir) }
            try FileSystem.writeAtomically(Array(text.utf8), to: path, backup: nil)
        } catch {
            throw StoreError(path: path, kind: .writeFailed(error.message))
        }
    }

    /// The file's bytes, or nil when it does not exist.
    public static func readIfPresent(_ path: String) throws(StoreError) -> [UInt8]? {
        do { return try FileSystem.read(path) } catch { throw StoreError(path: path, kind: .unreadable(error.message)) }
    }
}
