// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// Merges imported habits into the document. A habit whose name is new is added (keeping its id
/// unless taken); a habit whose name exists keeps its definition and gains the imported days it
/// has no entry for (days it already has are kept as they are; its start moves earlier if needed).
public enum HabitImport {
    public struct Summary: Hashable, Sendable {
        public var added: [String] = []
        public var merged: [String] = []
        public var entriesAdded = 0
        /// Imported days left out because the habit already had an entry that day.
        public var entriesKept = 0
        public var warnings: [Message] = []

        public init() {}
    }

    public static func merge(_ incoming: [Habit], into doc: inout StoreDocument) -> Summary {
        var s = Summary()
        var ids = Set(doc.habits.map(\.id))
        for var h in incoming {
            if let i = doc.habits.firstIndex(where: { $0.name == h.name }) {
                s.merged.append(h.name)
                var target = doc.habits[i]
                var incompatible = 0
                for e in h.entries {
                    if target.entry(on: e.date) != nil {
                        s.entriesKept += 1
                        continue
                    }
                    if e.status == .done, target.kind.isNumeric != (e.amount != nil) {
                        incompatible += 1
                        continue
                    }
                    target.setEntry(e)
                    s.entriesAdded += 1
                }
                if let first = target.entries.first, first.date < target.start { target.start = first.date }
                // Achievements are earned once: keep ours, add the ones only the file has.
                for a in h.achievements where !target.achievements.contains(where: { $0.key == a.key }) {
                    target.achievements.append(a)
                }
                if incompatible > 0 {
                    s.warnings.append(
                        target.kind.isNumeric
                            ? Message.plural(
                                "\"{name}\" here is a numeric habit: {n} imported day of the other kind was left out",
                                "\"{name}\" here is a numeric habit: {n} imported days of the other kind were left out",
                                count: incompatible, ["name": h.name, "n": "\(incompatible)"])
                            : Message.plural(
                                "\"{name}\" here is a yes/no habit: {n} imported day of the other kind was left out",
                                "\"{name}\" here is a yes/no habit: {n} imported days of the other kind were left out",
                                count: incompatible, ["name": h.name, "n": "\(incompatible)"]))
                }
                doc.habits[i] = target
            } else {
                if !AlarmID.isValid(h.id) || ids.contains(h.id) { h.id = AlarmID.make(avoiding: ids) }
                ids.insert(h.id)
                s.added.append(h.name)
                s.entriesAdded += h.entries.count
                doc.habits.append(h)
            }
        }
        return s
    }
}
