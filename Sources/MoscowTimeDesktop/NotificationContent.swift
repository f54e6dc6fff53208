// SPDX-License-Identifier: GPL-3.0-or-later
/// Everything a notification shows. Text is passed to the server as is: when the server advertises
/// `body-markup`, escaping user text (g_markup_escape_text) is the caller's job.
public struct NotificationContent: Sendable, Equatable {
    public var summary: String
    public var body: String
    /// Icon theme name or absolute path; empty for none.
    public var iconName: String
    /// The `image-path` hint: an image file (absolute path, sent as a file:// URI). Servers show
    /// it even when the icon name is not in any installed theme (a build tree, a custom PREFIX).
    public var imagePath: String?
    public var urgency: NotificationUrgency
    /// The `category` hint, e.g. "x-moscowtime.alarm".
    public var category: String?
    /// The `desktop-entry` hint: the .desktop file's basename, so the shell can attribute the notification.
    public var desktopEntry: String?
    /// `suppress-sound`: ask the server not to play its own sound (we play ours).
    public var suppressSound: Bool
    /// `resident`: stays after an action is invoked (until explicitly closed).
    public var resident: Bool
    /// `transient`: not kept in the server's history.
    public var transient: Bool
    /// Milliseconds; 0 = never expires, -1 = the server's default.
    public var expireTimeoutMs: Int32
    /// Buttons, in order. Needs the server's `actions` capability to appear.
    public var actions: [NotificationAction]

    public init(
        summary: String,
        body: String = "",
        iconName: String = "",
        imagePath: String? = nil,
        urgency: NotificationUrgency = .normal,
        category: String? = nil,
        desktopEntry: String? = nil,
        suppressSound: Bool = false,
        resident: Bool = false,
        transient: Bool = false,
        expireTimeoutMs: Int32 = -1,
        actions: [NotificationAction] = []
    ) {
        self.summary = summary
        self.body = body
        self.iconName = iconName
        self.imagePath = imagePath
        self.urgency = urgency
        self.category = category
        self.desktopEntry = desktopEntry
        self.suppressSound = suppressSound
        self.resident = resident
        self.transient = transient
        self.expireTimeoutMs = expireTimeoutMs
        self.actions = actions
    }
}
