// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeCore

struct ShowCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "show", abstract: t("Show one alarm and its next rings."))
    }

    @Argument(help: t("Alarm id, unique id prefix, or exact label."))
    var alarm: String

    @Flag(name: .long, help: t("Machine-readable output."))
    var json = false

    func run() throws {
        let ctx = try CLIContext()
        let doc = try ctx.store.load()
        let a = try AlarmResolver.resolve(alarm, in: doc.alarms)
        let zone = try ctx.zone(doc.settings)
        let t = ctx.localizer(doc.settings)
        let p = AlarmPresenter(zone: zone, t: t, now: ctx.now, state: ctx.agentState())
        let upcoming = a.enabled ? UpcomingTriggers.list(StoreDocument(settings: doc.settings, alarms: [a]), state: p.state,
                                                         zone: zone, now: ctx.now, count: 5) : []
        if json {
            guard case .object(var members) = p.json(a) else { return }
            members.append(("upcoming", .array(upcoming.map { .string(ISO8601.string($0.at, in: zone)) })))
            Output.line(JSONWriter.pretty(.object(members)).trimmingTrailingNewline)
            return
        }
        var lines = [
            "\(a.label)",
            "  id:       \(a.id)",
            "  time:     \(ScheduleText.time(a.schedule, zone: zone)) (\(zone.identifier))",
            "  repeat:   \(ScheduleText.summary(a.schedule, t, zone: zone))",
            "  state:    \(a.enabled ? t("on") : t("off"))",
            "  snooze:   \(a.effectiveSnoozeMinutes(doc.settings)) min\(a.snoozeMinutes == nil ? " (default)" : "")",
            "  sound:    \(a.effectiveSound(doc.settings))\(a.sound == nil ? " (default)" : "")",
        ]
        if let s = p.state.snoozes[a.id] { lines.append("  snoozed:  until \(p.whenText(s.until))") }
        lines.append("  next:     " + (upcoming.isEmpty ? t("never") : upcoming.map { p.whenText($0.at) }.joined(separator: "\n            ")))
        Output.line(lines.joined(separator: "\n"))
    }
}
