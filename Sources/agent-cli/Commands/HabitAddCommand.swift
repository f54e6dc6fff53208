// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain
import MoscowTimeStore

struct HabitAddCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "add", abstract: t("Add a habit."),
            discussion: t(
                "Examples:\n  agent-cli habit add Read --remind 21:00\n  agent-cli habit add \"Бег\" --per-week 3 --remind 07:00\n  agent-cli habit add Water --numeric --unit glasses --target 8 --remind 10:00,16:00\n  agent-cli habit add Coffee --numeric --unit cups --target 2 --at-most\nWithout a frequency option the habit is daily; it starts today unless --start says otherwise."
            ))
    }

    @Argument(help: t("Name (unique; any script, emoji welcome; at most 200 characters).", value: N_("name")))
    var name: String

    @OptionGroup var definition: HabitDefinitionOptions

    @Flag(name: .long, help: t("Print the new habit as JSON."))
    var json = false

    func run() throws {
        let ctx = try CLIContext()
        // Validate everything that needs no document before the store is touched.
        let frequency = definition.frequency() ?? .daily
        let reminders = definition.reminders() ?? []
        let description = try definition.description.map(HabitTextRules.description) ?? nil
        let goal = try definition.goal(current: nil)
        let (habit, p) = try ctx.store.update { doc -> (Habit, HabitPresenter) in
            let zone = try ctx.zone(doc.settings)
            let p = HabitPresenter(zone: zone, t: ctx.localizer(doc.settings), now: ctx.now)
            let name = try HabitTextRules.name(self.name, among: doc.habits)
            let habit = Habit(
                id: AlarmID.make(avoiding: Set(doc.habits.map(\.id))), name: name, description: description,
                frequency: frequency, reminders: reminders,
                start: definition.startDate(today: p.today) ?? p.today,
                kind: goal.map(HabitKind.numeric) ?? .yesNo, created: ctx.now)
            doc.habits.append(habit)
            return (habit, p)
        }
        defer { if !habit.reminders.isEmpty { AgentStarter.ensureRunning(ctx, p.t) } }
        if json {
            Output.line(JSONWriter.pretty(p.json(habit)).trimmingTrailingNewline)
            return
        }
        var line = p.t(
            "Added habit {id} \"{name}\": {frequency}", ["id": habit.id, "name": habit.name, "frequency": p.frequencyText(habit)])
        if !habit.reminders.isEmpty {
            line += p.t("; reminders at {times} ({zone})", ["times": HabitText.reminders(habit.reminders), "zone": p.zone.identifier])
        }
        Output.line(line + ".")
    }
}
