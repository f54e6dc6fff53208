// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain
import MoscowTimeStore
import MoscowTimeTerminal

/// `agent-cli holidays [YEAR]`: the days off, shortened days and working weekends of a year.
struct HolidaysShowCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "show", abstract: t("List a year's days off, shortened days and working weekends."))
    }

    @Argument(help: t("The year (default: this year).", value: N_("year"))) var year: Int?
    @Flag(name: .long, help: t("Machine-readable output.")) var json = false

    func validate() throws {
        if let year, !CalendarYear.years.contains(year) {
            throw InputError(
                "invalid year {year}: expected a year from {first} to {last}",
                ["year": String(year), "first": String(CalendarYear.years.lowerBound), "last": String(CalendarYear.years.upperBound)])
        }
    }

    func run() throws {
        let ctx = try CLIContext()
        let doc = try ctx.store.load()
        let t = ctx.localizer(doc.settings)
        let zone = try ctx.zone(doc.settings)
        let calendar = doc.workingCalendar
        let year = self.year ?? zone.local(ctx.now).date.year
        let days = calendar.listedDays(of: year)
        let known = calendar.isKnown(year: year)
        let source = calendar.years[year]?.source ?? ""
        let own = doc.calendarYears[year] != nil
        if json {
            Output.line(
                JSONWriter.pretty(
                    .object([
                        ("year", .int(year)), ("holidays", .string(calendar.country.rawValue)), ("known", .bool(known)),
                        ("source", .string(own ? "user" : (known && calendar.country != .none ? "shipped" : "none"))),
                        ("decree", .string(source)),
                        ("workingDays", .int(calendar.workingDayCount(of: year))),
                        (
                            "days",
                            .array(
                                days.map { d in
                                    .object([
                                        ("date", .string(d.date.description)), ("kind", .string(d.day.kind.rawValue)),
                                        ("from", .optional(d.day.from?.description)), ("working", .bool(d.day.kind.isWorking)),
                                    ])
                                })
                        ),
                    ])
                ).trimmingTrailingNewline)
            return
        }
        guard calendar.country != .none else {
            Output.line(
                t(
                    "Working days are Monday to Friday (setting holidays none): {count} in {year}.",
                    ["count": CalendarDayText.workingDayCount(calendar.workingDayCount(of: year), t), "year": String(year)]))
            return
        }
        var lines: [String] = []
        if known {
            lines.append(
                t(
                    "Production calendar of Russia, {year}: {count}.",
                    ["year": String(year), "count": CalendarDayText.workingDayCount(calendar.workingDayCount(of: year), t)]))
            if !source.isEmpty { lines.append(TerminalText.oneLine(source)) }
            if own {
                lines.append(
                    t(
                        "Added by you (agent-cli holidays import); agent-cli holidays remove {year} goes back to the shipped calendar.",
                        ["year": String(year)]))
            }
        } else {
            lines.append(CalendarDayText.missingYear(year, t))
        }
        var table = TextTable(header: [t("DATE"), t("DAY"), t("WHAT")])
        for d in days {
            table.add([d.date.description, DateText.shortWeekday(d.date.weekday, t.language), CalendarDayText.kind(d.day, t)])
        }
        Output.write(lines.joined(separator: "\n") + "\n\n" + table.render())
    }
}
