// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import CNotify
import GLibSupport

/// Desktop notifications through libnotify (org.freedesktop.Notifications on the session bus).
///
/// Every callback comes from the main loop. The notifier keeps each notification that is on screen
/// alive until the server reports it closed — an unreferenced libnotify notification loses its actions.
@MainActor
public final class Notifier {
    public static let busName = "org.freedesktop.Notifications"

    public let appName: String
    private var live: [ObjectIdentifier: NotificationHandle] = [:]
    private var watchID: UInt32 = 0

    /// A server got the bus name: at start if one is running, and again after every (re)start.
    /// Notifications shown before a restart are gone from the screen: re-show them with `update`.
    /// Called one main-loop turn late, so that libnotify has learnt the new owner by then (before that,
    /// a show goes to the old server's dead address and throws ServiceUnknown).
    public var onServerAppeared: (@MainActor () -> Void)?
    /// The server lost the bus name (crash, restart, logout), or there is none at start.
    /// Handles that were showing keep their callbacks and get `serverID` 0.
    public var onServerVanished: (@MainActor () -> Void)?
    /// The unique bus name of the current server, as last seen by the name watch.
    public private(set) var serverOwner: String?

    public init(appName: String) {
        self.appName = appName
        if notify_is_initted() == 0, notify_init(appName) == 0 {
            Log.warning("notify_init failed")
        }
        // The watch is event-driven (NameOwnerChanged); it costs no wake-ups.
        watchID = g_bus_watch_name(
            G_BUS_TYPE_SESSION, Notifier.busName, G_BUS_NAME_WATCHER_FLAGS_NONE,
            notificationServerAppeared, notificationServerVanished,
            WeakRef(self).retainedPointer(), releaseRetainedBox)
    }

    isolated deinit {
        if watchID != 0 { g_bus_unwatch_name(watchID) }
    }

    /// Whether `org.freedesktop.Notifications` has an owner now or can be D-Bus-activated.
    /// Synchronous (two short bus calls).
    public var isServerAvailable: Bool {
        guard let bus = try? BusConnection.session() else { return false }
        if bus.nameHasOwner(Notifier.busName) == true { return true }
        return bus.activatableNames().contains(Notifier.busName)
    }

    /// GetServerInformation, or nil when no server answers.
    public func serverInfo() -> (name: String, vendor: String, version: String, spec: String)? {
        var name: UnsafeMutablePointer<CChar>?
        var vendor: UnsafeMutablePointer<CChar>?
        var version: UnsafeMutablePointer<CChar>?
        var spec: UnsafeMutablePointer<CChar>?
        guard notify_get_server_info(&name, &vendor, &version, &spec) != 0 else { return nil }
        return (
            consumeGString(name) ?? "", consumeGString(vendor) ?? "",
            consumeGString(version) ?? "", consumeGString(spec) ?? ""
        )
    }

    /// GetCapabilities (e.g. "actions", "body-markup", "persistence", "sound"); empty without a server.
    public func capabilities() -> [String] {
        var result: [String] = []
        var node = notify_get_server_caps()
        let head = node
        while let current = node {
            if let data = current.pointee.data {
                result.append(String(cString: data.assumingMemoryBound(to: CChar.self)))
            }
            node = current.pointee.next
        }
        g_list_free_full(head, g_free)
        return result
    }

    /// Shows a notification. Throws `NotifierError` (with the D-Bus error text) when no server can be
    /// reached. `onAction` gets the action id ("default" for a click on the body); `onClosed` runs once
    /// per show, when the server closes it. To change it later, call `update` on the handle.
    public func show(
        _ content: NotificationContent,
        onAction: @escaping @MainActor (String) -> Void,
        onClosed: @escaping @MainActor (NotificationCloseReason) -> Void
    ) throws -> NotificationHandle {
        let handle = NotificationHandle(
            notifier: self, content: content,
            callbacks: NotificationCallbacks(onAction: onAction, onClosed: onClosed))
        try handle.present()
        return handle
    }

    /// CloseNotification(id) sent to the server's unique name, not the well-known one: if another
    /// server has taken over since, it never sees (and never closes) an id that is not its own.
    public func closeLeftover(id: UInt32, server: String) {
        guard server.hasPrefix(":"), let bus = try? BusConnection.session() else { return }
        // Asynchronous and unanswered: a server that is gone must not hold up the start.
        bus.callAsync(
            destination: server, path: "/org/freedesktop/Notifications", interface: Notifier.busName,
            method: "CloseNotification", [.uint32(id)], timeoutMilliseconds: 2000)
        Log.info("closing notification \(id) left on screen by an earlier agent")
    }

    /// Handles currently on screen (as far as we know).
    public var liveHandles: [NotificationHandle] { Array(live.values) }

    func retain(_ handle: NotificationHandle) { live[ObjectIdentifier(handle)] = handle }
    func release(_ handle: NotificationHandle) { live[ObjectIdentifier(handle)] = nil }

    // Both callbacks are deferred to a later main-loop iteration. libnotify's cached GDBusProxy learns
    // the new owner from the same NameOwnerChanged signal, but its handler is queued after ours; until
    // it has run, a Notify goes to the old, dead unique name and fails with ServiceUnknown. Deferring
    // both (not just "appeared") keeps their order.
    fileprivate func serverAppeared(owner: String) {
        serverOwner = owner
        MainLoopSource.idle { [weak self] in self?.onServerAppeared?() }
    }

    fileprivate func serverVanished() {
        serverOwner = nil
        for handle in live.values { handle.detachFromServer() }
        MainLoopSource.idle { [weak self] in self?.onServerVanished?() }
    }
}

/// GBusNameAppearedCallback(connection, name, name_owner, user_data).
private func notificationServerAppeared(
    _ connection: OpaquePointer?, _ name: UnsafePointer<CChar>?,
    _ owner: UnsafePointer<CChar>?, _ data: UnsafeMutableRawPointer?
) {
    let ref = WeakRef<Notifier>.from(data)
    let ownerName = owner.map { String(cString: $0) } ?? ""
    MainActor.assumeIsolated { ref?.object?.serverAppeared(owner: ownerName) }
}

/// GBusNameVanishedCallback(connection, name, user_data).
private func notificationServerVanished(
    _ connection: OpaquePointer?, _ name: UnsafePointer<CChar>?,
    _ data: UnsafeMutableRawPointer?
) {
    let ref = WeakRef<Notifier>.from(data)
    MainActor.assumeIsolated { ref?.object?.serverVanished() }
}
