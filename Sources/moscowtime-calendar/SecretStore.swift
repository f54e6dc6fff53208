// SPDX-License-Identifier: GPL-3.0-or-later
import CSecret
import GLibSupport

/// The sync password in the desktop's Secret Service through libsecret, keyed by URL and user.
enum SecretStore {
    /// Whether a Secret Service answers on the session bus (owned or activatable name).
    static func available() -> Bool {
        guard let bus = try? BusConnection.session() else { return false }
        if bus.nameHasOwner(busName) == true { return true }
        return bus.activatableNames().contains(busName)
    }

    private static let busName = "org.freedesktop.secrets"

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
        // The item's label in the keyring (seahorse), the same in every language.
        let label = "MoscowTime CalDAV \(user) at \(url)"  // not UI
        let ok = secret_password_storev_sync(mt_caldav_schema(), attrs, nil, label, password, nil, &error)
        if ok == 0 {
            let message = error.map { String(cString: $0.pointee.message) }
            if let error { g_error_free(error) }
            guard let message else { throw ToolFailure("cannot store the password in the Secret Service", status: 1) }
            throw ToolFailure("cannot store the password in the Secret Service: \"{error}\"", ["error": message], status: 1)
        }
    }

    static func lookup(url: String, user: String) throws(ToolFailure) -> String? {
        let attrs = attributes(url: url, user: user)
        defer { g_hash_table_unref(attrs) }
        var error: UnsafeMutablePointer<GError>?
        let p = secret_password_lookupv_sync(mt_caldav_schema(), attrs, nil, &error)
        if let error {
            defer { g_error_free(error) }
            throw ToolFailure(
                "cannot read the password from the Secret Service: \"{error}\"", ["error": String(cString: error.pointee.message)],
                status: 1)
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
