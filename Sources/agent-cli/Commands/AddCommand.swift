// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain
import MoscowTimeStore

struct AddCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "add",
            abstract: t("Add an alarm."),
            discussion: t(
                "Examples:\n  agent-cli add 7:30 --days weekdays --label \"Подъём\"\n  agent-cli add 9:00 --once tomorrow\n  agent-cli add 6:45 --every 2\nWithout --days, --once or --every the alarm rings Monday to Friday."
            ))
    }

    @Argument(
        help: t("Time of day, HH:MM (7:30 or 07:30), in the configured zone (Europe/Moscow by default).", value: N_("time")),
        transform: TimeParser.parse)
    var time: TimeOfDay

    @OptionGroup var schedule: ScheduleOptions

    @Option(name: .long, help: t("What the alarm is for (any script, emoji welcome; at most 200 characters).", value: N_("label")))
    var label: String?

    @OptionGroup var details: AlarmDetailOptions

    @Flag(name: .long, help: t("Create the alarm switched off."))
    var disabled = false

    @Flag(name: .long, help: t("Print the new alarm as JSON."))
    var json = false

    func run() throws {
        let ctx = try CLIContext()
        // Validate everything before the store is touched.
        let time = self.time
        let label = try label.map(LabelInput.validate)
        let snooze = details.snooze
        let sound = try details.validatedSound()
        let result = try ctx.store.update { doc -> (Alarm, Zone, Localizer, WorkingCalendar) in
            let zone = try ctx.zone(doc.settings)
            let t = ctx.localizer(doc.settings)
            let today = zone.local(ctx.now).date
            let sched = try schedule.schedule(time: time, today: today) ?? .weekly(days: Weekday.workdays, time: time)
            if case .once(let date, let tm) = sched, zone.instant(date, tm) <= ctx.now {
                throw InputError(
                    "{date} {tm} ({zone}) is in the past: give a future date and time",
                    ["date": "\(date)", "tm": "\(tm)", "zone": "\(zone.identifier)"])
            }
            let alarm = Alarm(
                id: AlarmID.make(avoiding: Set(doc.alarms.map(\.id))), label: label ?? t("Alarm"),
                schedule: sched, enabled: !disabled, snoozeMinutes: snooze, sound: sound,
                wake: details.wake, rampSeconds: details.ramp?.seconds, created: ctx.now)
            doc.alarms.append(alarm)
            return (alarm, zone, t, doc.workingCalendar)
        }
        Report.added(result.0, zone: result.1, t: result.2, calendar: result.3, now: ctx.now, json: json)
        if !disabled { AgentStarter.ensureRunning(ctx, result.2) }
    }
}

/// Confirmation lines shared by `add` and `timer`.
enum Report {
    static func added(_ a: Alarm, zone: Zone, t: Localizer, calendar: WorkingCalendar, now: Instant, json: Bool) {
        let p = AlarmPresenter(zone: zone, t: t, now: now, state: AgentState(), calendar: calendar)
        if json {
            Output.line(JSONWriter.pretty(p.json(a)).trimmingTrailingNewline)
            return
        }
        let next = p.nextRing(a)
        if case .timer(let at, let d) = a.schedule {
            var values = [
                "id": a.id, "label": a.label, "duration": DurationText.words(d, t, exactSeconds: true),
                "time": zone.local(at).clockText,
            ]
            // A timer that rings on another day says which.
            if zone.local(at).date != zone.local(now).date {
                values["date"] = DateText.weekdayAndDate(zone.local(at).date, t.language)
                Output.line(t("Timer {id} \"{label}\" rings in {duration}, on {date} at {time}.", values))
            } else {
                Output.line(t("Timer {id} \"{label}\" rings in {duration}, at {time}.", values))
            }
        } else if let next {
            Output.line(
                t(
                    "Added alarm {id} \"{label}\": {summary} at {time}; next ring {next}.",
                    [
                        "id": a.id, "label": a.label, "summary": p.summary(a),
                        "time": ScheduleText.time(a.schedule, zone: zone), "next": p.whenText(next),
                    ]))
        } else {
            Output.line(t("Added alarm {id} \"{label}\"; it will not ring again.", ["id": a.id, "label": a.label]))
        }
    }
}

extension String {
    var trimmingTrailingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
}
