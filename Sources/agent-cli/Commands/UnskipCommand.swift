// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain

/// `agent-cli unskip ALARM`: the skipped rings (and an "off until") are back.
struct UnskipCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "unskip", abstract: t("Bring back the skipped rings of an alarm, and end its \"off until\"."))
    }

    @Argument(help: t("Alarm id, unique id prefix, or exact label.", value: N_("alarm")), completion: Completions.of(.alarm)) var alarm:
        String

    func run() throws {
        let ctx = try CLIContext()
        let (id, t) = try ctx.store.update { doc -> (String, Localizer) in
            let a = try AlarmResolver.resolve(self.alarm, in: doc.alarms)
            guard !a.skippedDays.isEmpty || a.offUntil != nil else { throw InputError("alarm {id} skips nothing", ["id": a.id]) }
            let i = doc.alarmIndex(id: a.id)!
            doc.alarms[i].skippedDays = []
            doc.alarms[i].offUntil = nil
            doc.alarms[i].modified = ctx.now
            return (a.id, ctx.localizer(doc.settings))
        }
        Output.line(t("Alarm {id} rings as scheduled again.", ["id": id]))
        AgentStarter.ensureRunning(ctx, t)
    }
}
