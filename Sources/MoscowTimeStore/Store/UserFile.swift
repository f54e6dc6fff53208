// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// A file the user names on the command line (an import), read whole.
public enum UserFile {
    public static func read(_ path: String) throws(InputError) -> [UInt8] {
        try read(path, limit: FileSystem.maximumReadBytes)
    }

    /// Refuses a file over `limit` bytes before reading it.
    public static func read(_ path: String, limit: Int) throws(InputError) -> [UInt8] {
        let bytes: [UInt8]?
        do { bytes = try FileSystem.read(path, limit: limit) } catch {
            throw InputError("cannot read {path}: {error}", ["path": path], parts: ["error": error.reason])
        }
        guard let bytes else { throw InputError("cannot read {path}: no such file", ["path": path]) }
        return bytes
    }
}

extension UserFile {
    /// Replaces `path` atomically (exclusive temp file, fsync, rename), creating its directory
    /// first: private (0700 folders, a 0600 file) unless the file is meant to be shared, as the
    /// autostart entry and the systemd unit are (0755, 0644).
    public static func writeAtomically(_ text: String, to path: String, shared: Bool = false) throws(StoreError) {
        let dir = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        do {
            if !dir.isEmpty { try FileSystem.makeDirectories(dir, mode: shared ? 0o755 : 0o700) }
            try FileSystem.writeAtomically(Array(text.utf8), to: path, backup: nil, mode: shared ? 0o644 : 0o600)
        } catch {
            throw StoreError(path: path, kind: .writeFailed(error.reason))
        }
    }

    /// `bytes` as they are (a CalDAV resource's mirror file: byte for byte what the server sent).
    public static func writeAtomically(bytes: [UInt8], to path: String) throws(StoreError) {
        do { try FileSystem.writeAtomically(bytes, to: path, backup: nil) } catch {
            throw StoreError(path: path, kind: .writeFailed(error.reason))
        }
    }

    /// The file's bytes, or nil when it does not exist.
    public static func readIfPresent(_ path: String) throws(StoreError) -> [UInt8]? {
        do { return try FileSystem.read(path) } catch { throw StoreError(path: path, kind: .unreadable(error.reason)) }
    }
}
