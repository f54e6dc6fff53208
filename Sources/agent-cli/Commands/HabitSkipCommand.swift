// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain

struct HabitSkipCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "skip", abstract: t("Skip a day: it keeps streaks and scores and counts as nothing."),
            discussion: t("Example: agent-cli habit skip Run --note \"ill\" · agent-cli habit skip Run --date 2026-11-20"))
    }

    @Argument(help: t("Habit name (exact) or unique id prefix.", value: N_("habit")), completion: Completions.of(.habit))
    var habit: String

    @Option(
        name: .long, help: t("The day: YYYY-MM-DD, today, yesterday (default: today).", value: N_("date")), transform: DateArgument.init)
    var date: DateArgument?

    @Option(name: .long, help: t("A note for the day.", value: N_("text")))
    var note: String?

    func run() throws {
        let note = try self.note.map(HabitTextRules.note) ?? nil
        try HabitDayLogger.log(habit, date: date) { h, day, today throws(HabitLogError) in
            try HabitLog.skip(&h, on: day, note: note, today: today)
        }
    }
}
