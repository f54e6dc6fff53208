// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import MoscowTimeStore

/// Two-way sync of alarms (one VEVENT collection) and habits (one VTODO collection) with a
/// CalDAV server.
///
/// 1. Read: ask each collection what changed since the last sync's sync-token (RFC 6578), or, where
///    the server offers none or has forgotten it, list it (ETags); fetch only members whose ETag
///    changed. Any failure here — server down, refused password, an answer that is not CalDAV, a
///    resource that is not iCalendar — stops the sync before anything local changes.
/// 2. Merge, under the store's lock against the current document (`SyncMerge`), and save it.
/// 3. Upload what the server lacks, one PUT at a time, each conditional on the ETag seen in
///    step 1, recording each success in the sync state as it happens. A server that goes away here
///    leaves some items not uploaded; the next sync sees them as changed locally and uploads them.
public final class SyncEngine {
    public struct Report: Sendable {
        public var downloaded = 0, uploaded = 0, conflicts = 0, requests = 0
        public var warnings: [CalendarWarning] = []
        /// This machine's clock against the server's; nil when the sync stopped before an answer.
        public var clock: ServerClock?
    }

    let store: DocumentStore
    let account: SyncAccount
    let client: CalDAVClient
    let now: Instant

    public init(store: DocumentStore, account: SyncAccount, password: String?, now: Instant) {
        self.store = store
        self.account = account
        self.now = now
        client = CalDAVClient(url: account.url, user: account.user, password: password)
    }

    /// Finds the calendar home and creates the two collections if missing; returns their URLs.
    public func prepareCollections() throws(SyncError) -> (alarms: String, habits: String) {
        let home = try client.calendarHome()
        let alarms = home + "moscowtime-alarms/"
        let habits = home + "moscowtime-habits/"
        // The collections' names on the server, shared by every machine (whatever its language).
        try client.ensureCollection(alarms, displayName: "MoscowTime alarms", component: "VEVENT")  // not UI
        try client.ensureCollection(habits, displayName: "MoscowTime habits", component: "VTODO")  // not UI
        return (alarms, habits)
    }

    /// Remote side of one collection after step 1.
    struct Remote<V> {
        var listing: [String: String] = [:]  // url → etag
        var syncToken: String?
        var versions: [String: (url: String, etag: String, version: V)] = [:]  // id → fetched version
        var urlOfID: [String: String] = [:]
        /// Members that could not be read: left out of this sync, named in a warning.
        var skipped: [SyncState.Skipped] = []
        /// Per id, the `modified` our writer left in the server copy (`X-MOSCOWTIME-MODIFIED`).
        var written: [String: Instant] = [:]
        /// Ids whose server copy is to be replaced by ours even when it reads the same: a habit
        /// another program marked done (`CalendarImport.markedDone`).
        var rewrite: Set<String> = []
        /// Our alarms whose server copy says what alarms cannot (`CalendarImport.unexpressible`).
        var held: [String: SyncState.Held] = [:]
        /// Alarms taken from another program's event, by id: the event's UID (`CalendarImport.adoptedUIDs`).
        var adoptedUIDs: [String: String] = [:]
        /// To-dos of other programs marked done since the last sync (`CalendarImport.foreignCompletions`).
        var completions: [CalendarImport.Completion] = []
    }

    /// The user's word on one item (`sync --keep-local ID` / `--accept-remote ID`): its version
    /// here, or the server's, wins this sync's merge whatever the times say.
    public enum ItemChoice: Sendable, Equatable {
        case keepLocal(String)
        case acceptRemote(String)
        public var id: String {
            switch self {
            case .keepLocal(let id), .acceptRemote(let id): return id
            }
        }
    }

