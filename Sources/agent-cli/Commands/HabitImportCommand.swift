// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain
import MoscowTimeStore

struct HabitImportCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "import", abstract: t("Import habits: our own CSV, or Loop Habit Tracker's CSV export."),
            discussion: t(
                "FILE_OR_DIR is a CSV from agent-cli habit export, or Loop Habit Tracker's export: the zip (\"Loop Habits CSV 2026-11-21.zip\") or the folder it unpacks to (Habits.csv, 001 Name/Checkmarks.csv).\nA habit whose name already exists keeps its definition and gains the imported days it has no entry for. Nothing is written with --dry-run or when anything in the input is invalid."
            ))
    }

    @Argument(help: t("The CSV file, Loop zip or unpacked Loop folder.", value: N_("path")))
    var path: String

    @Flag(name: .customLong("dry-run"), help: t("Report what would be imported without changing anything."))
    var dryRun = false

    func run() throws {
        let ctx = try CLIContext()
        var summary = HabitImport.Summary()
        var t = Localizer(.en)
        var warnings: [Message] = []
        var missingTargets: [String] = []
        // Read and merge under the lock, so the merge sees the current document; a dry run merges
        // into a copy that is thrown away.
        try ctx.store.update { doc in
            let zone = try ctx.zone(doc.settings)
            t = ctx.localizer(doc.settings)
            let read = try HabitImportReader.read(path, now: ctx.now, today: zone.local(ctx.now).date)
            warnings = read.warnings
            missingTargets = read.missingTargets
            var target = doc
            summary = HabitImport.merge(read.habits, into: &target)
            if !dryRun { doc = target }
        }
        let worded =
            warnings.map { $0.text(t) } + missingTargets.map { HabitErrorWording.missingTarget($0, t) }
            + summary.warnings.map { $0.text(t) }
        for w in worded { Output.line(t("warning: {text}", ["text": w])) }
        let habits = summary.added.count + summary.merged.count
        let values: [String: String] = [
            "habits": t.plural("{n} habit", "{n} habits", count: habits, ["n": String(habits)]),
            "added": t.plural("{n} new", "{n} new", count: summary.added.count, ["n": String(summary.added.count)]),
            "merged": t.plural("{n} merged", "{n} merged", count: summary.merged.count, ["n": String(summary.merged.count)]),
            "days": t.plural("{n} day added", "{n} days added", count: summary.entriesAdded, ["n": String(summary.entriesAdded)]),
            "kept": t.plural(
                "{n} day already logged was kept", "{n} days already logged were kept", count: summary.entriesKept,
                ["n": String(summary.entriesKept)]),
        ]
        Output.line(
            t(
                dryRun
                    ? "Would import {habits} ({added}, {merged}), {days}; {kept}."
                    : "Imported {habits} ({added}, {merged}), {days}; {kept}.", values))
        if !dryRun, summary.added.count + summary.merged.count > 0 { AgentStarter.ensureRunning(ctx, t) }
    }
}
