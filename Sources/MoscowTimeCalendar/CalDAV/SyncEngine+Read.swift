// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import MoscowTimeStore

extension SyncEngine {
    /// Step 1 for both collections (`read`), warning of members that are none of ours; an alarm
    /// held at the last sync whose server copy has not changed since stays held.
    func readCollections(
        _ state: SyncState, zone: Zone, habitNames: Set<String>, dryRun: Bool,
        report: inout Report
    ) throws(SyncError) -> (alarms: Remote<AlarmVersion>, habits: Remote<HabitVersion>) {
        // An adopted event whose text is not kept here (too large, or the sync state was lost) is
        // read again, so that a change made here can patch it (`AdoptedEventPatch`).
        let textless = Set(state.adoptedUIDs.keys.filter { state.adoptedTexts[$0] == nil }.compactMap { state.alarms[$0]?.url })
        var remoteAlarms = try read(
            AlarmSyncKind.self, state.alarmsCollection, known: state.alarms, token: state.alarmsSyncToken, zone: zone, dryRun: dryRun,
            refetch: textless
        ) { imp, url in
            // Another program's event that cannot be an alarm is named with why (its unknown zone, say).
            let refusals = imp.warnings.filter {
                if case .eventRefused = $0 { return true }
                if case .titleNotALabel = $0 { return true }
                return false
            }
            guard imp.unexpressible.isEmpty else { return }
            report.warnings += refusals.isEmpty ? [.notOurAlarm(url: url)] : refusals
        }
        let remoteHabits = try read(
            HabitSyncKind.self, state.habitsCollection, known: state.habits, token: state.habitsSyncToken, zone: zone, dryRun: dryRun
        ) { imp, url in
            // todoman's instances of a habit's recurring to-do carry its name: no warning.
            if !imp.foreignTodos.contains(where: { habitNames.contains($0.name) }) { report.warnings.append(.notOurHabit(url: url)) }
        }
        for h in state.held
        where remoteAlarms.versions[h.id] == nil && remoteAlarms.held[h.id] == nil
            && remoteAlarms.listing[h.url] != nil && remoteAlarms.listing[h.url] == h.etag
        {
            remoteAlarms.held[h.id] = h
        }
        // Where another program's floating times are read, said when they are taken.
        for f in remoteAlarms.floatingTimes { report.warnings.append(.floatingTimes(f.name, zone: f.zone, source: f.source)) }
        return (remoteAlarms, remoteHabits)
    }

    /// Step 1 for one collection: what changed since the last sync's sync-token, or the whole
    /// listing; then the members whose ETag changed, read. `noItemOfOurs` is told of each member
    /// read that holds no item of this kind.
    func read<Kind: SyncKind>(
        _ kind: Kind.Type, _ collection: String, known: [String: SyncState.Item], token: String?, zone: Zone, dryRun: Bool,
        refetch: Set<String> = [], noItemOfOurs: (CalendarImport, _ url: String) -> Void
    ) throws(SyncError) -> Remote<Kind.Version> {
        var remote = Remote<Kind.Version>()
        (remote.listing, remote.syncToken) = try listing(kind, collection, known: known, token: token, dryRun: dryRun)
        var etagOfKnownURL: [String: String?] = [:]
        for (_, item) in known { etagOfKnownURL[item.url] = item.etag }
        let changed = remote.listing.filter { url, etag in refetch.contains(url) || (etagOfKnownURL[url].map { $0 != etag } ?? true) }
            .map(\.key).sorted()
        let (fetched, unfetchable) = changed.isEmpty ? ([:], [:]) : try client.fetch(collection, changed)
        for (url, failure) in unfetchable.sorted(by: { $0.key < $1.key }) {
            if case .answerTooLarge(_, _, let limit) = failure {
                remote.skipped.append(SyncState.Skipped(url: url, reason: .larger(limit: limit)))
            } else {
                remote.skipped.append(SyncState.Skipped(url: url, reason: .unreadableAnswer))
            }
        }
        for url in changed where unfetchable[url] == nil {
            guard let (etag, data) = fetched[url] else { throw SyncError(.badAnswer, .listedNotReturned(url: url)) }
            let imp: CalendarImport
            do { imp = try CalendarImporter.read(data, zone: zone, now: now, adopting: Kind.adoptsOtherPrograms) } catch {
                // One bad item never stops the sync: it is left out, and named.
                remote.skipped.append(SyncState.Skipped(url: url, reason: .invalid(error)))
                continue
            }
            take(imp, of: kind, url: url, etag: etag, into: &remote, noItemOfOurs: noItemOfOurs)
            remote.floatingTimes += imp.floatingTimes.filter { f in imp.adoptedUIDs.values.contains(f.name.uid) }
            // The other program's text of an event taken as an alarm, as the server has it.
            for id in imp.adoptedUIDs.keys { remote.adoptedTexts[id] = String(validating: data, as: UTF8.self) }
        }
        return remote
    }

    /// The collection's members with their ETags, and its new sync-token: incremental (RFC 6578)
    /// when every known member has an ETag to compare the changes with and the server still knows
    /// the token, else the whole listing.
    func listing<Kind: SyncKind>(
        _ kind: Kind.Type, _ collection: String, known: [String: SyncState.Item], token: String?, dryRun: Bool
    ) throws(SyncError) -> (listing: [String: String], syncToken: String?) {
        if let token, !known.values.contains(where: { $0.etag == nil }),
            case .changed(let changed, let removed, let newToken) = try client.changes(collection, since: token)
        {
            var listing: [String: String] = [:]
            for (_, item) in known { listing[item.url] = item.etag }
            for url in removed { listing[url] = nil }
            for (url, etag) in changed { listing[url] = etag }
            return (listing, newToken)
        }
        do throws(SyncError) {
            let (members, syncToken) = try client.list(collection)
            return (members, syncToken)
        } catch {
            // The collection itself is gone (a server that lost its data): made again, empty.
            guard case .notMultistatus(_, _, 404) = error.failure, !known.isEmpty else { throw error }
            if !dryRun { try client.ensureCollection(collection, displayName: Kind.displayName, component: Kind.component) }
            return ([:], nil)
        }
    }

    /// One member read: its items, and what it says of other programs' items.
    func take<Kind: SyncKind>(
        _ imp: CalendarImport, of kind: Kind.Type, url: String, etag: String, into remote: inout Remote<Kind.Version>,
        noItemOfOurs: (CalendarImport, _ url: String) -> Void
    ) {
        let versions = Kind.versions(in: imp)
        if versions.isEmpty { noItemOfOurs(imp, url) }
        remote.adoptedUIDs.merge(imp.adoptedUIDs) { $1 }
        // Removed only where it is alone in its member (todoman writes one to-do a file).
        let removable = versions.isEmpty && imp.foreignTodos.count == 1 ? url : nil
        remote.foreignTodos += imp.foreignTodos.map { (removable, etag, $0) }
        for (id, u) in imp.unexpressible {
            remote.held[id] = SyncState.Held(id: id, label: u.label, url: url, etag: etag, rule: u.rule)
        }
        for (id, v) in versions {
            remote.versions[id] = (url, etag, v)
            remote.written[id] = imp.written[id]
            if imp.markedDone.contains(id) { remote.rewrite.insert(id) }
        }
    }
}
