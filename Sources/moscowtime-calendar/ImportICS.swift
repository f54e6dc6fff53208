// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeCalendar
import MoscowTimeCore

/// `agent-cli import FILE.ics [--dry-run]`.
enum ImportICS {
    static func run(file: String, dryRun: Bool) throws {
        let ctx = try ToolContext()
        let bytes = try UserFile.read(file)
        var t = Localizer(.en)
        var imported = CalendarImport()
        var summary = CalendarMerge.Summary()
        try ctx.store.update { doc in
            t = ctx.localizer(doc.settings)
            let zone = try ctx.zone(doc.settings)
            do { imported = try CalendarImporter.read(bytes, zone: zone, now: ctx.now) } catch let error as CalendarFileError {
                if let line = error.line {
                    throw InputError("{file}, line {line}: {reason}", ["file": file, "line": String(line), "reason": error.reason])
                }
                throw InputError("{path}: {error}", ["path": file, "error": error.reason])
            }
            var target = doc
            summary = CalendarMerge.merge(imported, into: &target)
            // The result must be a document the store itself would read back.
            do { _ = try DocumentCoding.decode(DocumentCoding.encode(target)) } catch {
                throw InputError("{file}: the imported items do not form a valid store ({error}); nothing was changed", ["file": file, "error": "\(error)"])
            }
            if !dryRun { doc = target }
        }
        for w in imported.warnings + summary.warnings { ToolOutput.line(t("warning: {text}", ["text": w])) }
        let values = ["file": file, "added": String(summary.alarmsAdded), "replaced": String(summary.alarmsReplaced),
                      "unchanged": String(summary.alarmsUnchanged), "hadded": String(summary.habitsAdded),
                      "hreplaced": String(summary.habitsReplaced), "hunchanged": String(summary.habitsUnchanged),
                      "ignored": String(imported.ignored)]
        ToolOutput.line(t(dryRun ? "Would import from {file}: alarms {added} new, {replaced} replaced, {unchanged} unchanged; habits {hadded} new, {hreplaced} replaced, {hunchanged} unchanged; {ignored} items without a reminder or in the past ignored."
                                 : "Imported from {file}: alarms {added} new, {replaced} replaced, {unchanged} unchanged; habits {hadded} new, {hreplaced} replaced, {hunchanged} unchanged; {ignored} items without a reminder or in the past ignored.",
                          values))
    }
}
