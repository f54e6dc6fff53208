// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeStore

struct HabitListCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "list", abstract: t("List habits."))
    }

    @Flag(name: .long, help: t("Include archived habits."))
    var archived = false

    @Flag(name: .long, help: t("Stable machine-readable output."))
    var json = false

    func run() throws {
        let ctx = try CLIContext()
        let doc = try ctx.store.load()
        let p = HabitPresenter(zone: try ctx.zone(doc.settings), t: ctx.localizer(doc.settings), now: ctx.now)
        let habits = doc.habits.filter { archived || !$0.archived }
        if json {
            Output.line(JSONWriter.pretty(.array(habits.map(p.json))).trimmingTrailingNewline)
        } else if habits.isEmpty {
            Output.line(p.t("No habits yet. Add one: agent-cli habit add Read --remind 21:00"))
        } else {
            Output.write(p.table(habits))
        }
    }
}
