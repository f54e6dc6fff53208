// SPDX-License-Identifier: GPL-3.0-or-later
/// The daily goal of a numeric habit: "at least 8 glasses", "at most 2 coffees".
public struct HabitGoal: Hashable, Sendable {
    public enum Direction: String, Hashable, Sendable {
        /// Met when the day's amount reaches the target.
        case atLeast = "at-least"
        /// Met when the day's amount does not exceed the target.
        case atMost = "at-most"
    }

    public var unit: String
    /// > 0.
    public var target: Double
    public var direction: Direction

    public init(unit: String, target: Double, direction: Direction = .atLeast) {
        self.unit = unit; self.target = target; self.direction = direction
    }

    /// Whether an amount meets the goal.
    public func isMet(by amount: Double) -> Bool {
        direction == .atLeast ? amount >= target : amount <= target
    }

    /// The score's "v" for a day with this amount, 0…1: at least → min(1, amount/target); at most →
    /// 1 within the limit, then down linearly to 0 at twice the target (Loop's rule).
    public func value(of amount: Double) -> Double {
        switch direction {
        case .atLeast: return min(1, max(0, amount / target))
        case .atMost: return amount <= target ? 1 : max(0, 1 - (amount - target) / target)
        }
    }
}
