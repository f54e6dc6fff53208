// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain

struct TimerCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "timer",
            abstract: t("Start a countdown timer: a one-time alarm at now + duration."),
            discussion: t("Example: agent-cli timer 25m \"Чай\". Durations: 90s, 25m, 1h30m (at most 7 days)."))
    }

    @Argument(help: t("How long: 90s, 25m, 1h30m.", value: N_("duration")), transform: DurationArgument.init)
    var duration: DurationArgument

    @Argument(help: t("Label (default: Timer / Таймер).", value: N_("label")))
    var label: String?

    @OptionGroup var details: AlarmDetailOptions

    @Flag(name: .long, help: t("Print the new timer as JSON."))
    var json = false

    func validate() throws {
        guard Limits.timerSeconds.contains(Int(duration.seconds)) else {
            throw InputError("invalid duration \"{duration}\": a timer runs from 1 second to 7 days", ["duration": duration.text])
        }
    }

    func run() throws {
        let ctx = try CLIContext()
        let seconds = duration.seconds
        let label = try label.map(LabelInput.validate)
        let snooze = details.snooze
        let sound = try details.validatedSound()
        let (alarm, zone, t, calendar) = try ctx.store.update { doc -> (Alarm, Zone, Localizer, WorkingCalendar) in
            let zone = try ctx.zone(doc.settings)
            let t = ctx.localizer(doc.settings)
            let alarm = Alarm(
                id: AlarmID.make(avoiding: Set(doc.alarms.map(\.id))), label: label ?? t("Timer"),
                schedule: .timer(fireAt: ctx.now + seconds, duration: seconds),
                snoozeMinutes: snooze, sound: sound, wake: details.wake,
                rampSeconds: details.ramp?.seconds, created: ctx.now)
            doc.alarms.append(alarm)
            return (alarm, zone, t, doc.workingCalendar)
        }
        Report.added(alarm, zone: zone, t: t, calendar: calendar, now: ctx.now, json: json)
        AgentStarter.ensureRunning(ctx, t)
    }

    /// `timer -5m`: ArgumentParser reads "-5m" as an unknown option; name the duration instead and
    /// say what a timer takes.
    static func negativeDuration(in arguments: [String]) -> InputError? {
        guard arguments.count > 1, arguments[0] == "timer", case let value = arguments[1],
            value.count > 1, value.hasPrefix("-"), value.dropFirst().first?.isNumber == true
        else { return nil }
        return InputError(
            "invalid duration \"{duration}\": a timer counts forward from now; expected a positive duration such as 90s, 25m or 1h30m (up to 7 days)",
            ["duration": value])
    }
}
