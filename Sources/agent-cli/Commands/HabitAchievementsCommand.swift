// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain
import MoscowTimeStore
import MoscowTimeTerminal

struct HabitAchievementsCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "achievements", abstract: t("Achievements earned, with points and level."),
            discussion: t(
                "Each is earned once and kept (undoing the day does not take it away): first completion, 100 completions, streaks of 7, 30, 100 and 365 days, strength reaching 80%.\nPoints: 10 × each habit's current streak + 5 × each completed day; level L needs 100 · (L − 1)² points."
            ))
    }

    @Argument(
        help: t("One habit (exact name or id prefix); all habits without it.", value: N_("habit")), completion: Completions.of(.habit))
    var habit: String?

    @Flag(name: .long, help: t("Machine-readable output."))
    var json = false

    func run() throws {
        let ctx = try CLIContext()
        let doc = try ctx.store.load()
        let p = HabitPresenter(zone: try ctx.zone(doc.settings), t: ctx.localizer(doc.settings), now: ctx.now)
        let habits = try habit.map { [try HabitResolver.resolve($0, in: doc.habits)] } ?? doc.habits
        let rows = habits.map { ($0, HabitStatistics($0, today: p.today)) }
        let earned = habits.flatMap { h in h.achievements.map { (h, $0) } }
            .sorted { ($0.1.earned, $0.0.name) < ($1.1.earned, $1.0.name) }
        if json {
            let items: [JSONValue] = earned.map { h, a in
                guard case .object(var m) = p.json(a) else { return .null }
                m.insert(("habit", .string(h.name)), at: 0)
                m.insert(("habitId", .string(h.id)), at: 0)
                return .object(m)
            }
            Output.line(
                // not UI: JSON keys
                JSONWriter.pretty(.object([("achievements", .array(items)), ("summary", p.pointsJSON(rows))])).trimmingTrailingNewline)
            return
        }
        var out = ""
        if earned.isEmpty {
            out += p.t("No achievements yet: the first comes with the first completed day.") + "\n"
        } else {
            var table = TextTable(header: [p.t("DATE"), p.t("NAME"), p.t("ACHIEVEMENT")])
            for (h, a) in earned { table.add([a.earned.description, h.name, HabitText.achievement(a.kind, p.t)]) }
            out += table.render()
        }
        Output.write(out + p.pointsLine(rows) + "\n")
    }
}
