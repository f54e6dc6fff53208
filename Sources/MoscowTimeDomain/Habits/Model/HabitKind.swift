// SPDX-License-Identifier: GPL-3.0-or-later
/// Whether a day is simply done or not (yes/no), or measured as an amount against a goal.
public enum HabitKind: Hashable, Sendable {
    case yesNo
    case numeric(HabitGoal)

    public var goal: HabitGoal? {
        if case .numeric(let g) = self { return g }
        return nil
    }
    public var isNumeric: Bool { goal != nil }
}
