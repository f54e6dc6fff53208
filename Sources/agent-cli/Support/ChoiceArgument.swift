// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import MoscowTimeDomain

/// A word of a closed set: the settings keys, `--method`, `--target-per`.
protocol ClosedChoice: CaseIterable, RawRepresentable<String>, Sendable {
    /// The word `text` names, or why it names none.
    static func choice(_ text: String) throws(InputError) -> Self
}

/// A closed set's argument. Help lists its words and the shells complete them, as ArgumentParser
/// does for an enum; but a `transform:` would lose both, and `init?(argument:)` can only say no.
/// So the text is taken as it is and checked in `validate()` (`choice()`), where the refusal is
/// thrown in our words.
struct ChoiceArgument<Choice: ClosedChoice>: ExpressibleByArgument {
    let text: String
    init(argument: String) { text = argument }
    init(_ choice: Choice) { text = choice.rawValue }

    func choice() throws(InputError) -> Choice { try Choice.choice(text) }

    var defaultValueDescription: String { text }
    static var allValueStrings: [String] { Choice.allCases.map(\.rawValue) }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// The settings keys.
enum SettingKey: String, ClosedChoice {
    case zone, snooze, sound
    case ringMinutes = "ring-minutes"
    case ramp
    case lateWindow = "late-window"
    case language
    case
        habitLater = "habit-later"
    case habitSound = "habit-sound"
    case wake
    case
        achievementNotifications = "achievement-notifications"
    case dismiss, holidays
    case preNotice = "pre-notice"
    case reminderSnooze = "reminder-snooze"

    static func choice(_ text: String) throws(InputError) -> SettingKey {
        guard let key = SettingKey(rawValue: text) else {
            throw InputError(
                "unknown setting \"{key}\": expected one of {value}",
                ["key": text, "value": Settings.keys.joined(separator: ", ")])
        }
        return key
    }
}

/// How autostart is set up.
enum AutostartMethodChoice: String, ClosedChoice {
    case auto, systemd, xdg

    static func choice(_ text: String) throws(InputError) -> AutostartMethodChoice {
        guard let m = AutostartMethodChoice(rawValue: text.lowercased()) else {
            throw InputError("invalid --method \"{method}\": expected auto, systemd or xdg", ["method": text])
        }
        return m
    }
}

/// `--target-per`: what a numeric habit's target counts.
enum TargetPerChoice: String, ClosedChoice {
    case day, period

    static func choice(_ text: String) throws(InputError) -> TargetPerChoice {
        guard let p = TargetPerChoice(rawValue: String(text.filter { !$0.isWhitespace }).lowercased()) else {
            throw InputError("invalid --target-per \"{value}\": expected day or period", ["value": text])
        }
        return p
    }

    var per: HabitGoal.Per { self == .day ? .day : .period }
}