    /// With `acceptRemote`, a collection that lost every item this machine had synced (the server
    /// lost its data, or someone emptied it) is followed here: the items are deleted locally. Without
    /// it they are kept and sent again (`CalendarWarning.serverLostItems`).
    ///
    /// `snapshot`: the document as the caller has just read it (`DocumentStore.loadSnapshot`), so
    /// the store is decoded once; the merge still reads the file again under the lock.
    public func run(
        dryRun: Bool, acceptRemote: Bool = false, item: ItemChoice? = nil,
        snapshot: DocumentStore.Snapshot? = nil
    ) throws -> Report {
        var state = try SyncState.load(store.paths)
        if state.accountURL != account.url {
            state = SyncState()
            state.accountURL = account.url
        }
        // The chosen item is read again from the server, so that its merge is made now.
        if let id = item?.id {
            state.alarms[id]?.etag = nil
            state.habits[id]?.etag = nil
        }
        var report = Report()
        do {
            if state.alarmsCollection.isEmpty || state.habitsCollection.isEmpty {
                let c = try prepareCollections()
                state.alarmsCollection = c.alarms
                state.habitsCollection = c.habits
            }
            let snapshot = try snapshot ?? store.loadSnapshot()
            let doc0 = snapshot.document
            guard let zone = Zone(identifier: doc0.settings.zone) else { throw SyncError(.setup, .unknownZone(doc0.settings.zone)) }
            // 1. Read.
            let remote = try readCollections(state, zone: zone, habitNames: Set(doc0.habits.map(\.name)), dryRun: dryRun, report: &report)
            // 2. Merge under the lock, by the server's clock.
            let clock = ServerClock(local: now, server: client.serverDate)
            report.clock = clock
            let merged = try merge(
                remote, state: state, clock: clock, zone: zone, snapshot: snapshot, acceptRemote: acceptRemote,
                item: item, dryRun: dryRun, report: &report)
            if dryRun {
                report.uploaded = merged.uploads.count
                report.requests = client.requests
                return report
            }
            state = merged.state
            state.clockSkew = clock.agrees ? nil : clock.skew
            state.serverClockUnknown = clock.server == nil
            try ConflictLog.append(merged.lost, paths: store.paths, at: now)
            state.conflicts += report.conflicts
            // 3. Upload, recording each success.
            defer { try? state.save(store.paths) }
            try upload(merged.uploads, state: &state, report: &report)
            state.lastSync = clock.now
            state.lastFailure = nil
            state.lastErrorAt = nil
            state.lastRequests = client.requests
            report.requests = client.requests
            return report
        } catch let e as SyncError {
            state.lastFailure = .typed(e.failure)
            state.lastErrorAt = now
            state.lastRequests = client.requests
            if !dryRun { try? state.save(store.paths) }
            throw e
        }
    }

    /// Step 1 for both collections (`read`), warning of members that are none of ours; an alarm
    /// held at the last sync whose server copy has not changed since stays held.
    func readCollections(
        _ state: SyncState, zone: Zone, habitNames: Set<String>, dryRun: Bool,
        report: inout Report
    ) throws(SyncError) -> (alarms: Remote<AlarmVersion>, habits: Remote<HabitVersion>) {
        var remoteAlarms: Remote<AlarmVersion> = try read(
            state.alarmsCollection, known: state.alarms, token: state.alarmsSyncToken, zone: zone,
            // not UI: protocol text
            component: "VEVENT", displayName: "MoscowTime alarms", dryRun: dryRun
        ) { imp, url in  // not UI
            var out: [(String, AlarmVersion)] = []
            for a in imp.alarms where !a.id.isEmpty { out.append((a.id, .present(a))) }
            for (id, at) in imp.deletedAlarms { out.append((id, .deleted(id: id, at: at))) }
            if out.isEmpty && imp.unexpressible.isEmpty { report.warnings.append(.notOurAlarm(url: url)) }
            return out
        }
        let remoteHabits: Remote<HabitVersion> = try read(
            state.habitsCollection, known: state.habits, token: state.habitsSyncToken, zone: zone,
            // not UI: protocol text
            component: "VTODO", displayName: "MoscowTime habits", dryRun: dryRun
        ) { imp, url in  // not UI
            var out: [(String, HabitVersion)] = []
            for h in imp.habits {
                out.append((h.id, .present(h, logged: imp.dayLogged[h.id] ?? [:], removed: imp.dayRemoved[h.id] ?? [:])))
            }
            for (id, at) in imp.deletedHabits { out.append((id, .deleted(id: id, at: at))) }
            // todoman's instances of a habit's recurring to-do carry its name: no warning.
            if out.isEmpty && !imp.foreignTitles.contains(where: habitNames.contains) { report.warnings.append(.notOurHabit(url: url)) }
            return out
        }
        for h in state.held
        where remoteAlarms.versions[h.id] == nil && remoteAlarms.held[h.id] == nil
            && remoteAlarms.listing[h.url] != nil && remoteAlarms.listing[h.url] == h.etag
        {
            remoteAlarms.held[h.id] = h
        }
        return (remoteAlarms, remoteHabits)
    }

