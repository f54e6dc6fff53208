// SPDX-License-Identifier: GPL-3.0-or-later
/// The two closures of one notification, handed to libnotify as action user data.
/// Immutable and made of main-actor closures, hence Sendable.
final class NotificationCallbacks: Sendable {
    let onAction: @MainActor (String) -> Void
    let onClosed: @MainActor (NotificationCloseReason) -> Void

    init(onAction: @escaping @MainActor (String) -> Void, onClosed: @escaping @MainActor (NotificationCloseReason) -> Void) {
        self.onAction = onAction
        self.onClosed = onClosed
    }
}
