// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

// Values are types: ArgumentParser converts each argument as it parses, with the core's parser
// (`@Option(transform:)`), which throws an `InputError` saying why it refuses the text;
// ArgumentParser carries it to `Main.fail`, where it is worded (see `ParseErrors`). The closed
// sets, whose words help lists and the shells complete, are `ChoiceArgument`s.

/// A duration: 90s, 25m, 1h30m, 25мин.
struct DurationArgument: Sendable {
    let text: String
    let seconds: Int64
    init(_ argument: String) throws(InputError) {
        seconds = try DurationParser.parse(argument)
        text = argument
    }
}

/// A ring's fade-in (`--ramp`): 30s, 1m, 0 (off); at most `Limits.rampSeconds`.
struct RampArgument: Sendable {
    let seconds: Int
    init(_ argument: String) throws(InputError) { seconds = try RampDuration.parse(argument) }
}

/// Days to ring on: workdays/рабочие (the production calendar), mon,wed,fri, пн-пт, будни…
struct DaysArgument: Sendable {
    let days: DaySelection
    init(_ argument: String) throws(InputError) { days = try DaysParser.selection(argument) }
}

/// A day: 2026-12-31, today/сегодня, tomorrow/завтра, yesterday/вчера. The words are placed on the
/// calendar of the configured zone when the command runs (`resolve(today:)`).
struct DateArgument: Sendable {
    let date: DateParser.Expression
    init(_ argument: String) throws(InputError) { date = try DateParser.expression(argument) }
    func resolve(today: CivilDate) -> CivilDate { date.resolve(today: today) }

    /// A day an alarm or a habit may have: the days the store, export and import accept too, so
    /// each round-trips (today and tomorrow always are).
    func checkStoredDay(option: String) throws(InputError) {
        guard case .day(let d) = date, !Limits.alarmDates.contains(d) else { return }
        throw InputError(
            "invalid {option} {date}: expected a date from {first} to {last}",
            [
                "option": option, "date": d.description, "first": Limits.alarmDates.lowerBound.description,
                "last": Limits.alarmDates.upperBound.description,
            ])
    }
}

/// A habit's reminder times: 08:00,20:00, or none.
struct ReminderTimesArgument: Sendable {
    let times: [TimeOfDay]
    init(_ argument: String) throws(InputError) { times = try ReminderTimesParser.parse(argument) }
}

/// A numeric habit's amount for a day: 3, 2.5, 2,5.
struct AmountArgument: Sendable {
    let value: Double
    init(_ argument: String) throws(InputError) { value = try AmountParser.amount(argument) }
}

/// A numeric habit's target: an amount above zero.
struct TargetArgument: Sendable {
    let value: Double
    init(_ argument: String) throws(InputError) { value = try AmountParser.target(argument) }
}

/// One of a habit's frequency options (`--days`, `--every`, `--per-week`, `--per-month`,
/// `--times-in`), checked by the core's parser as it is read.
struct FrequencyArgument<Option: FrequencyOption>: Sendable {
    let frequency: HabitFrequency
    init(_ argument: String) throws(InputError) { frequency = try Option.frequency(argument) }
}

protocol FrequencyOption {
    static func frequency(_ text: String) throws(InputError) -> HabitFrequency
}

extension FrequencyOption {
    /// The core's parser with only this option given: it returns a frequency for any accepted text.
    static func single(
        days: String? = nil, every: String? = nil, perWeek: String? = nil, perMonth: String? = nil,
        timesIn: String? = nil
    ) throws(InputError) -> HabitFrequency {
        do {
            return try HabitFrequencyParser.parse(
                daily: false, days: days, every: every, perWeek: perWeek, perMonth: perMonth, timesIn: timesIn) ?? .daily
        } catch {
            throw HabitErrorWording.inputError(error)
        }
    }
}

enum HabitDaysOption: FrequencyOption { static func frequency(_ s: String) throws(InputError) -> HabitFrequency { try single(days: s) } }
enum EveryOption: FrequencyOption { static func frequency(_ s: String) throws(InputError) -> HabitFrequency { try single(every: s) } }
enum PerWeekOption: FrequencyOption { static func frequency(_ s: String) throws(InputError) -> HabitFrequency { try single(perWeek: s) } }
enum PerMonthOption: FrequencyOption { static func frequency(_ s: String) throws(InputError) -> HabitFrequency { try single(perMonth: s) } }
enum TimesInOption: FrequencyOption { static func frequency(_ s: String) throws(InputError) -> HabitFrequency { try single(timesIn: s) } }
