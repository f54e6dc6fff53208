// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeCore

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

/// A set of weekdays: mon,wed,fri, пн-пт, будни…
struct DaysArgument: ExpressibleByArgument {
    let days: Set<Weekday>
    init?(argument: String) {
        do { days = try DaysParser.parse(argument) } catch { ArgumentErrors.last = error; return nil }
    }
}

/// The settings keys: a closed set.
enum SettingKey: String, CaseIterable, ExpressibleByArgument {
    case zone, snooze, sound, ringMinutes = "ring-minutes", lateWindow = "late-window", language,
         habitLater = "habit-later", habitSound = "habit-sound", wake,
         achievementNotifications = "achievement-notifications", dismiss

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
