// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib

/// A GError taken over from a GLib call: its message, and for a D-Bus error returned by the peer its
/// D-Bus error name (org.freedesktop.DBus.Error.ServiceUnknown, org.moscowtime.Agent1.Error.…).
public struct GLibError: Error, Equatable, CustomStringConvertible {
    public let message: String
    /// The remote D-Bus error name, or nil for a local error.
    public let remoteName: String?

    public init(message: String, remoteName: String? = nil) {
        self.message = message
        self.remoteName = remoteName
    }

    /// Takes ownership of `error` (frees it). The remote name is stripped from the message, as
    /// g_dbus_error_strip_remote_error does.
    public init(taking error: UnsafeMutablePointer<GError>?) {
        guard let error else {
            self.init(message: "unknown error")
            return
        }
        defer { g_error_free(error) }
        let remote = g_dbus_error_get_remote_error(error).map { pointer -> String in
            defer { g_free(pointer) }
            return String(cString: pointer)
        }
        if remote != nil { g_dbus_error_strip_remote_error(error) }
        self.init(message: error.pointee.message.map { String(cString: $0) } ?? "unknown error", remoteName: remote)
    }

    public var description: String { message }
}

/// Takes ownership of a g_malloc'ed string.
public func consumeGString(_ pointer: UnsafeMutablePointer<gchar>?) -> String? {
    guard let pointer else { return nil }
    defer { g_free(pointer) }
    return String(cString: pointer)
}