    /// Step 2: what the sync makes of each item, merged into the document under the store's lock
    /// (saved unless `dryRun`); returns the sync state to keep, the uploads of step 3 and the
    /// losers of conflicts for the conflict log.
    func merge(
        _ remote: (alarms: Remote<AlarmVersion>, habits: Remote<HabitVersion>), state: SyncState, clock: ServerClock, zone: Zone,
        snapshot: DocumentStore.Snapshot, acceptRemote: Bool, item: ItemChoice?, dryRun: Bool,
        report: inout Report
    ) throws -> (state: SyncState, uploads: [(Upload, isAlarm: Bool)], lost: [String]) {
        let remoteAlarms = remote.alarms
        let remoteHabits = remote.habits
        var uploadsAlarms: [Upload] = []
        var uploadsHabits: [Upload] = []
        var lost: [String] = []
        let lastSync = state.lastSync
        var newState = state
        // The tokens of this read: whatever changes after it (our own uploads included) is
        // reported next time, and our uploads are recognised by their ETags.
        newState.alarmsSyncToken = remoteAlarms.syncToken
        newState.habitsSyncToken = remoteHabits.syncToken
        newState.skipped = remoteAlarms.skipped + remoteHabits.skipped
        for s in newState.skipped { report.warnings.append(.skippedResource(url: s.url, s.reason)) }
        if !acceptRemote {
            noteLostCollections(remote, state: state, clock: clock, newState: &newState, report: &report)
        } else {
            newState.serverLostAt = nil
            newState.serverLostCount = 0
        }
        // The user's choice for one item decides its merge (see `ItemChoice`).
        func decided(_ id: String, _ localChanged: Bool, _ remoteChanged: Bool) -> (Bool, Bool) {
            switch item {
            case .keepLocal(id)?: return (true, false)
            case .acceptRemote(id)?: return (false, true)
            default: return (localChanged, remoteChanged)
            }
        }
        try store.update(stamping: false, reusing: snapshot) { doc in
            var merged = doc
            let settings = doc.settings
            let workingDays = doc.workingCalendar
            // An alarm taken from another program's event keeps that event's UID when written.
            let uids = state.adoptedUIDs.merging(remoteAlarms.adoptedUIDs) { $1 }
            let renderAlarm = { (v: AlarmVersion) in Self.render(v, settings, workingDays, uid: uids[v.id]) }
            // Held alarms are left out of the merge: neither side's copy changes.
            var localAlarms = doc.alarmVersions()
            // Made when the first item needs it: a document without alarms renders no probe alarm.
            var contexts: (alarms: String?, habits: String?) = (nil, nil)
            let alarmsContext = { () -> String in
                if let c = contexts.alarms { return c }
                contexts.alarms = Self.renderContext(settings, workingDays)
                return contexts.alarms!
            }
            let habitsContext = { () -> String in
                if let c = contexts.habits { return c }
                contexts.habits = Self.renderContext()
                return contexts.habits!
            }
            let held = hold(
                remoteAlarms.held, local: &localAlarms, known: &newState.alarms, keepLocal: item,
                render: renderAlarm)
            uploadsAlarms = plan(
                local: localAlarms, remote: remoteAlarms, known: &newState.alarms,
                collection: state.alarmsCollection, prefix: "alarm", lastSync: lastSync, clock: clock,
                render: renderAlarm,
                // An adopted alarm is written under its event's UID: that is part of what it renders.
                digest: { SyncModelDigest.of($0, salt: alarmsContext() + (uids[$0.id] ?? "")) },
                deleted: { AlarmVersion.deleted(id: $0, at: $1) },
                merge: { l, r, lc, rc in
                    let (a, b) = decided(l.id, lc, rc)
                    return SyncMerge.alarm(local: l, remote: r, localChanged: a, remoteChanged: b)
                }, apply: { merged.apply($0) }, forget: { merged.forgetDeletedAlarm($0) },
                describeLoser: { Self.describe($0, settings, workingDays) }, lost: &lost, report: &report)
            var localHabits = doc.habitVersions()
            for c in remoteHabits.completions {
                guard let id = doc.habits.first(where: { $0.name == c.name })?.id,
                    let v = Self.logging(c, in: localHabits[id], zone: zone)
                else { continue }
                localHabits[id] = v
                merged.apply(v)
            }
            uploadsHabits = plan(
                local: localHabits, remote: remoteHabits, known: &newState.habits,
                collection: state.habitsCollection, prefix: "habit", lastSync: lastSync, clock: clock,
                render: Self.render, digest: { SyncModelDigest.of($0, salt: habitsContext()) },
                deleted: { HabitVersion.deleted(id: $0, at: $1) },
                merge: { l, r, lc, rc in
                    let (a, b) = decided(l.id, lc, rc)
                    return SyncMerge.habit(local: l, remote: r, localChanged: a, remoteChanged: b)
                }, apply: { merged.apply($0) }, forget: { merged.forgetDeletedHabit($0) },
                describeLoser: Self.describe, lost: &lost, report: &report)
            for (h, base) in held {
                newState.alarms[h.id] = SyncState.Item(url: h.url, etag: h.etag, hash: base?.hash ?? "")
                report.warnings.append(
                    .alarmNotExpressible(id: h.id, label: h.label, rule: h.rule, changedHere: h.changedHere, here: h.here))
            }
            newState.held = held.map(\.0)
            newState.adoptedUIDs = uids.filter { newState.alarms[$0.key] != nil }
            if !dryRun { doc = merged }
        }
        return (newState, uploadsAlarms.map { ($0, true) } + uploadsHabits.map { ($0, false) }, lost)
    }

