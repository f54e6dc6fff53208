// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import MoscowTimeStore

extension SyncEngine {
    /// Remote side of one collection after step 1.
    struct Remote<V> {
        /// A member's version as read, with where it is and its ETag.
        typealias Fetched = (url: String, etag: String, version: V)

        var listing: [String: String] = [:]  // url → etag
        var syncToken: String?
        var versions: [String: Fetched] = [:]  // id → fetched version
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
        /// The server's text of each of those events, as read (`SyncState.adoptedTexts`).
        var adoptedTexts: [String: String] = [:]
        /// Those whose times are floating, with the zone they are read in.
        var floatingTimes: [CalendarImport.FloatingTimes] = []
        /// To-dos of other programs, each where it is (`CalendarImport.foreignTodos`): todoman's
        /// instances of a habit's to-do are logged and removed (`HabitSyncKind.logging`; no `url`: not alone in
        /// its member, never removed).
        var foreignTodos: [(url: String?, etag: String, todo: CalendarImport.ForeignTodo)] = []
    }
}
