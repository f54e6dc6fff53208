// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import GLibSupport

/// Starting the agent when nobody owns its name: what `agent-cli` does after a change that must ring.
extension AgentClient {
    /// How D-Bus activation went.
    public enum Activation: Equatable {
        /// The bus started it (an activation file is installed) or it was already running.
        case started, alreadyRunning
        /// No activation file for org.moscowtime.Agent on this bus.
        case noActivationFile
        /// The activation file exists but starting failed (message from the bus).
        case failed(String)
    }

    /// `StartServiceByName`: the bus starts the agent from its activation file and answers once the
    /// agent owns its name (or the bus gives up). The daemon's own 25 s limit, not callDaemon's 5 s:
    /// an agent starting on a loaded machine takes a while to claim its name.
    public func activate() -> Activation {
        do {
            let reply = try connection.call(
                destination: BusConnection.daemonName, path: "/org/freedesktop/DBus",
                interface: BusConnection.daemonName, method: "StartServiceByName",
                [.string(AgentInterface.busName), .uint32(0)], replyType: "(u)")
            return reply.child(0).uint32 == 2 ? .alreadyRunning : .started
        } catch {
            guard let remote = error.remoteName else { return .noActivationFile }
            return remote == "org.freedesktop.DBus.Error.ServiceUnknown" ? .noActivationFile : .failed(error.message)
        }
    }

    /// Waits until someone owns org.moscowtime.Agent, at most `milliseconds`; true when it does.
    /// Sleeps in a private main context on the bus's NameOwnerChanged signal (no polling).
    public func waitForAgent(milliseconds: UInt32) -> Bool {
        let context = g_main_context_new()!
        g_main_context_push_thread_default(context)
        defer {
            g_main_context_pop_thread_default(context)
            g_main_context_unref(context)
        }
        let flag = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        flag.initialize(to: 0)
        defer { flag.deallocate() }
        let watch = g_bus_watch_name_on_connection(
            connection.pointer, AgentInterface.busName, G_BUS_NAME_WATCHER_FLAGS_NONE,
            { _, _, _, data in data!.assumingMemoryBound(to: Int32.self).pointee = 1 },
            nil, flag, nil)
        defer { g_bus_unwatch_name(watch) }
        let timeout = g_timeout_source_new(milliseconds)!
        g_source_set_callback(
            timeout,
            { data in
                data!.assumingMemoryBound(to: Int32.self).pointee = -1
                return 0  // G_SOURCE_REMOVE
            }, flag, nil)
        g_source_attach(timeout, context)
        defer {
            g_source_destroy(timeout)
            g_source_unref(timeout)
        }
        while flag.pointee == 0 { g_main_context_iteration(context, 1) }
        return flag.pointee == 1
    }
}
