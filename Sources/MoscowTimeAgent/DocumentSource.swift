// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport
import MoscowTimeDesktop
import MoscowTimeDomain
import MoscowTimeStore

/// Loads the user's document for the agent and keeps the last good one when the file turns
/// unreadable: the agent goes on ringing the schedule it had, says why once, and recovers when the
/// file is fixed.
///
/// It decides what stays in memory: what the scheduler needs (`schedulerDocument`: the habits'
/// recent history only, see `StoreDocument.keepingHabitHistory`); the whole document is read again
/// from the file for one batch of effects that needs more (`wholeForBatch`), and a day is logged
/// through the store's locked update. And when the heap is trimmed (`Memory.releaseFreed`): after
/// each read, once what was read whole is garbage — a user's five years of habits is megabytes of
/// bytes, JSON tree and history that glibc would otherwise keep resident.
///
/// A document the agent wrote itself is taken in as written (`takeIn`), and the directory watcher's
/// report of a file already taken in — that write, or a change `agent-cli` had it read at once
/// (D-Bus Reload) — is known (`holdsVersionTakenIn`): the file is not read again.
@MainActor
final class DocumentSource {
    let store: DocumentStore
    private(set) var lastGood: StoreDocument?
    /// Why the file on disk is not being used right now, if it is not.
    private(set) var lastProblem: String?
    /// The fingerprint of the file's bytes last read or written (`DocumentFingerprint`): what sync
    /// compares with the file its last run left, without keeping either in memory.
    private(set) var fingerprint: Int?
    /// How many times the file was read whole (what the agent reads back, for tests).
    private(set) var reads = 0
    /// The file as last taken in: the agent's own write, or what the last read found (its identity
    /// taken before reading, so a file replaced meanwhile only costs one more read).
    private var takenIn: FileIdentity?
    /// The first day the scheduler's document has the habits' history for, since a re-read or a
    /// write taken in (`keep`).
    private(set) var historyFrom: CivilDate?
    /// The whole document read for the batch of effects under way (`wholeForBatch`).
    private var batchWhole: StoreDocument?
    /// A heap trim waits for the main loop's next idle moment (`releaseFreedWhenIdle`).
    private var trimPending = false

    init(store: DocumentStore) { self.store = store }

    /// What the scheduler keeps of a document read: everything but the habits' older history
    /// (`StoreDocument.keepingHabitHistory`), from the first day it can ask about now.
    static func schedulerDocument(
        _ doc: StoreDocument, state: HabitReminderState, zone fallback: Zone,
        now: Instant
    ) -> (document: StoreDocument, from: CivilDate) {
        let zone = Zone(identifier: doc.settings.zone) ?? fallback
        let first = StoreDocument.schedulerFirstDay(state: state, zone: zone, now: now)
        return (doc.keepingHabitHistory(from: first), first)
    }

    private func keep(_ doc: StoreDocument, state: HabitReminderState, zone: Zone, now: Instant) -> StoreDocument {
        let kept = Self.schedulerDocument(doc, state: state, zone: zone, now: now)
        historyFrom = kept.from
        return kept.document
    }

    /// The first day of the habits' history the scheduler may keep, in whatever zone the document
    /// read names (two zones' dates are at most two days apart): only that history is decoded, and
    /// `keep` cuts it in the document's own zone. Older entries are not read, so one damaged there
    /// is not found here; `agent-cli`, which writes the store, reads and checks them all, as the
    /// agent's own writes do (`DocumentStore.update` decodes the whole file again).
    static func historyRead(state: HabitReminderState, zone: Zone, now: Instant) -> CivilDate {
        StoreDocument.schedulerFirstDay(state: state, zone: zone, now: now).adding(days: -2)
    }

    /// Whether the scheduler now asks about days before the history kept (the clock was set back
    /// past it): the document is to be read again.
    func lacksHistory(state: HabitReminderState, zone: Zone, now: Instant) -> Bool {
        guard let from = historyFrom else { return false }
        return StoreDocument.schedulerFirstDay(state: state, zone: zone, now: now) < from
    }

    /// The document the agent starts with, as the scheduler keeps it; the heap is trimmed after
    /// the read.
    func loadAtStart(state: HabitReminderState, zone: Zone, now: Instant) -> StoreDocument? {
        defer { Memory.releaseFreed() }
        // Kept as a re-read keeps it: a clock set back past that history reads the file again.
        return load(
            historyFrom: Self.historyRead(state: state, zone: zone, now: now), keeping: { keep($0, state: state, zone: zone, now: now) })
    }

