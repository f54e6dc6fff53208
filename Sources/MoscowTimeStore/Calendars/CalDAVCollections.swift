// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain

/// The CalDAV collections of the sync account as the last sync found them
/// (`$XDG_STATE_HOME/moscowtime/caldav-collections.json`), and their mirrors: each collection set
/// to remind is copied by sync into `$XDG_STATE_HOME/moscowtime/caldav/<folder>/`, one `.ics` file a
/// resource (a vdir), which is the folder `remindedCalendars` names and the agent reads and watches
/// as it does a local calendar's. Losing either costs a full fetch at the next sync, nothing more.
public enum CalDAVCollections {
    public static func path(_ paths: StorePaths) -> String { paths.stateDirectory + "/caldav-collections.json" }
    public static func mirrorRoot(_ paths: StorePaths) -> String { paths.stateDirectory + "/caldav" }

    /// The mirror folder of the collection at `url`.
    public static func folder(of url: String, _ paths: StorePaths) -> String {
        mirrorRoot(paths) + "/" + CalDAVMirrorNames.folder(for: url)
    }

    /// The collections as calendars (their mirror folders), sorted by name then URL.
    public static func calendars(_ paths: StorePaths) -> [LocalCalendar] {
        load(paths).map { c in
            LocalCalendar(folder: folder(of: c.url, paths), name: c.name, color: c.color, items: c.items, url: c.url)
        }
        .sorted { ($0.name.lowercased(), $0.url ?? "") < ($1.name.lowercased(), $1.url ?? "") }
    }

    /// What the last sync recorded; nothing when there is no file or it is damaged.
    public static func load(_ paths: StorePaths) -> [CalDAVCollection] {
        guard let bytes = try? UserFile.readIfPresent(path(paths)), let json = try? JSONParser.parse(bytes) else { return [] }
        return (json["collections"]?.arrayValue ?? []).compactMap(collection)
    }

    public static func save(_ collections: [CalDAVCollection], _ paths: StorePaths) throws(StoreError) {
        try UserFile.writeAtomically(JSONWriter.pretty(.object([("collections", .array(collections.map(json)))])), to: path(paths))
    }

    /// Sync turned off or moved to another account: the list and every mirror go.
    public static func forget(_ paths: StorePaths) {
        _ = unlink(path(paths))
        for name in LocalCalendars.entries(mirrorRoot(paths)) where !name.hasSuffix(".json") {
            removeMirror(mirrorRoot(paths) + "/" + name)
        }
        _ = rmdir(mirrorRoot(paths))
    }

    /// Runs `body` holding `<state>/caldav.lock` (flock): the agent's sync and `agent-cli sync` at
    /// once take turns over the mirrors rather than writing one record over the other.
    public static func locked<T>(_ paths: StorePaths, _ body: () -> T) -> T {
        try? FileSystem.makeDirectories(paths.stateDirectory)
        let fd = open(mirrorRoot(paths) + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return body() }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0, errno == EINTR {}
        return body()
    }

    /// A folder's modification time (seconds and nanoseconds), which a file created, replaced or
    /// removed in it changes; nil when it is not there.
    public static func stamp(_ folder: String) -> String? {
        var st = stat()
        guard stat(folder, &st) == 0 else { return nil }
        return "\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec)"
    }

    /// Makes the mirror folder (empty) so that the agent can watch it before the first sync fills it.
    public static func prepareMirror(_ folder: String) {
        try? FileSystem.makeDirectories(folder)
    }

    /// A mirror folder with its files, and the sync's record of it beside it (`<folder>.json`).
    public static func removeMirror(_ folder: String) {
        if let dir = opendir(folder) {
            var names: [String] = []
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                if name != ".", name != ".." { names.append(name) }
            }
            closedir(dir)
            for name in names { _ = unlink(folder + "/" + name) }
            _ = rmdir(folder)
        }
        _ = unlink(folder + ".json")
    }

    static func collection(_ v: JSONValue) -> CalDAVCollection? {
        guard let url = v["url"]?.stringValue, let name = v["name"]?.stringValue else { return nil }
        var c = CalDAVCollection(
            url: url, name: name, color: v["color"]?.stringValue,
            components: v["components"]?.arrayValue?.compactMap(\.stringValue) ?? [], writable: v["writable"]?.boolValue ?? false,
            syncToken: v["syncToken"]?.stringValue, ctag: v["ctag"]?.stringValue, items: v["items"]?.intValue ?? 0,
            problem: v["problem"]?.arrayValue.flatMap { CalDAVCollectionProblem(stored: $0.compactMap(\.stringValue)) })
        c.mirrorStamp = v["mirrorStamp"]?.stringValue
        c.dropped = v["dropped"]?.arrayValue?.compactMap(\.stringValue) ?? []
        return c
    }

    static func json(_ c: CalDAVCollection) -> JSONValue {
        var m: [(String, JSONValue)] = [
            ("url", .string(c.url)), ("name", .string(c.name)), ("components", .array(c.components.map(JSONValue.string))),
            ("writable", .bool(c.writable)), ("items", .int(c.items)),
        ]
        if let v = c.color { m.append(("color", .string(v))) }
        if let v = c.syncToken { m.append(("syncToken", .string(v))) }
        if let v = c.ctag { m.append(("ctag", .string(v))) }
        if let p = c.problem { m.append(("problem", .array(p.stored.map(JSONValue.string)))) }
        if let v = c.mirrorStamp { m.append(("mirrorStamp", .string(v))) }
        if !c.dropped.isEmpty { m.append(("dropped", .array(c.dropped.map(JSONValue.string)))) }
        return .object(m)
    }
}
