// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain
import MoscowTimeStore
import MoscowTimeTerminal

struct NextCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "next", abstract: t("Show the coming rings, soonest first."))
    }

    @Option(name: .long, parsing: .unconditional, help: t("How many (1–1000).", value: N_("count")))
    var count = NextCommand.defaultCount

    static let defaultCount = 5

    @Flag(
        name: .long,
        help: t(
            "Machine-readable: id, label, at (ISO 8601 with offset), snoozed, due; then the next calendar reminder, marked by its calendar."
        ))
    var json = false

    func run() throws { try Self.run(count: count, json: json) }

    /// Also what `FastPath` runs for `next` and `next --json` (the default count).
    static func run(count: Int, json: Bool) throws {
        guard (1...1000).contains(count) else { throw InputError("invalid --count {count}: expected 1 to 1000", ["count": "\(count)"]) }
        let ctx = try CLIContext()
        let doc = try ctx.store.load()
        let zone = try ctx.zone(doc.settings)
        let t = ctx.localizer(doc.settings)
        let state = ctx.agentState()
        let triggers = UpcomingTriggers.list(doc, state: state, zone: zone, now: ctx.now, count: count)
        let p = AlarmPresenter(zone: zone, t: t, now: ctx.now, state: state, calendar: doc.workingCalendar)
        let soonest = CalendarNextQuery.soonest(doc.settings, paths: ctx.store.paths)
        if json {
            let reminder = soonest.map { calendarJSON($0, zone) }
            Output.line(JSONWriter.pretty(.array(triggers.map(p.json) + (reminder.map { [$0] } ?? []))).trimmingTrailingNewline)
            return
        }
        let calendar = soonest.map { r in
            t(
                "Next calendar reminder: {when} ({in}) {summary} — {calendar}",
                [
                    "when": p.whenText(r.at) + (r.snoozed ? " (" + t("snoozed") + ")" : ""), "in": DateText.relative(r.at - ctx.now, t),
                    "summary": TerminalText.oneLine(r.summary),
                    "calendar": TerminalText.oneLine(r.calendar),
                ])
        }
        if triggers.isEmpty {
            Output.line(t("No upcoming alarms."))
            if let calendar { Output.line(calendar) }
            return
        }
        var table = TextTable(header: [t("WHEN"), t("IN"), t("ID"), t("LABEL")])
        let ids = doc.alarms.map(\.id)
        for tr in triggers {
            var when = p.whenText(tr.at)
            if tr.snoozedFrom != nil { when += " (" + t("snoozed") + ")" }
            table.add([when, DateText.relative(tr.at - ctx.now, t), AlarmID.shortForm(tr.alarm.id, among: ids), tr.alarm.label])
        }
        Output.write("\(zone.identifier)\n" + table.render())
        if let calendar { Output.line(calendar) }
    }

    /// The calendar reminder after the rings: an alarm's keys (its UID as id, its summary as
    /// label), then `calendar`, which only a calendar reminder has.
    static func calendarJSON(_ r: CalendarNextQuery.Reminder, _ zone: Zone) -> JSONValue {
        let at = JSONValue.string(ISO8601.string(r.at, in: zone))
        return .object([
            ("id", .string(r.uid)), ("label", .string(r.summary)), ("at", at), ("zone", .string(zone.identifier)),
            ("snoozed", .bool(r.snoozed)), ("due", at), ("calendar", .string(r.calendar)),
        ])
    }
}
