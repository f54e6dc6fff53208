// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// Records, while sync is set up, when items were deleted and habit days logged or removed, by
/// comparing the document before and after a change. Doing it here, in the store's one write
/// path, covers every command and the agent's notification actions alike, with nothing for them
/// to remember. (Alarm and habit definitions carry `modified`, which their editors set.)
enum ChangeStamper {
    static func stamp(before: StoreDocument, after doc: inout StoreDocument, at now: Instant) {
        guard doc.sync.account != nil else { return }
        let afterAlarms = Set(doc.alarms.map(\.id))
        for a in before.alarms where !afterAlarms.contains(a.id) { doc.sync.deletedAlarms[a.id] = now }
        for id in afterAlarms where doc.sync.deletedAlarms[id] != nil { doc.sync.deletedAlarms[id] = nil }

        var beforeHabits: [String: Habit] = [:]
        for h in before.habits { beforeHabits[h.id] = h }
        let afterHabits = Set(doc.habits.map(\.id))
        for h in before.habits where !afterHabits.contains(h.id) {
            doc.sync.deletedHabits[h.id] = now
            doc.sync.dayLogged[h.id] = nil
            doc.sync.dayRemoved[h.id] = nil
        }
        for h in doc.habits {
            doc.sync.deletedHabits[h.id] = nil
            let old = beforeHabits[h.id]
            guard old?.entries != h.entries else { continue }
            var oldByDay: [CivilDate: HabitEntry] = [:]
            for e in old?.entries ?? [] { oldByDay[e.date] = e }
            for e in h.entries where oldByDay.removeValue(forKey: e.date) != e {
                doc.sync.dayLogged[h.id, default: [:]][e.date] = now
                doc.sync.dayRemoved[h.id]?[e.date] = nil
            }
            for (date, _) in oldByDay {
                doc.sync.dayRemoved[h.id, default: [:]][date] = now
                doc.sync.dayLogged[h.id]?[date] = nil
            }
        }
    }
}
