// SPDX-License-Identifier: GPL-3.0-or-later
/// The goal of a numeric habit: "at least 8 glasses a day", "at most 2 coffees", "10 km a week".
public struct HabitGoal: Hashable, Sendable {
    public enum Direction: String, Hashable, Sendable {
        /// Met when the amount reaches the target.
        case atLeast = "at-least"
        /// Met when the amount does not exceed the target. A day with nothing logged is a good day.
        case atMost = "at-most"
    }

    /// What the target is measured over.
    public enum Per: String, Hashable, Sendable {
        /// Each day's amount against the target (days then count towards "X times in Y days").
        case day
        /// The sum over the frequency's Y days against the target (Loop's numeric habits: "10 km per
        /// week" is 10 km in any 7 days).
        case period
    }

    public var unit: String
    /// > 0.
    public var target: Double
    public var direction: Direction
    public var per: Per

    public init(unit: String, target: Double, direction: Direction = .atLeast, per: Per = .day) {
        self.unit = unit
        self.target = target
        self.direction = direction
        self.per = per
    }

    /// Whether an amount meets the goal.
    public func isMet(by amount: Double) -> Bool {
        direction == .atLeast ? amount >= target : amount <= target
    }

    /// The score's "v" for an amount, 0…1: at least → min(1, amount/target); at most → 1 within
    /// the limit, then down linearly to 0 at twice the target (Loop's `ScoreList` rule).
    public func value(of amount: Double) -> Double {
        switch direction {
        case .atLeast: return min(1, max(0, amount / target))
        case .atMost: return min(1, max(0, 1 - (amount - target) / target))
        }
    }
}
