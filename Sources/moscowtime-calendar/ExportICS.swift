// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeCalendar
import MoscowTimeCore

/// `agent-cli export --ics [FILE]`.
enum ExportICS {
    static func run(file: String?) throws {
        let ctx = try ToolContext()
        let doc = try ctx.store.load()
        let text: String
        do { text = try CalendarExporter.calendar(doc) } catch { throw ToolFailure(error.message, status: 1) }
        guard let file else { ToolOutput.write(text); return }
        try HabitExportFile.write(text, to: file)
        ToolOutput.line(ctx.localizer(doc.settings)("Exported to {file}: alarms {alarms}, habits {habits}.",
                                                    ["file": file, "alarms": String(doc.alarms.count), "habits": String(doc.habits.count)]))
    }
}
