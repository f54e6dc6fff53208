// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Glibc
import MoscowTimeDomain
import MoscowTimeStore
import MoscowTimeTerminal

struct HabitStatsCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "stats", abstract: t("Streaks, completion rates, strength score and totals; one habit adds a year heatmap."),
            discussion: t(
                "Rates are the share of due days done in the last 7, 30 and 365 days (skipped days left out).\nThe score is Loop Habit Tracker's habit strength: score = previous · m + v · (1 − m), m = 0.5^(√f/13), f = X/Y of \"X times in Y days\", v = the share of the target reached in a rolling window. Points: 10 × the current streak + 5 × each completed day.\n--as-of computes everything as of that day (days after it are ignored).\nThe heatmap is coloured on a terminal unless NO_COLOR is set."
            ))
    }

    @Argument(
        help: t("One habit (exact name or id prefix); all active habits without it.", value: N_("habit")),
        completion: Completions.of(.habit))
    var habit: String?

    @Flag(name: .long, help: t("Include archived habits (all-habits table)."))
    var archived = false

    @Flag(name: .long, help: t("Machine-readable output."))
    var json = false

    @Option(
        name: .customLong("as-of"), help: t("Compute as of this day: YYYY-MM-DD, today, yesterday (default: today).", value: N_("date")),
        transform: DateArgument.init)
    var asOf: DateArgument?

    func run() throws {
        let ctx = try CLIContext()
        let doc = try ctx.store.load()
        let zone = try ctx.zone(doc.settings)
        let asOfDay = asOf?.resolve(today: zone.local(ctx.now).date)
        let p = HabitPresenter(zone: zone, t: ctx.localizer(doc.settings), now: ctx.now, asOf: asOfDay)
        let habits = try habit.map { [try HabitResolver.resolve($0, in: doc.habits)] } ?? doc.habits.filter { archived || !$0.archived }
        let rows = habits.map { ($0, HabitStatistics($0, today: p.today)) }
        if json {
            let items = rows.map { p.json($0.0, $0.1) }
            Output.line(
                JSONWriter.pretty(habit == nil ? .object([("habits", .array(items)), ("summary", p.pointsJSON(rows))]) : items[0])
                    .trimmingTrailingNewline)  // not UI: JSON keys
            return
        }
        if rows.isEmpty {
            Output.line(p.t("No habits yet. Add one: agent-cli habit add Read --remind 21:00"))
            return
        }
        var out = p.statsTable(rows)
        if habit != nil, let s = rows.first?.1 {
            let colour = isatty(1) != 0 && ctx.environment["NO_COLOR"] == nil
            out += "\n" + HabitHeatmap.render(s.timeline, style: colour ? .ansi256 : .characters, language: p.t.language)
            let style: HabitHeatmap.Style = colour ? .ansi256 : .characters
            out += HabitHeatmap.legend(p.t("· nothing  ░▒▓ part of the goal  █ done  - skipped"), style: style) + "\n"
            out += "\n" + p.t("Score, last 100 days:") + "\n" + HabitSparkline.render(s.timeline) + "\n"
        }
        Output.write(out)
    }
}
