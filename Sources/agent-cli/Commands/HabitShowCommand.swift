// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain
import MoscowTimeStore
import MoscowTimeTerminal

struct HabitShowCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "show", abstract: t("Show one habit, its statistics and its recent days."))
    }

    @Argument(help: t("Habit name (exact) or unique id prefix.", value: N_("habit")), completion: Completions.of(.habit))
    var habit: String

    @Option(name: .long, parsing: .unconditional, help: t("How many recent entries to list (0–10000).", value: N_("count")))
    var entries = 14

    @Flag(name: .long, help: t("Machine-readable output, with every entry."))
    var json = false

    @Option(
        name: .customLong("as-of"), help: t("Compute as of this day: YYYY-MM-DD, today, yesterday (default: today).", value: N_("date")),
        transform: DateArgument.init)
    var asOf: DateArgument?

    func run() throws {
        guard (0...10_000).contains(entries) else {
            throw InputError("invalid --entries {entries}: expected 0 to 10000", ["entries": "\(entries)"])
        }
        let ctx = try CLIContext()
        let doc = try ctx.store.load()
        let h = try HabitResolver.resolve(habit, in: doc.habits)
        let zone = try ctx.zone(doc.settings)
        let asOfDay = asOf?.resolve(today: zone.local(ctx.now).date)
        let p = HabitPresenter(zone: zone, t: ctx.localizer(doc.settings), now: ctx.now, asOf: asOfDay)
        let s = HabitStatistics(h, today: p.today)
        if json {
            guard case .object(var m) = p.json(h), case .object(let stats) = p.json(h, s) else { return }
            m.append(("statistics", .object(stats.filter { $0.0 != "id" && $0.0 != "name" })))
            m.append(("entries", .array(h.entries.filter { $0.date <= p.today }.map(p.json))))
            Output.line(JSONWriter.pretty(.object(m)).trimmingTrailingNewline)
            return
        }
        let t = p.t
        var fields: [(String, String)] = [("id", h.id)]
        if let d = h.description { fields.append((t("description"), d)) }
        fields += [
            (t("frequency"), p.frequencyText(h)),
            (t("reminders"), HabitText.reminders(h.reminders) + (h.reminders.isEmpty ? "" : " (\(p.zone.identifier))")),
            (t("start"), h.start.description),
            (t("state"), h.archived ? t("archived") : t("active")),
            (t("today"), h.archived ? "—" : p.todayText(h)),
            (
                t("streak"),
                HabitText.streak(s.streaks.current, s.streaks.unit, t)
                    + " (" + t("longest") + " " + HabitText.streak(s.streaks.longest, s.streaks.unit, t) + ")"
            ),
            (t("score"), HabitText.percent(s.score)),
            (t("points"), String(s.points)),
        ]
        let earned = h.achievements.filter { $0.earned <= p.today }
        if !earned.isEmpty {
            fields.append((t("achievements"), earned.map { HabitText.achievement($0.kind, t) }.joined(separator: ", ")))
        }
        let width = fields.map { TextTable.displayWidth($0.0) }.max() ?? 0
        var lines = [h.name]
        for (label, value) in fields {
            lines.append("  " + label + ":" + String(repeating: " ", count: width - TextTable.displayWidth(label) + 1) + value)
        }
        let recent = h.entries.filter { $0.date <= p.today }.suffix(entries)
        if !recent.isEmpty {
            lines.append("  \(t("recent")):")
            for e in recent.reversed() { lines.append("    \(e.date)  \(p.entryText(h, e))") }
        }
        Output.line(lines.joined(separator: "\n"))
    }
}
