// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeStore

struct ListCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "list", abstract: t("List alarms."))
    }

    @Flag(name: .long, help: t("Stable machine-readable output."))
    var json = false

    func run() throws { try Self.run(json: json) }

    /// Also what `FastPath` runs for `list` and `list --json`.
    static func run(json: Bool) throws {
        let ctx = try CLIContext()
        let doc = try ctx.store.load()
        var p = AlarmPresenter(
            zone: try ctx.zone(doc.settings), t: ctx.localizer(doc.settings), now: ctx.now, state: ctx.agentState(),
            calendar: doc.workingCalendar)
        if doc.sync.account != nil { p.held = HeldAlarms.ids(ctx.store.paths) }
        if json {
            Output.line(JSONWriter.pretty(.array(doc.alarms.map(p.json))).trimmingTrailingNewline)
        } else if doc.alarms.isEmpty {
            Output.line(p.t("No alarms yet. Add one: agent-cli add 7:30 --label \"Wake up\""))
        } else {
            Output.write(p.table(doc.alarms))
        }
    }
}
