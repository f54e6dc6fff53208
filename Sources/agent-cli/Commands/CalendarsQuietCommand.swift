// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain

/// `agent-cli calendars quiet NAME`: the collection's reminders do not ring.
struct CalendarsQuietCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "quiet", abstract: t("Do not ring a calendar's reminders."))
    }

    @Argument(help: t("The calendar's name or folder.", value: N_("calendar"))) var name: String

    func run() throws { try CalendarsRemindCommand.set(name, remind: false) }
}
