// SPDX-License-Identifier: GPL-3.0-or-later
import AgentControl
import MoscowTimeCore

/// Reaches the running agent for the runtime commands. When it is not running they say so, say how
/// to start it, and exit with status 3; editing commands never need it.
enum AgentConnection {
    static let howToStart = "start it with `moscowtime-agent &` (or scripts/run from the source tree), or make it start with the session: agent-cli autostart enable"

    static func client() throws -> AgentClient {
        do { return try AgentClient() } catch {
            throw CLIFailure("{error}; {howToStart}", ["error": "\(error)", "howToStart": "\(howToStart)"], status: .agentNotRunning)
        }
    }

    /// Runs one call and maps the agent's errors: not running → 3, bad id/state → 2, others → 1.
    static func call(_ method: String, _ arguments: [Variant] = [], autoStart: Bool = true) throws -> VariantReader {
        let c = try client()
        do { return try c.call(method, arguments, autoStart: autoStart) } catch {
            switch error {
            case .notRunning, .noSessionBus: throw CLIFailure("the agent is not running; {howToStart}", ["howToStart": "\(howToStart)"], status: .agentNotRunning)
            case let .remote(name, message):
                let input = name == AgentInterface.ErrorName.unknownAlarm || name == AgentInterface.ErrorName.notRinging
                    || name == AgentInterface.ErrorName.invalidArgument
                throw CLIFailure(message: message, status: input ? .invalidInput : .failure)
            }
        }
    }

    /// An alarm the user names (id prefix or label) → its full id, checked against the store.
    static func alarmID(_ key: String?, _ ctx: CLIContext) throws -> String {
        guard let key else { return "" }
        return try AlarmResolver.resolve(key, in: try ctx.store.load().alarms).id
    }
}
