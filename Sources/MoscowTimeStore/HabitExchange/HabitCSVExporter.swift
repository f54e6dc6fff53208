// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// Writes habits in `HabitCSVFormat`.
public enum HabitCSVExporter {
    public static func csv(_ habits: [Habit]) -> String {
        var w = CSVWriter()
        w.row(HabitCSVFormat.columns)
        for h in habits {
            let g = h.kind.goal
            w.row([
                "habit", h.id, h.name, h.description ?? "", HabitCSVFormat.frequencyText(h.frequency),
                h.reminders.map(\.description).joined(separator: " "), h.start.description, h.archived ? "true" : "false",
                g?.unit ?? "", g.map { HabitAmount.text($0.target) } ?? "",
                g.map { $0.direction.rawValue + ($0.per == .period ? ":period" : "") } ?? "",
                ISO8601.utcString(h.created), ISO8601.utcString(h.modified), "", "", "", "",
            ])
            for e in h.entries {
                w.row([
                    "entry", h.id, h.name, "", "", "", "", "", "", "", "", "", "",
                    e.date.description, e.status == .done ? "done" : e.status == .skipped ? "skip" : "none",
                    e.amount.map(HabitAmount.text) ?? "", e.note ?? "",
                ])
            }
            for a in h.achievements {
                w.row(["achievement", h.id, h.name, "", "", "", "", "", "", "", "", "", "", a.earned.description, a.key, "", ""])
            }
        }
        return w.text
    }
}
