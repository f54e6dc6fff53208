// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// `calendar-next COUNT [--since INSTANT] [--read-only | --watched [--changed FOLDER]... [--changed-file PATH]...]`:
/// - `--since`: the reminders from then on rather than from now, those already past included;
/// - `--watched`: the caller (the agent) watches every reminded folder it was told of and names
///   with `--changed` those that changed since its last reading; the others are taken from their
///   caches without looking at their files (`CachedFolderReader.readNamed`);
/// - `--changed-file`: a file that changed in a folder not named by `--changed` (the watcher's
///   names): only the named files of that folder are looked at, the rest taken from its cache;
/// - `--read-only` (agent-cli): the caches are read, never written. Only the agent's readings,
///   one at a time, write them: a reading of agent-cli's saved over a change it began too early
///   to see would be trusted by the agent's next `--watched` reading, and that change lost.
struct CalendarNextOptions: Equatable {
    var count: Int
    var since: Instant?
    var watched = false
    var changed: Set<String> = []
    /// File names by folder (`--changed-file FOLDER/NAME`).
    var changedFiles: [String: Set<String>] = [:]
    var readOnly = false

    /// nil when the arguments are not of that form.
    init?(_ args: ArraySlice<String>) {
        guard let first = args.first, let count = Int(first), (1...1000).contains(count) else { return nil }
        self.count = count
        var rest = args.dropFirst()
        while let option = rest.popFirst() {
            switch option {
            case "--since":
                guard since == nil, let value = rest.popFirst(), let at = ISO8601.parse(value) else { return nil }
                since = at
            case "--watched": watched = true
            case "--read-only": readOnly = true
            case "--changed":
                guard let folder = rest.popFirst() else { return nil }
                changed.insert(folder)
            case "--changed-file":
                guard let path = rest.popFirst(), let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return nil }
                changedFiles[String(path[..<slash]), default: []].insert(String(path[path.index(after: slash)...]))
            default: return nil
            }
        }
        guard watched || (changed.isEmpty && changedFiles.isEmpty), !(watched && readOnly) else { return nil }
    }
}
