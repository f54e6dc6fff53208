// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain

/// `agent-cli export --ics [FILE]`: alarms and habits as one iCalendar file (done by moscowtime-calendar).
struct ExportCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "export", abstract: t("Write alarms and habits as iCalendar (read back by agent-cli import)."),
            discussion: t(
                "Alarms become repeating events in the configured zone with a reminder, habits become to-dos carrying their whole history; agent-cli import reads the file back exactly."
            ))
    }

    @Flag(name: .customLong("ics"), help: t("iCalendar (RFC 5545), the only format so far."))
    var ics = false

    @Argument(help: t("Write to this file (replaced atomically) instead of standard output.", value: N_("file")))
    var file: String?

    func run() throws {
        guard ics else { throw InputError("choose the format: agent-cli export --ics [FILE]") }
        try CalendarHelper.exec(["export-ics"] + (file.map { [$0] } ?? []))
    }
}
