// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain
import MoscowTimeStore
import MoscowTimeTerminal

/// `agent-cli calendars [list]`: each collection — local folders, and the sync account's CalDAV
/// collections as the last sync found them (no network) — with whether its reminders ring.
struct CalendarsListCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "list", abstract: t("List your calendars and whether their reminders ring."))
    }

    @Flag(name: .long, help: t("Machine-readable: name, source, folder, items, color, remind.")) var json = false

    func run() throws {
        let ctx = try CLIContext()
        let settings = try ctx.store.load().settings
        let t = ctx.localizer(settings)
        let calendars = CalendarCollections.all(settings, environment: ctx.environment, paths: ctx.store.paths)
        let reminded = Set(settings.remindedCalendars)
        let writtenBack = Set(settings.writeBackCalendars)
        let remote = Dictionary(CalDAVCollections.load(ctx.store.paths).map { ($0.url, $0) }) { a, _ in a }
        if json {
            let items = calendars.map { c in
                Self.json(
                    c, remind: reminded.contains(c.folder), writeBack: writtenBack.contains(c.folder), remote: c.url.flatMap { remote[$0] },
                    t)
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
        Output.write(Self.table(calendars, reminded: reminded, writtenBack: writtenBack, t).render())
        for c in calendars { if let p = c.url.flatMap({ remote[$0]?.problem }) { Output.line(Self.problem(c, p, t)) } }
        for line in CalendarNextQuery.notes(settings, t) { Output.line(line) }
    }

    static func table(_ calendars: [LocalCalendar], reminded: Set<String>, writtenBack: Set<String>, _ t: Localizer) -> TextTable {
        let colours = calendars.contains { $0.color != nil }
        var table = TextTable(
            header: [t("CALENDAR"), t("SOURCE"), t("REMINDERS"), t("ITEMS")] + (colours ? [t("COLOUR")] : []) + [t("FOLDER")])
        for c in calendars {
            table.add(
                [
                    TerminalText.oneLine(c.name), c.url == nil ? t("local") : "CalDAV",  // not UI: the protocol's name
                    !reminded.contains(c.folder) ? t("quiet") : writtenBack.contains(c.folder) ? t("remind, write back") : t("remind"),
                    String(c.items),
                ] + (colours ? [c.color.map(TerminalText.oneLine) ?? ""] : []) + [TerminalText.oneLine(c.place)])
        }
        return table
    }

    static func problem(_ c: LocalCalendar, _ p: CalDAVCollectionProblem, _ t: Localizer) -> String {
        t(
            "CalDAV calendar {calendar}, skipped at the last sync: {problem}",
            ["calendar": TerminalText.oneLine(c.name), "problem": TerminalText.oneLine(p.message.text(t))])
    }

    static func json(_ c: LocalCalendar, remind: Bool, writeBack: Bool, remote: CalDAVCollection?, _ t: Localizer) -> JSONValue {
        var m: [(String, JSONValue)] = [
            ("name", .string(c.name)), ("source", .string(c.url == nil ? "local" : "caldav")), ("folder", .string(c.folder)),
            ("items", .int(c.items)), ("color", .optional(c.color)), ("remind", .bool(remind)),
            ("writeAcknowledgements", .bool(writeBack)),
        ]
        if let r = remote {
            m += [
                ("url", .string(r.url)), ("components", .array(r.components.map(JSONValue.string))), ("writable", .bool(r.writable)),
                ("problem", .optional(r.problem.map { $0.message.text(t) })),
            ]
        }
        return .object(m)
    }
}
