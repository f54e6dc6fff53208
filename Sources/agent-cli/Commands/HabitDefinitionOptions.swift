// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain

/// The options that define a habit, shared by `habit add` and `habit edit`. Each value is checked as
/// it is parsed (a bad one gets the core's one-line message); the rules between them in `validate()`.
struct HabitDefinitionOptions: ParsableArguments {
    @Option(name: .long, help: t("What the habit is about (empty to clear, with edit).", value: N_("text")))
    var description: String?

    @Flag(name: .long, help: t("Every day (the default for add)."))
    var daily = false

    @Option(
        name: .long, help: t("On these weekdays: mon,wed,fri or пн,ср,пт, mon-fri, weekdays/будни, weekends/выходные.", value: N_("days")),
        transform: FrequencyArgument<HabitDaysOption>.init)
    var days: FrequencyArgument<HabitDaysOption>?

    @Option(
        name: .long, parsing: .unconditional,
        help: t("Once in any N days: due again N days after the last time (1–365).", value: N_("number")),
        transform: FrequencyArgument<EveryOption>.init)
    var every: FrequencyArgument<EveryOption>?

    @Option(
        name: .customLong("per-week"), parsing: .unconditional, help: t("X days a week, any days (1–7).", value: N_("number")),
        transform: FrequencyArgument<PerWeekOption>.init)
    var perWeek: FrequencyArgument<PerWeekOption>?

    @Option(
        name: .customLong("per-month"), parsing: .unconditional, help: t("X days a month, any days (1–30).", value: N_("number")),
        transform: FrequencyArgument<PerMonthOption>.init)
    var perMonth: FrequencyArgument<PerMonthOption>?

    @Option(
        name: .customLong("times-in"), parsing: .unconditional,
        help: t("X times in any Y days, as Loop Habit Tracker counts (2/5; X ≤ Y ≤ 365).", value: N_("X/Y")),
        transform: FrequencyArgument<TimesInOption>.init)
    var timesIn: FrequencyArgument<TimesInOption>?

    @Option(
        name: .customLong("target-per"),
        help: t(
            "Numeric: the target is for each day (day, the default) or for the frequency's whole period (period: 10 km per week).",
            value: N_("period")))
    var targetPer: ChoiceArgument<TargetPerChoice>?

    @Option(
        name: .long, help: t("Reminder times, HH:MM, comma separated (08:00,20:00), or none.", value: N_("times")),
        transform: ReminderTimesArgument.init)
    var remind: ReminderTimesArgument?

    @Option(
        name: .long, help: t("First day that counts: YYYY-MM-DD, today, yesterday (default: today).", value: N_("date")),
        transform: DateArgument.init)
    var start: DateArgument?

    @Flag(name: .long, help: t("Measure an amount against a daily target (needs --target)."))
    var numeric = false

    @Option(
        name: .long,
        help: t(
            "Unit of a numeric habit: one form (km), or the forms a count takes, comma separated (glass,glasses or стакан,стакана,стаканов).",
            value: N_("unit")))
    var unit: String?

    @Option(
        name: .long, parsing: .unconditional, help: t("Daily target of a numeric habit (8, 2.5).", value: N_("number")),
        transform: TargetArgument.init)
    var target: TargetArgument?

    @Flag(name: .customLong("at-most"), help: t("The target is a limit not to exceed (default: at least)."))
    var atMost = false

    @Flag(name: .customLong("at-least"), help: t("The target is a minimum to reach."))
    var atLeast = false

    var frequencyGiven: Bool { daily || days != nil || every != nil || perWeek != nil || perMonth != nil || timesIn != nil }
    var goalGiven: Bool { numeric || unit != nil || target != nil || atMost || atLeast || targetPer != nil }

    func validate() throws {
        // A word --target-per does not know first: the other values were checked while parsing.
        _ = try targetPer?.choice()
        let given = [daily, days != nil, every != nil, perWeek != nil, perMonth != nil, timesIn != nil].filter { $0 }.count
        if given > 1 { throw InputError("choose one of {choices}", parts: ["choices": Message(HabitErrorWording.frequencyChoices)]) }
        if atMost && atLeast { throw InputError("choose one of --at-most and --at-least") }
        try start?.checkStoredDay(option: "--start")
    }

    func frequency() -> HabitFrequency? {
        daily ? .daily : days?.frequency ?? every?.frequency ?? perWeek?.frequency ?? perMonth?.frequency ?? timesIn?.frequency
    }

    func reminders() -> [TimeOfDay]? { remind?.times }

    func startDate(today: CivilDate) -> CivilDate? { start?.resolve(today: today) }

    /// The goal after applying these options to `current` (nil: yes/no).
    func goal(current: HabitGoal?) throws -> HabitGoal? {
        guard goalGiven else { return current }
        let unit = try self.unit.map(HabitTextRules.unit)
        let target = self.target?.value
        guard let t = target ?? current?.target else {
            throw InputError("a numeric habit needs --target N, the daily goal (e.g. --numeric --unit glasses --target 8)")
        }
        let direction: HabitGoal.Direction = atMost ? .atMost : atLeast ? .atLeast : current?.direction ?? .atLeast
        var per = current?.per ?? .day
        if let targetPer { per = try targetPer.choice().per }
        return HabitGoal(unit: unit ?? current?.unit ?? "", target: t, direction: direction, per: per)
    }
}
