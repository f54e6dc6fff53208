// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import GLibSupport
import Glibc

/// Reports logind's `PrepareForSleep(b)` from the system bus: `true` just before suspend/hibernate,
/// `false` after resume. Without a system bus or without logind it logs one warning and stays quiet.
///
/// While logind runs it holds a delay inhibitor for sleep (`Inhibit("sleep", …, "delay")`): logind
/// then waits (up to its InhibitDelayMaxSec, 5 s by default) until the `PrepareForSleep(true)`
/// handler has run — it silences what rings and saves the state — and the inhibitor's fd is closed
/// right after it. On resume the inhibitor is taken again.
///
/// Uses its own connection to the system bus (address from `DBUS_SYSTEM_BUS_ADDRESS`, else the
/// standard socket) rather than GIO's shared singleton: that one has exit-on-close set, so a restart
/// of the system bus would kill the agent. Connecting is asynchronous; nothing blocks the caller.
@MainActor
public final class SleepWatcher {
    private static let logindName = "org.freedesktop.login1"

    private let onPrepareForSleep: @MainActor (_ goingToSleep: Bool) -> Void
    private let cancellable: UnsafeMutablePointer<GCancellable>
    private var connection: OpaquePointer?  // GDBusConnection*
    private var subscriptionID: UInt32 = 0
    private var logindWatchID: UInt32 = 0
    private var warned = false
    /// The delay inhibitor's fd (-1: none held); closing it lets the machine sleep.
    private var inhibitorFD: Int32 = -1
    private var inhibitPending = false
    /// Why the agent holds the inhibitor, as `systemd-inhibit --list` shows it.
    public var inhibitWho = "MoscowTime Agent"
    public var inhibitWhy = "Silence a ringing alarm and save its state before sleep"

    /// The address being used (for status output).
    public let busAddress: String?
    /// Why no signals will come, if that is known ("no system bus: …", "logind is not running").
    public private(set) var problem: String?
    /// True once subscribed to PrepareForSleep on a connected bus.
    public var isSubscribed: Bool { subscriptionID != 0 }
    /// Whether logind currently owns its name on the bus (nil until known).
    public private(set) var logindPresent: Bool?
    /// Whether the sleep delay inhibitor is held now.
    public var holdsInhibitor: Bool { inhibitorFD >= 0 }

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
        let flags = GDBusConnectionFlags(
            G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        // The callback always runs exactly once (also when cancelled); it releases this reference.
        g_dbus_connection_new_for_address(
            busAddress, flags, nil, cancellable, sleepWatcherConnected,
            WeakRef(self).retainedPointer())
    }

    isolated deinit {
        if inhibitorFD >= 0 { close(inhibitorFD) }
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
        connectSignal(
            UnsafeMutableRawPointer(connection), "closed", handler: sleepWatcherBusClosed,
            data: WeakRef(self).retainedPointer())
    }

    fileprivate func signalReceived(goingToSleep: Bool) {
        Log.debug("PrepareForSleep(\(goingToSleep))")
        // The handler runs to the end (silenced, saved) before the inhibitor goes.
        onPrepareForSleep(goingToSleep)
        if goingToSleep { releaseInhibitor() } else { takeInhibitor() }
    }

    /// Asks logind for the delay inhibitor (asynchronously; once at a time).
    private func takeInhibitor() {
        guard let connection, inhibitorFD < 0, !inhibitPending, logindPresent == true else { return }
        inhibitPending = true
        let args = Variant.tuple([.string("sleep"), .string(inhibitWho), .string(inhibitWhy), .string("delay")]).make()
        let replyType = g_variant_type_new("(h)")
        defer { g_variant_type_free(replyType) }
        g_dbus_connection_call_with_unix_fd_list(
            connection, SleepWatcher.logindName, "/org/freedesktop/login1", "org.freedesktop.login1.Manager",
            "Inhibit", args, replyType, G_DBUS_CALL_FLAGS_NONE, 5000, nil, cancellable, sleepWatcherInhibited,
            WeakRef(self).retainedPointer())
    }

    fileprivate func inhibited(fd: Int32, error: String?) {
        inhibitPending = false
        guard fd >= 0 else {
            Log.warning(
                "cannot take a sleep inhibitor from logind: \(error ?? "no fd"); a ringing alarm may be cut by a suspend without being saved first"
            )
            return
        }
        if inhibitorFD >= 0 || logindPresent != true {
            close(fd)
            return
        }
        inhibitorFD = fd
        Log.debug("holding a sleep delay inhibitor (fd \(fd))")
    }

    private func releaseInhibitor() {
        guard inhibitorFD >= 0 else { return }
        close(inhibitorFD)
        inhibitorFD = -1
        Log.debug("sleep delay inhibitor released")
    }

