// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain

struct EnableCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "enable", abstract: t("Switch alarms on."))
    }
    @Argument(help: t("Alarm ids, unique id prefixes, or exact labels.", value: N_("alarm")), completion: Completions.of(.alarm))
    var alarms: [String]
    func run() throws { try AlarmSwitch.set(alarms, enabled: true) }
}

struct DisableCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "disable", abstract: t("Switch alarms off (they are kept)."),
            discussion: t(
                "With --until DATE an alarm stays off until that day and rings again from it on by itself (a holiday for one alarm); agent-cli enable ends it sooner."
            ))
    }
    @Argument(help: t("Alarm ids, unique id prefixes, or exact labels.", value: N_("alarm")), completion: Completions.of(.alarm))
    var alarms: [String]
    @Option(
        name: .long, help: t("Off until this day (YYYY-MM-DD, tomorrow/завтра…, at most a year ahead), then on again.", value: N_("date")),
        transform: DateArgument.init) var until: DateArgument?
    func run() throws {
        if let until { try AlarmSwitch.offUntil(alarms, until) } else { try AlarmSwitch.set(alarms, enabled: false) }
    }
}

enum AlarmSwitch {
    static func set(_ keys: [String], enabled: Bool) throws {
        guard !keys.isEmpty else { throw InputError("give at least one alarm id or label") }
        let ctx = try CLIContext()
        let (ids, t) = try ctx.store.update { doc -> ([String], Localizer) in
            let zone = try ctx.zone(doc.settings)
            let targets = try keys.map { try AlarmResolver.resolve($0, in: doc.alarms) }
            for a in targets where a.enabled != enabled {
                if enabled, case .once(let date, let time) = a.schedule, zone.instant(date, time) <= ctx.now {
                    throw InputError(
                        "alarm {id} was for {date} {time}, which has passed: give it a new date with agent-cli edit {id} --once DATE",
                        ["id": "\(a.id)", "date": "\(date)", "time": "\(time)"])
                }
                if enabled, case .timer(let at, _) = a.schedule, at <= ctx.now {
                    throw InputError("timer {id} has run out: start a new one with agent-cli timer", ["id": "\(a.id)"])
                }
                let i = doc.alarmIndex(id: a.id)!
                doc.alarms[i].enabled = enabled
                doc.alarms[i].modified = ctx.now
            }
            // Enabling ends an "off until" too: the user wants it on now.
            for a in targets where enabled && a.offUntil != nil {
                let i = doc.alarmIndex(id: a.id)!
                doc.alarms[i].offUntil = nil
                doc.alarms[i].modified = ctx.now
            }
            return (targets.map(\.id), ctx.localizer(doc.settings))
        }
        for id in ids { Output.line(t(enabled ? "Enabled alarm {id}." : "Disabled alarm {id}.", ["id": id])) }
        if enabled { AgentStarter.ensureRunning(ctx, t) }
    }

    /// `disable --until DATE`: enabled, silent before DATE.
    static func offUntil(_ keys: [String], _ until: DateArgument) throws {
        guard !keys.isEmpty else { throw InputError("give at least one alarm id or label") }
        let ctx = try CLIContext()
        let (ids, day, t) = try ctx.store.update { doc -> ([String], CivilDate, Localizer) in
            let zone = try ctx.zone(doc.settings)
            let today = zone.local(ctx.now).date
            let day = until.resolve(today: today)
            guard day > today, day.days(since: today) <= Int64(Limits.offUntilDays.upperBound) else {
                throw InputError(
                    "invalid --until {date}: expected a day after today and at most {n} days ahead",
                    ["date": day.description, "n": String(Limits.offUntilDays.upperBound)])
            }
            let targets = try keys.map { try AlarmResolver.resolve($0, in: doc.alarms) }
            for a in targets {
                if case .timer = a.schedule {
                    throw InputError("timer {id} rings once: switch it off with agent-cli disable {id}", ["id": a.id])
                }
                let i = doc.alarmIndex(id: a.id)!
                doc.alarms[i] = doc.alarms[i].withoutPastSkips(today: today)
                doc.alarms[i].enabled = true
                doc.alarms[i].offUntil = day
                doc.alarms[i].modified = ctx.now
            }
            return (targets.map(\.id), day, ctx.localizer(doc.settings))
        }
        for id in ids {
            Output.line(
                t(
                    "Alarm {id} is off until {date} and rings again from that day on.",
                    ["id": id, "date": DateText.weekdayAndDate(day, t.language)]))
        }
        AgentStarter.ensureRunning(ctx, t)
    }
}
