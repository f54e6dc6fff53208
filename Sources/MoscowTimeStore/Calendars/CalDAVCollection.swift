// SPDX-License-Identifier: GPL-3.0-or-later
/// One calendar collection of the sync account other than our alarms and habits, as the last sync
/// found it in the calendar home (`caldav-collections.json`): what `calendars` lists with no
/// network, and, for one set to remind, what its mirror was last brought up to.
public struct CalDAVCollection: Sendable, Equatable {
    /// The collection's full URL, ending in `/`.
    public var url: String
    /// Its `displayname`, else the last part of its URL.
    public var name: String
    /// Apple's `calendar-color` (`#RRGGBB` or `#RRGGBBAA`), as the server has it.
    public var color: String?
    /// Its supported components (`VEVENT`, `VTODO`); empty when the server does not say (any).
    public var components: [String]
    /// The user may write its resources (`current-user-privilege-set`: write, write-content or all).
    public var writable: Bool
    /// The collection's RFC 6578 sync-token and CalendarServer ctag as last mirrored: while the
    /// server's are the same, a sync fetches nothing of it.
    public var syncToken: String?
    public var ctag: String?
    /// Resources in its mirror (0 while it is quiet).
    public var items: Int
    /// Why the last sync skipped it, or some of its resources.
    public var problem: CalDAVCollectionProblem?
    /// The mirror folder's modification time when the sync last wrote it: another time means a
    /// file was written there since (replaced, as every editor of a vdir does), to be sent back.
    public var mirrorStamp: String?
    /// Resources whose change made here lost to a newer copy on the server (412) at the last sync.
    public var dropped: [String] = []

    public init(
        url: String, name: String, color: String? = nil, components: [String] = [], writable: Bool = false,
        syncToken: String? = nil, ctag: String? = nil, items: Int = 0, problem: CalDAVCollectionProblem? = nil
    ) {
        self.url = url
        self.name = name
        self.color = color
        self.components = components
        self.writable = writable
        self.syncToken = syncToken
        self.ctag = ctag
        self.items = items
        self.problem = problem
    }

    /// The server says the collection is as it was: the same sync-token or ctag (one known at least).
    public func unchanged(since last: CalDAVCollection) -> Bool {
        (syncToken != nil || ctag != nil) && syncToken == last.syncToken && ctag == last.ctag
    }
}
