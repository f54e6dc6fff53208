// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// Why a sync skipped a CalDAV collection, or some of its resources: kept typed, worded in the
/// reader's language by `calendars` and `sync status`.
public enum CalDAVCollectionProblem: Sendable, Equatable {
    /// It answered an HTTP status that is not CalDAV's (a 500, a 403).
    case status(Int)
    /// Its answer was not readable CalDAV XML, or over the answer limit.
    case unreadable
    /// The server could not be reached for it (the network, a timeout).
    case unreachable
    /// Resources left out: not iCalendar, over the import limits, or not fetched; the first named.
    case resources(count: Int, first: String)

    public var message: Message {
        switch self {
        case .status(let s):
            return Message("the server answered it with HTTP {status}; the copy of the last sync is kept", ["status": String(s)])
        case .unreadable: return Message("its answer is not readable CalDAV; the copy of the last sync is kept")
        case .unreachable: return Message("the server could not be reached; the copy of the last sync is kept")
        case .resources(let n, let first):
            return Message.plural(
                "{n} item left out (not iCalendar, or over the limits): {first}",
                "{n} items left out (not iCalendar, or over the limits), the first {first}", count: n,
                ["n": String(n), "first": first])
        }
    }

    /// As `caldav-collections.json` keeps it.
    var stored: [String] {
        switch self {
        case .status(let s): return ["status", String(s)]  // not UI
        case .unreadable: return ["unreadable"]  // not UI
        case .unreachable: return ["unreachable"]  // not UI
        case .resources(let n, let first): return ["resources", String(n), first]  // not UI
        }
    }

    init?(stored s: [String]) {
        switch (s.first, s.count) {
        case ("status", 2):
            guard let n = Int(s[1]) else { return nil }
            self = .status(n)
        case ("unreadable", 1): self = .unreadable
        case ("unreachable", 1): self = .unreachable
        case ("resources", 3):
            guard let n = Int(s[1]) else { return nil }
            self = .resources(count: n, first: s[2])
        default: return nil
        }
    }
}

extension CalDAVCollectionProblem {
    /// Some resources were left out, not the collection: the mirror is up to date.
    public var isResources: Bool {
        if case .resources = self { return true }
        return false
    }
}
