// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain

/// Finds the user's local calendar collections (vdirs): the folders under `~/.calendars/` and
/// `$XDG_DATA_HOME/calendars/` (where vdirsyncer's examples, khal's and todoman's put them), and
/// those the user added (`Settings.calendarFolders`), each either a collection itself (it holds
/// `.ics` files or a `displayname`) or a folder of collections.
public enum LocalCalendars {
    /// Folders of collections, and collections, searched at most: a mistaken `calendars add /`
    /// lists the first folders, not the disk.
    public static let maximumCollections = 200

    public static func standardRoots(environment env: [String: String] = Environment.current) -> [String] {
        let home = env["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let data = env["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        return [home + "/.calendars", data + "/calendars"]
    }

    /// Every calendar: the local collections, then the sync account's CalDAV collections as the
    /// last sync found them (`CalDAVCollections`; none while sync is off). `counting` false leaves
    /// a local collection's `items` 0: a reading lists the folders it reads itself.
    public static func all(_ settings: Settings, environment: [String: String], paths: StorePaths, counting: Bool = true)
        -> [LocalCalendar]
    {
        discover(roots: standardRoots(environment: environment), added: settings.calendarFolders, counting: counting)
            + CalDAVCollections.calendars(paths)
    }

    /// Every collection found, by folder, each once, sorted by name then folder; `items` 0 unless `counting`.
    public static func discover(roots: [String], added: [String], counting: Bool = true) -> [LocalCalendar] {
        var folders: [String] = []
        for root in roots + added.map(trimmed) {
            if isCollection(root) {
                folders.append(root)
            } else {
                folders += subfolders(root).filter(isCollection)
            }
        }
        var seen = Set<String>()
        let unique = folders.filter { seen.insert($0).inserted }.prefix(maximumCollections)
        return unique.map { calendar($0, counting: counting) }.sorted {
            ($0.name.lowercased(), $0.folder) < ($1.name.lowercased(), $1.folder)
        }
    }

    /// The `.ics` files of a collection, sorted.
    public static func itemFiles(_ folder: String) -> [String] {
        entries(folder).filter(isItemName).map { folder + "/" + $0 }
    }

    /// Whether a folder's entry of this name is one of its items (`itemFiles`).
    public static func isItemName(_ name: String) -> Bool {
        name.hasSuffix(".ics") && !name.hasPrefix(".") && !name.contains("/")
    }

    static func calendar(_ folder: String, counting: Bool) -> LocalCalendar {
        let name = text(folder + "/displayname") ?? String(folder.split(separator: "/").last ?? Substring(folder))
        let items = counting ? FolderEntries.count(folder, where: FolderEntries.isItem) : 0
        return LocalCalendar(folder: folder, name: name, color: text(folder + "/color"), items: items)
    }

    /// A folder holding an item or a `displayname`; the listing stops at the first.
    static func isCollection(_ folder: String) -> Bool {
        ResourceLocator.isDirectory(folder) && FolderEntries.contains(folder, where: FolderEntries.marksCollection)
    }

    static func subfolders(_ folder: String) -> [String] {
        entries(folder).map { folder + "/" + $0 }.filter(ResourceLocator.isDirectory).prefix(maximumCollections).map { $0 }
    }

    /// A folder's entries but hidden ones (vdirsyncer's temporary files start with a dot), sorted.
    static func entries(_ folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    /// vdirsyncer's one-line metadata file, trimmed; nil when absent or empty.
    static func text(_ path: String) -> String? {
        guard let bytes = try? FileSystem.read(path, limit: 4096) else { return nil }
        let s = String(decoding: bytes, as: UTF8.self).trimmingSpaces
        return s.isEmpty ? nil : s
    }

    public static func trimmed(_ folder: String) -> String {
        var f = folder
        while f.count > 1, f.hasSuffix("/") { f.removeLast() }
        return f
    }
}
