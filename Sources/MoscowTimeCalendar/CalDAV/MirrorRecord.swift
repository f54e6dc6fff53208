// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeStore

/// What the sync knows of one mirrored CalDAV collection (`<mirror folder>.json`, beside the folder
/// so that writing it does not touch the folder the agent watches): the sync-token the mirror is
/// up to, and per resource URL its file, ETag and the FNV hash of the bytes written (so a file
/// changed here since can be told).
struct MirrorRecord: Equatable {
    struct Resource: Equatable {
        /// The file's name in the folder; nil for a resource left out (not iCalendar, too big):
        /// it is fetched again only when its ETag changes.
        var file: String?
        var etag: String
        var hash: String?
    }

    var syncToken: String?
    var resources: [String: Resource] = [:]

    var files: Int { resources.values.count { $0.file != nil } }

    /// The resources left out, as the problem `calendars` and `sync status` show.
    var problem: CalDAVCollectionProblem? {
        let left = resources.filter { $0.value.file == nil }.keys.sorted()
        return left.first.map { .resources(count: left.count, first: $0) }
    }

    static func load(_ path: String) -> MirrorRecord? {
        guard let bytes = try? UserFile.readIfPresent(path), let json = try? JSONParser.parse(bytes),
            case .object(let members)? = json["resources"]
        else { return nil }
        var r = MirrorRecord(syncToken: json["syncToken"]?.stringValue)
        for (url, v) in members {
            guard let etag = v["etag"]?.stringValue else { continue }
            r.resources[url] = Resource(file: v["file"]?.stringValue, etag: etag, hash: v["hash"]?.stringValue)
        }
        return r
    }

    func save(_ path: String) throws(StoreError) {
        let items: [(String, JSONValue)] = resources.keys.sorted().map { url in
            let r = resources[url]!
            var m: [(String, JSONValue)] = [("etag", .string(r.etag))]
            if let f = r.file { m.append(("file", .string(f))) }
            if let h = r.hash { m.append(("hash", .string(h))) }
            return (url, .object(m))
        }
        var top: [(String, JSONValue)] = [("resources", .object(items))]
        if let t = syncToken { top.append(("syncToken", .string(t))) }
        try UserFile.writeAtomically(JSONWriter.pretty(.object(top)), to: path)
    }
}
