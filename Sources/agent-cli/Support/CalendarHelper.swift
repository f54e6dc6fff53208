// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Runs `moscowtime-calendar`, the executable that holds the iCalendar/CalDAV commands (it links
/// libical and ICU, which would add ~4.5 ms to every agent-cli start). It replaces this process,
/// so its output and exit status are the command's.
enum CalendarHelper {
    static let name = "moscowtime-calendar"

    /// Next to agent-cli (the build tree), else `<prefix>/libexec/moscowtime/` (installed).
    static func path() -> String? {
        var buf = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        guard n > 0 else { return nil }
        let exe = String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let dir = exe.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        for candidate in ["\(dir)/\(name)", "\(dir)/../libexec/moscowtime/\(name)"] where access(candidate, X_OK) == 0 {
            return candidate
        }
        return nil
    }

    static func exec(_ arguments: [String]) throws -> Never {
        guard let path = path() else {
            throw CLIFailure("{helper} is not installed next to agent-cli or in ../libexec/moscowtime (reinstall the package)", ["helper": name], status: .failure)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        throw CLIFailure("cannot run {path}: {error}", ["path": path, "error": String(cString: strerror(errno))], status: .failure)
    }
}
