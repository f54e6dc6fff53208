// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeStore

extension CalDAVClient {
    static let apple = "http://apple.com/ns/ical/"
    static let calendarServer = "http://calendarserver.org/ns/"

    /// The calendar collections of the calendar home (one PROPFIND, Depth 1) that hold events or
    /// to-dos, with their names, colours, writability, sync-tokens and ctags — but `leaving` ours.
    func collections(in home: String, leaving own: Set<String>) throws(SyncError) -> [CalDAVCollection] {
        let ownPaths = Set(own.map(path))
        return try multistatus("PROPFIND", home, depth: "1", body: Self.collectionProperties).compactMap { r -> CalDAVCollection? in
            let url = absolute(r.href)
            guard r.property(DAVElement.dav, "resourcetype")?.child(DAVElement.caldav, "calendar") != nil,
                path(url) != path(home), !ownPaths.contains(path(url))
            else { return nil }
            return collection(r, url: url.hasSuffix("/") ? url : url + "/")
        }
    }

    /// One collection's properties (PROPFIND, Depth 0): when the home cannot be listed as a whole
    /// (Radicale answers 500 for a home one of whose collections holds a broken file), each
    /// collection known from the last sync is asked on its own.
    func collection(at url: String) throws(SyncError) -> CalDAVCollection? {
        let r = try multistatus("PROPFIND", url, depth: "0", body: Self.collectionProperties).first { path(absolute($0.href)) == path(url) }
        guard let r, r.property(DAVElement.dav, "resourcetype")?.child(DAVElement.caldav, "calendar") != nil else { return nil }
        return collection(r, url: url)
    }

    static let collectionProperties =
        // not UI: the WebDAV request body
        """
        <?xml version="1.0" encoding="utf-8"?>
        <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:a="http://apple.com/ns/ical/" xmlns:cs="http://calendarserver.org/ns/">
          <d:prop><d:resourcetype/><d:displayname/><a:calendar-color/><c:supported-calendar-component-set/><cs:getctag/><d:sync-token/><d:current-user-privilege-set/></d:prop>
        </d:propfind>
        """

    private func collection(_ r: DAVResponse, url: String) -> CalDAVCollection? {
        let components = (r.property(DAVElement.caldav, "supported-calendar-component-set")?.all(DAVElement.caldav, "comp") ?? [])
            .compactMap { $0.attribute("name")?.uppercased() }
        guard components.isEmpty || components.contains("VEVENT") || components.contains("VTODO") else { return nil }
        let privileges = (r.property(DAVElement.dav, "current-user-privilege-set")?.all(DAVElement.dav, "privilege") ?? [])
            .flatMap(\.children).map(\.name)
        let name = r.property(DAVElement.dav, "displayname")?.text.trimmedXML.nonEmpty
        return CalDAVCollection(
            url: url, name: name ?? CalDAVMirrorNames.lastPart(url),
            color: r.property(Self.apple, "calendar-color")?.text.trimmedXML.nonEmpty,
            components: components.filter { $0 == "VEVENT" || $0 == "VTODO" },
            writable: privileges.contains { ["all", "write", "write-content"].contains($0) },
            syncToken: r.property(DAVElement.dav, "sync-token")?.text.trimmedXML.nonEmpty,
            ctag: r.property(Self.calendarServer, "getctag")?.text.trimmedXML.nonEmpty)
    }
}