    fileprivate func logindChanged(present: Bool) {
        logindPresent = present
        if present {
            problem = nil
            takeInhibitor()
        } else {
            releaseInhibitor()
            warnOnce("logind is not running; suspend/resume will only be seen as clock changes")
        }
    }

    fileprivate func busClosed() {
        releaseInhibitor()
        warnOnce("the system bus connection closed; suspend/resume will only be seen as clock changes")
    }
}

/// GAsyncReadyCallback for g_dbus_connection_new_for_address.
private func sleepWatcherConnected(
    _ source: UnsafeMutablePointer<GObject>?, _ result: OpaquePointer?,
    _ data: UnsafeMutableRawPointer?
) {
    guard let data else { return }
    let ref = Unmanaged<WeakRef<SleepWatcher>>.fromOpaque(data).takeRetainedValue()
    var error: UnsafeMutablePointer<GError>?
    let connection = SendablePointer(g_dbus_connection_new_for_address_finish(result, &error))
    let message = connection.pointer == nil ? GLibError(taking: error).message : nil
    MainActor.assumeIsolated {
        guard let watcher = ref.object else {
            unrefObject(connection.pointer)  // watcher gone (or cancelled): nobody wants it
            return
        }
        watcher.connected(connection.pointer, error: message)
    }
}

/// GAsyncReadyCallback for Inhibit: the reply's handle indexes the returned fd list.
private func sleepWatcherInhibited(
    _ source: UnsafeMutablePointer<GObject>?, _ result: OpaquePointer?,
    _ data: UnsafeMutableRawPointer?
) {
    guard let data else { return }
    let ref = Unmanaged<WeakRef<SleepWatcher>>.fromOpaque(data).takeRetainedValue()
    var error: UnsafeMutablePointer<GError>?
    var fdList: UnsafeMutablePointer<GUnixFDList>?
    var fd: Int32 = -1
    var message: String?
    if let pointer = g_dbus_connection_call_with_unix_fd_list_finish(OpaquePointer(source), &fdList, result, &error) {
        let handle = VariantReader(owning: pointer).child(0)  // the reply type "(h)" was checked by GDBus
        let index = g_variant_get_handle(handle.pointer)
        if let fdList, index >= 0, index < g_unix_fd_list_get_length(fdList) {
            fd = g_unix_fd_list_get(fdList, index, &error)  // a dup: ours to close
            if fd < 0 { message = GLibError(taking: error).message }
        } else {
            message = "no fd in the reply"
        }
    } else {
        message = GLibError(taking: error).message
    }
    if let fdList { g_object_unref(fdList) }
    let got = fd
    let why = message
    MainActor.assumeIsolated {
        guard let watcher = ref.object else {
            if got >= 0 { close(got) }
            return
        }
        watcher.inhibited(fd: got, error: why)
    }
}

/// GDBusSignalCallback(connection, sender, path, interface, signal, parameters, user_data).
private func sleepWatcherSignal(
    _ connection: OpaquePointer?, _ sender: UnsafePointer<CChar>?,
    _ path: UnsafePointer<CChar>?, _ interface: UnsafePointer<CChar>?,
    _ signal: UnsafePointer<CChar>?, _ parameters: OpaquePointer?,
    _ data: UnsafeMutableRawPointer?
) {
    guard let parameters else { return }
    let arguments = VariantReader(borrowing: parameters)
    guard arguments.typeString == "(b)", let goingToSleep = arguments.child(0).bool else { return }
    let ref = WeakRef<SleepWatcher>.from(data)
    MainActor.assumeIsolated { ref?.object?.signalReceived(goingToSleep: goingToSleep) }
}

private func sleepWatcherLogindAppeared(
    _ connection: OpaquePointer?, _ name: UnsafePointer<CChar>?,
    _ owner: UnsafePointer<CChar>?, _ data: UnsafeMutableRawPointer?
) {
    let ref = WeakRef<SleepWatcher>.from(data)
    MainActor.assumeIsolated { ref?.object?.logindChanged(present: true) }
}

private func sleepWatcherLogindVanished(
    _ connection: OpaquePointer?, _ name: UnsafePointer<CChar>?,
    _ data: UnsafeMutableRawPointer?
) {
    let ref = WeakRef<SleepWatcher>.from(data)
    MainActor.assumeIsolated { ref?.object?.logindChanged(present: false) }
}

/// GDBusConnection::closed(connection, remote_peer_vanished, error, user_data).
private let sleepWatcherBusClosed:
    @convention(c) (
        OpaquePointer?, gboolean, UnsafeMutablePointer<GError>?,
        UnsafeMutableRawPointer?
    ) -> Void = { _, _, _, data in
        let ref = WeakRef<SleepWatcher>.from(data)
        MainActor.assumeIsolated { ref?.object?.busClosed() }
    }
