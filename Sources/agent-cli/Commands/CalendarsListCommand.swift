// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain
import MoscowTimeStore
import MoscowTimeTerminal

/// `agent-cli calendars [list]`: each collection with whether its reminders ring.
struct CalendarsListCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "list", abstract: t("List your calendars and whether their reminders ring."))
    }

    @Flag(name: .long, help: t("Machine-readable: name, folder, items, remind.")) var json = false

    func run() throws {
        let ctx = try CLIContext()
        let settings = try ctx.store.load().settings
        let t = ctx.localizer(settings)
        let calendars = CalendarCollections.all(settings, environment: ctx.environment)
        let reminded = Set(settings.remindedCalendars)
        let writtenBack = Set(settings.writeBackCalendars)
        if json {
            let items: [JSONValue] = calendars.map { c in
                .object([
                    ("name", .string(c.name)), ("folder", .string(c.folder)), ("items", .int(c.items)),
                    ("remind", .bool(reminded.contains(c.folder))), ("writeAcknowledgements", .bool(writtenBack.contains(c.folder))),
                ])
            }
            Output.line(JSONWriter.pretty(.array(items)).trimmingTrailingNewline)
            return
        }
        guard !calendars.isEmpty else {
            let roots = LocalCalendars.standardRoots(environment: ctx.environment) + settings.calendarFolders
            Output.line(
                t(
                    "No calendars found in {folders}. Add a folder with agent-cli calendars add FOLDER.",
                    ["folders": roots.map(TerminalText.oneLine).joined(separator: ", ")]))
            return
        }
        var table = TextTable(header: [t("CALENDAR"), t("REMINDERS"), t("ITEMS"), t("FOLDER")])
        for c in calendars {
            table.add([
                TerminalText.oneLine(c.name),
                !reminded.contains(c.folder) ? t("quiet") : writtenBack.contains(c.folder) ? t("remind, write back") : t("remind"),
                String(c.items),
                TerminalText.oneLine(c.folder),
            ])
        }
        Output.write(table.render())
        for line in CalendarNextQuery.notes(settings, t) { Output.line(line) }
    }
}
