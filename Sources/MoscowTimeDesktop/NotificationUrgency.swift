// SPDX-License-Identifier: GPL-3.0-or-later
/// The notification spec's `urgency` hint. Critical notifications do not expire on most servers.
public enum NotificationUrgency: UInt8, Sendable {
    case low = 0
    case normal = 1
    case critical = 2
}
