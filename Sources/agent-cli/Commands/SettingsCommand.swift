// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain
import MoscowTimeStore

struct SettingsCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "settings", abstract: t("Show or change settings."),
            discussion: t(
                "Keys: zone (IANA name, default Europe/Moscow), snooze (minutes, 10), sound (theme id or file, alarm-clock-elapsed), ring-minutes (5), ramp (a gentle start: the ring rises from quiet to full volume over this time, 30s; 0 = off), late-window (minutes, 15), language (auto, ru, en), habit-later (minutes, 30), habit-sound (message-new-instant), wake (on: alarms wake the computer from suspend), achievement-notifications (on), dismiss (what closing a ringing alarm's notification does: snooze, the default, or stop), holidays (whose production calendar workdays alarms follow: ru, the default, or none for Monday to Friday), pre-notice (off, the default, or an evening time such as 21:00: a notice of tomorrow's first alarm that wakes the computer, with Skip), reminder-snooze (minutes a calendar reminder's Snooze waits, 5).\nExamples: agent-cli settings · agent-cli settings zone · agent-cli settings snooze 5"
            ))
    }

    @Argument(help: t("Setting to show or change.", value: N_("key"))) var key: ChoiceArgument<SettingKey>?
    @Argument(help: t("New value.", value: N_("value")), completion: Completions.settingValue) var value: String?
    @Flag(name: .long, help: t("Machine-readable output.")) var json = false

    /// A new value is checked against its key (a zone of the tz database, minutes in range…)
    /// before anything is read or written.
    func validate() throws {
        let key = try self.key?.choice()
        guard let key, let value else { return }
        var probe = Settings()
        try SettingsEditor.apply(key: key.rawValue, value: value, to: &probe)
    }

    func run() throws {
        let ctx = try CLIContext()
        let key = try self.key?.choice().rawValue
        if let key, let value {
            try ctx.store.update { doc in try SettingsEditor.apply(key: key, value: value, to: &doc.settings) }
            let settings = try ctx.store.load().settings
            Output.line("\(key) = \(SettingsEditor.value(of: key, in: settings) ?? value)")
            // The zone and the late window move or add triggers; the rest only changes how they ring.
            if ["zone", "late-window", "wake"].contains(key) { AgentStarter.ensureRunning(ctx, ctx.localizer(settings)) }  // not UI
            return
        }
        let settings = try ctx.store.load().settings
        if let key {
            guard let v = SettingsEditor.value(of: key, in: settings) else {
                throw InputError(
                    "unknown setting \"{key}\": expected one of {value}",
                    ["key": "\(key)", "value": "\(Settings.keys.joined(separator: ", "))"])
            }
            Output.line(json ? JSONWriter.compact(.string(v)) : v)
            return
        }
        if json {
            Output.line(
                JSONWriter.pretty(.object(Settings.keys.map { ($0, .string(SettingsEditor.value(of: $0, in: settings)!)) }))
                    .trimmingTrailingNewline)
        } else {
            Output.write(Settings.keys.map { "\($0) = \(SettingsEditor.value(of: $0, in: settings)!)" }.joined(separator: "\n") + "\n")
        }
    }
}
