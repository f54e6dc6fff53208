// SPDX-License-Identifier: GPL-3.0-or-later
/// The ring notifications and habit reminders an agent has on screen, persisted with its state. If
/// the agent dies (crash, kill -9), its notifications stay on screen with Snooze/Stop (Done/Skip/
/// Later) buttons that reach no one; the next agent closes them by id. Ids are only meaningful to the server that gave them, so the
/// server's unique bus name is kept too: a restarted server (ids from 1 again) is never asked to
/// close someone else's notification.
public struct RingNotifications: Hashable, Sendable {
    /// The unique bus name of the notification server (":1.42"); empty when none was known.
    public var server: String
    /// Per alarm id: the id the server gave its ring notification.
    public var ids: [String: UInt32]
    /// Per habit id: the id the server gave its reminder notification.
    public var reminders: [String: UInt32]

    public init(server: String = "", ids: [String: UInt32] = [:], reminders: [String: UInt32] = [:]) {
        self.server = server
        self.ids = ids
        self.reminders = reminders
    }

    public var isEmpty: Bool { ids.isEmpty && reminders.isEmpty }
}
