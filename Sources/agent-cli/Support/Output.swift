// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain
import SystemPackage

/// Exit statuses of agent-cli (documented in --help, the man page and docs/USAGE.md).
enum ExitStatus: Int32 {
    case success = 0
    case failure = 1
    case invalidInput = 2
    /// Runtime commands when no agent runs (see the control issue).
    case agentNotRunning = 3
}

/// A failure with a message and an exit status. The message is kept as its English catalogue key
/// and values, and worded in the user's language only when it is shown (see `CLIText`).
struct CLIFailure: Error {
    let template: String
    let values: [String: String]
    /// Placeholders filled with other messages (a file system reason), worded with the rest.
    let parts: [String: Message]
    let status: ExitStatus

    init(_ template: String, _ values: [String: String] = [:], parts: [String: Message] = [:], status: ExitStatus) {
        self.template = template
        self.values = values
        self.parts = parts
        self.status = status
    }

    /// An already worded message (from a localizer or another component).
    init(message: String, status: ExitStatus) { self.init(message, [:], status: status) }

    var message: String { Message(template, values, parts: parts).text(CLIText.localizer) }
}

/// stdout/stderr without Foundation; output is written in one piece, which keeps 10 000-line
/// listings fast.
enum Output {
    static func write(_ s: String) { write(Array(s.utf8)) }

    /// A closed or failing stdout (`agent-cli list | head`) ends the output quietly.
    static func write(_ bytes: [UInt8]) { _ = try? FileDescriptor.standardOutput.writeFully(bytes) }

    /// Lines of a message, which may quote text from outside: shown through `TerminalText`.
    static func line(_ s: String) { write(TerminalText.lines(s) + "\n") }

    /// One line on stderr; user input inside the message cannot break it into lines or drive the
    /// terminal (see `TerminalText`).
    static func error(_ s: String) {
        let text = "agent-cli: " + TerminalText.oneLine(s) + "\n"
        _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(2, $0.baseAddress, $0.count - 1) }
    }

    static func exit(_ status: ExitStatus) -> Never { Glibc.exit(status.rawValue) }
}
