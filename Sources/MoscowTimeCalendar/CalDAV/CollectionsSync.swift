// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import MoscowTimeStore

/// The sync account's other calendars (issue 38), run by each sync after the alarms' and habits':
/// the calendar home's collections are listed again (one PROPFIND), recorded for `calendars`
/// (`CalDAVCollections`), and each one set to remind is mirrored (`CollectionMirror`) — but only
/// when its sync-token or ctag moved since, so a sync with nothing new fetches nothing and writes
/// nothing. A collection that fails keeps its last mirror and says why; the others go on. A quiet
/// collection's mirror is removed.
public struct CollectionsSync {
    let client: CalDAVClient
    let paths: StorePaths

    /// `seconds`: what is left of the sync's deadline (`SyncDeadline`) after the alarms' part.
    public init(account: SyncAccount, password: String?, paths: StorePaths, seconds: Int) {
        client = CalDAVClient(url: account.url, user: account.user, password: password, syncSeconds: max(1, seconds))
        self.paths = paths
    }

    /// `reminded`: the settings' `remindedCalendars` (folders); `own`: the alarms' and habits'
    /// collections, left out. Returns the collections as recorded, each with its problem if any.
    public func run(reminded: Set<String>, own: (alarms: String, habits: String)) -> Result {
        CalDAVCollections.locked(paths) { runLocked(reminded: reminded, own: own) }
    }

    private func runLocked(reminded: Set<String>, own: (alarms: String, habits: String)) -> Result {
        let before = CalDAVCollections.load(paths)
        let last = Dictionary(before.map { ($0.url, $0) }) { a, _ in a }
        let (found, homeProblem) = discover(own: own, known: before)
        let now = found.map { f in
            f.failure.map { problem in failed(last[f.collection.url] ?? f.collection, problem) }
                ?? update(
                    f.collection, last: last[f.collection.url],
                    remind: reminded.contains(CalDAVCollections.folder(of: f.collection.url, paths)))
        }
        if homeProblem == nil {
            for gone in before where !found.contains(where: { $0.collection.url == gone.url }) {
                CalDAVCollections.removeMirror(CalDAVCollections.folder(of: gone.url, paths))
            }
        }
        if now != before { try? CalDAVCollections.save(now, paths) }
        return Result(collections: now, homeProblem: homeProblem)
    }

    public struct Result {
        public let collections: [CalDAVCollection]
        /// The calendar home could not be listed as a whole (and nothing was known to ask instead).
        public let homeProblem: CalDAVCollectionProblem?
    }

    /// The home's collections, each with why it could not be asked; when the home cannot be listed,
    /// those `known` from the last sync are asked one by one.
    private func discover(own: (alarms: String, habits: String), known: [CalDAVCollection])
        -> (found: [(collection: CalDAVCollection, failure: CalDAVCollectionProblem?)], homeProblem: CalDAVCollectionProblem?)
    {
        do {
            let all = try client.collections(in: Self.home(of: own.alarms), leaving: [own.alarms, own.habits])
            return (all.map { ($0, nil) }, nil)
        } catch {
            // A server that cannot be reached is not asked again for each collection.
            guard Self.problem(error) != .unreachable else { return (known.map { ($0, .unreachable) }, nil) }
            let one = known.compactMap { c -> (collection: CalDAVCollection, failure: CalDAVCollectionProblem?)? in
                do throws(SyncError) { return try client.collection(at: c.url).map { ($0, nil) } } catch { return (c, Self.problem(error)) }
            }
            return (one, known.isEmpty ? Self.problem(error) : nil)
        }
    }

    /// A collection that could not be asked: its mirror and record stay, with the reason.
    private func failed(_ c: CalDAVCollection, _ problem: CalDAVCollectionProblem) -> CalDAVCollection {
        var c = c
        c.problem = problem
        return c
    }

    /// One collection: mirrored when set to remind and changed on the server or here (or never
    /// mirrored), else as it was. Files changed here go back first where the server lets us write.
    private func update(_ found: CalDAVCollection, last: CalDAVCollection?, remind: Bool) -> CalDAVCollection {
        let folder = CalDAVCollections.folder(of: found.url, paths)
        var c = found
        guard remind else {
            if last?.items ?? 0 > 0 || CollectionMirror.exists(folder) { CalDAVCollections.removeMirror(folder) }
            c.items = 0
            return c
        }
        let changedHere = last?.mirrorStamp.map { $0 != CalDAVCollections.stamp(folder) } ?? false
        if let last, !changedHere, last.problem == nil || last.problem?.isResources == true, found.unchanged(since: last),
            CollectionMirror.exists(folder)
        {
            return kept(c, last)
        }
        var mirror = CollectionMirror(client: client, url: found.url, folder: folder)
        let sent = changedHere && found.writable ? mirror.uploadLocalChanges() : (dropped: [], unsent: false)
        c.dropped = sent.dropped
        do throws(SyncError) {
            try mirror.update()
            c.problem = mirror.record.problem
        } catch {
            // The server's state is not taken, so the next sync asks again.
            (c.syncToken, c.ctag, c.problem) = (nil, nil, Self.problem(error))
        }
        mirror.save()
        c.items = mirror.record.files
        // A change that could not be sent keeps the folder "changed" for the next sync.
        c.mirrorStamp = sent.unsent ? "unsent" : CalDAVCollections.stamp(folder)  // not UI
        return c
    }

    /// Nothing new on either side: as the last sync left it.
    private func kept(_ found: CalDAVCollection, _ last: CalDAVCollection) -> CalDAVCollection {
        var c = found
        (c.items, c.problem, c.mirrorStamp, c.dropped) = (last.items, last.problem, last.mirrorStamp, last.dropped)
        return c
    }

    /// The calendar home: the alarms' collection's parent (`<home>moscowtime-alarms/`).
    static func home(of alarms: String) -> String {
        var parts = alarms.split(separator: "/", omittingEmptySubsequences: false)
        if parts.last == "" { parts.removeLast() }
        parts.removeLast()
        return parts.joined(separator: "/") + "/"
    }

    static func problem(_ e: SyncError) -> CalDAVCollectionProblem {
        switch e.failure {
        case .notMultistatus(_, _, let status), .unexpectedStatus(_, _, let status): return .status(status)
        case .unreachable, .timedOut, .syncDeadline, .certificateRefused: return .unreachable
        case .authenticationRefused: return .status(401)
        default: return .unreadable
        }
    }
}
