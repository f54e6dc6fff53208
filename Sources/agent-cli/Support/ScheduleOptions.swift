// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain
import MoscowTimeStore

/// `--days`, `--once`, `--every`, `--from`: how an alarm repeats. Shared by `add` and `edit`.
struct ScheduleOptions: ParsableArguments {
    @Option(
        name: .long,
        help: t(
            "Days: workdays/рабочие (the official working days, with holidays and transfers), mon,tue… or пн,вт…, mon-fri, weekdays/будни (Monday to Friday), weekends/выходные, everyday/каждый день (default: weekdays).",
            value: N_("days")), transform: DaysArgument.init)
    var days: DaysArgument?

    @Option(
        name: .long, help: t("Ring once on a date: YYYY-MM-DD, today/сегодня or tomorrow/завтра.", value: N_("date")),
        transform: DateArgument.init)
    var once: DateArgument?

    @Option(name: .long, parsing: .unconditional, help: t("Ring every N days (1–3650).", value: N_("number")))
    var every: Int?

    @Option(name: .long, help: t("First day for --every (default: today).", value: N_("date")), transform: DateArgument.init)
    var from: DateArgument?

    var isEmpty: Bool { days == nil && once == nil && every == nil && from == nil }

    /// The rules between the options, checked while parsing.
    func validate() throws {
        let given = [days != nil, once != nil, every != nil].filter { $0 }.count
        if given > 1 { throw UsageError(Message("choose one of --days, --once and --every")) }
        if from != nil, every == nil { throw UsageError(Message("--from goes with --every N")) }
        if let every, !(1...Schedule.maximumInterval).contains(every) {
            throw InputError(
                "invalid --every {every}: expected a number of days from 1 to {maximumInterval}",
                ["every": "\(every)", "maximumInterval": "\(Schedule.maximumInterval)"])
        }
        try once?.checkStoredDay(option: "--once")
        try from?.checkStoredDay(option: "--from")
    }

    /// Builds the schedule for `time`; nil when no option was given.
    func schedule(time: TimeOfDay, today: CivilDate) throws -> Schedule? {
        if let once { return .once(date: once.resolve(today: today), time: time) }
        if let every {
            let start = from?.resolve(today: today) ?? today
            return .everyNDays(interval: every, start: start, time: time)
        }
        if let days { return days.days.schedule(time: time) }
        return nil
    }
}

/// `--snooze`, `--sound`, `--ramp`, `--wake/--no-wake`: shared by `add`, `timer` and `edit`.
struct AlarmDetailOptions: ParsableArguments {
    @Option(
        name: .long, parsing: .unconditional,
        help: t("Snooze minutes for this alarm (1–120; default: the snooze setting).", value: N_("minutes")))
    var snooze: Int?

    @Option(name: .long, help: t("Theme sound id (alarm-clock-elapsed, bell…) or absolute path to a sound file.", value: N_("sound")))
    var sound: String?

    @Option(
        name: .long,
        help: t(
            "A gentle start: the ring rises from quiet to full volume over this time (30s, 1m; 0 = off; at most 10m; default: the ramp setting, 30s).",
            value: N_("duration")), transform: RampArgument.init)
    var ramp: RampArgument?

    @Flag(
        inversion: .prefixedNo, exclusivity: .exclusive,
        help: t("Wake the computer from suspend for this alarm (default: on for alarms, off for timers; see the wake setting)."))
    var wake: Bool?

    func validate() throws {
        if let snooze, !Limits.snoozeMinutes.contains(snooze) {
            throw InputError(
                "invalid --snooze {snooze}: expected minutes from {min} to {max}",
                ["snooze": "\(snooze)", "min": "\(Limits.snoozeMinutes.lowerBound)", "max": "\(Limits.snoozeMinutes.upperBound)"])
        }
    }

    func validatedSound() throws -> String? { try sound.map { try SoundChoice.validate($0) } }
}

enum LabelInput {
    static func validate(_ label: String) throws -> String {
        if let problem = LabelRules.issue(label) { throw InputError("invalid label: {problem}", parts: ["problem": problem]) }
        return label
    }
}
