// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain

struct HabitUndoCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "undo", abstract: t("Remove what was logged for a day (done, amount or skip)."))
    }

    @Argument(help: t("Habit name (exact) or unique id prefix.", value: N_("habit")), completion: Completions.of(.habit))
    var habit: String

    @Option(
        name: .long, help: t("The day: YYYY-MM-DD, today, yesterday (default: today).", value: N_("date")), transform: DateArgument.init)
    var date: DateArgument?

    func run() throws {
        try HabitDayLogger.log(habit, date: date) { h, day, _ throws(HabitLogError) in
            try HabitLog.undo(&h, on: day)
        }
    }
}
