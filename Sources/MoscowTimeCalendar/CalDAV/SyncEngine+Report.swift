// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeStore

extension SyncEngine {
    /// What one sync did.
    public struct Report: Sendable {
        public var downloaded = 0, uploaded = 0, conflicts = 0, requests = 0
        /// Held alarms edited here (`SyncState.Held.changedHere`): conflicts still to settle, not in
        /// the conflict log (so not in `SyncState.conflicts`).
        public var unsettled = 0
        /// The server's copy the user asked for (`--accept-remote-item`) that cannot be taken.
        public var notTaken: CalendarWarning?
        public var warnings: [CalendarWarning] = []
        /// This machine's clock against the server's; nil when the sync stopped before an answer.
        public var clock: ServerClock?
    }
}