    /// A collection that lost every item of ours at once: the server lost its data (or was
    /// emptied). Unless told to follow it, forget what we knew of it, so every local item is
    /// sent again as new instead of being deleted here (and then on every other machine).
    func noteLostCollections(
        _ remote: (alarms: Remote<AlarmVersion>, habits: Remote<HabitVersion>), state: SyncState,
        clock: ServerClock, newState: inout SyncState, report: inout Report
    ) {
        let lastSync = state.lastSync
        let remoteAlarms = remote.alarms
        let remoteHabits = remote.habits
        let recent = lastSync.map { !TombstonePolicy.isExpired($0, now: clock.now) } ?? false
        var lostCount = 0
        if recent, Self.lostEverything(remoteAlarms, known: state.alarms) {
            report.warnings.append(.serverLostItems(url: state.alarmsCollection, count: state.alarms.count))
            lostCount += state.alarms.count
            newState.alarms = [:]
        }
        if recent, Self.lostEverything(remoteHabits, known: state.habits) {
            report.warnings.append(.serverLostItems(url: state.habitsCollection, count: state.habits.count))
            lostCount += state.habits.count
            newState.habits = [:]
        }
        if lostCount > 0 {
            newState.serverLostAt = clock.now
            newState.serverLostCount = lostCount
        }
    }

    /// Takes the held alarms (`Remote.held`) out of the merge: each keeps its version here and its
    /// server copy, and is returned with its last agreed base — unless the user chose to keep this
    /// machine's version, which then replaces the server copy (uploaded with `If-Match` on it).
    /// An alarm edited here since the base is a conflict (`Held.changedHere`), said until settled;
    /// no upload is tried, so no "changed on the server during this sync" comes back every time.
    func hold(
        _ remote: [String: SyncState.Held], local: inout [String: AlarmVersion], known: inout [String: SyncState.Item],
        keepLocal: ItemChoice?, render: (AlarmVersion) -> String
    ) -> [(SyncState.Held, SyncState.Item?)] {
        var out: [(SyncState.Held, SyncState.Item?)] = []
        for id in remote.keys.sorted() {
            var h = remote[id]!
            let base = known[id]
            if keepLocal == .keepLocal(id), local[id] != nil {
                known[id] = SyncState.Item(url: h.url, etag: h.etag, hash: "")
                continue
            }
            h.changedHere = local[id].map { SyncState.hash(render($0)) != base?.hash } ?? false
            if case .present? = local[id] { h.here = true } else { h.here = false }
            local[id] = nil
            known[id] = nil
            out.append((h, base))
        }
        return out
    }

