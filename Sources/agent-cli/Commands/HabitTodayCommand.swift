// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain
import MoscowTimeStore
import MoscowTimeTerminal

struct HabitTodayCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "today", abstract: t("What is still to do today: open habits and the alarms still to ring."))
    }

    @Flag(name: .long, help: t("Machine-readable output: date, zone, habits, alarms."))
    var json = false

    func run() throws {
        let ctx = try CLIContext()
        let doc = try ctx.store.load()
        let zone = try ctx.zone(doc.settings)
        let p = HabitPresenter(zone: zone, t: ctx.localizer(doc.settings), now: ctx.now)
        let t = p.t
        let habits = doc.habits.filter { $0.isOpen(on: p.today) }
        // Alarms up to the end of the local day. Each alarm rings at most once a day plus a pending
        // snooze, so twice the alarm count is enough triggers to reach tomorrow.
        let endOfDay = zone.instant(p.today.adding(days: 1), TimeOfDay(hour: 0, minute: 0)!)
        let state = ctx.agentState()
        let alarms = UpcomingTriggers.list(doc, state: state, zone: zone, now: ctx.now, count: 2 * doc.alarms.count + 2)
            .filter { $0.at < endOfDay }
        let ap = AlarmPresenter(zone: zone, t: t, now: ctx.now, state: state, calendar: doc.workingCalendar)
        let stats = doc.habits.map { ($0, HabitStatistics($0, today: p.today)) }
        if json {
            Output.line(
                JSONWriter.pretty(
                    .object([
                        ("date", .string(p.today.description)), ("zone", .string(zone.identifier)),
                        (
                            "habits",
                            .array(
                                habits.map { h in
                                    .object([
                                        ("id", .string(h.id)), ("name", .string(h.name)),
                                        ("amount", h.kind.isNumeric ? .number(h.entry(on: p.today)?.amount ?? 0) : .null),
                                        ("target", h.kind.goal.map { .number($0.target) } ?? .null),
                                        ("unit", .optional(h.kind.goal?.unit)),
                                        ("reminders", .array(h.reminders.map { .string($0.description) })),
                                    ])
                                })
                        ),
                        ("alarms", .array(alarms.map(ap.json))),
                        ("points", p.pointsJSON(stats)),
                    ])
                ).trimmingTrailingNewline)
            return
        }
        var out = "\(DateText.weekdayAndDate(p.today, t.language)) (\(zone.identifier))\n"
        let points = doc.habits.isEmpty ? "" : p.pointsLine(stats) + "\n"
        if habits.isEmpty && alarms.isEmpty {
            Output.write(out + t("Nothing left for today.") + "\n" + points)
            return
        }
        if !habits.isEmpty {
            out += t("Habits still due today:") + "\n"
            var table = TextTable(header: ["", t("NAME"), t("TODAY"), t("REMIND")])
            for h in habits { table.add(["", h.name, HabitText.progress(h, on: p.today) ?? "—", HabitText.reminders(h.reminders)]) }
            out += table.render()
        }
        if !alarms.isEmpty {
            out += t("Alarms still to ring today:") + "\n"
            for a in alarms {
                let snoozed = a.snoozedFrom != nil ? " (" + t("snoozed") + ")" : ""
                out += "  \(zone.local(a.at).shortClockText)  \(a.alarm.label)\(snoozed)\n"
            }
        }
        Output.write(out + points)
    }
}
