// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// The zone names of the system's tz database: exactly the TZif files under `$TZDIR` (default
/// `/usr/share/zoneinfo`) — `Europe/Moscow`, and also `GMT`, `Japan`, `W-SU`, `EST5EDT` — except
/// the `posix/` and `right/` trees (`right/` counts leap seconds, which clocks do not: GLib reads
/// `right/Europe/Berlin` as +02:00 all year), and `localtime`/`posixrules`, which are not zones but
/// the system's settings. The same set as Python's `zoneinfo.available_timezones()` without
/// `localtime` (Tests/Integration/test_zones.py compares them).
public enum ZoneNames {
    /// `$TZDIR`, as GLib and Python's zoneinfo read it, else the system's database.
    public static func directory() -> String {
        if let d = getenv("TZDIR"), d.pointee != 0 { return String(cString: d) }
        return "/usr/share/zoneinfo"
    }

    static let notZones: Set<String> = ["localtime", "posixrules"]
    static let otherTrees: Set<String> = ["posix", "right"]

    /// Whether `name` is spelt exactly as a zone of the database. One `open` and a 4-byte read
    /// (names from calendars; what is rung on is opened through `Zone.shared`, read once).
    public static func contains(_ name: String, directory: String = directory()) -> Bool {
        isSpeltAsZone(name) && isTZif(directory + "/" + name, directory: directory)
    }

    /// The TZif file of the zone `name` (nil under the same conditions as `contains`, or when the
    /// file is larger than any zone's). One `open` and one `read`: `Zone` reads it once per process.
    static func tzif(_ name: String, directory: String = directory()) -> [UInt8]? {
        guard isSpeltAsZone(name), let fd = openInDatabase(directory + "/" + name, directory: directory) else {
            return nil
        }
        defer { close(fd.descriptor) }
        guard fd.size <= ZoneTransitions.maximumSize else { return nil }
        var bytes = [UInt8](repeating: 0, count: fd.size + 1)
        let n = bytes.withUnsafeMutableBytes { read(fd.descriptor, $0.baseAddress, $0.count) }
        guard n == fd.size, n >= 4, bytes.starts(with: "TZif".utf8) else { return nil }
        bytes.removeLast()
        return bytes
    }

    private static func isSpeltAsZone(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        return !name.isEmpty && name.utf8.count < 256
            && parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." })
            && !otherTrees.contains(String(parts[0])) && !notZones.contains(name)
    }

    /// Every zone name, sorted (walks the directory: for completion, suggestions and tests).
    public static func all(directory: String = directory()) -> [String] {
        var out: [String] = []
        func walk(_ relative: String) {
            guard let dir = opendir(directory + (relative.isEmpty ? "" : "/" + relative)) else { return }
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let rel = relative.isEmpty ? name : relative + "/" + name
                if relative.isEmpty, otherTrees.contains(name) || notZones.contains(name) { continue }
                var st = stat()
                guard stat(directory + "/" + rel, &st) == 0 else { continue }
                if st.st_mode & S_IFMT == S_IFDIR {
                    walk(rel)
                } else if isTZif(directory + "/" + rel, directory: directory) {
                    out.append(rel)
                }
            }
        }
        walk("")
        return out.sorted()
    }

    /// The zone the user means: the exact name, or the one name that differs only in letter case
    /// (`europe/moscow` → `Europe/Moscow`). Otherwise a message that says why not and what is accepted.
    public static func resolve(_ input: String, directory: String = directory()) throws(InputError) -> String {
        let name = input.trimmingSpaces
        if contains(name, directory: directory) { return name }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count > 1, otherTrees.contains(String(parts[0])) {
            let plain = parts.dropFirst().joined(separator: "/")
            throw InputError(
                "\"{value}\" is from the {tree}/ copy of the tz database, which is not for clocks: use {plain}",
                ["value": input, "tree": String(parts[0]), "plain": plain])
        }
        let folded = name.lowercased()
        let matches = all(directory: directory).filter { $0.lowercased() == folded }
        if matches.count == 1 { return matches[0] }
        throw InputError(
            "unknown time zone \"{value}\": expected a name from the tz database such as Europe/Moscow, Europe/Berlin, America/New_York or UTC",
            ["value": input])
    }

    /// A regular file that starts with the TZif magic, inside the database: opened without blocking
    /// (a FIFO put there is refused, not waited on), and a symbolic link only when it leads to a
    /// file of the database itself (`Europe/Kyiv` → `Europe/Kiev` yes, `Evil` → `/tmp/x` no).
    static func isTZif(_ path: String, directory: String = directory()) -> Bool {
        guard let fd = openInDatabase(path, directory: directory) else { return false }
        defer { close(fd.descriptor) }
        var magic = [UInt8](repeating: 0, count: 4)
        return read(fd.descriptor, &magic, 4) == 4 && magic == Array("TZif".utf8)
    }

    /// A regular file at `path` inside the database, open for reading, and its size.
    private static func openInDatabase(_ path: String, directory: String) -> (descriptor: Int32, size: Int)? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        guard let root = realpath(directory, nil) else { return nil }
        defer { free(root) }
        guard String(cString: resolved).hasPrefix(String(cString: root) + "/") else { return nil }
        let fd = open(resolved, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { return nil }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return nil
        }
        return (fd, Int(st.st_size))
    }
}
