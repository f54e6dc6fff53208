// SPDX-License-Identifier: GPL-3.0-or-later
/// What two-way sync needs beyond the items themselves, kept in the store (schema 2): the account
/// (never its password), and for a deterministic merge the time of every deletion (tombstones)
/// and of every logged or removed habit day. Alarms and habit definitions carry their own
/// `modified`. Times are recorded only while sync is set up (`account != nil`): without sync
/// nobody needs them, and the store stays as it was.
public struct SyncMetadata: Hashable, Sendable {
    public var account: SyncAccount?
    /// Alarm id → when it was deleted.
    public var deletedAlarms: [String: Instant] = [:]
    /// Habit id → when it was deleted.
    public var deletedHabits: [String: Instant] = [:]
    /// Habit id → day → when that day's entry was last logged or changed.
    public var dayLogged: [String: [CivilDate: Instant]] = [:]
    /// Habit id → day → when that day's entry was removed (undo).
    public var dayRemoved: [String: [CivilDate: Instant]] = [:]

    public init() {}

    public var isEmpty: Bool { self == SyncMetadata() }
}

/// Where to sync: a CalDAV URL (the server, a principal or a calendar home), the user name, and
/// how to get the password — the desktop's Secret Service, or a command that prints it.
public struct SyncAccount: Hashable, Sendable {
    public var url: String
    public var user: String?
    /// A shell command whose first output line is the password (`pass show caldav`); nil means the
    /// Secret Service holds it.
    public var passwordCommand: String?

    public init(url: String, user: String?, passwordCommand: String?) {
        self.url = url
        self.user = user
        self.passwordCommand = passwordCommand
    }
}
