// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import PackagePlugin

/// Compiles the translations (`po/<lang>.po`, languages from `po/LINGUAS`) into every build of
/// MoscowTimeCore: `msgfmt --check` makes each `.mo`, `embed-catalogue` turns them into a Swift
/// source the Localizer falls back on. So `swift build` (and scripts/run, which only runs it) gives
/// Russian without `make`, and a translation error fails the build.
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
        let commands: [Command] = [.buildCommand(
            displayName: "Compiling and embedding the message catalogues",
            executable: try context.tool(named: "embed-catalogue").url,
            arguments: [swift.path(percentEncoded: false)] + zip(languages, sources).flatMap { [$0, $1.path(percentEncoded: false)] },
            inputFiles: sources, outputFiles: [swift])]
        return commands
    }
}
