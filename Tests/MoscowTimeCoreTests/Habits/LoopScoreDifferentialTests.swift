// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import TestSupport
import Testing

@testable import MoscowTimeDomain

/// Differential test: a literal transcription of Loop Habit Tracker's `ScoreList.recompute`
/// (iSoron/uhabits, uhabits-core/src/jvmMain/java/org/isoron/uhabits/core/models/ScoreList.kt),
/// working on Loop's own value codes (YES_MANUAL 2, SKIP 3, UNKNOWN -1, amounts × 1000), against
/// `HabitTimeline` on random histories and frequencies. Today always carries an entry, so the
/// one deliberate difference (an open today) does not arise.
struct LoopScoreDifferentialTests {
    /// Loop's algorithm as written in Kotlin; `values` oldest first here (Loop walks its newest-first
    /// list from the end, which is the same order).
    static func loopScores(
        values: [Int], numerator: Int, denominator: Int, isNumerical: Bool, isAtMost: Bool,
        targetValue: Double
    ) -> [Double] {
        var (num, den) = numerator == denominator ? (1, 1) : (numerator, denominator)
        let freq = Double(num) / Double(den)
        if !isNumerical && freq < 1 {
            num *= 2
            den *= 2
        }
        var rollingSum = 0.0
        var previous = isNumerical && isAtMost ? 1.0 : 0.0
        var out: [Double] = []
        for i in values.indices {
            if isNumerical {
                rollingSum += Double(max(0, values[i]))
                if i - den >= 0 { rollingSum -= Double(max(0, values[i - den])) }
                let normalized = rollingSum / 1000
                if values[i] != 3 {
                    let pct = isAtMost ? min(1, max(0, 1 - (normalized - targetValue) / targetValue)) : min(1, normalized / targetValue)
                    previous = HabitScore.next(previous: previous, value: pct, multiplier: HabitScore.multiplier(timesPerDay: freq))
                }
            } else {
                if values[i] == 2 { rollingSum += 1 }
                if i - den >= 0, values[i - den] == 2 { rollingSum -= 1 }
                if values[i] != 3 {
                    previous = HabitScore.next(
                        previous: previous, value: min(1, rollingSum / Double(num)),
                        multiplier: HabitScore.multiplier(timesPerDay: freq))
                }
            }
            out.append(previous)
        }
        return out
    }

    @Test(arguments: 0..<200)
    func matchesLoop(seed: Int) {
        var rng = SplitMix(seed: UInt64(seed) &* 7919 &+ 1)
        let y = [1, 2, 3, 5, 7, 7, 10, 30, 31, 45].randomElement(using: &rng)!
        let x = Int.random(in: 1...y, using: &rng)
        let frequency = HabitFrequency.make(times: x, inDays: y)!
        let numeric = Bool.random(using: &rng)
        let atMost = numeric && Bool.random(using: &rng)
        let target = Double(Int.random(in: 1...20, using: &rng)) / 2
        let days = Int.random(in: 1...400, using: &rng)
        let start = CivilDate(year: 2025, month: 1, day: 1)!
        var values = [Int](repeating: -1, count: days)
        var entries: [HabitEntry] = []
        for i in 0..<days {
            let r = Double.random(in: 0..<1, using: &rng)
            let date = start.adding(days: Int64(i))
            let mustLog = i == 0 || i == days - 1
            if r < 0.1 {
                values[i] = 3
                entries.append(.skipped(date))
            } else if r < 0.6 || mustLog {
                if numeric {
                    // 0.003 would be Loop's SKIP code (3): an amount Loop itself cannot store.
                    var thousandths = Int.random(in: 0...Int(target * 3000), using: &rng)
                    if thousandths == 3 { thousandths = 4 }
                    values[i] = thousandths
                    entries.append(.done(date, amount: Double(thousandths) / 1000))
                } else {
                    values[i] = 2
                    entries.append(.done(date))
                }
            }
        }
        let kind: HabitKind =
            numeric ? .numeric(HabitGoal(unit: "", target: target, direction: atMost ? .atMost : .atLeast, per: .period)) : .yesNo
        let habit = Habit(
            id: "0a0a0a0a", name: "H", frequency: frequency, start: start, kind: kind, entries: entries,
            created: HabitFixture.created)
        let ours = HabitTimeline(habit, today: start.adding(days: Int64(days - 1))).scores
        let loop = Self.loopScores(
            values: values, numerator: x, denominator: y, isNumerical: numeric, isAtMost: atMost, targetValue: target)
        let worst = zip(ours, loop).map { abs($0 - $1) }.max() ?? 0
        #expect(ours.count == loop.count && worst < 1e-9, "\(x)/\(y) numeric \(numeric) atMost \(atMost): differs by \(worst)")
    }
}
