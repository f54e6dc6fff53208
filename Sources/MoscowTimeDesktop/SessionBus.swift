// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib

/// Access to GIO's shared session-bus connection (the one libnotify and g_bus_* use too).
public enum SessionBus {
    /// A new reference to the session bus, or nil (logged at debug level) when there is none.
    static func connection() -> OpaquePointer? {
        var error: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            Log.debug("no session bus: \(consumeGError(error))")
            return nil
        }
        return bus
    }

    /// Whether a session bus can be reached now.
    public static var isAvailable: Bool {
        guard let bus = connection() else { return false }
        unrefObject(bus)
        return true
    }
}
