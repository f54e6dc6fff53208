// SPDX-License-Identifier: GPL-3.0-or-later
/// Carries a C object pointer from a GLib callback into `MainActor.assumeIsolated`.
/// @unchecked Sendable: the callback already runs on the main thread, so the pointer never actually
/// changes threads; this only satisfies the region checker.
struct SendablePointer: @unchecked Sendable {
    let pointer: OpaquePointer?
    init(_ pointer: OpaquePointer?) { self.pointer = pointer }
}
