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

    @Flag(
        inversion: .prefixedNo,
        help: t("Write Dismiss, Snooze and Done into the calendar's files (RFC 9074), so other devices see them."))
    var writeAcknowledgements: Bool?

    func run() throws { try Self.set(name, remind: true, writeBack: writeAcknowledgements) }

    /// What `remind` and `quiet` share: the collection found, then kept in (or taken out of) the
    /// settings' `remindedCalendars`; `writeBack` (when given) likewise in `writeBackCalendars`.
    static func set(_ name: String, remind: Bool, writeBack: Bool? = nil) throws {
        let ctx = try CLIContext()
        var found: LocalCalendar?
        let doc = try ctx.store.update { doc -> StoreDocument in
            let calendar = try CalendarCollections.find(
                name, in: CalendarCollections.all(doc.settings, environment: ctx.environment, paths: ctx.store.paths))
            found = calendar
            var folders = Set(doc.settings.remindedCalendars)
            if remind { folders.insert(calendar.folder) } else { folders.remove(calendar.folder) }
            doc.settings.remindedCalendars = folders.sorted()
            if writeBack == true, let url = calendar.url,
                CalDAVCollections.load(ctx.store.paths).first(where: { $0.url == url })?.writable == false
            {
                // Written into the mirror only, an answer would never reach the server and be lost at
                // its next change of the item.
                throw InputError(
                    "the server does not let this account write {calendar}: remind it without --write-acknowledgements, and Dismiss and Snooze stay on this computer",
                    ["calendar": TerminalText.oneLine(calendar.name)])
            }
            if let writeBack {
                var written = Set(doc.settings.writeBackCalendars)
                if writeBack { written.insert(calendar.folder) } else { written.remove(calendar.folder) }
                doc.settings.writeBackCalendars = written.sorted()
            }
            return doc
        }
        // A CalDAV collection's mirror, made now so that the agent watches it before the sync fills it.
        if remind, let c = found, c.url != nil { CalDAVCollections.prepareMirror(c.folder) }
        let t = ctx.localizer(doc.settings)
        let values = ["calendar": TerminalText.oneLine(found?.name ?? name)]
        Output.line(remind ? t("{calendar}: reminders ring.", values) : t("{calendar}: reminders are quiet.", values))
        guard let writeBack else { return }
        Output.line(
            writeBack
                ? t("Dismiss, Snooze and Done are written into its files.", values)
                : t("Dismiss and Snooze are kept on this computer only.", values))
    }
}
