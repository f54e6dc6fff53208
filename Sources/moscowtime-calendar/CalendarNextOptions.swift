// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// `calendar-next COUNT [--since INSTANT] [--watched [--changed FOLDER]...]`:
/// - `--since`: the reminders from then on rather than from now, those already past included;
/// - `--watched`: the caller (the agent) watches every reminded folder it was told of and names
///   with `--changed` those that changed since its last reading; the others are taken from their
///   caches without looking at their files (`CachedFolderReader.readUnchanged`).
struct CalendarNextOptions: Equatable {
    var count: Int
    var since: Instant?
    var watched = false
    var changed: Set<String> = []

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
            case "--changed":
                guard let folder = rest.popFirst() else { return nil }
                changed.insert(folder)
            default: return nil
            }
        }
        guard watched || changed.isEmpty else { return nil }
    }
}
