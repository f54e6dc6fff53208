// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

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

    private struct LabelledSchedule: Hashable {
        let label: String
        let schedule: Schedule
        init(_ a: Alarm) {
            label = a.label
            schedule = a.schedule
        }
    }

    public static func merge(_ imported: CalendarImport, into doc: inout StoreDocument) -> Summary {
        var s = Summary()
        var ids = Set(doc.alarms.map(\.id))
        // Where each id is, and how many alarms have each label and schedule: 10 000 events are
        // looked up, not compared pairwise with every alarm.
        var index = Dictionary(doc.alarms.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var present: [LabelledSchedule: Int] = [:]
        for a in doc.alarms { present[LabelledSchedule(a), default: 0] += 1 }
        func append(_ a: Alarm) {
            index[a.id] = index[a.id] ?? doc.alarms.count
            present[LabelledSchedule(a), default: 0] += 1
            doc.alarms.append(a)
        }
        for alarm in imported.alarms {
            if alarm.id.isEmpty {
                if present[LabelledSchedule(alarm), default: 0] > 0 {
                    s.alarmsUnchanged += 1
                    continue
                }
                var a = alarm
                a.id = AlarmID.make(avoiding: ids)
                ids.insert(a.id)
                append(a)
                s.alarmsAdded += 1
            } else if let k = index[alarm.id] {
                if doc.alarms[k] == alarm {
                    s.alarmsUnchanged += 1
                } else {
                    present[LabelledSchedule(doc.alarms[k]), default: 1] -= 1
                    present[LabelledSchedule(alarm), default: 0] += 1
                    doc.alarms[k] = alarm
                    s.alarmsReplaced += 1
                }
            } else {
                ids.insert(alarm.id)
                append(alarm)
                s.alarmsAdded += 1
            }
        }
        for habit in imported.habits {
            if let other = doc.habits.first(where: { $0.name == habit.name && $0.id != habit.id }) {
                s.warnings.append(.habitNameTaken(name: habit.name, id: habit.id, otherID: other.id))
                continue
            }
            if let k = doc.habits.firstIndex(where: { $0.id == habit.id }) {
                if doc.habits[k] == habit {
                    s.habitsUnchanged += 1
                } else {
                    doc.habits[k] = habit
                    s.habitsReplaced += 1
                }
            } else {
                doc.habits.append(habit)
                s.habitsAdded += 1
            }
        }
        return s
    }
}
