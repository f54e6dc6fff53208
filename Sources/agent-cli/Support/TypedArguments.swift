// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain

/// Values are types: ArgumentParser converts each argument as it parses, help lists the choices of
/// closed sets and the completions complete them.
///
/// `init?(argument:)` can only say "no"; the core's parsers say why. The reason of the last refusal
/// is kept here and reported instead of ArgumentParser's generic "The value … is invalid".
enum ArgumentErrors {
    /// Written and read on the main thread only, around a parse.
    nonisolated(unsafe) static var last: InputError?
}

extension TimeOfDay: ExpressibleByArgument {
    public init?(argument: String) {
        do { self = try TimeParser.parse(argument) } catch { ArgumentErrors.last = error; return nil }
    }
}

/// A duration: 90s, 25m, 1h30m, 25мин.
struct DurationArgument: ExpressibleByArgument {
    let text: String
    let seconds: Int64
    init?(argument: String) {
        do { seconds = try DurationParser.parse(argument); text = argument } catch { ArgumentErrors.last = error; return nil }
    }
}

/// A ring's fade-in (`--ramp`): 30s, 1m, 0 (off); at most `Limits.rampSeconds`.
struct RampArgument: ExpressibleByArgument {
    let seconds: Int
    init?(argument: String) {
        do { seconds = try RampDuration.parse(argument) } catch { ArgumentErrors.last = error; return nil }
    }
}

/// Days to ring on: workdays/рабочие (the production calendar), mon,wed,fri, пн-пт, будни…
struct DaysArgument: ExpressibleByArgument {
    let days: DaySelection
    init?(argument: String) {
        do { days = try DaysParser.selection(argument) } catch { ArgumentErrors.last = error; return nil }
    }
}

/// The settings keys: a closed set.
enum SettingKey: String, CaseIterable, ExpressibleByArgument {
    case zone, snooze, sound, ringMinutes = "ring-minutes", ramp, lateWindow = "late-window", language,
         habitLater = "habit-later", habitSound = "habit-sound", wake,
         achievementNotifications = "achievement-notifications", dismiss, holidays, preNotice = "pre-notice"

    init?(argument: String) {
        guard let key = SettingKey(rawValue: argument) else {
            ArgumentErrors.last = InputError("unknown setting \"{key}\": expected one of {value}",
                                             ["key": argument, "value": Settings.keys.joined(separator: ", ")])
            return nil
        }
        self = key
    }
}

/// How autostart is set up: a closed set.
enum AutostartMethodChoice: String, CaseIterable, ExpressibleByArgument {
    case auto, systemd, xdg

    init?(argument: String) {
        guard let m = AutostartMethodChoice(rawValue: argument.lowercased()) else {
            ArgumentErrors.last = InputError("invalid --method \"{method}\": expected auto, systemd or xdg", ["method": argument])
            return nil
        }
        self = m
    }
}

/// A day: 2026-12-31, today/сегодня, tomorrow/завтра, yesterday/вчера. The words are placed on the
/// calendar of the configured zone when the command runs (`resolve(today:)`).
struct DateArgument: ExpressibleByArgument {
    let date: DateParser.Expression
    init?(argument: String) {
        do { date = try DateParser.expression(argument) } catch { ArgumentErrors.last = error; return nil }
    }
    func resolve(today: CivilDate) -> CivilDate { date.resolve(today: today) }
}

/// A habit's reminder times: 08:00,20:00, or none.
struct ReminderTimesArgument: ExpressibleByArgument {
    let times: [TimeOfDay]
    init?(argument: String) {
        do { times = try ReminderTimesParser.parse(argument) } catch { ArgumentErrors.last = error; return nil }
    }
}

/// A numeric habit's amount for a day: 3, 2.5, 2,5.
struct AmountArgument: ExpressibleByArgument {
    let value: Double
    init?(argument: String) {
        do { value = try AmountParser.amount(argument) } catch { ArgumentErrors.last = error; return nil }
    }
}

/// A numeric habit's target: an amount above zero.
struct TargetArgument: ExpressibleByArgument {
    let value: Double
    init?(argument: String) {
        do { value = try AmountParser.target(argument) } catch { ArgumentErrors.last = error; return nil }
    }
}

/// `--target-per`: what a numeric habit's target counts, a closed set.
enum TargetPerChoice: String, CaseIterable, ExpressibleByArgument {
    case day, period

    init?(argument: String) {
        guard let p = TargetPerChoice(rawValue: String(argument.filter { !$0.isWhitespace }).lowercased()) else {
            ArgumentErrors.last = InputError("invalid --target-per \"{value}\": expected day or period", ["value": argument])
            return nil
        }
        self = p
    }

    var per: HabitGoal.Per { self == .day ? .day : .period }
}

/// One of a habit's frequency options (`--days`, `--every`, `--per-week`, `--per-month`,
/// `--times-in`), checked by the core's parser as it is read.
struct FrequencyArgument<Option: FrequencyOption>: ExpressibleByArgument {
    let frequency: HabitFrequency
    init?(argument: String) {
        do { frequency = try Option.frequency(argument) } catch { ArgumentErrors.last = error; return nil }
    }
}

protocol FrequencyOption {
    static func frequency(_ text: String) throws(InputError) -> HabitFrequency
}

extension FrequencyOption {
    /// The core's parser with only this option given: it returns a frequency for any accepted text.
    static func single(days: String? = nil, every: String? = nil, perWeek: String? = nil, perMonth: String? = nil,
                       timesIn: String? = nil) throws(InputError) -> HabitFrequency {
        do {
            return try HabitFrequencyParser.parse(daily: false, days: days, every: every, perWeek: perWeek, perMonth: perMonth, timesIn: timesIn) ?? .daily
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

/// A rule between options, or a range, checked in `validate()`: the core's error is reported in
/// its own words (exit 2, as a value refused while parsing), not as a usage error.
enum InputCheck {
    static func run(_ body: () throws(InputError) -> Void) throws {
        do { try body() } catch {
            ArgumentErrors.last = error
            throw ValidationError(error.message(in: CLIText.localizer))
        }
    }
}
