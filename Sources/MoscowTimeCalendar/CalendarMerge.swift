// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeCore

/// Puts what a calendar file holds into the document. Our own items (they carry ids) replace the
/// item with the same id, so importing an export restores it exactly; alarms made from other
/// calendars are added once (an alarm with the same label and schedule is not added again).
public enum CalendarMerge {
    public struct Summary: Sendable, Equatable {
        public var alarmsAdded = 0, alarmsReplaced = 0, alarmsUnchanged = 0
        public var habitsAdded = 0, habitsReplaced = 0, habitsUnchanged = 0
        public var warnings: [CalendarWarning] = []
        public init() {}
    }

    public static func merge(_ imported: CalendarImport, into doc: inout StoreDocument) -> Summary {
        var s = Summary()
        var ids = Set(doc.alarms.map(\.id))
        for alarm in imported.alarms {
            if alarm.id.isEmpty {
                if doc.alarms.contains(where: { $0.label == alarm.label && $0.schedule == alarm.schedule }) {
                    s.alarmsUnchanged += 1; continue
                }
                var a = alarm
                a.id = AlarmID.make(avoiding: ids)
                ids.insert(a.id)
                doc.alarms.append(a)
                s.alarmsAdded += 1
            } else if let k = doc.alarmIndex(id: alarm.id) {
                if doc.alarms[k] == alarm { s.alarmsUnchanged += 1 } else { doc.alarms[k] = alarm; s.alarmsReplaced += 1 }
            } else {
                ids.insert(alarm.id)
                doc.alarms.append(alarm)
                s.alarmsAdded += 1
            }
        }
        for habit in imported.habits {
            if let other = doc.habits.first(where: { $0.name == habit.name && $0.id != habit.id }) {
                s.warnings.append(.habitNameTaken(name: habit.name, id: habit.id, otherID: other.id))
                continue
            }
            if let k = doc.habits.firstIndex(where: { $0.id == habit.id }) {
                if doc.habits[k] == habit { s.habitsUnchanged += 1 } else { doc.habits[k] = habit; s.habitsReplaced += 1 }
            } else {
                doc.habits.append(habit)
                s.habitsAdded += 1
            }
        }
        return s
    }
}
