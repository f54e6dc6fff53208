// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeCalendar
import MoscowTimeCore

/// `agent-cli export --ics [FILE]`.
enum ExportICS {
    static func run(file: String?) throws {
        let ctx = try ToolContext()
        let doc = try ctx.store.load()
        let text: String
        do throws(CalendarExporter.Failure) { text = try CalendarExporter.calendar(doc) } catch { throw ToolFailure(status: 1) { CalendarWording.export(error, $0) } }
        guard let file else { ToolOutput.write(text); return }
        try HabitExportFile.write(text, to: file)
        let t = ctx.localizer(doc.settings)
        ToolOutput.line(t("Exported to {file}: {alarms}, {habits}.",
                          ["file": file, "alarms": SummaryWording.alarms(doc.alarms.count, t), "habits": SummaryWording.habits(doc.habits.count, t)]))
    }
}
