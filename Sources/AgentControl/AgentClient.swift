// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib

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
        case let .remote(_, message): return message
        }
    }
}

/// Synchronous calls to the agent's org.moscowtime.Agent1 interface (agent-cli runs one command
/// and exits, so blocking is the simple and right choice here).
public final class AgentClient {
    let connection: OpaquePointer

    public init() throws(AgentClientError) {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            throw .noSessionBus(Self.message(error))
        }
        connection = bus
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(connection)) }

    /// Whether the agent owns its name now (never starts it).
    public func isRunning() -> Bool {
        guard let reply = try? rawCall(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                                       interface: "org.freedesktop.DBus", method: "NameHasOwner",
                                       parameters: .tuple([.string(AgentInterface.busName)]), autoStart: false) else { return false }
        return reply.child(0).bool ?? false
    }

    /// Calls `method` with a tuple of arguments; `autoStart` lets D-Bus activation start the agent.
    public func call(_ method: String, _ arguments: [Variant] = [], autoStart: Bool = true) throws(AgentClientError) -> VariantReader {
        try rawCall(destination: AgentInterface.busName, path: AgentInterface.objectPath, interface: AgentInterface.name,
                    method: method, parameters: .tuple(arguments), autoStart: autoStart)
    }

    func rawCall(destination: String, path: String, interface: String, method: String,
                         parameters: Variant, autoStart: Bool) throws(AgentClientError) -> VariantReader {
        var error: UnsafeMutablePointer<GError>?
        let flags = autoStart ? G_DBUS_CALL_FLAGS_NONE : G_DBUS_CALL_FLAGS_NO_AUTO_START
        guard let reply = g_dbus_connection_call_sync(connection, destination, path, interface, method, parameters.make(),
                                                      nil, flags, 25_000, nil, &error) else {
            let remote = error.flatMap { g_dbus_error_get_remote_error($0) }.map { p -> String in
                defer { g_free(p) }
                return String(cString: p)
            } ?? ""
            if let error { g_dbus_error_strip_remote_error(error) }
            let message = Self.message(error)
            if remote == "org.freedesktop.DBus.Error.ServiceUnknown" || remote == "org.freedesktop.DBus.Error.NameHasNoOwner" {
                throw .notRunning
            }
            throw .remote(name: remote, message: message)
        }
        return VariantReader(owning: reply)
    }

    private static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }
}
