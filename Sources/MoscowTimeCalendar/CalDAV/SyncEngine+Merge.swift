// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import MoscowTimeStore

extension SyncEngine {
    /// Step 2: each kind's plan (`SyncPlan`) carried out on the document under the store's lock
    /// (saved unless `dryRun`); returns the sync state to keep, the uploads of step 3 and the
    /// losers of conflicts for the conflict log.
    func merge(
        _ remote: (alarms: Remote<AlarmVersion>, habits: Remote<HabitVersion>), state: SyncState, clock: ServerClock, zone: Zone,
        snapshot: DocumentStore.Snapshot, acceptRemote: Bool, item: ItemChoice?, dryRun: Bool,
        report: inout Report
    ) throws -> (state: SyncState, uploads: [(Upload, isAlarm: Bool)], lost: [String]) {
        var newState = begin(remote, state: state, clock: clock, acceptRemote: acceptRemote, report: &report)
        var uploads: [(Upload, isAlarm: Bool)] = []
        var lost: [String] = []
        try store.update(stamping: false, reusing: snapshot) { doc in
            var merged = doc
            // An alarm taken from another program's event keeps that event's UID when written.
            let uids = state.adoptedUIDs.merging(remote.alarms.adoptedUIDs) { $1 }
            // A change here patches the other program's text of it (`AdoptedEventPatch`).
            let texts = state.adoptedTexts.merging(remote.alarms.adoptedTexts) { $1 }
            let alarms = AlarmSyncKind(
                collection: state.alarmsCollection, settings: doc.settings, workingDays: doc.workingCalendar, uids: uids,
                texts: texts, now: clock.now)
            // Held alarms are left out of the merge: neither side's copy changes.
            var localAlarms = doc.alarmVersions()
            let held = alarms.hold(remote.alarms.held, local: &localAlarms, known: &newState.alarms, keepLocal: item)
            // The version sent by `--keep-local` carries the stamp it is sent with, here too.
            for id in alarms.restamped { if let v = localAlarms[id] { merged.apply(v) } }
            let alarmPlan = SyncPlan(
                kind: alarms, local: localAlarms, remote: remote.alarms, known: newState.alarms, lastSync: state.lastSync,
                clock: clock, choice: item)
            uploads += carryOut(alarmPlan, into: &merged, known: &newState.alarms, lost: &lost, report: &report).map { ($0, true) }
            var localHabits = doc.habitVersions()
            // A day another program checked off is a change taken.
            let instances = HabitSyncKind.logging(remote.habits.foreignTodos, in: doc, local: &localHabits, zone: zone)
            for v in instances.logged {
                merged.apply(v)
                report.downloaded += 1
            }
            let habitPlan = SyncPlan(
                kind: HabitSyncKind(collection: state.habitsCollection), local: localHabits, remote: remote.habits,
                known: newState.habits, lastSync: state.lastSync, clock: clock, choice: item)
            uploads += carryOut(habitPlan, into: &merged, known: &newState.habits, lost: &lost, report: &report).map { ($0, false) }
            uploads += instances.removals.map { ($0, false) }
            keep(held, in: &newState, item: item, report: &report)
            newState.adoptedUIDs = uids.filter { newState.alarms[$0.key] != nil }
            newState.adoptedTexts = texts.filter { newState.adoptedUIDs[$0.key] != nil }
            if !dryRun { doc = merged }
        }
        return (newState, uploads, lost)
    }