    /// A to-do of another program checked off (todoman's instance of the habit's recurring to-do)
    /// as the habit's day done, logged at its `COMPLETED` as if here, so the merge and every other
    /// machine take it; nil when the day has an entry already, was undone later, or the habit's
    /// kind cannot say "done" in one amount (`HabitTodoReader.completion`).
    static func logging(_ c: CalendarImport.Completion, in v: HabitVersion?, zone: Zone) -> HabitVersion? {
        guard case .present(var h, var logged, var removed)? = v,
            let done = HabitTodoReader.completion(at: c.at, zone: zone, kind: h.kind),
            done.day >= h.start, !h.entries.contains(where: { $0.date == done.day }),
            removed[done.day].map({ $0 < done.at }) ?? true
        else { return nil }
        h.entries.append(done.entry)
        h.entries.sort { $0.date < $1.date }
        logged[done.day] = done.at
        removed[done.day] = nil
        return .present(h, logged: logged, removed: removed)
    }

    /// One write: a PUT of `text`, or with no text a DELETE (pruning an old tombstone).
    struct Upload {
        let id: String
        let url: String
        let etag: String?
        let text: String?
        /// The digest of the version `text` renders (`SyncState.Item.model`).
        var model: String? = nil
    }

    /// Writes everything, one request at a time, recording each success in `state` as it arrives;
    /// tombstones DELETEd from the server are then dropped from the store. The first failure stops
    /// the writes and is thrown.
    func upload(_ uploads: [(Upload, isAlarm: Bool)], state: inout SyncState, report: inout Report) throws {
        var failure: SyncError?
        var pruned: [(id: String, isAlarm: Bool)] = []
        client.writeAll(uploads.map { (url: $0.0.url, text: $0.0.text, etag: $0.0.etag) }) { index, result in
            let (u, isAlarm) = uploads[index]
            switch result {
            case .success(.stored(let etag)):
                let item = SyncState.Item(url: u.url, etag: etag, hash: SyncState.hash(u.text ?? ""), model: u.model)
                if isAlarm { state.alarms[u.id] = item } else { state.habits[u.id] = item }
                report.uploaded += 1
            case .success(.removed):
                if isAlarm { state.alarms[u.id] = nil } else { state.habits[u.id] = nil }
                pruned.append((u.id, isAlarm))
            case .success(.changedOnServer):
                // Someone changed it between our read and this write: forget our base so the next
                // sync merges both versions by time instead of overwriting either.
                if isAlarm { state.alarms[u.id] = nil } else { state.habits[u.id] = nil }
                report.warnings.append(.changedDuringSync(url: u.url))
            case .failure(let e):
                if failure == nil { failure = e }
            }
            return failure == nil
        }
        if !pruned.isEmpty {
            try store.update(stamping: false) { doc in
                for p in pruned { if p.isAlarm { doc.forgetDeletedAlarm(p.id) } else { doc.forgetDeletedHabit(p.id) } }
            }
        }
        if let failure { throw failure }
    }

    /// Whether a collection that held items of ours at the last sync now has none of them.
    static func lostEverything<V>(_ remote: Remote<V>, known: [String: SyncState.Item]) -> Bool {
        !known.isEmpty && !known.values.contains { remote.listing[$0.url] != nil }
    }

