// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib

/// The few synchronous org.freedesktop.DBus calls the adapters need.
enum DBusCalls {
    /// Calls a method of the bus daemon itself; returns the reply tuple (caller unrefs) or nil.
    static func callBus(_ connection: OpaquePointer, _ method: String, _ arguments: OpaquePointer?,
                        replyType: String) -> OpaquePointer? {
        let type = g_variant_type_new(replyType)
        defer { g_variant_type_free(type) }
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_sync(connection, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                                "org.freedesktop.DBus", method, arguments, type,
                                                G_DBUS_CALL_FLAGS_NONE, 5000, nil, &error)
        if reply == nil { Log.debug("\(method) failed: \(consumeGError(error))") }
        return reply
    }

    static func nameHasOwner(_ connection: OpaquePointer, _ name: String) -> Bool? {
        guard let reply = callBus(connection, "NameHasOwner", tuple(g_variant_new_string(name)), replyType: "(b)") else {
            return nil
        }
        defer { g_variant_unref(reply) }
        let value = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(value) }
        return g_variant_get_boolean(value) != 0
    }

    static func listActivatableNames(_ connection: OpaquePointer) -> [String] {
        guard let reply = callBus(connection, "ListActivatableNames", nil, replyType: "(as)") else { return [] }
        defer { g_variant_unref(reply) }
        let array = g_variant_get_child_value(reply, 0)
        defer { g_variant_unref(array) }
        return (0..<g_variant_n_children(array)).map { index in
            let item = g_variant_get_child_value(array, index)
            defer { g_variant_unref(item) }
            return String(cString: g_variant_get_string(item, nil))
        }
    }

    /// A tuple of the given values (g_variant_new("(…)") is variadic and not callable from Swift).
    static func tuple(_ values: OpaquePointer?...) -> OpaquePointer? {
        var children: [OpaquePointer?] = values
        return g_variant_new_tuple(&children, gsize(children.count))
    }
}
