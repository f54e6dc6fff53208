// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain
import MoscowTimeStore

/// `agent-cli calendars remind NAME`: the collection's reminders ring.
struct CalendarsRemindCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "remind", abstract: t("Ring a calendar's reminders."))
    }

    @Argument(help: t("The calendar's name or folder.", value: N_("calendar"))) var name: String

    func run() throws { try Self.set(name, remind: true) }

    /// What `remind` and `quiet` share: the collection found, then kept in (or taken out of) the
    /// settings' `remindedCalendars`.
    static func set(_ name: String, remind: Bool) throws {
        let ctx = try CLIContext()
        var found: LocalCalendar?
        let doc = try ctx.store.update { doc -> StoreDocument in
            let calendar = try CalendarCollections.find(
                name, in: CalendarCollections.all(doc.settings, environment: ctx.environment, paths: ctx.store.paths))
            found = calendar
            var folders = Set(doc.settings.remindedCalendars)
            if remind { folders.insert(calendar.folder) } else { folders.remove(calendar.folder) }
            doc.settings.remindedCalendars = folders.sorted()
            return doc
        }
        // A CalDAV collection's mirror, made now so that the agent watches it before the sync fills it.
        if remind, let c = found, c.url != nil { CalDAVCollections.prepareMirror(c.folder) }
        let t = ctx.localizer(doc.settings)
        let values = ["calendar": TerminalText.oneLine(found?.name ?? name)]
        Output.line(remind ? t("{calendar}: reminders ring.", values) : t("{calendar}: reminders are quiet.", values))
    }
}
