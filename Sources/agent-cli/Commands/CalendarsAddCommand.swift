// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain
import MoscowTimeStore

/// `agent-cli calendars add FOLDER`: a calendar folder (or a folder of them) beside those found by
/// themselves.
struct CalendarsAddCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "add", abstract: t("Add a calendar folder, or a folder of calendar folders."))
    }

    @Argument(help: t("The folder.", value: N_("folder"))) var folder: String

    func run() throws {
        let ctx = try CLIContext()
        let folder = LocalCalendars.trimmed(CalendarsAddCommand.absolute(self.folder, environment: ctx.environment))
        guard ResourceLocator.isDirectory(folder) else {
            throw InputError("{folder} is not a folder", ["folder": TerminalText.oneLine(folder)])
        }
        let doc = try ctx.store.update { doc -> StoreDocument in
            if !doc.settings.calendarFolders.contains(folder) { doc.settings.calendarFolders.append(folder) }
            return doc
        }
        let t = ctx.localizer(doc.settings)
        let found = LocalCalendars.discover(roots: [], added: [folder])
        Output.line(
            t(
                "Added {folder}; calendars in it: {calendars}.",
                [
                    "folder": TerminalText.oneLine(folder),
                    "calendars": found.isEmpty ? t("none yet") : found.map { TerminalText.oneLine($0.name) }.joined(separator: ", "),
                ]))
    }

    /// `folder` from the current directory when relative (agent-cli has no other use for it).
    static func absolute(_ folder: String, environment: [String: String]) -> String {
        guard !folder.hasPrefix("/") else { return folder }
        let cwd = environment["PWD"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/"
        return cwd + "/" + folder
    }
}
