// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeCore

/// `agent-cli habit …`: the habit tracker. Days are calendar days in the configured zone.
struct HabitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "habit",
        abstract: "Habits: schedules, reminders, logging days, streaks, scores, import and export.",
        discussion: """
            Examples:
              agent-cli habit add "Зарядка" --days mon,wed,fri --remind 07:30
              agent-cli habit add Water --numeric --unit glasses --target 8 --remind 10:00,16:00
              agent-cli habit done Water --amount 3 · agent-cli habit skip "Зарядка" --note "болею"
              agent-cli habit today · agent-cli habit stats Water
              agent-cli habit import "Loop Habits CSV 2026-11-21.zip"
            Habits are addressed by exact name or by a unique id prefix.
            """,
        subcommands: [HabitAddCommand.self, HabitListCommand.self, HabitShowCommand.self, HabitEditCommand.self,
                      HabitRemoveCommand.self, HabitArchiveCommand.self, HabitUnarchiveCommand.self,
                      HabitDoneCommand.self, HabitSkipCommand.self, HabitUndoCommand.self, HabitTodayCommand.self,
                      HabitStatsCommand.self, HabitExportCommand.self, HabitImportCommand.self]
    )
}
