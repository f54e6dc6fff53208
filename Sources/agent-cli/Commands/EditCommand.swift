// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain

struct EditCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "edit", abstract: t("Change an alarm's time, repeat, label, snooze, sound or ramp."),
            discussion: t("Example: agent-cli edit 3f9a --time 7:00 --days mon,wed,fri --label \"Пробежка\""))
    }

    @Argument(help: t("Alarm id, unique id prefix, or exact label.", value: N_("alarm")), completion: Completions.of(.alarm))
    var alarm: String

    @Option(name: .long, help: t("New time of day, HH:MM.", value: N_("time")), transform: TimeParser.parse)
    var time: TimeOfDay?

    @OptionGroup var schedule: ScheduleOptions

    @Option(name: .long, help: t("New label.", value: N_("label")))
    var label: String?

    @OptionGroup var details: AlarmDetailOptions

    @Flag(name: .long, help: t("Use the default snooze minutes, sound, ramp and wake from settings again."))
    var useDefaults = false

    func run() throws {
        let ctx = try CLIContext()
        let newTime = time
        let label = try label.map(LabelInput.validate)
        let snooze = details.snooze
        let sound = try details.validatedSound()
        guard
            newTime != nil || !schedule.isEmpty || label != nil || snooze != nil || sound != nil || details.ramp != nil
                || details.wake != nil || useDefaults
        else {
            throw InputError(
                "nothing to change: give --time, --days, --once, --every, --label, --snooze, --sound, --ramp, --wake, --no-wake or --use-defaults"
            )
        }
        let id = try ctx.store.update { doc -> String in
            let zone = try ctx.zone(doc.settings)
            let a = try AlarmResolver.resolve(alarm, in: doc.alarms)
            var edited = a
            let today = zone.local(ctx.now).date
            if case .timer = a.schedule, newTime != nil || !schedule.isEmpty {
                throw InputError("a timer has no time of day or repeat: start a new one with agent-cli timer")
            }
            // A timer has no time of day (rejected above when one is given); its label, snooze and
            // sound can still change.
            if let time = newTime ?? a.schedule.time, let s = try schedule.schedule(time: time, today: today) {
                edited.schedule = s
            } else if let newTime {
                switch a.schedule {
                case .weekly(let d, _, let from): edited.schedule = .weekly(days: d, time: newTime, from: from)
                case .workdays(_, let from): edited.schedule = .workdays(time: newTime, from: from)
                case .once(let d, _): edited.schedule = .once(date: d, time: newTime)
                case .everyNDays(let n, let s, _): edited.schedule = .everyNDays(interval: n, start: s, time: newTime)
                case .timer: break
                }
            }
            if case .once(let date, let tm) = edited.schedule, edited.schedule != a.schedule, zone.instant(date, tm) <= ctx.now {
                throw InputError(
                    "{date} {tm} ({zone}) is in the past: give a future date and time",
                    ["date": "\(date)", "tm": "\(tm)", "zone": "\(zone.identifier)"])
            }
            if let label { edited.label = label }
            if useDefaults {
                edited.snoozeMinutes = nil
                edited.sound = nil
                edited.wake = nil
                edited.rampSeconds = nil
            }
            if let wake = details.wake { edited.wake = wake }
            if let snooze { edited.snoozeMinutes = snooze }
            if let sound { edited.sound = sound }
            if let ramp = details.ramp { edited.rampSeconds = ramp.seconds }
            if edited != a {
                edited.modified = ctx.now
                doc.alarms[doc.alarmIndex(id: a.id)!] = edited
            }
            return a.id
        }
        let doc = try ctx.store.load()
        Output.line(ctx.localizer(doc.settings)("Updated alarm {id}.", ["id": id]))
        if doc.alarms.first(where: { $0.id == id })?.enabled == true { AgentStarter.ensureRunning(ctx, ctx.localizer(doc.settings)) }
    }
}
