// SPDX-License-Identifier: GPL-3.0-or-later
import AgentControl
import Glibc

/// The few argument vectors a panel script, a shell or a hotkey runs again and again, run without
/// swift-argument-parser: its root parse builds the command tree and reads every option of the
/// commands on the way through reflection (`Mirror`, protocol conformance lookups in the whole
/// static binary) — more instructions than the dynamic loader and than `list` of a hundred alarms.
///
/// Only exact vectors, each of which ArgumentParser parses to the command and values named here
/// (nothing to validate, no default it could fill differently); anything else, however close, takes
/// the full parse. Output, errors and exit statuses are the same because the same code runs:
/// `Tests/AgentCLITests/FastPathTests.swift` compares every vector here and its neighbours with
/// the full parse (`MOSCOWTIME_CLI_FULL_PARSE=1` turns this off, for that test).
enum FastPath {
    /// What to run for `arguments`, or nil for the full parse.
    static func command(for arguments: [String]) -> (() throws -> Void)? {
        if let v = getenv("MOSCOWTIME_CLI_FULL_PARSE"), v.pointee != 0 { return nil }
        switch arguments.count {
        case 1:
            switch arguments[0] {
            case "--version": return { Output.write(AgentIdentity.version + "\n") }
            case "list": return { try ListCommand.run(json: false) }
            case "status": return { try StatusCommand.run(json: false) }
            case "next": return { try NextCommand.run(count: NextCommand.defaultCount, json: false) }
            default: return nil
            }
        case 2 where arguments[1] == "--json":
            switch arguments[0] {
            case "list": return { try ListCommand.run(json: true) }
            case "status": return { try StatusCommand.run(json: true) }
            case "next": return { try NextCommand.run(count: NextCommand.defaultCount, json: true) }
            default: return nil
            }
        case 3 where arguments[0] == "habit" && arguments[1] == "done":
            // A name ArgumentParser takes as the value itself: not an option, not empty.
            let name = arguments[2]
            guard let first = name.utf8.first, first != UInt8(ascii: "-") else { return nil }
            return { try RunningAgentUpdate.afterWrites { try HabitDoneCommand.run(habit: name, date: nil, amount: nil, note: nil) } }
        default:
            return nil
        }
    }
}
