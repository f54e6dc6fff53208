// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain

struct RemoveCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "rm", abstract: t("Delete alarms."), aliases: ["remove"])
    }

    @Argument(help: t("Alarm ids, unique id prefixes, or exact labels.", value: N_("alarm")), completion: Completions.of(.alarm))
    var alarms: [String]

    func validate() throws {
        if alarms.isEmpty { throw UsageError(Message("give at least one alarm id or label")) }
    }

    func run() throws {
        let ctx = try CLIContext()
        let (removed, t) = try ctx.store.update { doc -> ([Alarm], Localizer) in
            // Resolve all first: one unknown id removes nothing.
            let targets = try alarms.map { try AlarmResolver.resolve($0, in: doc.alarms) }
            let ids = Set(targets.map(\.id))
            doc.alarms.removeAll { ids.contains($0.id) }
            return (targets, ctx.localizer(doc.settings))
        }
        for a in removed { Output.line(t("Removed alarm {id} \"{label}\".", ["id": a.id, "label": a.label])) }
    }
}
