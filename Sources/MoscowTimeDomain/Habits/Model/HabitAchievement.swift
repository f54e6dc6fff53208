// SPDX-License-Identifier: GPL-3.0-or-later
/// A milestone a habit reached, kept with the habit once earned: undoing the day that earned it
/// does not take it away, and logging that day again does not earn it twice.
public struct HabitAchievement: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The first completed day.
        case firstCompletion
        /// 100 completed days.
        case completions(Int)
        /// A streak of this many days (7, 30, 100, 365).
        case streak(Int)
        /// The strength score reached this percentage (80).
        case strength(Int)
    }

    public static let streakMilestones = [7, 30, 100, 365]
    public static let completionMilestones = [100]
    public static let strengthMilestones = [80]

    public var kind: Kind
    /// The day it was earned (in the configured zone).
    public var earned: CivilDate

    public init(_ kind: Kind, earned: CivilDate) {
        self.kind = kind
        self.earned = earned
    }

    /// The stable key used in the store and in CSV: `first`, `completions-100`, `streak-7`, `strength-80`.
    public var key: String { Self.key(kind) }

    public static func key(_ kind: Kind) -> String {
        switch kind {
        case .firstCompletion: return "first"
        case .completions(let n): return "completions-\(n)"
        case .streak(let n): return "streak-\(n)"
        case .strength(let n): return "strength-\(n)"
        }
    }

    /// The kind a key names; nil for an unknown key or a milestone this version does not award.
    public static func kind(key: String) -> Kind? {
        if key == "first" { return .firstCompletion }
        let parts = key.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, let n = Int(parts[1]) else { return nil }
        switch parts[0] {
        case "completions" where completionMilestones.contains(n): return .completions(n)
        case "streak" where streakMilestones.contains(n): return .streak(n)
        case "strength" where strengthMilestones.contains(n): return .strength(n)
        default: return nil
        }
    }
}