    func read<V>(
        _ collection: String, known: [String: SyncState.Item], token: String?, zone: Zone,
        component: String, displayName: String, dryRun: Bool,
        versions: (CalendarImport, String) -> [(String, V)]
    ) throws(SyncError) -> Remote<V> {
        var remote = Remote<V>()
        var etagOfKnownURL: [String: String?] = [:]
        for (_, item) in known { etagOfKnownURL[item.url] = item.etag }
        // Incremental only when every known member has an ETag to compare the changes with.
        if let token, !known.values.contains(where: { $0.etag == nil }),
            case .changed(let changed, let removed, let newToken) = try client.changes(collection, since: token)
        {
            for (_, item) in known { remote.listing[item.url] = item.etag }
            for url in removed { remote.listing[url] = nil }
            for (url, etag) in changed { remote.listing[url] = etag }
            remote.syncToken = newToken
        } else {
            do throws(SyncError) {
                (remote.listing, remote.syncToken) = try client.list(collection)
            } catch {
                // The collection itself is gone (a server that lost its data): made again, empty.
                guard case .notMultistatus(_, _, 404) = error.failure, !known.isEmpty else { throw error }
                if !dryRun { try client.ensureCollection(collection, displayName: displayName, component: component) }
            }
        }
        let changed = remote.listing.filter { url, etag in etagOfKnownURL[url].map { $0 != etag } ?? true }.map(\.key).sorted()
        let (fetched, unfetchable) = changed.isEmpty ? ([:], [:]) : try client.fetch(collection, changed)
        for (url, failure) in unfetchable.sorted(by: { $0.key < $1.key }) {
            if case .answerTooLarge = failure {
                remote.skipped.append(SyncState.Skipped(url: url, reason: .larger(limit: AnswerLimits.maximumBytes)))
            } else {
                remote.skipped.append(SyncState.Skipped(url: url, reason: .unreadableAnswer))
            }
        }
        for url in changed where unfetchable[url] == nil {
            guard let (etag, data) = fetched[url] else { throw SyncError(.badAnswer, .listedNotReturned(url: url)) }
            let imp: CalendarImport
            do { imp = try CalendarImporter.read(data, zone: zone, now: now, adopting: component == "VEVENT") } catch {
                // One bad item never stops the sync: it is left out, and named.
                remote.skipped.append(SyncState.Skipped(url: url, reason: .invalid(error)))
                continue
            }
            remote.adoptedUIDs.merge(imp.adoptedUIDs) { $1 }
            remote.completions += imp.foreignCompletions
            for (id, u) in imp.unexpressible {
                remote.held[id] = SyncState.Held(id: id, label: u.label, url: url, etag: etag, rule: u.rule)
            }
            for (id, v) in versions(imp, url) {
                remote.versions[id] = (url, etag, v)
                remote.written[id] = imp.written[id]
                if imp.markedDone.contains(id) { remote.rewrite.insert(id) }
            }
        }
        return remote
    }

