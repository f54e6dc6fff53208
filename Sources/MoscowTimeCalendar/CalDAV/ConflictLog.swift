// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain
import MoscowTimeStore

/// The versions that lost a merge, appended to `sync-conflicts.log` in the state directory as
/// iCalendar text under a header line — readable, and `agent-cli import` can bring one back.
enum ConflictLog {
    static func append(_ entries: [String], paths: StorePaths, at now: Instant) throws(StoreError) {
        guard !entries.isEmpty else { return }
        let file = SyncState.conflictLogPath(paths)
        var existing = (try UserFile.readIfPresent(file)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        for e in entries { existing += "# \(ISO8601.utcString(now)) lost in sync: \(e)\n" }  // not UI: the log's format
        try UserFile.writeAtomically(existing, to: file)
    }
}
