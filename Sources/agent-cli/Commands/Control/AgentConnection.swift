// SPDX-License-Identifier: GPL-3.0-or-later
import AgentControl
import MoscowTimeDomain

/// Reaches the running agent for the runtime commands. When it is not running they say so, say how
/// to start it, and exit with status 3; editing commands never need it.
enum AgentConnection {
    /// The hint agrees with `agent-cli autostart status`: autostart is advised only when it is off.
    static var howToStart: String {
        if let autostart = try? Autostart.make(AutostartOptions.parse([])), autostart.currentState().enabled {
            return t(
                "autostart is enabled, so it starts with your next login; start it now with `moscowtime-agent &` (commands that change an alarm start it too)"
            )
        }
        return t(
            "start it with `moscowtime-agent &` (or scripts/run from the source tree), or make it start with the session: agent-cli autostart enable"
        )
    }

    static func client() throws -> AgentClient {
        do { return try AgentClient() } catch {
            throw notRunning(error)
        }
    }

    /// Runs one call and maps the agent's errors: not running → 3, bad id/state → 2, others → 1.
    static func call<Result>(_ body: (AgentClient) throws(AgentClientError) -> Result) throws -> Result {
        let c = try client()
        do { return try body(c) } catch {
            switch error {
            case .notRunning, .noSessionBus: throw notRunning(error)
            case .remote(let name, let message):
                let input =
                    name == AgentInterface.ErrorName.unknownAlarm || name == AgentInterface.ErrorName.notRinging
                    || name == AgentInterface.ErrorName.invalidArgument
                throw CLIFailure(message: message, status: input ? .invalidInput : .failure)
            }
        }
    }

    /// Exit status 3, worded in the user's language, with how to start the agent.
    static func notRunning(_ error: AgentClientError) -> CLIFailure {
        switch error {
        case .noSessionBus(let why):
            return CLIFailure(
                "no session bus ({why}): the agent runs inside a desktop session; {howToStart}",
                ["why": why, "howToStart": howToStart], status: .agentNotRunning)
        default:
            return CLIFailure("the agent is not running; {howToStart}", ["howToStart": howToStart], status: .agentNotRunning)
        }
    }

    /// An alarm the user names (id prefix or label) → its full id, checked against the store. With no
    /// name and `orTheRingingOne`, the one alarm that rings: none or several is an input error that
    /// names them, so that `stop` and `snooze` never act on an alarm the user did not mean.
    static func alarmID(_ key: String?, _ ctx: CLIContext, orTheRingingOne: Bool = false) throws -> String {
        if let key { return try AlarmResolver.resolve(key, in: try ctx.store.load().alarms).id }
        guard orTheRingingOne else { return "" }
        let ringing = try call { client throws(AgentClientError) in try client.listRinging() }
        switch ringing.count {
        case 0: throw CLIFailure("no alarm is ringing; give an alarm id (a snoozed one too) or --all", status: .invalidInput)
        case 1: return ringing[0].id
        default:
            let names = ringing.map { "\($0.id) \"\($0.label)\"" }.joined(separator: ", ")
            throw CLIFailure("several alarms are ringing: {alarms}; give one's id or --all", ["alarms": names], status: .invalidInput)
        }
    }
}
