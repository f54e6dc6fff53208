// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib

extension BusConnection {
    /// A method call that does not wait: the reply (or the error) is handed to `completion` on the
    /// main loop of the calling thread; without `completion` nobody waits for it (fire and forget),
    /// so a slow or vanished peer never holds anything up. `replyType` as for `call`.
    @MainActor
    public func callAsync(
        destination: String, path: String, interface: String, method: String,
        _ arguments: [Variant] = [], replyType: String? = nil, autoStart: Bool = false,
        timeoutMilliseconds: Int32 = 25_000,
        completion: (@MainActor (Result<VariantReader, GLibError>) -> Void)? = nil
    ) {
        let type = replyType.flatMap { g_variant_type_new($0) }
        defer { if let type { g_variant_type_free(type) } }
        let flags = autoStart ? G_DBUS_CALL_FLAGS_NONE : G_DBUS_CALL_FLAGS_NO_AUTO_START
        let box = completion.map { CallCompletion($0).retainedPointer() }
        g_dbus_connection_call(
            pointer, destination, path, interface, method, Variant.tuple(arguments).make(), type,
            flags, timeoutMilliseconds, nil, box == nil ? nil : callFinished, box)
    }
}

/// The completion of one asynchronous call, as GLib user data (released by `callFinished`).
/// @unchecked Sendable: created on the main thread, run and released by its main loop.
private final class CallCompletion: @unchecked Sendable {
    let body: @MainActor (Result<VariantReader, GLibError>) -> Void
    init(_ body: @escaping @MainActor (Result<VariantReader, GLibError>) -> Void) { self.body = body }
    func retainedPointer() -> UnsafeMutableRawPointer { Unmanaged.passRetained(self).toOpaque() }
}

/// GAsyncReadyCallback of `callAsync`.
private func callFinished(_ source: UnsafeMutablePointer<GObject>?, _ result: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
    guard let data else { return }
    let box = Unmanaged<CallCompletion>.fromOpaque(data).takeRetainedValue()
    var error: UnsafeMutablePointer<GError>?
    let outcome: Result<VariantReader, GLibError>
    if let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error) {
        outcome = .success(VariantReader(owning: reply))
    } else {
        outcome = .failure(GLibError(taking: error))
    }
    MainActor.assumeIsolated { box.body(outcome) }
}
