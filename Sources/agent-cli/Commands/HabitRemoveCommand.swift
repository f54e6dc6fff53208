// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain

struct HabitRemoveCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "rm", abstract: t("Delete habits with their history (archive keeps the history)."), aliases: ["remove"])
    }

    @Argument(help: t("Habit names (exact) or unique id prefixes.", value: N_("habit")), completion: Completions.of(.habit))
    var habits: [String]

    func validate() throws {
        if habits.isEmpty { throw UsageError(Message("give at least one habit name or id")) }
    }

    func run() throws {
        let ctx = try CLIContext()
        let (removed, t) = try ctx.store.update { doc -> ([Habit], Localizer) in
            // Resolve all first: one unknown name removes nothing.
            let targets = try habits.map { try HabitResolver.resolve($0, in: doc.habits) }
            let ids = Set(targets.map(\.id))
            doc.habits.removeAll { ids.contains($0.id) }
            return (targets, ctx.localizer(doc.settings))
        }
        for h in removed { Output.line(t("Removed habit {id} \"{name}\".", ["id": h.id, "name": h.name])) }
    }
}
