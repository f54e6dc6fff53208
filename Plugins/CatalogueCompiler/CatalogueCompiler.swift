// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PackagePlugin

/// Compiles the translations (`po/<lang>.po`, languages from `po/LINGUAS`) into every build of
/// MoscowTimeCore: `msgfmt --check` makes each `.mo`, `embed-catalogue` turns them into a Swift
/// source the Localizer falls back on. So `swift build` (and scripts/run, which only runs it) gives
/// Russian without `make`, and a translation error fails the build. The same tool embeds the
/// shipped production calendars (`data/calendar/*.txt`), so every program knows the working days
/// without a file to find at run time.
@main
struct CatalogueCompiler: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let po = context.package.directoryURL.appending(path: "po")
        let linguas = try String(contentsOf: po.appending(path: "LINGUAS"), encoding: .utf8)
        let languages = linguas.split(separator: "\n").filter { !$0.hasPrefix("#") }
            .flatMap { $0.split(separator: " ") }.map(String.init)
        let work = context.pluginWorkDirectoryURL
        // One command, one Swift output: a `.mo` output would become a bundle resource (see embed-catalogue).
        let sources = languages.map { po.appending(path: "\($0).po") }
        let swift = work.appending(path: "EmbeddedCatalogues.swift")
        let tool = try context.tool(named: "embed-catalogue").url
        let calendarDirectory = context.package.directoryURL.appending(path: "data/calendar")
        let countries = ["ru"]
        let calendars = countries.map { calendarDirectory.appending(path: "\($0).txt") }
        let calendarSwift = work.appending(path: "EmbeddedCalendars.swift")
        return [
            .buildCommand(
                displayName: "Compiling and embedding the message catalogues", executable: tool,
                arguments: [swift.path(percentEncoded: false)] + zip(languages, sources).flatMap { [$0, $1.path(percentEncoded: false)] },
                inputFiles: sources, outputFiles: [swift]),
            .buildCommand(
                displayName: "Embedding the production calendars", executable: tool,
                arguments: ["--text", calendarSwift.path(percentEncoded: false), "EmbeddedCalendars"]
                    + zip(countries, calendars).flatMap { [$0, $1.path(percentEncoded: false)] },
                inputFiles: calendars, outputFiles: [calendarSwift]),
        ]
    }
}
