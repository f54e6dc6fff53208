// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeCalendar
import MoscowTimeStore

/// `agent-cli export --ics [FILE]`.
enum ExportICS {
    static func run(file: String?) throws {
        let ctx = try ToolContext()
        let doc = try ctx.store.load()
        let text: String
        do throws(CalendarExporter.Failure) { text = try CalendarExporter.calendar(doc) } catch {
            throw ToolFailure(status: 1) { CalendarWording.export(error, $0) }
        }
        let t = ctx.localizer(doc.settings)
        // Said, not refused: the export is still a calendar other programs read.
        let tooLarge = text.utf8.count > CalendarLimits.maximumFileBytes
        let warning = t(
            "warning: the export is larger than {limit} MiB, the most import reads back; it cannot be imported whole",
            ["limit": String(CalendarLimits.maximumFileBytes >> 20)])
        guard let file else {
            ToolOutput.write(text)
            if tooLarge { ToolOutput.error(warning) }
            return
        }
        try HabitExportFile.write(text, to: file)
        ToolOutput.line(
            t(
                "Exported to {file}: {alarms}, {habits}.",
                ["file": file, "alarms": SummaryWording.alarms(doc.alarms.count, t), "habits": SummaryWording.habits(doc.habits.count, t)]))
        if tooLarge { ToolOutput.line(warning) }
    }
}
