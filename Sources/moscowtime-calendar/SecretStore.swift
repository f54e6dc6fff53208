// SPDX-License-Identifier: GPL-3.0-or-later
import CSecret

/// The sync password in the desktop's Secret Service through libsecret, keyed by URL and user.
enum SecretStore {
    /// Whether a Secret Service answers on the session bus (owned or activatable name).
    static func available() -> Bool {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            if let error { g_error_free(error) }
            return false
        }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        for method in ["NameHasOwner", "ListActivatableNames"] {
            let args: OpaquePointer? = method == "NameHasOwner" ? g_variant_new_string("org.freedesktop.secrets").map { g_variant_new_tuple([$0], 1) } : nil
            guard let reply = g_dbus_connection_call_sync(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                                          method, args, nil, G_DBUS_CALL_FLAGS_NONE, 2000, nil, &error) else {
                if let error { g_error_free(error); }
                error = nil
                continue
            }
            defer { g_variant_unref(reply) }
            let text = String(cString: g_variant_print(reply, 0))
            if method == "NameHasOwner" ? text.contains("true") : text.contains("'org.freedesktop.secrets'") { return true }
        }
        return false
    }

    static func attributes(url: String, user: String) -> OpaquePointer {
        let table = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free)!
        g_hash_table_insert(table, g_strdup("url"), g_strdup(url))
        g_hash_table_insert(table, g_strdup("user"), g_strdup(user))
        return table
    }

    static func store(_ password: String, url: String, user: String) throws(ToolFailure) {
        let attrs = attributes(url: url, user: user)
        defer { g_hash_table_unref(attrs) }
        var error: UnsafeMutablePointer<GError>?
        let ok = secret_password_storev_sync(mt_caldav_schema(), attrs, nil, "MoscowTime CalDAV \(user) at \(url)", password, nil, &error)
        if ok == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw ToolFailure("cannot store the password in the Secret Service: \(message)", status: 1)
        }
    }

    static func lookup(url: String, user: String) throws(ToolFailure) -> String? {
        let attrs = attributes(url: url, user: user)
        defer { g_hash_table_unref(attrs) }
        var error: UnsafeMutablePointer<GError>?
        let p = secret_password_lookupv_sync(mt_caldav_schema(), attrs, nil, &error)
        if let error {
            defer { g_error_free(error) }
            throw ToolFailure("cannot read the password from the Secret Service: \(String(cString: error.pointee.message))", status: 1)
        }
        guard let p else { return nil }
        defer { secret_password_free(p) }
        return String(cString: p)
    }

    static func clear(url: String, user: String) {
        let attrs = attributes(url: url, user: user)
        defer { g_hash_table_unref(attrs) }
        _ = secret_password_clearv_sync(mt_caldav_schema(), attrs, nil, nil)
    }
}