    /// The sync state this read starts: its sync-tokens, whatever changes after it (our own
    /// uploads included) is reported next time, and our uploads are recognised by their ETags;
    /// the members it could not read, each named; and a collection that lost every item of ours.
    func begin(
        _ remote: (alarms: Remote<AlarmVersion>, habits: Remote<HabitVersion>), state: SyncState, clock: ServerClock,
        acceptRemote: Bool, report: inout Report
    ) -> SyncState {
        var newState = state
        newState.alarmsSyncToken = remote.alarms.syncToken
        newState.habitsSyncToken = remote.habits.syncToken
        newState.skipped = remote.alarms.skipped + remote.habits.skipped
        for s in newState.skipped { report.warnings.append(.skippedResource(url: s.url, s.reason)) }
        if !acceptRemote {
            noteLostCollections(remote, state: state, clock: clock, newState: &newState, report: &report)
        } else {
            newState.serverLostAt = nil
            newState.serverLostCount = 0
        }
        return newState
    }

    /// A plan's decisions carried out: the document takes each kept version and drops the records
    /// of deletions it forgets, the sync state each record, the conflict log each loser; returns
    /// the uploads, in the order of the items.
    func carryOut<Kind: SyncKind>(
        _ plan: SyncPlan<Kind>, into doc: inout StoreDocument, known: inout [String: SyncState.Item], lost: inout [String],
        report: inout Report
    ) -> [Upload] {
        var uploads: [Upload] = []
        for decision in plan.decisions() {
            if let v = decision.keep { Kind.apply(v, to: &doc) }
            if decision.forget { Kind.forgetDeleted(decision.id, in: &doc) }
            known[decision.id] = decision.record
            lost += decision.lost
            report.conflicts += decision.lost.count
            if decision.downloaded { report.downloaded += 1 }
            if let upload = decision.upload { uploads.append(upload) }
        }
        return uploads
    }

    /// The held alarms (`AlarmSyncKind.hold`) keep their last agreed record, and are each said; one
    /// edited here is a conflict until settled. The server's copy asked for (`--accept-remote-item`)
    /// cannot be taken: that is said as the sync's answer (`Report.notTaken`).
    func keep(_ held: [(SyncState.Held, SyncState.Item?)], in newState: inout SyncState, item: ItemChoice?, report: inout Report) {
        for (h, base) in held {
            newState.alarms[h.id] = SyncState.Item(url: h.url, etag: h.etag, hash: base?.hash ?? "")
            let warning = CalendarWarning.alarmNotExpressible(
                id: h.id, label: h.label, rule: h.rule, changedHere: h.changedHere, here: h.here)
            if item == .acceptRemote(h.id) {
                report.notTaken = .serverCopyNotTaken(id: h.id, label: h.label, rule: h.rule)
            } else {
                report.warnings.append(warning)
            }
            if h.changedHere { report.unsettled += 1 }
        }
        newState.held = held.map(\.0)
    }

    /// A collection that lost every item of ours at once: the server lost its data (or was
    /// emptied). Unless told to follow it, forget what we knew of it, so every local item is
    /// sent again as new instead of being deleted here (and then on every other machine).
    func noteLostCollections(
        _ remote: (alarms: Remote<AlarmVersion>, habits: Remote<HabitVersion>), state: SyncState,
        clock: ServerClock, newState: inout SyncState, report: inout Report
    ) {
        let recent = state.lastSync.map { !TombstonePolicy.isExpired($0, now: clock.now) } ?? false
        var lostCount = 0
        if recent, Self.lostEverything(remote.alarms, known: state.alarms) {
            report.warnings.append(.serverLostItems(url: state.alarmsCollection, count: state.alarms.count))
            lostCount += state.alarms.count
            newState.alarms = [:]
        }
        if recent, Self.lostEverything(remote.habits, known: state.habits) {
            report.warnings.append(.serverLostItems(url: state.habitsCollection, count: state.habits.count))
            lostCount += state.habits.count
            newState.habits = [:]
        }
        if lostCount > 0 {
            newState.serverLostAt = clock.now
            newState.serverLostCount = lostCount
        }
    }

    /// Whether a collection that held items of ours at the last sync now has none of them.
    static func lostEverything<V>(_ remote: Remote<V>, known: [String: SyncState.Item]) -> Bool {
        !known.isEmpty && !known.values.contains { remote.listing[$0.url] != nil }
    }
}
