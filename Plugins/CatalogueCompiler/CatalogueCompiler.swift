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
        var commands: [Command] = []
        var compiled: [URL] = []
        for lang in languages {
            let source = po.appending(path: "\(lang).po"), mo = work.appending(path: "\(lang).mo")
            commands.append(.buildCommand(
                displayName: "Compiling po/\(lang).po",
                executable: URL(filePath: "/usr/bin/msgfmt"),
                arguments: ["--check", "--output-file=\(mo.path(percentEncoded: false))", source.path(percentEncoded: false)],
                inputFiles: [source], outputFiles: [mo]))
            compiled.append(mo)
        }
        let swift = work.appending(path: "EmbeddedCatalogues.swift")
        commands.append(.buildCommand(
            displayName: "Embedding the message catalogues",
            executable: try context.tool(named: "embed-catalogue").url,
            arguments: [swift.path(percentEncoded: false)] + zip(languages, compiled).flatMap { [$0, $1.path(percentEncoded: false)] },
            inputFiles: compiled, outputFiles: [swift]))
        return commands
    }
}
