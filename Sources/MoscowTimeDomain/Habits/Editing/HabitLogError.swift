// SPDX-License-Identifier: GPL-3.0-or-later
/// Why a day could not be logged. The program that asked words it: agent-cli with the command and
/// options that fix it, the agent (through `inputError`) without them.
public enum HabitLogError: Error, Equatable, CustomStringConvertible {
    case inFuture(date: CivilDate, today: CivilDate)
    case beforeStart(date: CivilDate, habit: String, start: CivilDate)
    /// An amount was given for a yes/no habit.
    case amountForYesNoHabit(habit: String)
    /// Undo of a day with no entry.
    case nothingLogged(date: CivilDate, habit: String)

    /// The plain statement, for a program with no options to suggest.
    public var inputError: InputError {
        switch self {
        case .inFuture(let date, let today):
            return InputError(
                "{date} is in the future (today is {today}): log today or past days", ["date": "\(date)", "today": "\(today)"])
        case .beforeStart(let date, let habit, let start):
            return InputError("{date} is before \"{name}\" started ({start})", ["date": "\(date)", "name": habit, "start": "\(start)"])
        case .amountForYesNoHabit(let habit):
            return InputError("\"{name}\" is a yes/no habit: it takes no amount", ["name": habit])
        case .nothingLogged(let date, let habit):
            return InputError("nothing is logged for \"{name}\" on {date}", ["name": habit, "date": "\(date)"])
        }
    }

    public var description: String { inputError.message }
}
