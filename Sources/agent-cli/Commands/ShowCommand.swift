// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain
import MoscowTimeStore

struct ShowCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "show", abstract: t("Show one alarm and its next rings."))
    }

    @Argument(help: t("Alarm id, unique id prefix, or exact label.", value: N_("alarm")), completion: Completions.of(.alarm))
    var alarm: String

    @Flag(name: .long, help: t("Machine-readable output."))
    var json = false

    func run() throws {
        let ctx = try CLIContext()
        let doc = try ctx.store.load()
        let a = try AlarmResolver.resolve(alarm, in: doc.alarms)
        let zone = try ctx.zone(doc.settings)
        let t = ctx.localizer(doc.settings)
        let p = AlarmPresenter(zone: zone, t: t, now: ctx.now, state: ctx.agentState(), calendar: doc.workingCalendar)
        let upcoming =
            a.enabled
            ? UpcomingTriggers.list(
                doc.with(alarms: [a]), state: p.state,
                zone: zone, now: ctx.now, count: 5) : []
        if json {
            guard case .object(var members) = p.json(a) else { return }
            members.append(("upcoming", .array(upcoming.map { .string(ISO8601.string($0.at, in: zone)) })))
            Output.line(JSONWriter.pretty(.object(members)).trimmingTrailingNewline)
            return
        }
        var fields = FieldList(indent: "  ", width: 10)
        fields.add(t("id"), a.id)
        // An alarm kept in the zone it was made in (another program's event, an import) names that one.
        let own = a.zone.flatMap(Zone.shared) ?? zone
        fields.add(t("time"), "\(ScheduleText.time(a.schedule, zone: own)) (\(own.identifier))")
        fields.add(t("repeat"), p.summary(a))
        fields.add(t("state"), a.enabled ? p.skipText(a) : t("off"))
        let skipped = p.skippedAhead(a)
        if a.enabled, !skipped.isEmpty {
            fields.add(t("skipped"), skipped.map { DateText.weekdayAndDate($0, t.language) }.joined(separator: "\n"))
        }
        if let year = doc.with(alarms: [a]).missingCalendarYear(today: zone.local(ctx.now).date) {
            fields.add(t("calendar"), CalendarDayText.missingYear(year, t))
        }
        let minutes = DurationText.minutes(a.effectiveSnoozeMinutes(doc.settings), t)
        fields.add(t("snooze"), a.snoozeMinutes == nil ? t("{value} (default)", ["value": minutes]) : minutes)
        let sound = a.effectiveSound(doc.settings)
        fields.add(t("sound"), a.sound == nil ? t("{value} (default)", ["value": sound]) : sound)
        let ramp = RampDuration.format(a.effectiveRampSeconds(doc.settings))
        fields.add(t("ramp"), a.rampSeconds == nil ? t("{value} (default)", ["value": ramp]) : ramp)
        let wake = a.effectiveWake(doc.settings) ? t("on") : t("off")
        fields.add(t("wake"), a.wake == nil ? t("{value} (default)", ["value": wake]) : wake)
        if let s = p.state.snoozes[a.id] { fields.add(t("snoozed"), t("until {time}", ["time": p.whenText(s.until)])) }
        fields.add(t("next"), upcoming.isEmpty ? t("never") : upcoming.map { p.whenText($0.at) }.joined(separator: "\n"))
        Output.line(([a.label] + fields.render()).joined(separator: "\n"))
    }
}
