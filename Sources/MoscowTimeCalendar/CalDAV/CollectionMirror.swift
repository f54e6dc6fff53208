// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeStore

/// Brings one CalDAV collection's mirror folder up to the server: what changed since the record's
/// sync-token (RFC 6578), else the whole listing; only members whose ETag changed are fetched
/// (calendar-multiget), each checked within `CalendarLimits` as import checks a file, and written
/// atomically as its own `.ics` file, byte for byte; members gone are removed. A member that is not
/// iCalendar or is too big is left out (and its old file removed), never the collection.
struct CollectionMirror {
    let client: CalDAVClient
    let url: String
    let folder: String
    var record: MirrorRecord

    init(client: CalDAVClient, url: String, folder: String) {
        self.client = client
        self.url = url
        self.folder = folder
        record = MirrorRecord.load(folder + ".json") ?? MirrorRecord()
    }

    /// Whether the folder and its record are there (else the next update fetches all).
    static func exists(_ folder: String) -> Bool {
        access(folder, F_OK) == 0 && access(folder + ".json", F_OK) == 0
    }

    mutating func update() throws(SyncError) {
        let (listing, token) = try self.listing()
        for (href, r) in record.resources where listing[href] == nil {
            if let f = r.file { _ = unlink(folder + "/" + f) }
            record.resources[href] = nil
        }
        let changed = listing.filter { record.resources[$0.key]?.etag != $0.value }.keys.sorted()
        if !changed.isEmpty {
            let (found, _) = try client.fetch(url, changed)
            for href in changed { take(href, found[href], listedETag: listing[href]!) }
        }
        record.syncToken = token
        CalDAVCollections.prepareMirror(folder)
    }

    /// The record kept beside the folder; when it cannot be written, the next sync fetches all again.
    func save() { try? record.save(folder + ".json") }

    /// The members and their ETags now, and the token to ask with next time.
    private func listing() throws(SyncError) -> (members: [String: String], token: String?) {
        if let token = record.syncToken, case .changed(let changed, let removed, let newToken) = try client.changes(url, since: token) {
            var members = record.resources.mapValues(\.etag)
            for href in removed { members[href] = nil }
            members.merge(changed) { $1 }
            return (members, newToken)
        }
        let all = try client.list(url)
        return (all.members, all.syncToken)
    }

    /// One member fetched (or not): written when it is iCalendar within the limits, else left out.
    private mutating func take(_ href: String, _ fetched: (etag: String, data: [UInt8])?, listedETag: String) {
        let old = record.resources[href]
        guard let (etag, xmlData) = fetched, Self.readable(xmlData) else {
            if let f = old?.file { _ = unlink(folder + "/" + f) }
            record.resources[href] = .init(file: nil, etag: fetched?.etag ?? listedETag, hash: nil)
            return
        }
        let data = Self.crlf(xmlData)
        let file = old?.file ?? fileName(href)
        let hash = CalDAVMirrorNames.fnv(data)
        CalDAVCollections.prepareMirror(folder)
        if old?.hash != hash || access(folder + "/" + file, F_OK) != 0 {
            guard (try? UserFile.writeAtomically(bytes: data, to: folder + "/" + file)) != nil else {
                record.resources[href] = .init(file: nil, etag: etag, hash: nil)
                return
            }
        }
        record.resources[href] = .init(file: file, etag: etag, hash: hash)
    }

    /// The href's safe name, or its hash when another member has that name already.
    private func fileName(_ href: String) -> String {
        let name = CalDAVMirrorNames.file(for: href)
        let taken = record.resources.contains { $0.key != href && $0.value.file == name }
        return taken ? "h-" + CalDAVMirrorNames.fnv(href) + ".ics" : name
    }

    /// The calendar data as the server keeps it: XML reads every CRLF as LF (XML 1.0 §2.11), and
    /// iCalendar's lines end in CRLF (RFC 5545 §3.1), so a text without CR gets them back.
    static func crlf(_ data: [UInt8]) -> [UInt8] {
        guard !data.contains(13) else { return data }
        var out: [UInt8] = []
        out.reserveCapacity(data.count + data.count / 40)
        for b in data {
            if b == 10 { out.append(13) }
            out.append(b)
        }
        return out
    }

    /// iCalendar within the import limits (size, components, lines, nesting), as import reads it.
    static func readable(_ data: [UInt8]) -> Bool {
        guard data.count <= CalendarLimits.maximumFileBytes else { return false }
        return (try? ICSLineScanner(data)) != nil
    }
}
