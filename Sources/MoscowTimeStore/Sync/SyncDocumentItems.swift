// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// The document seen as syncable items (present or deleted) and the way merged versions go back in.
extension StoreDocument {
    public func alarmVersions() -> [String: AlarmVersion] {
        var out: [String: AlarmVersion] = [:]
        for (id, at) in sync.deletedAlarms { out[id] = .deleted(id: id, at: at) }
        for a in alarms { out[a.id] = .present(a) }
        return out
    }

    public func habitVersions() -> [String: HabitVersion] {
        var out: [String: HabitVersion] = [:]
        for (id, at) in sync.deletedHabits { out[id] = .deleted(id: id, at: at) }
        for h in habits { out[h.id] = .present(h, logged: sync.dayLogged[h.id] ?? [:], removed: sync.dayRemoved[h.id] ?? [:]) }
        return out
    }

    public mutating func apply(_ v: AlarmVersion) {
        switch v {
        case .present(let a):
            if let k = alarmIndex(id: a.id) { alarms[k] = a } else { alarms.append(a) }
            sync.deletedAlarms[a.id] = nil
        case .deleted(let id, let at):
            alarms.removeAll { $0.id == id }
            sync.deletedAlarms[id] = at
        }
    }

    public mutating func apply(_ v: HabitVersion) {
        switch v {
        case .present(var h, let logged, let removed):
            // Names are unique; a habit of the same name made on another machine keeps its days
            // under a name that tells them apart.
            if habits.contains(where: { $0.name == h.name && $0.id != h.id }) {
                h.name = String("\(h.name) (\(h.id))".prefix(LabelRules.maximumLength))
            }
            if let k = habits.firstIndex(where: { $0.id == h.id }) { habits[k] = h } else { habits.append(h) }
            sync.deletedHabits[h.id] = nil
            sync.dayLogged[h.id] = logged.isEmpty ? nil : logged
            sync.dayRemoved[h.id] = removed.isEmpty ? nil : removed
        case .deleted(let id, let at):
            habits.removeAll { $0.id == id }
            sync.deletedHabits[id] = at
            sync.dayLogged[id] = nil
            sync.dayRemoved[id] = nil
        }
    }
}

extension StoreDocument {
    /// Drops the record of a deletion that every machine has had its chance to see
    /// (`TombstonePolicy`); nothing if the item exists again.
    public mutating func forgetDeletedAlarm(_ id: String) {
        if alarmIndex(id: id) == nil { sync.deletedAlarms[id] = nil }
    }

    public mutating func forgetDeletedHabit(_ id: String) {
        if !habits.contains(where: { $0.id == id }) { sync.deletedHabits[id] = nil }
    }
}
