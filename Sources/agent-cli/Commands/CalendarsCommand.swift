// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain

/// `agent-cli calendars …`: the user's other calendars whose reminders ring (issue 38).
struct CalendarsCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "calendars",
            abstract: t("Your other calendars, and whether their reminders ring."),
            discussion: t(
                "Local calendar folders as vdirsyncer writes them for khal and todoman (each folder in ~/.calendars and ~/.local/share/calendars), the folders you add, and the CalDAV calendars of your sync account (as the last agent-cli sync found them; each sync brings those that remind into a folder of their own). A calendar's reminders ring only after calendars remind.\nExamples:\n  agent-cli calendars\n  agent-cli calendars remind Work · agent-cli calendars quiet Work\n  agent-cli calendars add ~/Sync/calendars"
            ),
            subcommands: [
                CalendarsListCommand.self, CalendarsRemindCommand.self, CalendarsQuietCommand.self, CalendarsAddCommand.self,
                CalendarsRemoveCommand.self,
            ],
            defaultSubcommand: CalendarsListCommand.self)
    }
}
