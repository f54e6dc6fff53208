// SPDX-License-Identifier: GPL-3.0-or-later
import AgentControl

/// Command-line options of `moscowtime-agent`. Parsed by hand: three flags do not justify
/// loading an argument parser into a process that stays resident.
public struct AgentOptions: Sendable {
    /// Exit status when another agent already owns the session's name: the systemd unit lists it in
    /// RestartPreventExitStatus= so a duplicate start is not retried in a loop.
    public static let alreadyRunningStatus: Int32 = 3

    public var replace = false
    public var verbose = false

    public static let usage = """
        Usage: moscowtime-agent [--replace] [--verbose]
          Rings alarms and habit reminders in Moscow time (or the zone in settings).
          --replace   take over from an agent already running in this session
          --verbose   log debug messages
          --version   print the version
        Exit status: 0 after SIGTERM/SIGINT, D-Bus Quit or --replace by another agent;
        3 when another agent already runs in this session; 2 for a bad option.
        """

    public enum Parsed {
        case run(AgentOptions)
        case exit(code: Int32, message: String)
    }

    public static func parse(_ args: [String]) -> Parsed {
        var o = AgentOptions()
        for a in args {
            switch a {
            case "--replace": o.replace = true
            case "--verbose", "-v": o.verbose = true
            case "--version": return .exit(code: 0, message: "moscowtime-agent \(AgentIdentity.version)")
            case "--help", "-h": return .exit(code: 0, message: usage)
            default: return .exit(code: 2, message: "moscowtime-agent: unknown option \(a)\n\(usage)")
            }
        }
        return .run(o)
    }
}
