// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeStore

extension SyncEngine {
    /// What one sync did.
    public struct Report: Sendable {
        public var downloaded = 0, uploaded = 0, conflicts = 0, requests = 0
        public var warnings: [CalendarWarning] = []
        /// This machine's clock against the server's; nil when the sync stopped before an answer.
        public var clock: ServerClock?
    }
}
