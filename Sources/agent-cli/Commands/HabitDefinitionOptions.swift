// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeCore

/// The options that define a habit, shared by `habit add` and `habit edit`. Numbers are taken as
/// text so that a bad value gets the core's one-line message.
struct HabitDefinitionOptions: ParsableArguments {
    @Option(name: .long, help: t("What the habit is about (empty to clear, with edit)."))
    var description: String?

    @Flag(name: .long, help: t("Every day (the default for add)."))
    var daily = false

    @Option(name: .long, help: t("On these weekdays: mon,wed,fri or пн,ср,пт, mon-fri, weekdays/будни, weekends/выходные."))
    var days: String?

    @Option(name: .long, help: t("Once in any N days: due again N days after the last time (1–365)."))
    var every: String?

    @Option(name: .customLong("per-week"), help: t("X days a week, any days (1–7)."))
    var perWeek: String?

    @Option(name: .customLong("per-month"), help: t("X days a month, any days (1–30)."))
    var perMonth: String?

    @Option(name: .customLong("times-in"), help: t("X times in any Y days, as Loop Habit Tracker counts (2/5; X ≤ Y ≤ 365)."))
    var timesIn: String?

    @Option(name: .customLong("target-per"), help: t("Numeric: the target is for each day (day, the default) or for the frequency's whole period (period: 10 km per week)."))
    var targetPer: String?

    @Option(name: .long, help: t("Reminder times, HH:MM, comma separated (08:00,20:00), or none."))
    var remind: String?

    @Option(name: .long, help: t("First day that counts: YYYY-MM-DD, today, yesterday (default: today)."))
    var start: String?

    @Flag(name: .long, help: t("Measure an amount against a daily target (needs --target)."))
    var numeric = false

    @Option(name: .long, help: t("Unit of a numeric habit: one form (km), or the forms a count takes, comma separated (glass,glasses or стакан,стакана,стаканов)."))
    var unit: String?

    @Option(name: .long, help: t("Daily target of a numeric habit (8, 2.5)."))
    var target: String?

    @Flag(name: .customLong("at-most"), help: t("The target is a limit not to exceed (default: at least)."))
    var atMost = false

    @Flag(name: .customLong("at-least"), help: t("The target is a minimum to reach."))
    var atLeast = false

    var frequencyGiven: Bool { daily || days != nil || every != nil || perWeek != nil || perMonth != nil || timesIn != nil }
    var goalGiven: Bool { numeric || unit != nil || target != nil || atMost || atLeast || targetPer != nil }

    func frequency() throws -> HabitFrequency? {
        try HabitFrequencyParser.parse(daily: daily, days: days, every: every, perWeek: perWeek, perMonth: perMonth, timesIn: timesIn)
    }

    func reminders() throws -> [TimeOfDay]? { try remind.map(ReminderTimesParser.parse) }

    func startDate(today: CivilDate) throws -> CivilDate? {
        try start.map { try DateParser.parse($0, today: today) }
    }

    /// The goal after applying these options to `current` (nil: yes/no).
    func goal(current: HabitGoal?) throws -> HabitGoal? {
        if atMost && atLeast { throw InputError("choose one of --at-most and --at-least") }
        guard goalGiven else { return current }
        let unit = try self.unit.map(HabitTextRules.unit)
        let target = try self.target.map(AmountParser.target)
        guard let t = target ?? current?.target else {
            throw InputError("a numeric habit needs --target N, the daily goal (e.g. --numeric --unit glasses --target 8)")
        }
        let direction: HabitGoal.Direction = atMost ? .atMost : atLeast ? .atLeast : current?.direction ?? .atLeast
        var per = current?.per ?? .day
        if let targetPer {
            guard let p = HabitGoal.Per(rawValue: String(targetPer.filter { !$0.isWhitespace }).lowercased()) else {
                throw InputError("invalid --target-per \"{value}\": expected day or period", ["value": targetPer])
            }
            per = p
        }
        return HabitGoal(unit: unit ?? current?.unit ?? "", target: t, direction: direction, per: per)
    }
}
