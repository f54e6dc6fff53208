// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import MoscowTimeStore

/// Habits, in the collection of VTODOs; a to-do another program checked off (todoman's instance of
/// a habit's recurring to-do) is logged as the habit's day done (`logging`).
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

    /// The habits' versions with the to-dos of other programs checked off since the last sync
    /// logged in (`logging`), each also to be applied to the document, in order.
    static func logging(
        _ completions: [CalendarImport.Completion], in doc: StoreDocument, local: inout [String: HabitVersion], zone: Zone
    ) -> [HabitVersion] {
        var logged: [HabitVersion] = []
        for c in completions {
            guard let id = doc.habits.first(where: { $0.name == c.name })?.id,
                let v = logging(c, in: local[id], zone: zone)
            else { continue }
            local[id] = v
            logged.append(v)
        }
        return logged
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
