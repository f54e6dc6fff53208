// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import MoscowTimeStore

/// Habits, in the collection of VTODOs; todoman's instances of a habit's recurring to-do are
/// logged as the habit's days done and removed (`logging`).
final class HabitSyncKind: SyncKind {
    static let component = "VTODO"  // not UI: protocol text
    static let displayName = "MoscowTime habits"  // not UI: the collection's name on the server
    static let prefix = "habit"  // not UI
    static let adoptsOtherPrograms = false

    let collection: String
    /// Made when the first habit needs it.
    lazy var context = Self.renderContext()

    init(collection: String) { self.collection = collection }

    static func versions(in imp: CalendarImport) -> [(String, HabitVersion)] {
        var out: [(String, HabitVersion)] = []
        for h in imp.habits {
            out.append((h.id, .present(h, logged: imp.dayLogged[h.id] ?? [:], removed: imp.dayRemoved[h.id] ?? [:])))
        }
        for (id, at) in imp.deletedHabits { out.append((id, .deleted(id: id, at: at))) }
        return out
    }

    static func merge(local: HabitVersion, remote: HabitVersion, localChanged: Bool, remoteChanged: Bool) -> SyncMerge.Outcome<HabitVersion>
    {
        SyncMerge.habit(local: local, remote: remote, localChanged: localChanged, remoteChanged: remoteChanged)
    }

    static func apply(_ version: HabitVersion, to doc: inout StoreDocument) { doc.apply(version) }

    static func forgetDeleted(_ id: String, in doc: inout StoreDocument) { doc.forgetDeletedHabit(id) }

    func render(_ version: HabitVersion) -> String { Self.render(version) }

    func digest(_ version: HabitVersion) -> String { SyncModelDigest.of(version, salt: context) }

    func describe(_ version: HabitVersion) -> String { Self.describe(version) }

    /// todoman's instances of the habits' recurring to-dos (a to-do of another program with a
    /// habit's title; `todo done` checks ours off and writes the next instance as a new to-do each
    /// time). One checked off is the habit's day done (`HabitCheckOff`), logged at its `COMPLETED`
    /// as if here, so the merge and every other machine take it. Each is then removed from the
    /// server, where that day is done or, open, it repeats the habit, so ours stays the habit's one
    /// to-do in every to-do list. Returns the versions to apply, in order, and the removals.
    static func logging(
        _ todos: [(url: String?, etag: String, todo: CalendarImport.ForeignTodo)], in doc: StoreDocument,
        local: inout [String: HabitVersion], zone: Zone
    ) -> (logged: [HabitVersion], removals: [SyncEngine.Upload]) {
        var logged: [HabitVersion] = []
        var removals: [SyncEngine.Upload] = []
        for (url, etag, todo) in todos {
            guard let id = doc.habits.first(where: { $0.name == todo.name })?.id,
                case .present(var h, var days, var removed)? = local[id]
            else { continue }
            var settled = todo.repeats && todo.completed == nil
            if let at = todo.completed, let done = HabitCheckOff(at: at, zone: zone, kind: h.kind) {
                if done.apply(start: h.start, entries: &h.entries, logged: &days, removed: &removed) {
                    local[id] = .present(h, logged: days, removed: removed)
                    logged.append(local[id]!)
                }
                settled = h.entries.contains { $0.date == done.day && $0.status == .done }
            }
            if settled, let url { removals.append(SyncEngine.Upload(id: id, url: url, etag: etag, text: nil, instance: true)) }
        }
        return (logged, removals)
    }

    /// What a habit's rendering reads besides the habit, as one hash: the renderings of probe
    /// habits, yes/no and numeric, and of a tombstone (this build's exporter).
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

    static func render(_ v: HabitVersion) -> String {
        switch v {
        case .present(let h, let logged, let removed): return CalendarExporter.calendar(habit: h, logged: logged, removed: removed)
        case .deleted(let id, let at): return CalendarExporter.tombstone(habitID: id, at: at)
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
