// SPDX-License-Identifier: GPL-3.0-or-later
/// What the agent needs of a notification server; `Notifier` is the real one (libnotify), tests
/// use a fake that records what was shown.
@MainActor
public protocol NotificationShowing: AnyObject {
    /// A server got the bus name (at start and after every restart); see `Notifier.onServerAppeared`.
    var onServerAppeared: (@MainActor () -> Void)? { get set }
    /// The server lost the bus name, or there is none at start.
    var onServerVanished: (@MainActor () -> Void)? { get set }
    /// GetCapabilities; empty without a server. May block on the bus: cache it (`NotificationFactory`).
    func capabilities() -> [String]
    /// GetServerInformation, or nil when no server answers.
    func serverInfo() -> (name: String, vendor: String, version: String, spec: String)?
    /// The unique bus name of the server showing our notifications now (nil when none is known).
    var serverOwner: String? { get }
    /// Asks the server with unique bus name `server` to close notification `id`, shown by an
    /// earlier agent (fire and forget: a server that is gone or no longer knows the id ignores it).
    func closeLeftover(id: UInt32, server: String)
    /// Shows a notification; throws when no server can be reached.
    func present(
        _ content: NotificationContent,
        onAction: @escaping @MainActor (String) -> Void,
        onClosed: @escaping @MainActor (NotificationCloseReason) -> Void
    ) throws -> any ShownNotification
}

/// A notification on screen (`NotificationHandle` for the real server).
@MainActor
public protocol ShownNotification: AnyObject {
    /// The id the server assigned (0 when not on a server).
    var serverID: UInt32 { get }
    /// From a successful show until it is closed.
    var isShowing: Bool { get }
    /// Replaces the content in place (or shows it anew after a close).
    func update(_ content: NotificationContent) throws
    /// Asks the server to close it; our own close is still reported to `onClosed`.
    func close()
}

extension Notifier: NotificationShowing {
    public func present(
        _ content: NotificationContent,
        onAction: @escaping @MainActor (String) -> Void,
        onClosed: @escaping @MainActor (NotificationCloseReason) -> Void
    ) throws -> any ShownNotification {
        try show(content, onAction: onAction, onClosed: onClosed)
    }
}

extension NotificationHandle: ShownNotification {}
