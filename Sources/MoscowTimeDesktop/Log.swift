// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import Synchronization
import SystemPackage

/// One-line logging to stderr: `"<level>: message"`.
///
/// When stderr is connected to the journal (systemd sets `JOURNAL_STREAM`), each line also gets an
/// sd-daemon `<N>` prefix so journald records the right priority; in a terminal the prefix would be noise.
/// Safe from any thread: the threshold is an atomic, and each line is a single write(2).
public enum Log {
    /// Atomic rather than a plain static var: Swift 6 forbids unprotected mutable globals, and the
    /// threshold may be read from libcanberra's thread.
    private static let thresholdStorage = Atomic<Int>(LogLevel.info.rawValue)
    /// Decided once: the environment of a running agent does not change.
    private static let journalPrefix: Bool = getenv("JOURNAL_STREAM") != nil

    /// Lines below this level are dropped. Default `.info`.
    public static var threshold: LogLevel {
        get { LogLevel(rawValue: thresholdStorage.load(ordering: .relaxed)) ?? .info }
        set { thresholdStorage.store(newValue.rawValue, ordering: .relaxed) }
    }

    /// The message is built only when debug lines are wanted (most runs drop them), so it must have
    /// no side effects: take a GError or anything else that must happen before the call.
    public static func debug(_ message: @autoclosure () -> String) { write(.debug, message) }
    public static func info(_ message: String) { write(.info) { message } }
    public static func warning(_ message: String) { write(.warning) { message } }
    public static func error(_ message: String) { write(.error) { message } }

    /// The exact text written for one message (without the trailing newline); exposed for tests.
    public static func format(_ level: LogLevel, _ message: String, journal: Bool = false) -> String {
        // A multi-line message would become several journal entries: keep it on one line.
        let flat = message.contains("\n") ? String(message.map { $0 == "\n" ? " " : $0 }) : message
        return (journal ? "<\(level.syslogPriority)>" : "") + "\(level.name): \(flat)"
    }

    /// Builds the message only when `level` passes the threshold (for costly debug output).
    public static func write(_ level: LogLevel, _ message: () -> String) {
        guard level >= threshold else { return }
        var line = format(level, message(), journal: journalPrefix)
        line += "\n"
        // One write(2) per line, so lines from different threads never interleave.
        _ = try? FileDescriptor.standardError.writeAll(line.utf8)
    }
}
