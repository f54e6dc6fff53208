// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeCore

struct HabitUndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo", abstract: "Remove what was logged for a day (done, amount or skip).")

    @Argument(help: "Habit name (exact) or unique id prefix.")
    var habit: String

    @Option(name: .long, help: "The day: YYYY-MM-DD, today, yesterday (default: today).")
    var date: String?

    func run() throws {
        try HabitDayLogger.log(habit, date: date) { h, day, _ throws(InputError) in
            try HabitLog.undo(&h, on: day)
        }
    }
}
