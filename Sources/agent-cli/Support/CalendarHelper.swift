// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeStore

/// Runs `moscowtime-calendar`, the executable that holds the iCalendar/CalDAV commands (it links
/// libical and ICU, which would add ~4.5 ms to every agent-cli start). It replaces this process,
/// so its output and exit status are the command's.
enum CalendarHelper {
    static let name = "moscowtime-calendar"

    static func path() -> String? { ResourceLocator.helperProgram(name) }

    static func exec(_ arguments: [String]) throws -> Never {
        guard let path = path() else {
            throw CLIFailure(
                "{helper} is not installed next to agent-cli or in ../libexec/moscowtime (reinstall the package)", ["helper": name],
                status: .failure)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        throw CLIFailure("cannot run {path}: {error}", ["path": path], parts: ["error": FileSystemReason.errno(errno)], status: .failure)
    }
}
