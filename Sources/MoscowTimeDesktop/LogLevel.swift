// SPDX-License-Identifier: GPL-3.0-or-later
/// Severity of a log line. Ordered so that `level >= Log.threshold` decides what is written.
public enum LogLevel: Int, Comparable, Sendable, CaseIterable {
    case debug, info, warning, error

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The word written in front of each line.
    public var name: String {
        switch self {
        case .debug: "debug"
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        }
    }

    /// sd-daemon(3) priority, used as a `<N>` prefix when stderr goes to the journal.
    var syslogPriority: Int {
        switch self {
        case .debug: 7
        case .info: 6
        case .warning: 4
        case .error: 3
        }
    }
}
