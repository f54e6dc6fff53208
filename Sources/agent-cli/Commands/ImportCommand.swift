// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeCalendar
import MoscowTimeCore

/// `agent-cli import FILE.ics`: our own export back, or another calendar's events with reminders.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Read alarms and habits from an iCalendar file.",
        discussion: """
            Our own export (agent-cli export --ics) comes back exactly: items replace those with the same id.
            Other calendars' events with a reminder become alarms that ring at the reminder; a repeating
            event whose rule alarms cannot express exactly is skipped with a warning naming it. A malformed
            file changes nothing and the error names the line.
            """)

    @Argument(help: "The .ics file.")
    var file: String

    @Flag(name: .customLong("dry-run"), help: "Report what would be imported without changing anything.")
    var dryRun = false

    func run() throws {
        let ctx = try CLIContext()
        let bytes = try UserFile.read(file)
        var t = Localizer(.en)
        var imported = CalendarImport()
        var summary = CalendarMerge.Summary()
        try ctx.store.update { doc in
            t = ctx.localizer(doc.settings)
            let zone = try ctx.zone(doc.settings)
            do { imported = try CalendarImporter.read(bytes, zone: zone, now: ctx.now) } catch let error as CalendarFileError {
                throw InputError(error.line.map { t("{file}, line {line}: {reason}", ["file": file, "line": String($0), "reason": error.reason]) }
                                 ?? "\(file): \(error.reason)")
            }
            var target = doc
            summary = CalendarMerge.merge(imported, into: &target)
            // The result must be a document the store itself would read back.
            do { _ = try DocumentCoding.decode(DocumentCoding.encode(target)) } catch {
                throw InputError("\(file): the imported items do not form a valid store (\(error)); nothing was changed")
            }
            if !dryRun { doc = target }
        }
        for w in imported.warnings + summary.warnings { Output.line(t("warning: {text}", ["text": w])) }
        let values = ["file": file, "added": String(summary.alarmsAdded), "replaced": String(summary.alarmsReplaced),
                      "unchanged": String(summary.alarmsUnchanged), "hadded": String(summary.habitsAdded),
                      "hreplaced": String(summary.habitsReplaced), "hunchanged": String(summary.habitsUnchanged),
                      "ignored": String(imported.ignored)]
        Output.line(t(dryRun ? "Would import from {file}: alarms {added} new, {replaced} replaced, {unchanged} unchanged; habits {hadded} new, {hreplaced} replaced, {hunchanged} unchanged; {ignored} items without a reminder or in the past ignored."
                             : "Imported from {file}: alarms {added} new, {replaced} replaced, {unchanged} unchanged; habits {hadded} new, {hreplaced} replaced, {hunchanged} unchanged; {ignored} items without a reminder or in the past ignored.",
                      values))
    }
}
