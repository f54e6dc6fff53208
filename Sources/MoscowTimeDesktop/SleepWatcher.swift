// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import GLibSupport

/// Reports logind's `PrepareForSleep(b)` from the system bus: `true` just before suspend/hibernate,
/// `false` after resume. Without a system bus or without logind it logs one warning and stays quiet.
///
/// Uses its own connection to the system bus (address from `DBUS_SYSTEM_BUS_ADDRESS`, else the
/// standard socket) rather than GIO's shared singleton: that one has exit-on-close set, so a restart
/// of the system bus would kill the agent. Connecting is asynchronous; nothing blocks the caller.
@MainActor
public final class SleepWatcher {
    private static let logindName = "org.freedesktop.login1"

    private let onPrepareForSleep: @MainActor (_ goingToSleep: Bool) -> Void
    private let cancellable: UnsafeMutablePointer<GCancellable>
    private var connection: OpaquePointer?   // GDBusConnection*
    private var subscriptionID: UInt32 = 0
    private var logindWatchID: UInt32 = 0
    private var warned = false

    /// The address being used (for status output).
    public let busAddress: String?
    /// Why no signals will come, if that is known ("no system bus: …", "logind is not running").
    public private(set) var problem: String?
    /// True once subscribed to PrepareForSleep on a connected bus.
    public var isSubscribed: Bool { subscriptionID != 0 }
    /// Whether logind currently owns its name on the bus (nil until known).
    public private(set) var logindPresent: Bool?

    /// Watches the system bus.
    public convenience init(onPrepareForSleep: @escaping @MainActor (_ goingToSleep: Bool) -> Void) {
        var error: UnsafeMutablePointer<GError>?
        let address = consumeGString(g_dbus_address_get_for_bus_sync(G_BUS_TYPE_SYSTEM, nil, &error))
        if address == nil {
            let why = GLibError(taking: error).message
            Log.debug("no system bus address: \(why)")
        }
        self.init(busAddress: address, onPrepareForSleep: onPrepareForSleep)
    }

