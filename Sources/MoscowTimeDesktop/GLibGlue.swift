// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib

// Small bridges between Swift and GLib's C conventions, shared by the adapters.

/// GDestroyNotify / GClosureNotify for any box passed with `Unmanaged.passRetained`.
/// Works for every class because release only needs the object pointer.
func releaseRetainedBox(_ pointer: UnsafeMutableRawPointer?) {
    guard let pointer else { return }
    Unmanaged<AnyObject>.fromOpaque(pointer).release()
}

/// Same as `releaseRetainedBox` with the GClosureNotify shape (user data, closure).
func releaseRetainedBoxClosureNotify(_ pointer: UnsafeMutableRawPointer?, _ closure: UnsafeMutablePointer<GClosure>?) {
    releaseRetainedBox(pointer)
}

/// `g_signal_connect` is a C macro; this is what it expands to, with the box released on disconnect.
@discardableResult
func connectSignal<Handler>(_ instance: UnsafeMutableRawPointer, _ signal: String, handler: Handler,
                            data: UnsafeMutableRawPointer) -> UInt {
    // GCallback is the untyped `void (*)(void)`; GObject calls it with the signal's real signature.
    let callback = unsafeBitCast(handler, to: GCallback.self)
    return g_signal_connect_data(instance, signal, callback, data, releaseRetainedBoxClosureNotify, GConnectFlags(0))
}

/// Takes ownership of a GError: returns its message and frees it.
func consumeGError(_ error: UnsafeMutablePointer<GError>?) -> String {
    guard let error else { return "unknown error" }
    defer { g_error_free(error) }
    return error.pointee.message.map { String(cString: $0) } ?? "unknown error"
}

/// Takes ownership of a g_malloc'ed string.
func consumeGString(_ pointer: UnsafeMutablePointer<gchar>?) -> String? {
    guard let pointer else { return nil }
    defer { g_free(pointer) }
    return String(cString: pointer)
}

/// g_object_unref for the two shapes Swift imports GObject pointers as.
func unrefObject(_ object: OpaquePointer?) {
    if let object { g_object_unref(UnsafeMutableRawPointer(object)) }
}

func unrefObject<T>(_ object: UnsafeMutablePointer<T>?) {
    if let object { g_object_unref(UnsafeMutableRawPointer(object)) }
}
