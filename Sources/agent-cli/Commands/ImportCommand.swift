// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain

/// `agent-cli import FILE.ics`: our own export back, or another calendar's events with reminders
/// (done by moscowtime-calendar).
struct ImportCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "import", abstract: t("Read alarms and habits from an iCalendar file."),
            discussion: t(
                "Our own export (agent-cli export --ics) comes back exactly: items replace those with the same id.\nOther calendars' events with a reminder become alarms that ring at the reminder; a repeating event whose rule alarms cannot express exactly is skipped with a warning naming it. A malformed file changes nothing and the error names the line."
            ))
    }

    @Argument(help: t("The .ics file.", value: N_("file")))
    var file: String

    @Flag(name: .customLong("dry-run"), help: t("Report what would be imported without changing anything."))
    var dryRun = false

    func run() throws {
        try CalendarHelper.exec(["import", file] + (dryRun ? ["--dry-run"] : []))
    }
}
