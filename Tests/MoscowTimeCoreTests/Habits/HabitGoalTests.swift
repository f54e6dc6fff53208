// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain

/// A numeric day's outcome: at least the target met, at most not exceeded.
struct HabitGoalTests {
    typealias F = HabitFixture

    @Test func atLeast() {
        let g = HabitGoal(unit: "glasses", target: 8)
        #expect(!g.isMet(by: 7.999))
        #expect(g.isMet(by: 8))
        #expect(g.isMet(by: 12))
        #expect(g.value(of: 2) == 0.25)
        #expect(g.value(of: 12) == 1)
    }

    @Test func atMost() {
        let g = HabitGoal(unit: "cups", target: 2, direction: .atMost)
        #expect(g.isMet(by: 0))
        #expect(g.isMet(by: 2))
        #expect(!g.isMet(by: 2.5))
        #expect(g.value(of: 1) == 1)
        #expect(g.value(of: 3) == 0.5)  // 1 − (3 − 2) / 2
        #expect(g.value(of: 5) == 0)
    }

    @Test func outcomes() {
        let h = F.habit(start: "2026-11-01", kind: F.glasses)
        #expect(h.evaluate(nil).outcome == .empty)
        #expect(h.evaluate(.done(F.day("2026-11-01"), amount: 8)).outcome == .met)
        #expect(h.evaluate(.done(F.day("2026-11-01"), amount: 6)) == (.unmet, 0.75))
        #expect(h.evaluate(.skipped(F.day("2026-11-01"))).outcome == .skipped)
        let yesNo = F.habit(start: "2026-11-01")
        #expect(yesNo.evaluate(.done(F.day("2026-11-01"))) == (.met, 1))
    }
}
