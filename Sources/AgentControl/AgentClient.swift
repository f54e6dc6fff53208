// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport

/// Why a call to the running agent failed.
public enum AgentClientError: Error, Equatable, CustomStringConvertible {
    /// No session bus: not inside a desktop session.
    case noSessionBus(String)
    /// Nobody owns org.moscowtime.Agent (and no activation file started it).
    case notRunning
    /// The agent answered with a D-Bus error (unknown id, not ringing, bad argument…).
    case remote(name: String, message: String)

    public var description: String {
        switch self {
        case .noSessionBus(let why): return "no session bus (\(why)): the agent runs inside a desktop session"
        case .notRunning: return "the agent is not running"
        case .remote(_, let message): return message
        }
    }
}

/// Synchronous calls to the agent's org.moscowtime.Agent1 interface (agent-cli runs one command
/// and exits, so blocking is the simple and right choice here).
public final class AgentClient {
    /// Internal: the start-up extension (AgentClient+Start) watches the agent's name on it.
    let connection: BusConnection

    public init() throws(AgentClientError) {
        do {
            connection = try BusConnection.session()
        } catch {
            throw .noSessionBus(error.message)
        }
    }

    /// Whether the agent owns its name now (never starts it).
    public func isRunning() -> Bool {
        connection.nameHasOwner(AgentInterface.busName) ?? false
    }

    /// Calls `method` with a tuple of arguments; `autoStart` lets D-Bus activation start the agent.
    public func call(
        _ method: String, _ arguments: [Variant] = [], autoStart: Bool = true, timeoutMilliseconds: Int32 = 25_000
    ) throws(AgentClientError) -> VariantReader {
        do {
            return try connection.call(
                destination: AgentInterface.busName, path: AgentInterface.objectPath,
                interface: AgentInterface.name, method: method, arguments, autoStart: autoStart,
                timeoutMilliseconds: timeoutMilliseconds)
        } catch {
            let remote = error.remoteName ?? ""
            if remote == "org.freedesktop.DBus.Error.ServiceUnknown" || remote == "org.freedesktop.DBus.Error.NameHasNoOwner" {
                throw .notRunning
            }
            throw .remote(name: remote, message: error.message)
        }
    }
}

/// The interface's methods with typed arguments and replies (the reply shapes are checked by GDBus).
extension AgentClient {
    public func status(autoStart: Bool = true) throws(AgentClientError) -> AgentStatus {
        AgentStatus(try call("GetStatus", autoStart: autoStart).child(0))
    }

    public func listRinging(autoStart: Bool = true) throws(AgentClientError) -> [RingingAlarmRecord] {
        RingingAlarmRecord.list(try call("ListRinging", autoStart: autoStart).child(0))
    }

    public func listSnoozed(autoStart: Bool = true) throws(AgentClientError) -> [SnoozedAlarmRecord] {
        SnoozedAlarmRecord.list(try call("ListSnoozed", autoStart: autoStart).child(0))
    }

    public func nextTriggers(count: UInt32) throws(AgentClientError) -> [NextTriggerRecord] {
        NextTriggerRecord.list(try call("NextTriggers", [.uint32(count)]).child(0))
    }

    /// Snoozes `id` (every ringing alarm when empty) for `minutes` (0: the alarm's own); the ids snoozed.
    public func snooze(_ id: String, minutes: UInt32) throws(AgentClientError) -> [String] {
        try call("Snooze", [.string(id), .uint32(minutes)]).child(0).strings
    }

    /// Stops `id` (every ringing or snoozed alarm when empty); the ids stopped.
    public func stop(_ id: String) throws(AgentClientError) -> [String] {
        try call("Stop", [.string(id)]).child(0).strings
    }

    public func pause(until: Int64) throws(AgentClientError) { _ = try call("Pause", [.int64(until)]) }
    public func resume() throws(AgentClientError) { _ = try call("Resume") }
    public func reload() throws(AgentClientError) { _ = try call("Reload") }
    /// Has a running agent read the store now, never starting one; false when none answered in time.
    public func reloadIfRunning(timeoutMilliseconds: Int32) -> Bool {
        (try? call("Reload", autoStart: false, timeoutMilliseconds: timeoutMilliseconds)) != nil
    }
    public func quit() throws(AgentClientError) { _ = try call("Quit") }
}
