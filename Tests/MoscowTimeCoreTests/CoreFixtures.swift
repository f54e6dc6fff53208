// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// Shorthands shared by the core tests (time values, alarms, a private temporary directory).
enum CoreFixtures {
    static let moscow = Zone(identifier: "Europe/Moscow")!
    static let berlin = Zone(identifier: "Europe/Berlin")!
    static let newYork = Zone(identifier: "America/New_York")!

    /// `2026-11-21T04:00:00Z` (or with an offset) → Instant; traps on a typo in a test.
    static func at(_ text: String) -> Instant {
        guard let t = ISO8601.parse(text) else { fatalError("bad instant in test: \(text)") }
        return t
    }

    static func day(_ y: Int, _ m: Int, _ d: Int) -> CivilDate { CivilDate(year: y, month: m, day: d)! }
    static func time(_ h: Int, _ m: Int) -> TimeOfDay { TimeOfDay(hour: h, minute: m)! }

    static func alarm(
        _ id: String, _ schedule: Schedule, label: String? = nil, enabled: Bool = true,
        snooze: Int? = nil, created: String = "2026-01-01T00:00:00Z", modified: String? = nil
    ) -> Alarm {
        Alarm(
            id: id, label: label ?? "alarm \(id)", schedule: schedule, enabled: enabled, snoozeMinutes: snooze,
            created: at(created), modified: modified.map(at))
    }

    static func everyDay(_ h: Int, _ m: Int) -> Schedule { .weekly(days: Weekday.all, time: time(h, m)) }

    static func document(
        _ alarms: [Alarm], zone: String = "Europe/Moscow",
        configure: (inout Settings) -> Void = { _ in }
    ) -> StoreDocument {
        var s = Settings()
        s.zone = zone
        configure(&s)
        return StoreDocument(settings: s, alarms: alarms)
    }
}

/// A fresh directory under /tmp, removed when the value is released.
final class ScratchDirectory {
    let path: String

    init(_ tag: String = "core") {
        var template = Array("/tmp/mt-\(tag)-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    deinit { Self.removeTree(path) }

    var paths: StorePaths { StorePaths(dataDirectory: path + "/data/moscowtime", stateDirectory: path + "/state/moscowtime") }

    static func removeTree(_ path: String) {
        guard let dir = opendir(path) else {
            unlink(path)
            return
        }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name == "." || name == ".." { continue }
            let child = path + "/" + name
            var st = stat()
            if lstat(child, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR { removeTree(child) } else { unlink(child) }
        }
        closedir(dir)
        rmdir(path)
    }

    static func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    static func write(_ path: String, _ bytes: [UInt8]) {
        let dir = String(path[..<path.lastIndex(of: "/")!])
        makeDirectories(dir)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        precondition(fd >= 0, "cannot write \(path)")
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    static func write(_ path: String, _ text: String) { write(path, Array(text.utf8)) }

    static func makeDirectories(_ path: String) {
        var current = ""
        for part in path.split(separator: "/") {
            current += "/" + part
            mkdir(current, 0o700)
        }
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    static func mode(_ path: String) -> UInt32 {
        var st = stat()
        guard stat(path, &st) == 0 else { return 0 }
        return UInt32(st.st_mode) & 0o777
    }

    static func entries(_ path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
