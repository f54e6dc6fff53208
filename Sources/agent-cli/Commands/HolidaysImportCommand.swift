// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain
import MoscowTimeStore

/// `agent-cli holidays import FILE`: years of the production calendar the user adds (a decree
/// published after this version), in the shipped data's form. Each replaces the year it names.
struct HolidaysImportCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "import", abstract: t("Add or replace years of the production calendar from a file."),
            discussion: t(
                "An iCalendar file (.ics) of days off, from another calendar program, adds each all-day event as days off; a year with any of them is taken whole from the file.\nThe text form lists each year and the days that differ from Monday to Friday, one per line:\n  year 2028  # the decree\n  2028-01-01 holiday\n  2028-01-10 off from 2028-01-01\n  2028-02-22 short\n  2028-11-04 work\nKinds: holiday, off (a day off moved or declared), short (a shortened working day), work (a Saturday or Sunday made a working day). A year given replaces that whole year; nothing is changed when any line is wrong, and the error names it."
            ))
    }

    @Argument(help: t("The calendar file.", value: N_("file"))) var file: String

    func run() throws {
        let ctx = try CLIContext()
        // Read and check the whole file before the store is touched.
        let bytes = try UserFile.read(file, limit: CalendarText.maximumBytes)
        // An iCalendar file of days off is read with libical, by the calendar helper.
        if bytes.starts(with: Array("BEGIN:VCALENDAR".utf8)) || file.lowercased().hasSuffix(".ics") {
            try CalendarHelper.exec(["holidays-import", file])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw InputError("{path} is not UTF-8 text", ["path": file])
        }
        let years: [Int: CalendarYear]
        do { years = try CalendarText.parse(text) } catch {
            throw InputError("{path}: {reason}", ["path": file], parts: ["reason": error.message])
        }
        guard !years.isEmpty else { throw InputError("{path} has no \"year\" line: nothing to add", ["path": file]) }
        let doc = try ctx.store.addCalendarYears(years)
        let t = ctx.localizer(doc.settings)
        for line in CalendarDayText.added(years: years.keys.sorted(), doc.workingCalendar, holidays: doc.settings.holidays, t) {
            Output.line(line)
        }
    }
}
