// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain

struct HabitEditCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "edit", abstract: t("Change a habit's name, description, frequency, reminders, start or goal."),
            discussion: t(
                "Examples:\n  agent-cli habit edit Read --remind 21:30 · agent-cli habit edit Read --remind none\n  agent-cli habit edit Water --target 10 · agent-cli habit edit \"Бег\" --name \"Пробежка\" --per-week 4\nA habit with logged days cannot switch between yes/no and numeric."
            ))
    }

    @Argument(help: t("Habit name (exact) or unique id prefix.", value: N_("habit")), completion: Completions.of(.habit))
    var habit: String

    @Option(name: .long, help: t("New name.", value: N_("name")))
    var name: String?

    @OptionGroup var definition: HabitDefinitionOptions

    func run() throws {
        let ctx = try CLIContext()
        let frequency = definition.frequency()
        let reminders = definition.reminders()
        let description = try definition.description.map(HabitTextRules.description)
        guard
            name != nil || frequency != nil || reminders != nil || description != nil || definition.start != nil
                || definition.goalGiven
        else {
            throw InputError(
                "nothing to change: give --name, --description, --daily, --days, --every, --per-week, --per-month, --times-in, --remind, --start, --numeric, --unit, --target, --target-per, --at-most or --at-least"
            )
        }
        let (id, t) = try ctx.store.update { doc -> (String, Localizer) in
            let zone = try ctx.zone(doc.settings)
            let today = zone.local(ctx.now).date
            let old = try HabitResolver.resolve(habit, in: doc.habits)
            var h = old
            if let name { h.name = try HabitTextRules.name(name, among: doc.habits, except: old.id) }
            if let description { h.description = description }
            if let frequency { h.frequency = frequency }
            if let reminders { h.reminders = reminders }
            if let start = definition.startDate(today: today) {
                if let first = h.entries.first, first.date < start {
                    throw InputError(
                        "\"{name}\" has days logged from {date}, before {start}: choose a start on or before {date}, or undo those days",
                        ["name": "\(h.name)", "date": "\(first.date)", "start": "\(start)"])
                }
                h.start = start
            }
            let goal = try definition.goal(current: old.kind.goal)
            if goal != nil, !old.kind.isNumeric, !old.entries.isEmpty {
                throw InputError(
                    "\"{name}\" has {entriesCount} days logged as a yes/no habit: it cannot become numeric; add a new numeric habit instead",
                    ["name": "\(h.name)", "entriesCount": "\(old.entries.count)"])
            }
            h.kind = goal.map(HabitKind.numeric) ?? .yesNo
            if h != old {
                h.modified = ctx.now
                doc.habits[doc.habits.firstIndex { $0.id == old.id }!] = h
            }
            return (old.id, ctx.localizer(doc.settings))
        }
        Output.line(t("Updated habit {id}.", ["id": id]))
        if reminders?.isEmpty == false { AgentStarter.ensureRunning(ctx, t) }
    }
}