    /// Watches the bus at `busAddress` (a D-Bus address such as "unix:path=/run/dbus/system_bus_socket").
    public init(busAddress: String?, onPrepareForSleep: @escaping @MainActor (_ goingToSleep: Bool) -> Void) {
        self.busAddress = busAddress
        self.onPrepareForSleep = onPrepareForSleep
        cancellable = g_cancellable_new()
        guard let busAddress else {
            warnOnce("no system bus address; suspend/resume will only be seen as clock changes")
            return
        }
        let flags = GDBusConnectionFlags(G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                         | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        // The callback always runs exactly once (also when cancelled); it releases this reference.
        g_dbus_connection_new_for_address(busAddress, flags, nil, cancellable, sleepWatcherConnected,
                                          WeakRef(self).retainedPointer())
    }

    isolated deinit {
        g_cancellable_cancel(cancellable)
        unrefObject(cancellable)
        if logindWatchID != 0 { g_bus_unwatch_name(logindWatchID) }
        if let connection {
            if subscriptionID != 0 { g_dbus_connection_signal_unsubscribe(connection, subscriptionID) }
            g_dbus_connection_close(connection, nil, nil, nil)
            unrefObject(connection)
        }
    }

    private func warnOnce(_ message: String) {
        problem = message
        guard !warned else { return }
        warned = true
        Log.warning(message)
    }

    fileprivate func connected(_ connection: OpaquePointer?, error: String?) {
        guard let connection else {
            warnOnce("no system bus (\(error ?? "unknown error")); suspend/resume will only be seen as clock changes")
            return
        }
        self.connection = connection
        subscriptionID = g_dbus_connection_signal_subscribe(
            connection, SleepWatcher.logindName, "org.freedesktop.login1.Manager", "PrepareForSleep",
            "/org/freedesktop/login1", nil, G_DBUS_SIGNAL_FLAGS_NONE, sleepWatcherSignal,
            WeakRef(self).retainedPointer(), releaseRetainedBox)
        // Only to tell the user when logind is missing; the subscription works whenever it appears.
        logindWatchID = g_bus_watch_name_on_connection(
            connection, SleepWatcher.logindName, G_BUS_NAME_WATCHER_FLAGS_NONE,
            sleepWatcherLogindAppeared, sleepWatcherLogindVanished,
            WeakRef(self).retainedPointer(), releaseRetainedBox)
        connectSignal(UnsafeMutableRawPointer(connection), "closed", handler: sleepWatcherBusClosed,
                      data: WeakRef(self).retainedPointer())
    }

    fileprivate func signalReceived(goingToSleep: Bool) {
        Log.debug("PrepareForSleep(\(goingToSleep))")
        onPrepareForSleep(goingToSleep)
    }

    fileprivate func logindChanged(present: Bool) {
        logindPresent = present
        if present {
            problem = nil
        } else {
            warnOnce("logind is not running; suspend/resume will only be seen as clock changes")
        }
    }

    fileprivate func busClosed() {
        warnOnce("the system bus connection closed; suspend/resume will only be seen as clock changes")
    }
}

/// GAsyncReadyCallback for g_dbus_connection_new_for_address.
private func sleepWatcherConnected(_ source: UnsafeMutablePointer<GObject>?, _ result: OpaquePointer?,
                                   _ data: UnsafeMutableRawPointer?) {
    guard let data else { return }
    let ref = Unmanaged<WeakRef<SleepWatcher>>.fromOpaque(data).takeRetainedValue()
    var error: UnsafeMutablePointer<GError>?
    let connection = SendablePointer(g_dbus_connection_new_for_address_finish(result, &error))
    let message = connection.pointer == nil ? GLibError(taking: error).message : nil
    MainActor.assumeIsolated {
        guard let watcher = ref.object else {
            unrefObject(connection.pointer) // watcher gone (or cancelled): nobody wants it
            return
        }
        watcher.connected(connection.pointer, error: message)
    }
}

/// GDBusSignalCallback(connection, sender, path, interface, signal, parameters, user_data).
private func sleepWatcherSignal(_ connection: OpaquePointer?, _ sender: UnsafePointer<CChar>?,
                                _ path: UnsafePointer<CChar>?, _ interface: UnsafePointer<CChar>?,
                                _ signal: UnsafePointer<CChar>?, _ parameters: OpaquePointer?,
                                _ data: UnsafeMutableRawPointer?) {
    guard let parameters else { return }
    let type = g_variant_type_new("(b)")
    defer { g_variant_type_free(type) }
    guard g_variant_is_of_type(parameters, type) != 0 else { return }
    let child = g_variant_get_child_value(parameters, 0)
    let goingToSleep = g_variant_get_boolean(child) != 0
    g_variant_unref(child)
    let ref = WeakRef<SleepWatcher>.from(data)
    MainActor.assumeIsolated { ref?.object?.signalReceived(goingToSleep: goingToSleep) }
}

private func sleepWatcherLogindAppeared(_ connection: OpaquePointer?, _ name: UnsafePointer<CChar>?,
                                        _ owner: UnsafePointer<CChar>?, _ data: UnsafeMutableRawPointer?) {
    let ref = WeakRef<SleepWatcher>.from(data)
    MainActor.assumeIsolated { ref?.object?.logindChanged(present: true) }
}

private func sleepWatcherLogindVanished(_ connection: OpaquePointer?, _ name: UnsafePointer<CChar>?,
                                        _ data: UnsafeMutableRawPointer?) {
    let ref = WeakRef<SleepWatcher>.from(data)
    MainActor.assumeIsolated { ref?.object?.logindChanged(present: false) }
}

/// GDBusConnection::closed(connection, remote_peer_vanished, error, user_data).
private let sleepWatcherBusClosed: @convention(c) (OpaquePointer?, gboolean, UnsafeMutablePointer<GError>?,
                                                   UnsafeMutableRawPointer?) -> Void = { _, _, _, data in
    let ref = WeakRef<SleepWatcher>.from(data)
    MainActor.assumeIsolated { ref?.object?.busClosed() }
}
