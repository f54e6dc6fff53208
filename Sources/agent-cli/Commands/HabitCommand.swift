// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain

/// `agent-cli habit …`: the habit tracker. Days are calendar days in the configured zone.
struct HabitCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "habit",
            abstract: t("Habits: schedules, reminders, logging days, streaks, scores, import and export."),
            discussion: t(
                "Examples:\n  agent-cli habit add \"Зарядка\" --days mon,wed,fri --remind 07:30\n  agent-cli habit add Water --numeric --unit glasses --target 8 --remind 10:00,16:00\n  agent-cli habit done Water --amount 3 · agent-cli habit skip \"Зарядка\" --note \"болею\"\n  agent-cli habit today · agent-cli habit stats Water\n  agent-cli habit import \"Loop Habits CSV 2026-11-21.zip\"\nHabits are addressed by exact name or by a unique id prefix."
            ),
            subcommands: [
                HabitAddCommand.self, HabitListCommand.self, HabitShowCommand.self, HabitEditCommand.self,
                HabitRemoveCommand.self, HabitArchiveCommand.self, HabitUnarchiveCommand.self,
                HabitDoneCommand.self, HabitSkipCommand.self, HabitUndoCommand.self, HabitTodayCommand.self,
                HabitStatsCommand.self, HabitAchievementsCommand.self, HabitExportCommand.self, HabitImportCommand.self,
            ]
        )
    }
}
