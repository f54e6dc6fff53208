// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeCalendar
import MoscowTimeCore

/// `agent-cli export --ics [FILE]`: alarms and habits as one iCalendar file.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write alarms and habits as iCalendar (read back by agent-cli import).",
        discussion: """
            Alarms become repeating events in the configured zone with a reminder, habits become to-dos
            carrying their whole history; agent-cli import reads the file back exactly.
            """)

    @Flag(name: .customLong("ics"), help: "iCalendar (RFC 5545), the only format so far.")
    var ics = false

    @Argument(help: "Write to this file (replaced atomically) instead of standard output.")
    var file: String?

    func run() throws {
        guard ics else { throw InputError("choose the format: agent-cli export --ics [FILE]") }
        let ctx = try CLIContext()
        let doc = try ctx.store.load()
        let text: String
        do { text = try CalendarExporter.calendar(doc) } catch { throw CLIFailure(message: error.message, status: .failure) }
        guard let file else { Output.write(text); return }
        try HabitExportFile.write(text, to: file)
        Output.line(ctx.localizer(doc.settings)("Exported to {file}: alarms {alarms}, habits {habits}.",
                                                ["file": file, "alarms": String(doc.alarms.count), "habits": String(doc.habits.count)]))
    }
}
