// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain

struct HabitArchiveCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "archive", abstract: t("Archive habits: no longer due or reminded, history kept."))
    }
    @Argument(help: t("Habit names (exact) or unique id prefixes.", value: N_("habit")), completion: Completions.of(.habit)) var habits:
        [String]
    func run() throws { try HabitArchiveSwitch.set(habits, archived: true) }
}

struct HabitUnarchiveCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "unarchive", abstract: t("Bring archived habits back."))
    }
    @Argument(help: t("Habit names (exact) or unique id prefixes.", value: N_("habit")), completion: Completions.of(.habit)) var habits:
        [String]
    func run() throws { try HabitArchiveSwitch.set(habits, archived: false) }
}

enum HabitArchiveSwitch {
    static func set(_ keys: [String], archived: Bool) throws {
        guard !keys.isEmpty else { throw InputError("give at least one habit name or id") }
        let ctx = try CLIContext()
        let (targets, t) = try ctx.store.update { doc -> ([Habit], Localizer) in
            let targets = try keys.map { try HabitResolver.resolve($0, in: doc.habits) }
            for h in targets where h.archived != archived {
                let i = doc.habits.firstIndex { $0.id == h.id }!
                doc.habits[i].archived = archived
                doc.habits[i].modified = ctx.now
            }
            return (targets, ctx.localizer(doc.settings))
        }
        for h in targets {
            Output.line(
                t(archived ? "Archived habit {id} \"{name}\"." : "Unarchived habit {id} \"{name}\".", ["id": h.id, "name": h.name]))
        }
    }
}
