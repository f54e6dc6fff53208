// SPDX-License-Identifier: GPL-3.0-or-later
/// One local calendar collection: a folder of `.ics` files, one calendar object each, as
/// vdirsyncer writes them for khal and todoman (its `displayname` and `color` files beside them).
public struct LocalCalendar: Sendable, Equatable {
    /// The folder, as found (no trailing slash): what settings keep (`remindedCalendars`).
    public let folder: String
    /// vdirsyncer's `displayname`, else the folder's name.
    public let name: String
    public let color: String?
    /// Its `.ics` files.
    public let items: Int
    /// A CalDAV collection's URL (its folder is then its mirror, `CalDAVCollections`); nil for a
    /// local folder.
    public let url: String?

    public init(folder: String, name: String, color: String?, items: Int, url: String? = nil) {
        self.folder = folder
        self.name = name
        self.color = color
        self.items = items
        self.url = url
    }

    /// Where the user finds it: the URL of a CalDAV collection, the folder of a local one.
    public var place: String { url ?? folder }
}
