// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDesktop
import MoscowTimeDomain
import MoscowTimeStore

/// The agent's changes to the user's document — a finished one-time alarm switched off, a habit
/// marked done — made without ever waiting on the store's lock on the main loop. While another
/// process holds it (an import reading a large calendar, an `agent-cli` command), a change waits
/// here and the lock is tried again on the main loop a moment later, so ringing, notifications and
/// D-Bus go on. Changes are made in the order they were asked for. What a change wrote is handed
/// back (`DocumentStore.Written`), so that the agent takes it in without reading the file again.
@MainActor
final class DocumentWriter {
    typealias Change = (inout StoreDocument) throws -> Void

    private struct Pending {
        let change: Change
        /// Called once the change is written (nil) or has failed for good (why).
        let finished: ((any Error)?) -> Void
    }

    /// How long to wait before trying a held lock again.
    static let retryMilliseconds: UInt32 = 200

    private let store: DocumentStore
    private var queue: [Pending] = []
    private let retry = OneShotTimeout()
    /// The lock was found held and the queue waits (logged once).
    private var waiting = false
    /// After changes that had to wait were written: the last document they wrote, if any changed
    /// something (the runner takes it in).
    var onDeferredWrite: (DocumentStore.Written?) -> Void = { _ in }

    init(store: DocumentStore) { self.store = store }

    /// Makes `change` now if the lock is free, else as soon as it is. Returns the document written
    /// now; nil when the change changed nothing, failed, or waits for the lock.
    @discardableResult
    func write(_ change: @escaping Change, finished: @escaping ((any Error)?) -> Void) -> DocumentStore.Written? {
        queue.append(Pending(change: change, finished: finished))
        return queue.count == 1 && drain() ? takeWritten() : nil
    }

    /// The last document written and not handed over yet: it holds every change written before it.
    private var written: DocumentStore.Written?

    private func takeWritten() -> DocumentStore.Written? {
        defer { written = nil }
        return written
    }

    /// Writes what is queued, in order; false when the lock is held (a retry is scheduled).
    private func drain() -> Bool {
        while let next = queue.first {
            do {
                if let w = try store.updateWritten(waitForLock: false, next.change).written { written = w }
                queue.removeFirst()
                next.finished(nil)
            } catch is StoreLocked {
                if !waiting {
                    waiting = true
                    Log.info("\(store.paths.lock) is held by another process; the agent's change waits until it is free")
                }
                retry.schedule(afterMilliseconds: Self.retryMilliseconds) { [weak self] in self?.retryHeld() }
                return false
            } catch {
                queue.removeFirst()
                next.finished(error)
            }
        }
        waiting = false
        return true
    }

    private func retryHeld() {
        if drain() { onDeferredWrite(takeWritten()) }
    }

    /// On exit: one last try, then says what could not be written (never waits for the lock).
    func finish() {
        retry.cancel()
        guard !queue.isEmpty, !drain() else { return }
        retry.cancel()
        Log.warning("\(queue.count) change(s) to \(store.paths.document) not written: \(store.paths.lock) stayed held by another process")
        queue.removeAll()
    }
}
