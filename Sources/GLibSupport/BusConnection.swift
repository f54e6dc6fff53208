// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib

/// A D-Bus connection (`GDBusConnection*`, which Swift imports as an opaque pointer), holding one
/// reference. `session()` is GIO's shared session connection — the one libnotify and g_bus_* use too —
/// and the only way this project gets the session bus. Thread-safe, as GDBusConnection is.
public final class BusConnection: @unchecked Sendable {
    public static let daemonName = "org.freedesktop.DBus"
    public let pointer: OpaquePointer

    /// Takes a new reference to `pointer` (e.g. the connection a GLib callback hands over).
    public init(retaining pointer: OpaquePointer) {
        self.pointer = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(pointer)))
    }

    /// Takes over a reference the caller owned.
    public init(owning pointer: OpaquePointer) { self.pointer = pointer }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// GIO's shared session-bus connection.
    public static func session() throws(GLibError) -> BusConnection {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else { throw GLibError(taking: error) }
        return BusConnection(owning: bus)
    }

    /// Whether a session bus can be reached now.
    public static var isSessionAvailable: Bool { (try? session()) != nil }

    /// A new, unshared connection to the message bus at `address`.
    public static func open(address: String) throws(GLibError) -> BusConnection {
        var error: UnsafeMutablePointer<GError>?
        let flags = GDBusConnectionFlags(
            G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else {
            throw GLibError(taking: error)
        }
        return BusConnection(owning: connection)
    }

    /// This connection's unique name (":1.42").
    public var uniqueName: String {
        g_dbus_connection_get_unique_name(pointer).map { String(cString: $0) } ?? ""
    }

    /// A blocking method call. `replyType` (e.g. "(as)") makes GDBus reject a reply of another shape.
    public func call(
        destination: String, path: String, interface: String, method: String,
        _ arguments: [Variant] = [], replyType: String? = nil, autoStart: Bool = false,
        timeoutMilliseconds: Int32 = 25_000
    ) throws(GLibError) -> VariantReader {
        let type = replyType.flatMap { g_variant_type_new($0) }
        defer { if let type { g_variant_type_free(type) } }
        var error: UnsafeMutablePointer<GError>?
        let flags = autoStart ? G_DBUS_CALL_FLAGS_NONE : G_DBUS_CALL_FLAGS_NO_AUTO_START
        guard
            let reply = g_dbus_connection_call_sync(
                pointer, destination, path, interface, method,
                Variant.tuple(arguments).make(), type, flags,
                timeoutMilliseconds, nil, &error)
        else {
            throw GLibError(taking: error)
        }
        return VariantReader(owning: reply)
    }

    /// A method of the bus daemon itself.
    public func callDaemon(_ method: String, _ arguments: [Variant] = [], replyType: String) throws(GLibError) -> VariantReader {
        try call(
            destination: Self.daemonName, path: "/org/freedesktop/DBus", interface: Self.daemonName,
            method: method, arguments, replyType: replyType, timeoutMilliseconds: 5000)
    }

    /// Whether `name` has an owner now (nil when the daemon does not answer).
    public func nameHasOwner(_ name: String) -> Bool? {
        (try? callDaemon("NameHasOwner", [.string(name)], replyType: "(b)"))?.child(0).bool
    }

    /// The unique name owning `name`, or nil.
    public func nameOwner(_ name: String) -> String? {
        (try? callDaemon("GetNameOwner", [.string(name)], replyType: "(s)"))?.child(0).string
    }

    /// Names the daemon can start on demand (D-Bus activation).
    public func activatableNames() -> [String] {
        (try? callDaemon("ListActivatableNames", replyType: "(as)"))?.child(0).strings ?? []
    }

    /// Broadcasts a signal; returns the error when the connection refuses it.
    @discardableResult
    public func emit(path: String, interface: String, signal: String, _ arguments: Variant?) -> GLibError? {
        var error: UnsafeMutablePointer<GError>?
        if g_dbus_connection_emit_signal(pointer, nil, path, interface, signal, arguments?.make(), &error) == 0 {
            return GLibError(taking: error)
        }
        return nil
    }
}
