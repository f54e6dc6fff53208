// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeCalendar
import MoscowTimeDomain
import MoscowTimeStore

/// `agent-cli holidays import FILE.ics`: the days off of an iCalendar file (`DaysOffReader`) as
/// years of the production calendar, each replacing the year it names.
enum HolidaysICS {
    static func run(file: String) throws {
        let ctx = try ToolContext()
        let bytes = try UserFile.read(file, limit: CalendarLimits.maximumFileBytes)
        // The file is read before the store is locked: nobody else waits while it is.
        let read: DaysOffReader.Result
        do throws(CalendarFileError) { read = try DaysOffReader.read(bytes, source: file) } catch {
            throw ToolFailure(status: 2) { CalendarWording.fileError(error, file: file, $0) }
        }
        guard !read.years.isEmpty else { throw InputError("{path} has no all-day events: no days off to add", ["path": file]) }
        let doc = try ctx.store.addCalendarYears(read.years)
        let t = ctx.localizer(doc.settings)
        if read.leftOut > 0 {
            ToolOutput.line(
                t(
                    "warning: {text}",
                    [
                        "text": t.plural(
                            "{n} event is not a whole day or repeats: left out", "{n} events are not whole days or repeat: left out",
                            count: read.leftOut, ["n": String(read.leftOut)])
                    ]))
        }
        for line in CalendarDayText.added(years: read.years.keys.sorted(), doc.workingCalendar, holidays: doc.settings.holidays, t) {
            ToolOutput.line(line)
        }
    }
}
