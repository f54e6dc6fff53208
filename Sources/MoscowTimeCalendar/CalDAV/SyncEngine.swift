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
/// 2. Merge, under the store's lock against the current document, and save it: per kind of item
///    (`SyncKind`: alarms, habits) one decision per item (`SyncPlan`, `SyncDecision`), each item's
///    two versions merged by `SyncMerge`.
/// 3. Upload what the server lacks, one PUT at a time, each conditional on the ETag seen in
///    step 1, recording each success in the sync state as it happens. A server that goes away here
///    leaves some items not uploaded; the next sync sees them as changed locally and uploads them.
public final class SyncEngine {
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
        try client.ensureCollection(alarms, displayName: AlarmSyncKind.displayName, component: AlarmSyncKind.component)
        try client.ensureCollection(habits, displayName: HabitSyncKind.displayName, component: HabitSyncKind.component)
        return (alarms, habits)
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
        var state = try startingState(item: item)
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
                report.uploaded = merged.uploads.filter { !$0.0.instance }.count
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

    /// The sync state of the last sync with this account (none after a change of account), the
    /// chosen item's ETag dropped: it is read again from the server, so that its merge is made now.
    func startingState(item: ItemChoice?) throws -> SyncState {
        var state = try SyncState.load(store.paths)
        if state.accountURL != account.url {
            state = SyncState()
            state.accountURL = account.url
        }
        if let id = item?.id {
            state.alarms[id]?.etag = nil
            state.habits[id]?.etag = nil
        }
        return state
    }
}
