// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeCalendar
import MoscowTimeDomain
import MoscowTimeStore

/// `agent-cli import FILE.ics [--dry-run]`.
enum ImportICS {
    static func run(file: String, dryRun: Bool) throws {
        let ctx = try ToolContext()
        let bytes = try UserFile.read(file, limit: CalendarLimits.maximumFileBytes)
        func read(in zone: Zone) throws(ToolFailure) -> CalendarImport {
            do throws(CalendarFileError) { return try CalendarImporter.read(bytes, zone: zone, now: ctx.now) } catch {
                throw ToolFailure(status: 2) { CalendarWording.fileError(error, file: file, $0) }
            }
        }
        // The file is read before the store is locked: nobody else waits while it is.
        let settings = try ctx.store.load().settings
        var t = ctx.localizer(settings)
        var zone = try ctx.zone(settings)
        var imported = try read(in: zone)
        var summary = CalendarMerge.Summary()
        try ctx.store.update { doc in
            t = ctx.localizer(doc.settings)
            if doc.settings.zone != zone.identifier {  // changed meanwhile: read it again in the new zone
                zone = try ctx.zone(doc.settings)
                imported = try read(in: zone)
            }
            var target = doc
            summary = CalendarMerge.merge(imported, into: &target)
            // The result must be a document the store itself would read back.
            do throws(DocumentDecodingError) { _ = try DocumentCoding.decode(DocumentCoding.encode(target)) } catch {
                throw InputError(
                    "{file}: the imported items do not form a valid store ({error}); nothing was changed", ["file": file],
                    parts: ["error": error.message])
            }
            if !dryRun { doc = target }
        }
        for w in imported.warnings + summary.warnings { ToolOutput.line(t("warning: {text}", ["text": CalendarWording.warning(w, t)])) }
        let values = ["file": file, "summary": SummaryWording.imported(summary, ignored: imported.ignored, t)]
        ToolOutput.line(t(dryRun ? "Would import from {file}: {summary}." : "Imported from {file}: {summary}.", values))
    }
}