    /// Reads the document again (file changed, SIGHUP, D-Bus Reload) and hands what the scheduler
    /// keeps of it to `handOver`; the heap is trimmed once that is done.
    func reload(state: HabitReminderState, zone: Zone, now: Instant, handOver: (StoreDocument) -> Void) {
        defer { Memory.releaseFreed() }
        let from = Self.historyRead(state: state, zone: zone, now: now)
        guard let doc = load(historyFrom: from, keeping: { keep($0, state: state, zone: zone, now: now) }) else { return }
        handOver(doc)
    }

    /// A document the agent wrote itself (a habit logged, a one-time alarm switched off, a skip):
    /// what the scheduler keeps of it goes to `handOver`, as written, not read back from the file.
    /// The whole document is still held by the callers meanwhile: the heap is trimmed when the
    /// main loop is next idle (5 MB of it stayed resident after every Stop of a one-time alarm
    /// with a big store).
    func takeIn(
        _ written: DocumentStore.Written, state: HabitReminderState, zone: Zone, now: Instant, handOver: (StoreDocument) -> Void
    ) {
        handOver(adopt(written, keeping: { keep($0, state: state, zone: zone, now: now) }))
        releaseFreedWhenIdle()
    }

    /// The whole document for the batch of effects under way (the habit reminders' streaks; the
    /// scheduler keeps only the recent history): read from the file once per batch, `fallback`
    /// when it cannot be read.
    func wholeForBatch(orElse fallback: @autoclosure () -> StoreDocument) -> StoreDocument {
        if let batchWhole { return batchWhole }
        let whole = loadWhole() ?? fallback()
        batchWhole = whole
        return whole
    }

    /// The batch is over: its whole document is let go, and the heap trimmed when there was one.
    func endBatch() {
        guard batchWhole != nil else { return }
        batchWhole = nil
        Memory.releaseFreed()
    }

    private func releaseFreedWhenIdle() {
        guard !trimPending else { return }
        trimPending = true
        MainLoopSource.idle { [weak self] in
            self?.trimPending = false
            Memory.releaseFreed()
        }
    }

    /// The newest usable document, as `keep` makes it; nil only when there has never been one.
    /// `historyFrom`: the habits' history is decoded only from there (`historyRead`).
    func load(historyFrom: CivilDate? = nil, keeping keep: (StoreDocument) -> StoreDocument) -> StoreDocument? {
        do {
            reads += 1
            let before = FileIdentity(path: store.paths.document)
            let read = try store.loadSnapshot(habitHistoryFrom: historyFrom)
            let doc = take(read.document, fingerprint: read.fingerprint, keeping: keep)
            takenIn = before
            return doc
        } catch {
            let problem = error.description
            if problem != lastProblem {
                Log.error("\(problem) — keeping the last good schedule")
                lastProblem = problem
            }
            if lastGood == nil, let backup = loadBackup() {
                Log.warning("starting from the backup \(store.paths.backup)")
                fingerprint = backup.fingerprint
                lastGood = keep(backup.document)
            }
            return lastGood
        }
    }

    /// A document the agent has just written itself (`DocumentWriter`), as `keep` makes it: what
    /// the file holds now, without reading it back.
    private func adopt(_ written: DocumentStore.Written, keeping keep: (StoreDocument) -> StoreDocument) -> StoreDocument {
        takenIn = written.file
        return take(written.document, fingerprint: written.fingerprint, keeping: keep)
    }

    /// Whether the file is still as it was last taken in: a change the directory watcher reports is
    /// then that one, taken in already. Any later write is a new file (the store renames into place)
    /// or changes its times.
    var holdsVersionTakenIn: Bool {
        guard let takenIn else { return false }
        return FileIdentity(path: store.paths.document) == takenIn
    }

    private func take(_ whole: StoreDocument, fingerprint: Int, keeping keep: (StoreDocument) -> StoreDocument) -> StoreDocument {
        if lastProblem != nil { Log.info("\(store.paths.document) is readable again; schedule updated") }
        lastProblem = nil
        self.fingerprint = fingerprint
        let kept = keep(whole)
        lastGood = kept
        return kept
    }

    /// The whole document as the file holds it now (no lock: the file is replaced by a rename),
    /// for what needs a habit's full history; nil when it cannot be read.
    private func loadWhole() -> StoreDocument? {
        reads += 1
        return try? store.load()
    }

    private func loadBackup() -> DocumentStore.Snapshot? {
        let backupStore = DocumentStore(paths: store.paths, documentPath: store.paths.backup)
        return try? backupStore.loadSnapshot()
    }
}
