// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// The core's typed habit errors in agent-cli's words: what went wrong and the command or option
/// that fixes it (the core knows no options). Shown as invalid input (exit 2).
enum HabitErrorWording {
    /// How often a habit is, in agent-cli's options.
    static let frequencyChoices = N_("--daily, --days mon,wed, --every N, --per-week X, --per-month X or --times-in X/Y")

    static func inputError(_ error: HabitLogError) -> InputError {
        switch error {
        case .inFuture: return error.inputError
        case .beforeStart(let date, let habit, let start):
            return InputError(
                "{date} is before \"{name}\" started ({start}): log a later day, or move the start with agent-cli habit edit \"{name}\" --start {date}",
                ["date": "\(date)", "name": habit, "start": "\(start)"])
        case .amountForYesNoHabit(let habit):
            return InputError("\"{name}\" is a yes/no habit: --amount goes with numeric habits (add one with --numeric)", ["name": habit])
        case .nothingLogged(let date, let habit):
            return InputError(
                "nothing is logged for \"{name}\" on {date}: see agent-cli habit show \"{name}\"", ["name": habit, "date": "\(date)"])
        }
    }

    static func inputError(_ error: HabitLookupError) -> InputError {
        switch error {
        case .noneGiven:
            return InputError("no habit given: use its exact name or id (see agent-cli habit list)")
        case .ambiguous(let prefix, let ids):
            return InputError(
                "id prefix \"{k}\" is ambiguous ({ids}): type more digits", ["k": prefix, "ids": ids.joined(separator: ", ")])
        case .notFound(let key):
            return InputError("no habit \"{key}\": use its exact name or an id prefix (see agent-cli habit list --archived)", ["key": key])
        }
    }

    static func inputError(_ error: HabitFrequencyError) -> InputError {
        switch error {
        case .conflicting:
            return InputError("choose one of {choices}", parts: ["choices": Message(frequencyChoices)])
        case .invalidCount(let count, let text):
            let option =
                switch count {
                case .everyNDays: "--every"
                case .perWeek: "--per-week"
                case .perMonth: "--per-month"
                }  // not UI: option names
            return InputError(
                "invalid {option} \"{text}\": expected {expected}", ["option": option, "text": text], parts: ["expected": count.expected])
        case .invalidTimesIn(let text):
            return InputError(
                "invalid --times-in \"{value}\": expected X/Y, X times in Y days, 1 ≤ X ≤ Y ≤ {max} (e.g. 2/5)",
                ["value": text, "max": String(HabitFrequency.maximumInterval)])
        case .invalidDays(let why):
            return why
        }
    }

    /// The warning for a Loop habit imported without its target.
    static func missingTarget(_ habit: String, _ t: Localizer) -> String {
        t("\"{name}\": no usable target in the export; set one with agent-cli habit edit \"{name}\" --target N", ["name": habit])
    }

    /// Any error as agent-cli reports it: the core's typed habit errors become invalid input.
    static func worded(_ error: any Error) -> any Error {
        switch error {
        case let e as HabitLogError: return inputError(e)
        case let e as HabitLookupError: return inputError(e)
        case let e as HabitFrequencyError: return inputError(e)
        default: return error
        }
    }
}
