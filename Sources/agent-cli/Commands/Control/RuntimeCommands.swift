// SPDX-License-Identifier: GPL-3.0-or-later
import AgentControl
import ArgumentParser
import MoscowTimeDomain

struct SnoozeCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "snooze", abstract: t("Snooze a ringing alarm (without an id: the one that rings; --all: every one)."))
    }
    @Argument(
        help: t("Alarm id, unique prefix or label (default: the alarm that rings).", value: N_("alarm")), completion: Completions.of(.alarm)
    )
    var alarm: String?
    @Flag(name: .long, help: t("Snooze every ringing alarm.")) var all = false
    @Option(name: .long, parsing: .unconditional, help: t("Minutes (1–120; default: the alarm's snooze minutes).", value: N_("minutes")))
    var minutes: Int?

    func validate() throws {
        if let minutes, !Limits.snoozeMinutes.contains(minutes) {
            throw InputError("invalid --minutes {minutes}: expected 1 to 120", ["minutes": "\(minutes)"])
        }
        if alarm != nil, all { throw UsageError(Message("give an alarm id or --all, not both")) }
    }

    func run() throws {
        CLIText.useUserLanguage()
        let ctx = try CLIContext()
        let id = try all ? "" : AgentConnection.alarmID(alarm, ctx, orTheRingingOne: true)
        let snoozed = try AgentConnection.call { client throws(AgentClientError) in try client.snooze(id, minutes: UInt32(minutes ?? 0)) }
        for id in snoozed { Output.line(t("snoozed {id}", ["id": id])) }
    }
}

struct StopCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "stop",
            abstract: t("Stop a ringing alarm or cancel its snooze (without an id: the one that rings; --all: every one)."))
    }
    @Argument(
        help: t("Alarm id, unique prefix or label (default: the alarm that rings).", value: N_("alarm")), completion: Completions.of(.alarm)
    )
    var alarm: String?
    @Flag(name: .long, help: t("Stop every ringing and snoozed alarm.")) var all = false

    func validate() throws {
        if alarm != nil, all { throw UsageError(Message("give an alarm id or --all, not both")) }
    }

    func run() throws {
        CLIText.useUserLanguage()
        let ctx = try CLIContext()
        let id = try all ? "" : AgentConnection.alarmID(alarm, ctx, orTheRingingOne: true)
        let stopped = try AgentConnection.call { client throws(AgentClientError) in try client.stop(id) }
        for id in stopped { Output.line(t("stopped {id}", ["id": id])) }
    }
}

struct PauseCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "pause", abstract: t("Do not disturb: alarms due meanwhile are reported, not rung."),
            discussion: t(
                "An alarm already ringing when the pause starts rings on until you stop or snooze it. A snooze that would end during the pause is reported with the rest; next, list, status and the tray leave out what the pause silences."
            )
                + "\n" + t("Examples: agent-cli pause --for 2h · agent-cli pause --until 08:00"))
    }
    @Option(name: .customLong("for"), help: t("How long: 30m, 2h, 1h30m.", value: N_("duration")), transform: DurationArgument.init)
    var duration: DurationArgument?
    @Option(
        name: .long, help: t("Until a time of day (HH:MM, next occurrence in the configured zone).", value: N_("time")),
        transform: TimeParser.parse) var until: TimeOfDay?

    func validate() throws {
        if (duration == nil) == (until == nil) { throw UsageError(Message("give either --for DURATION (e.g. 2h) or --until HH:MM")) }
        if let d = duration, !Limits.pauseSeconds.contains(d.seconds) {
            throw InputError("invalid --for \"{value}\": a pause lasts at most 31 days (744h)", ["value": d.text])
        }
    }

    func run() throws {
        CLIText.useUserLanguage()
        let ctx = try CLIContext()
        let doc = try ctx.store.load()
        let zone = try ctx.zone(doc.settings)
        let end: Instant
        switch (duration, until) {
        case (let d?, nil):
            end = ctx.now + d.seconds
        case (nil, let time?):
            let today = zone.local(ctx.now).date
            let candidate = zone.instant(today, time)
            end = candidate > ctx.now ? candidate : zone.instant(today.adding(days: 1), time)
        default:
            return  // validate() allows exactly one
        }
        try AgentConnection.call { client throws(AgentClientError) in try client.pause(until: end.secondsSinceEpoch) }
        Output.line(t("paused until {time}", ["time": ISO8601.string(end, in: zone)]))
    }
}

struct ResumeCommand: ParsableCommand {
    static var configuration: CommandConfiguration { CommandConfiguration(commandName: "resume", abstract: t("End a pause.")) }
    func run() throws {
        CLIText.useUserLanguage()
        try AgentConnection.call { client throws(AgentClientError) in try client.resume() }
        Output.line(t("resumed"))
    }
}

struct ReloadCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "reload", abstract: t("Make the agent re-read the store now."))
    }
    func run() throws {
        CLIText.useUserLanguage()
        try AgentConnection.call { client throws(AgentClientError) in try client.reload() }
        Output.line(t("reloaded"))
    }
}
