// SPDX-License-Identifier: GPL-3.0-or-later
/// A count a frequency is given by, with the values it accepts. The caller names it (agent-cli
/// `--per-week`, a template `per-week:`).
public enum HabitFrequencyCount: Equatable, Sendable {
    case everyNDays, perWeek, perMonth

    public var range: ClosedRange<Int> {
        switch self {
        case .everyNDays: return 1...HabitFrequency.maximumInterval
        case .perWeek: return 1...7
        case .perMonth: return HabitFrequency.monthTimes
        }
    }

    /// What is accepted, in words (worded in the user's language where it is shown).
    public var expected: Message {
        switch self {
        case .everyNDays: return Message(N_("a number of days from 1 to {max}"), ["max": "\(HabitFrequency.maximumInterval)"])
        case .perWeek: return Message(N_("1 to 7 days a week"))
        case .perMonth: return Message(N_("1 to 30 days a month"))
        }
    }
}

/// Why `HabitFrequencyParser` refused what it was given; the caller words it with its own names.
public enum HabitFrequencyError: Error, Equatable {
    /// More than one way of saying how often.
    case conflicting
    case invalidCount(HabitFrequencyCount, text: String)
    /// "X times in Y days" that is not X/Y with 1 ≤ X ≤ Y ≤ `HabitFrequency.maximumInterval`.
    case invalidTimesIn(text: String)
    case invalidDays(InputError)
}
