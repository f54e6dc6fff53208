// SPDX-License-Identifier: GPL-3.0-or-later
/// Why a notification closed (the `NotificationClosed` signal's reason).
public enum NotificationCloseReason: Int, Sendable {
    case expired = 1
    case dismissed = 2
    case closedByCall = 3
    case undefined = 4

    /// Maps whatever the server sent; unknown values become `.undefined`.
    public init(serverValue: Int) {
        self = NotificationCloseReason(rawValue: serverValue) ?? .undefined
    }
}