    /// Decides per item what to keep locally and what to upload (see `SyncMerge`), by the server's
    /// clock: stamps later than it are clamped first (`FutureStamps`), and records are pruned
    /// (`TombstonePolicy`) only while this machine's clock agrees with it (`ServerClock`). An
    /// expired deletion is never uploaded: its server copy is DELETEd (and the local record dropped
    /// once that succeeded), or, when the server has none, the local record is dropped at once.
    /// Expired day removals are dropped from the merged habit, which is then uploaded without them.
    func plan<V: SyncItemVersion>(
        local: [String: V], remote: Remote<V>, known: inout [String: SyncState.Item], collection: String, prefix: String,
        lastSync: Instant?, clock: ServerClock, render: (V) -> String, digest: (V) -> String, deleted: (String, Instant) -> V,
        merge: (V, V, Bool, Bool) -> SyncMerge.Outcome<V>, apply: (V) -> Void, forget: (String) -> Void,
        describeLoser: (V) -> String, lost: inout [String], report: inout Report
    ) -> [Upload] {
        var uploads: [Upload] = []
        let now = clock.now
        let expired = { (v: V) in clock.agrees && (v.deletedAt.map { TombstonePolicy.isExpired($0, now: now) } ?? false) }
        let clamp = { (v: V) in v.clamped(notAfter: clock.latestPlausibleStamp, to: now) }
        let finish = { (v: V) in clock.agrees ? v.pruned(now: now) : v }
        func record(_ o: SyncMerge.Outcome<V>, _ id: String) {
            for loser in o.losers { lost.append(describeLoser(loser)) }
            lost += o.lostDays.map { "\(prefix) \(id) day \($0)" }
            report.conflicts += o.losers.count + o.lostDays.count
        }
        let ids = Set(local.keys).union(remote.versions.keys).union(known.keys)
        let skipped = Set(remote.skipped.map(\.url))
        for id in ids.sorted() {
            let base = known[id]
            // Its server copy could not be read: neither overwritten nor taken as gone.
            if remote.versions[id] == nil, skipped.contains(base?.url ?? collection + "\(prefix)-\(id).ics") { continue }
            let l0 = local[id]
            // This side as the merge sees it (future stamps clamped); `kept`, also pruned, as it
            // would be kept and sent when the other side has nothing newer.
            let l = l0.map(clamp)
            let kept = l.map(finish)
            if let kept, kept != l0 { apply(kept) }
            // Changed since the last sync: its rendering differs from what both sides agreed on.
            // A version that hashes as the one that rendering was made from renders the same, so
            // it is not rendered again (`SyncState.Item.model`).
            let keptDigest = kept.map(digest)
            let localChanged: Bool
            var keptText: String?  // its rendering, once made
            if let kept, let keptDigest {
                if let base, base.model == keptDigest {
                    localChanged = false
                } else {
                    keptText = render(kept)
                    localChanged = SyncState.hash(keptText!) != base?.hash
                    if !localChanged { known[id]?.model = keptDigest }
                }
            } else {
                localChanged = false
            }
            if let r = remote.versions[id] {
                let rv = clamp(r.version)
                guard let l else {
                    let result = finish(rv)
                    apply(result)
                    report.downloaded += 1
                    let resent = result != r.version || remote.rewrite.contains(id)
                    if expired(result) {
                        uploads.append(Upload(id: id, url: r.url, etag: r.etag, text: nil))
                    } else if resent {
                        uploads.append(Upload(id: id, url: r.url, etag: r.etag, text: render(result), model: digest(result)))
                    }
                    known[id] =
                        resent
                        ? SyncState.Item(url: r.url, etag: r.etag, hash: "")
                        : SyncState.Item(url: r.url, etag: r.etag, hash: SyncState.hash(render(result)), model: digest(result))
                    continue
                }
                // What the server had at our last sync and has lost since without a record.
                let gone = base != nil ? lastSync.map { V.goneParts(local: l, remote: rv, lastSync: $0, now: now) } ?? [:] : [:]
                // A value of ours the server copy only cut is no change of it (`OwnDataCuts`).
                let (lw, rw) = V.restoringCuts(local: l, remote: rv, remoteWritten: remote.written[id])
                let o = merge(lw, rw.marking(gone, removed: true), base == nil || localChanged, true)
                let result = finish(o.result.marking(gone, removed: false))
                if result != l0 || kept != l0 { apply(result) }
                if o.result != l { report.downloaded += 1 }
                record(o, id)
                let text = render(result)
                let resultDigest = digest(result)
                let resent = result != r.version || remote.rewrite.contains(id)
                if expired(result) {
                    uploads.append(Upload(id: id, url: r.url, etag: r.etag, text: nil))
                } else if resent {
                    uploads.append(Upload(id: id, url: r.url, etag: r.etag, text: text, model: resultDigest))
                }
                known[id] =
                    resent
                    ? SyncState.Item(url: r.url, etag: r.etag, hash: "")
                    : SyncState.Item(url: r.url, etag: r.etag, hash: SyncState.hash(text), model: resultDigest)
            } else if let base, remote.listing[base.url] != nil {
                // Unchanged on the server since our last sync.
                if let kept, expired(kept) {
                    uploads.append(Upload(id: id, url: base.url, etag: base.etag, text: nil))
                } else if localChanged, let kept {
                    uploads.append(Upload(id: id, url: base.url, etag: base.etag, text: keptText ?? render(kept), model: keptDigest))
                }
            } else if let base {
                // Gone from the server (another program deleted the resource, or a machine pruned
                // its tombstone) at some time after our last sync: as a deletion at that time, it
                // loses to a later local edit. The server copy is gone, so no record is kept.
                let gone = deleted(id, TombstonePolicy.goneDeletionTime(lastSync: lastSync ?? Instant(secondsSinceEpoch: 0), now: now))
                let o = l.map { merge($0, gone, localChanged, true) }
                if let o, let l, let kept, o.result == l, !expired(kept) {
                    uploads.append(Upload(id: id, url: base.url, etag: nil, text: keptText ?? render(kept), model: keptDigest))
                } else {
                    if let o, let l, l.deletedAt == nil {
                        record(o, id)
                        apply(gone)
                        report.downloaded += 1
                    }
                    if l != nil { forget(id) }
                    known[id] = nil
                }
            } else if let kept {
                if expired(kept) {
                    forget(id)
                    continue
                }
                uploads.append(
                    Upload(id: id, url: collection + "\(prefix)-\(id).ics", etag: nil, text: keptText ?? render(kept), model: keptDigest))
            }
        }
        return uploads
    }

