// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import CNotify
import GLibSupport

/// One notification shown through a `Notifier`. Keeps the underlying NotifyNotification (and with it
/// the action callbacks) alive; the `Notifier` keeps every handle that is on screen alive until the
/// server reports it closed, so callers may drop handles they do not need.
@MainActor
public final class NotificationHandle {
    private let notification: UnsafeMutablePointer<NotifyNotification>
    private let callbacks: NotificationCallbacks
    private weak var notifier: Notifier?

    /// What was last shown (or is about to be).
    public private(set) var content: NotificationContent
    /// True from a successful show until the server reports it closed (or `close()` is called).
    public private(set) var isShowing = false

    init(notifier: Notifier, content: NotificationContent, callbacks: NotificationCallbacks) {
        self.notifier = notifier
        self.content = content
        self.callbacks = callbacks
        notification = notify_notification_new(NotificationHandle.summaryText(content, notifier), nil, nil)
        connectSignal(
            UnsafeMutableRawPointer(notification), "closed", handler: notificationClosedSignal,
            data: WeakRef(self).retainedPointer())
    }

    isolated deinit {
        // Disposing disconnects libnotify's proxy handler and frees the action boxes.
        unrefObject(notification)
    }

    /// The id the server assigned (0 before the first show, after close, and after the server vanished).
    public var serverID: UInt32 {
        var value = GValue()
        g_value_init(&value, g_type_from_name("gint"))
        defer { g_value_unset(&value) }
        g_object_get_property(UnsafeMutablePointer(OpaquePointer(notification)), "id", &value)
        return UInt32(truncatingIfNeeded: g_value_get_int(&value))
    }

    /// Replaces the content and shows it again in place (the server replaces the old one, same id).
    /// After a close or a server restart, this shows it anew.
    public func update(_ content: NotificationContent) throws {
        self.content = content
        try present()
    }

    /// Asks the server to close it; `onClosed` follows when the server reports it (the spec says
    /// reason 3, `.closedByCall`; python-dbusmock sends 1). If the server is unreachable (or the
    /// notification is not on a server), the handle is released and `onClosed(.closedByCall)` is
    /// called from the main loop, so callers see one code path.
    public func close() {
        guard isShowing else { return }
        if serverID != 0 {
            var error: UnsafeMutablePointer<GError>?
            if notify_notification_close(notification, &error) != 0 { return }
            let why = GLibError(taking: error).message
            Log.debug("closing notification failed: \(why)")
        }
        didClose(.closedByCall, deferred: true)
    }

    func present() throws {
        apply(content)
        var error: UnsafeMutablePointer<GError>?
        guard notify_notification_show(notification, &error) != 0 else {
            throw NotifierError(GLibError(taking: error).message)
        }
        isShowing = true
        notifier?.retain(self)
    }

    /// Forget the server id after the server went away, so that no signal from a new server
    /// (whose ids restart at 1) is taken for ours, and the next `update` creates a fresh one.
    func detachFromServer() {
        var value = GValue()
        g_value_init(&value, g_type_from_name("gint"))
        g_value_set_int(&value, 0)
        g_object_set_property(UnsafeMutablePointer(OpaquePointer(notification)), "id", &value)
        g_value_unset(&value)
    }

    private func apply(_ content: NotificationContent) {
        let n = notification
        // Clear first: newer libnotify (not 0.8.1) turns the icon into an image-path hint inside update().
        notify_notification_clear_hints(n)
        notify_notification_update(
            n, NotificationHandle.summaryText(content, notifier),
            content.body.isEmpty ? nil : content.body,
            content.iconName.isEmpty ? nil : content.iconName)
        notify_notification_set_urgency(n, NotifyUrgency(UInt32(content.urgency.rawValue)))
        notify_notification_set_timeout(n, content.expireTimeoutMs)
        if let category = content.category { notify_notification_set_category(n, category) }
        for (name, value) in NotificationHandle.hints(content) { notify_notification_set_hint(n, name, value.make()) }
        notify_notification_clear_actions(n)
        for action in content.actions {
            // Each action holds its own reference to the callbacks; libnotify frees it with the action.
            let data = Unmanaged.passRetained(callbacks).toOpaque()
            notify_notification_add_action(n, action.id, action.label, notificationActionInvoked, data, releaseRetainedBox)
        }
    }

    /// The hints `content` asks for, in the order they are set. Booleans only when set: absent means
    /// false to every server, and keeps the hints short.
    static func hints(_ content: NotificationContent) -> [(name: String, value: Variant)] {
        var hints: [(name: String, value: Variant)] = []
        if let entry = content.desktopEntry { hints.append(("desktop-entry", .string(entry))) }
        if let image = content.imagePath, let uri = fileURI(image) { hints.append(("image-path", .string(uri))) }
        if content.suppressSound { hints.append(("suppress-sound", .bool(true))) }
        if content.resident { hints.append(("resident", .bool(true))) }
        if content.transient { hints.append(("transient", .bool(true))) }
        return hints
    }

    /// The spec wants image-path as a file:// URI (or an icon name); GLib escapes the path.
    static func fileURI(_ path: String) -> String? {
        guard let uri = g_filename_to_uri(path, nil, nil) else { return nil }
        defer { g_free(uri) }
        return String(cString: uri)
    }

    /// libnotify refuses an empty summary; fall back to the application name.
    private static func summaryText(_ content: NotificationContent, _ notifier: Notifier?) -> String {
        content.summary.isEmpty ? (notifier?.appName ?? " ") : content.summary
    }

    fileprivate func closedByServer() {
        let reason = NotificationCloseReason(serverValue: Int(notify_notification_get_closed_reason(notification)))
        didClose(reason, deferred: false)
    }

    private func didClose(_ reason: NotificationCloseReason, deferred: Bool) {
        guard isShowing else { return }
        isShowing = false
        let callbacks = self.callbacks
        // Keep ourselves alive through the callback even if the notifier held the last reference.
        withExtendedLifetime(self) {
            notifier?.release(self)
            if deferred {
                MainLoopSource.idle { callbacks.onClosed(reason) }
            } else {
                callbacks.onClosed(reason)
            }
        }
    }
}

/// NotifyActionCallback(notification, action, user_data); runs on the main loop.
private func notificationActionInvoked(
    _ notification: UnsafeMutablePointer<NotifyNotification>?,
    _ action: UnsafeMutablePointer<CChar>?, _ data: UnsafeMutableRawPointer?
) {
    guard let data, let action else { return }
    let callbacks = Unmanaged<NotificationCallbacks>.fromOpaque(data).takeUnretainedValue()
    let id = String(cString: action)
    MainActor.assumeIsolated { callbacks.onAction(id) }
}

/// NotifyNotification::closed(notification, user_data).
private let notificationClosedSignal:
    @convention(c) (
        UnsafeMutablePointer<NotifyNotification>?,
        UnsafeMutableRawPointer?
    ) -> Void = { _, data in
        let ref = WeakRef<NotificationHandle>.from(data)
        MainActor.assumeIsolated { ref?.object?.closedByServer() }
    }
