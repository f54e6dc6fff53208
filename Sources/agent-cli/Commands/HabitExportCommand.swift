// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain
import MoscowTimeStore

struct HabitExportCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "export", abstract: t("Write all habits and their days as CSV (read back by habit import)."),
            discussion: t(
                "Columns: record, id, name, description, frequency, reminders, start, archived, unit, target, goal, created, modified, date, state, amount, note.\nOne \"habit\" row per habit, then one \"entry\" row per logged day."
            ))
    }

    @Option(name: .long, help: t("Write to this file (replaced atomically) instead of standard output.", value: N_("file")))
    var output: String?

    func run() throws {
        let ctx = try CLIContext()
        let doc = try ctx.store.load()
        let csv = HabitCSVExporter.csv(doc.habits)
        guard let output else {
            Output.write(csv)
            return
        }
        try HabitExportFile.write(csv, to: output)
        let t = ctx.localizer(doc.settings)
        let n = doc.habits.count
        Output.line(
            t.plural("Exported {n} habit to {file}.", "Exported {n} habits to {file}.", count: n, ["n": String(n), "file": output]))
    }
}