    /// What an alarm's rendering reads besides the alarm, as one hash: the renderings, in these
    /// settings, of probe alarms of every schedule kind (one following working days, with a
    /// skipped day and an off-until, each with every optional field) and of a tombstone — the
    /// zone's VTIMEZONE, the production calendar's years, and this build's exporter. Salts each
    /// alarm's `SyncState.Item.model`, so a change of any of them renders every alarm again.
    static func renderContext(_ settings: Settings, _ workingDays: WorkingCalendar) -> String {
        let day = CivilDate(year: 2000, month: 1, day: 10)!
        let created = Instant(secondsSinceEpoch: 946_684_800)
        let time = TimeOfDay(hour: 7, minute: 30)!
        let schedules: [Schedule] = [
            .workdays(time: time, from: nil), .weekly(days: [.monday, .saturday], time: time, from: day),
            .once(date: day, time: time), .everyNDays(interval: 3, start: day, time: time),
            .timer(fireAt: created, duration: 300),
        ]
        var text = render(.deleted(id: "00000000", at: created), settings, workingDays)
        for schedule in schedules {
            var probe = Alarm(
                id: "00000000", label: "probe", schedule: schedule, enabled: false, snoozeMinutes: 5,  // not UI
                sound: "/probe.oga", wake: true, rampSeconds: 30, created: created)  // not UI
            probe.skippedDays = [day.adding(days: 7)]
            probe.offUntil = day.adding(days: 2)
            text += render(.present(probe), settings, workingDays)
        }
        return SyncState.hash(text)
    }

    /// The same for habits: the renderings of probe habits, yes/no and numeric, and of a tombstone
    /// (this build's exporter).
    static func renderContext() -> String {
        let day = CivilDate(year: 2000, month: 1, day: 10)!
        let created = Instant(secondsSinceEpoch: 946_684_800)
        let entries = [
            HabitEntry(date: day, status: .done, amount: 2.5, note: "n"), HabitEntry(date: day.adding(days: 1), status: .skipped),
            HabitEntry(date: day.adding(days: 2), status: .noted, note: "n"),
        ]
        let kinds: [HabitKind] = [.yesNo, .numeric(HabitGoal(unit: "km", target: 3, direction: .atLeast))]  // not UI
        var text = render(.deleted(id: "00000000", at: created))
        for kind in kinds {
            let probe = Habit(
                id: "00000000", name: "probe", description: "d", frequency: .timesPerWeek(3),  // not UI
                reminders: [TimeOfDay(hour: 8, minute: 0)!], start: day, kind: kind, entries: entries, created: created)
            text += render(.present(probe, logged: [day: created], removed: [day.adding(days: 3): created]))
        }
        return SyncState.hash(text)
    }

    static func render(_ v: AlarmVersion, _ settings: Settings, _ workingDays: WorkingCalendar, uid: String? = nil) -> String {
        switch v {
        case .present(let a): return (try? CalendarExporter.calendar(alarm: a, settings: settings, calendar: workingDays, uid: uid)) ?? ""
        case .deleted(let id, let at): return CalendarExporter.tombstone(alarmID: id, at: at, uid: uid)
        }
    }

    static func render(_ v: HabitVersion) -> String {
        switch v {
        case .present(let h, let logged, let removed): return CalendarExporter.calendar(habit: h, logged: logged, removed: removed)
        case .deleted(let id, let at): return CalendarExporter.tombstone(habitID: id, at: at)
        }
    }

    static func describe(_ v: AlarmVersion, _ settings: Settings, _ workingDays: WorkingCalendar) -> String {
        switch v {
        case .present(let a):
            // not UI: the conflict log
            return "alarm \(a.id) \"\(a.label)\" edited \(ISO8601.utcString(a.modified))\n" + render(v, settings, workingDays)
        case .deleted(let id, let at): return "alarm \(id) deleted \(ISO8601.utcString(at))\n"  // not UI: the conflict log
        }
    }

    static func describe(_ v: HabitVersion) -> String {
        switch v {
        // not UI: the conflict log
        case .present(let h, _, _): return "habit \(h.id) \"\(h.name)\" definition edited \(ISO8601.utcString(h.modified))\n" + render(v)
        case .deleted(let id, let at): return "habit \(id) deleted \(ISO8601.utcString(at))\n"  // not UI: the conflict log
        }
    }
}
