// SPDX-License-Identifier: GPL-3.0-or-later
/// The user data handed to a GLib/libnotify callback: a weak reference to the Swift owner.
///
/// Weak, because the C side keeps the box alive for as long as the source or signal exists, and
/// the owner removes that source in its deinit; a strong reference would be a cycle that never ends.
/// Created, read and released on the main thread only (GLib runs every callback we register there).
final class WeakRef<Object: AnyObject>: @unchecked Sendable {
    weak var object: Object?
    init(_ object: Object) { self.object = object }

    /// Retained pointer for the C side; balanced by `releaseRetainedBox` (the GDestroyNotify).
    func retainedPointer() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }

    static func from(_ pointer: UnsafeMutableRawPointer?) -> WeakRef<Object>? {
        guard let pointer else { return nil }
        return Unmanaged<WeakRef<Object>>.fromOpaque(pointer).takeUnretainedValue()
    }
}
