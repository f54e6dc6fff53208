// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import GLibSupport

/// Owns a well-known name on the session bus: the agent's single-instance guard and its D-Bus address.
///
/// Flags: DO_NOT_QUEUE (a second instance learns at once that it lost, instead of waiting in line),
/// ALLOW_REPLACEMENT always (a newer instance started with `--replace` may take over), and REPLACE
/// when `replace` is true. `onLost` runs once: another owner has it, we were replaced, or there is no
/// session bus. The connection is GIO's shared session connection.
@MainActor
public final class BusNameOwner {
    public let name: String
    private let onAcquired: @MainActor (BusConnection) -> Void
    private let onLost: @MainActor () -> Void
    private var ownerID: UInt32 = 0
    private var connection: BusConnection?
    private var finished = false

    /// Called once the bus connection exists, before the name is requested: register D-Bus objects
    /// here so they are in place when other clients see the name appear. Set it right after init
    /// (callbacks start only when the main loop runs).
    public var onBusAcquired: (@MainActor (BusConnection) -> Void)?
    /// True between `onAcquired` and `onLost`.
    public private(set) var isOwner = false

    public init(
        name: String, replace: Bool,
        onAcquired: @escaping @MainActor (BusConnection) -> Void,
        onLost: @escaping @MainActor () -> Void
    ) {
        self.name = name
        self.onAcquired = onAcquired
        self.onLost = onLost
        var flags = G_BUS_NAME_OWNER_FLAGS_DO_NOT_QUEUE.rawValue | G_BUS_NAME_OWNER_FLAGS_ALLOW_REPLACEMENT.rawValue
        if replace { flags |= G_BUS_NAME_OWNER_FLAGS_REPLACE.rawValue }
        ownerID = g_bus_own_name(
            G_BUS_TYPE_SESSION, name, GBusNameOwnerFlags(flags),
            busNameBusAcquired, busNameAcquired, busNameLost,
            WeakRef(self).retainedPointer(), releaseRetainedBox)
    }

    isolated deinit {
        if ownerID != 0 { g_bus_unown_name(ownerID) }
    }

    /// Gives the name up now (e.g. on shutdown, so a restart can take it at once). No callback follows.
    public func releaseName() {
        guard ownerID != 0 else { return }
        g_bus_unown_name(ownerID)
        ownerID = 0
        isOwner = false
        finished = true
    }

    fileprivate func busAcquired(_ pointer: OpaquePointer) {
        let connection = self.connection ?? BusConnection(retaining: pointer)
        self.connection = connection
        onBusAcquired?(connection)
    }

    fileprivate func acquired(_ pointer: OpaquePointer?) {
        guard !finished else { return }
        if self.connection == nil, let pointer { self.connection = BusConnection(retaining: pointer) }
        guard let connection = self.connection else { return }
        isOwner = true
        Log.debug("acquired bus name \(name)")
        onAcquired(connection)
    }

    fileprivate func lost(hasConnection: Bool) {
        guard !finished else { return }
        finished = true
        isOwner = false
        Log.debug(hasConnection ? "lost bus name \(name)" : "cannot connect to the session bus to own \(name)")
        onLost()
    }
}

/// GBusAcquiredCallback / GBusNameAcquiredCallback / GBusNameLostCallback: (connection, name, user_data).
private func busNameBusAcquired(_ connection: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ data: UnsafeMutableRawPointer?) {
    let ref = WeakRef<BusNameOwner>.from(data)
    let connection = SendablePointer(connection)
    MainActor.assumeIsolated {
        if let pointer = connection.pointer { ref?.object?.busAcquired(pointer) }
    }
}

private func busNameAcquired(_ connection: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ data: UnsafeMutableRawPointer?) {
    let ref = WeakRef<BusNameOwner>.from(data)
    let connection = SendablePointer(connection)
    MainActor.assumeIsolated { ref?.object?.acquired(connection.pointer) }
}

private func busNameLost(_ connection: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ data: UnsafeMutableRawPointer?) {
    let ref = WeakRef<BusNameOwner>.from(data)
    let hasConnection = connection != nil
    MainActor.assumeIsolated { ref?.object?.lost(hasConnection: hasConnection) }
}
