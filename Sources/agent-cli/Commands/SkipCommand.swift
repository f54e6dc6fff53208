// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain
import MoscowTimeStore

/// `agent-cli skip ALARM [--count N]`: the next N rings do not happen; the series goes on after.
struct SkipCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "skip", abstract: t("Skip the next ring of an alarm (or the next N); the rest stays as it is."),
            discussion: t(
                "The rings skipped are the ones agent-cli next shows. agent-cli unskip ALARM brings them back; a skipped day can also come from a calendar program (\"delete this occurrence\").\nExamples: agent-cli skip Подъём · agent-cli skip 3f9a --count 5"
            ))
    }

    @Argument(help: t("Alarm id, unique id prefix, or exact label.", value: N_("alarm")), completion: Completions.of(.alarm)) var alarm:
        String
    @Option(name: .long, parsing: .unconditional, help: t("How many rings to skip (1–100).", value: N_("number"))) var count = 1
    @Flag(name: .long, help: t("Machine-readable output.")) var json = false

    func validate() throws {
        guard Limits.skipCount.contains(count) else {
            throw InputError(
                "invalid --count {count}: expected a number from {min} to {max}",
                ["count": String(count), "min": String(Limits.skipCount.lowerBound), "max": String(Limits.skipCount.upperBound)])
        }
    }

    func run() throws {
        let ctx = try CLIContext()
        let state = ctx.agentState()
        let (alarm, days, t) = try ctx.store.update { doc -> (Alarm, [CivilDate], Localizer) in
            let zone = try ctx.zone(doc.settings)
            let a = try AlarmResolver.resolve(self.alarm, in: doc.alarms)
            guard a.enabled else { throw InputError("alarm {id} is off: nothing to skip", ["id": a.id]) }
            if case .timer = a.schedule {
                throw InputError("timer {id} rings once: switch it off with agent-cli disable {id}", ["id": a.id])
            }
            let rule = NextRing(document: doc, state: state, zone: zone, now: ctx.now)
            let skip = rule.skip(next: count, of: a, state.alarms[a.id])
            var skipped = skip.alarm
            let added = skip.added
            guard !added.isEmpty else { throw InputError("alarm {id} has no ring left to skip", ["id": a.id]) }
            guard skipped.skippedDays.count <= Limits.skippedDays else {
                throw InputError(
                    "alarm {id} would skip more than {n} days: agent-cli unskip {id} first, or switch it off until a date with agent-cli disable {id} --until DATE",
                    ["id": a.id, "n": String(Limits.skippedDays)])
            }
            skipped.modified = ctx.now
            doc.alarms[doc.alarmIndex(id: a.id)!] = skipped
            return (skipped, added, ctx.localizer(doc.settings))
        }
        if json {
            Output.line(
                JSONWriter.pretty(
                    .object([
                        ("id", .string(alarm.id)),
                        ("skipped", .array(alarm.skippedDays.sorted().map { .string($0.description) })),
                    ])
                ).trimmingTrailingNewline)
            return
        }
        let when = days.map { DateText.weekdayAndDate($0, t.language) }.joined(separator: "; ")
        Output.line(
            t.plural(
                "Alarm {id} \"{label}\" skips {n} ring: {days}.", "Alarm {id} \"{label}\" skips {n} rings: {days}.",
                count: days.count, ["id": alarm.id, "label": alarm.label, "n": String(days.count), "days": when]))
    }
}
