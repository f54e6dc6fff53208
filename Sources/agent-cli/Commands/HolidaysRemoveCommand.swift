// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain

/// `agent-cli holidays remove YEAR`: forget a year the user added; the shipped one (or, for a year
/// not shipped, Monday to Friday without the fixed holidays) applies again.
struct HolidaysRemoveCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "remove", abstract: t("Remove a year you added; the shipped calendar applies again."))
    }

    @Argument(help: t("The year.", value: N_("year"))) var year: Int

    func run() throws {
        let ctx = try CLIContext()
        let year = self.year
        let doc = try ctx.store.update { doc -> StoreDocument in
            guard doc.calendarYears.removeValue(forKey: year) != nil else {
                throw InputError("you have added no production calendar for {year}", ["year": String(year)])
            }
            return doc
        }
        Output.line(ctx.localizer(doc.settings)("Removed your production calendar for {year}.", ["year": String(year)]))
    }
}
