// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain

/// `agent-cli holidays …`: the production calendar "workdays" alarms follow.
struct HolidaysCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "holidays",
            abstract: t("The official working days (production calendar) that workdays alarms follow."),
            discussion: t(
                "Russia's production calendar from 2013 on ships with MoscowTime (the Government's decrees on the transfer of days off). A year not covered yet is Monday to Friday without the fixed public holidays; add it from the decree when it is published.\nExamples:\n  agent-cli holidays · agent-cli holidays 2027\n  agent-cli holidays import calendar-2028.txt\n  agent-cli settings holidays none   (working days are Monday to Friday)"
            ),
            subcommands: [HolidaysShowCommand.self, HolidaysImportCommand.self, HolidaysRemoveCommand.self],
            defaultSubcommand: HolidaysShowCommand.self)
    }
}
