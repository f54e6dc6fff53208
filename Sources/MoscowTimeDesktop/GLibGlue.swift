// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import GLibSupport

// Small bridges between Swift and GLib's C conventions, shared by the adapters (the rest is in GLibSupport).

/// Same as `releaseRetainedBox` with the GClosureNotify shape (user data, closure).
func releaseRetainedBoxClosureNotify(_ pointer: UnsafeMutableRawPointer?, _ closure: UnsafeMutablePointer<GClosure>?) {
    releaseRetainedBox(pointer)
}

/// `g_signal_connect` is a C macro; this is what it expands to, with the box released on disconnect.
@discardableResult
func connectSignal<Handler>(
    _ instance: UnsafeMutableRawPointer, _ signal: String, handler: Handler,
    data: UnsafeMutableRawPointer
) -> UInt {
    // GCallback is the untyped `void (*)(void)`; GObject calls it with the signal's real signature.
    let callback = unsafeBitCast(handler, to: GCallback.self)
    return g_signal_connect_data(instance, signal, callback, data, releaseRetainedBoxClosureNotify, GConnectFlags(0))
}

/// g_object_unref for the two shapes Swift imports GObject pointers as.
func unrefObject(_ object: OpaquePointer?) {
    if let object { g_object_unref(UnsafeMutableRawPointer(object)) }
}

func unrefObject<T>(_ object: UnsafeMutablePointer<T>?) {
    if let object { g_object_unref(UnsafeMutableRawPointer(object)) }
}
