// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeCore

struct EnableCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "enable", abstract: t("Switch alarms on."))
    }
    @Argument(help: t("Alarm ids, unique id prefixes, or exact labels.", value: N_("alarm")), completion: Completions.of(.alarm)) var alarms: [String]
    func run() throws { try AlarmSwitch.set(alarms, enabled: true) }
}

struct DisableCommand: ParsableCommand {
    static var configuration: CommandConfiguration { CommandConfiguration(commandName: "disable", abstract: t("Switch alarms off (they are kept).")) }
    @Argument(help: t("Alarm ids, unique id prefixes, or exact labels.", value: N_("alarm")), completion: Completions.of(.alarm)) var alarms: [String]
    func run() throws { try AlarmSwitch.set(alarms, enabled: false) }
}

enum AlarmSwitch {
    static func set(_ keys: [String], enabled: Bool) throws {
        guard !keys.isEmpty else { throw InputError("give at least one alarm id or label") }
        let ctx = try CLIContext()
        let (ids, t) = try ctx.store.update { doc -> ([String], Localizer) in
            let zone = try ctx.zone(doc.settings)
            let targets = try keys.map { try AlarmResolver.resolve($0, in: doc.alarms) }
            for a in targets where a.enabled != enabled {
                if enabled, case let .once(date, time) = a.schedule, zone.instant(date, time) <= ctx.now {
                    throw InputError("alarm {id} was for {date} {time}, which has passed: give it a new date with agent-cli edit {id} --once DATE", ["id": "\(a.id)", "date": "\(date)", "time": "\(time)"])
                }
                if enabled, case .timer(let at, _) = a.schedule, at <= ctx.now {
                    throw InputError("timer {id} has run out: start a new one with agent-cli timer", ["id": "\(a.id)"])
                }
                let i = doc.alarmIndex(id: a.id)!
                doc.alarms[i].enabled = enabled
                doc.alarms[i].modified = ctx.now
            }
            return (targets.map(\.id), ctx.localizer(doc.settings))
        }
        for id in ids { Output.line(t(enabled ? "Enabled alarm {id}." : "Disabled alarm {id}.", ["id": id])) }
        if enabled { AgentStarter.ensureRunning(ctx, t) }
    }
}
