// SPDX-License-Identifier: GPL-3.0-or-later
/// A button on a notification. The id `default` is the click on the notification body.
public struct NotificationAction: Sendable, Equatable, Hashable {
    public var id: String
    public var label: String

    public init(id: String, label: String) {
        self.id = id
        self.label = label
    }

    /// The action a server invokes when the body is clicked.
    public static func `default`(label: String = "Open") -> NotificationAction {
        NotificationAction(id: "default", label: label)
    }
}
