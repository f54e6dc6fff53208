// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain
import MoscowTimeStore

/// `agent-cli calendars rm FOLDER`: forget a folder the user added (its files stay as they are).
struct CalendarsRemoveCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "rm", abstract: t("Forget a calendar folder you added (its files are left alone)."), aliases: ["remove"])
    }

    @Argument(help: t("The folder.", value: N_("folder"))) var folder: String

    func run() throws {
        let ctx = try CLIContext()
        let folder = LocalCalendars.trimmed(CalendarsAddCommand.absolute(self.folder, environment: ctx.environment))
        let doc = try ctx.store.update { doc -> StoreDocument in
            guard doc.settings.calendarFolders.contains(folder) else {
                throw InputError("you have added no calendar folder {folder}", ["folder": TerminalText.oneLine(folder)])
            }
            doc.settings.calendarFolders.removeAll { $0 == folder }
            // Its collections no longer ring (one found by itself too would be listed again, quiet).
            doc.settings.remindedCalendars.removeAll { $0 == folder || $0.hasPrefix(folder + "/") }
            return doc
        }
        Output.line(ctx.localizer(doc.settings)("Forgot {folder}.", ["folder": TerminalText.oneLine(folder)]))
    }
}
