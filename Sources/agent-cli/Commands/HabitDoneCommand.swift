// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain

struct HabitDoneCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "done", abstract: t("Log a day as done (numeric: an amount)."),
            discussion: t(
                "Numeric habits: --amount sets the day's total; without it one unit is added.\nExamples: agent-cli habit done Read · agent-cli habit done Read --date yesterday --note \"50 pages\"\n          agent-cli habit done Water --amount 3 · agent-cli habit done Water   (adds one glass)"
            ))
    }

    @Argument(help: t("Habit name (exact) or unique id prefix.", value: N_("habit")), completion: Completions.of(.habit))
    var habit: String

    @Option(
        name: .long, help: t("The day: YYYY-MM-DD, today, yesterday (default: today in the configured zone).", value: N_("date")),
        transform: DateArgument.init)
    var date: DateArgument?

    @Option(
        name: .long, parsing: .unconditional, help: t("Numeric habits: the day's total (3, 2.5).", value: N_("amount")),
        transform: AmountArgument.init)
    var amount: AmountArgument?

    @Option(name: .long, help: t("A note for the day.", value: N_("text")))
    var note: String?

    func run() throws { try Self.run(habit: habit, date: date, amount: amount, note: note) }

    /// Also what `FastPath` runs for `habit done NAME`.
    static func run(habit: String, date: DateArgument?, amount: AmountArgument?, note: String?) throws {
        let amount = amount?.value
        let note = try note.map(HabitTextRules.note) ?? nil
        try HabitDayLogger.log(habit, date: date) { h, day, today throws(HabitLogError) in
            try HabitLog.done(&h, on: day, amount: amount, note: note, today: today)
        }
    }
}

/// Resolves the habit and the day, applies one change inside the locked update, and prints the
/// day's new state: shared by done, skip and undo.
enum HabitDayLogger {
    static func log(
        _ key: String, date: DateArgument?,
        _ change: (inout Habit, CivilDate, CivilDate) throws(HabitLogError) -> HabitEntry
    ) throws {
        let ctx = try CLIContext()
        let (habit, entry, day, p, earned) = try ctx.store.update {
            doc -> (Habit, HabitEntry, CivilDate, HabitPresenter, [HabitAchievement]) in
            let p = HabitPresenter(zone: try ctx.zone(doc.settings), t: ctx.localizer(doc.settings), now: ctx.now)
            let h = try HabitResolver.resolve(key, in: doc.habits)
            let day = date?.resolve(today: p.today) ?? p.today
            let i = doc.habits.firstIndex { $0.id == h.id }!
            let entry = try change(&doc.habits[i], day, p.today)
            // Earned once: an undo keeps what was earned, a redo does not earn it again.
            let earned = HabitAchievements.award(&doc.habits[i], today: p.today)
            return (doc.habits[i], entry, day, p, earned)
        }
        if habit.entry(on: day) == nil {
            Output.line(p.t("{name}: removed the entry of {date}.", ["name": habit.name, "date": day.description]))
        } else {
            Output.line(p.t("{name}, {date}: {state}.", ["name": habit.name, "date": day.description, "state": p.entryText(habit, entry)]))
        }
        for a in earned {
            Output.line(p.t("Achievement earned: {title} ({name}).", ["title": HabitText.achievement(a.kind, p.t), "name": habit.name]))
        }
    }
}
