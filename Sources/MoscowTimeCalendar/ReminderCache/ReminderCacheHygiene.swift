// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain
import MoscowTimeStore

/// What keeps the cache folder to what is in use: the caches of folders no longer reminded and
/// the temporary files of a helper killed mid-write go; and the zone data the instants were
/// computed with is part of a cache's context, so a tzdata update reads every file again.
extension ReminderCache {
    /// A temporary file younger than this may be another helper's, still being written.
    public static let temporaryLifetimeSeconds: Int64 = 3_600

    /// Removes from `directory` the caches (`path(of:in:)`'s names) not in `keeping`, and the
    /// temporary files older than `temporaryLifetimeSeconds`: only regular files of ours by
    /// those names (looked at with `lstat`, a link is never followed nor removed). `now`: seconds.
    public static func clean(_ directory: String, keeping: Set<String>, now: Int64 = Int64(time(nil))) {
        guard let dir = opendir(directory) else { return }
        defer { closedir(dir) }
        let kept = Set(keeping.map { String($0.split(separator: "/").last ?? "") })
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let cache = isCacheName(name)
            guard cache || isTemporaryName(name), !kept.contains(name) else { continue }
            FileSystem.removeOwnRegularFile(directory + "/" + name, changedBefore: cache ? nil : now - temporaryLifetimeSeconds)
        }
    }

    /// Sixteen lower-case hex digits and `.cache`.
    static func isCacheName(_ name: String) -> Bool {
        let u = Array(name.utf8)
        return u.count == 22 && name.hasSuffix(".cache") && u.prefix(16).allSatisfy(isHexDigit)
    }

    /// A cache's name, `.tmp-` and hex digits (`write`).
    static func isTemporaryName(_ name: String) -> Bool {
        let u = Array(name.utf8)
        guard u.count > 27, isCacheName(String(decoding: u.prefix(22), as: UTF8.self)), u[22..<27].elementsEqual(".tmp-".utf8) else {
            return false
        }
        return u[27...].allSatisfy(isHexDigit)
    }

    static func isHexDigit(_ b: UInt8) -> Bool { (48...57).contains(b) || (97...102).contains(b) }

    /// The zone data the instants depend on, as a context field: the stamps (device, inode, size,
    /// modification time) of `tzdata.zi` and of the TZif files of `zones` in the database
    /// (`ZoneNames.directory()`, libical's too); a package update replaces them, so it differs.
    public static func zoneDataStamp(_ zones: [String], directory: String = ZoneNames.directory()) -> String {
        (["tzdata.zi"] + zones).map { name in
            var st = stat()
            guard !name.contains(".."), stat(directory + "/" + name, &st) == 0 else { return "-" }
            return "\(st.st_dev):\(st.st_ino):\(st.st_size):\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)"
        }.joined(separator: ",")
    }
}
