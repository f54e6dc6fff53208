// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain

/// Loop Habit Tracker's own unit tests with concrete expected values, ported one by one from
/// iSoron/uhabits, uhabits-core/src/jvmTest/java/org/isoron/uhabits/core/models/ScoreListTest.kt and
/// ScoreTest.kt. Loop's fixtures: `createEmptyHabit` is daily yes/no; `createEmptyNumericalHabit`
/// has target 2.0; entries are written `Entry(today.minus(offset), value)` with numeric values in
/// thousandths. Loop scores from its oldest entry, as this project scores from the start date.
///
/// The one deliberate difference: Loop scores today at once (nothing logged today is a missed day);
/// here today, while it is still open, keeps yesterday's score. Where a Loop case has nothing logged
/// today, the test says so and checks the project's value and how Loop's follows from it.
struct LoopScoreListPortTests {
    static let today = CivilDate(year: 2026, month: 11, day: 22)!
    static let e = 1e-6

    /// A habit built like Loop's test: `entries` maps a day offset (0 = today) to its entry; amounts
    /// are given in Loop's thousandths. Numeric goals are per the frequency's days, as Loop's target is.
    struct LoopHabit {
        var frequency: HabitFrequency = .daily
        var kind: HabitKind = .yesNo
        var entries: [Int: HabitEntry] = [:]

        static func numeric(_ direction: HabitGoal.Direction) -> LoopHabit {
            LoopHabit(kind: .numeric(HabitGoal(unit: "miles", target: 2, direction: direction, per: .period)))
        }

        mutating func check(_ offset: Int) { entries[offset] = .done(LoopScoreListPortTests.today.adding(days: -Int64(offset))) }
        mutating func check(_ from: Int, _ to: Int) { for i in from..<to { check(i) } }
        mutating func skip(_ offset: Int) { entries[offset] = .skipped(LoopScoreListPortTests.today.adding(days: -Int64(offset))) }
        mutating func add(_ offset: Int, _ thousandths: Int) {
            entries[offset] = .done(LoopScoreListPortTests.today.adding(days: -Int64(offset)), amount: Double(thousandths) / 1000)
        }
        mutating func add(_ from: Int, _ to: Int, _ thousandths: Int) { for i in from..<to { add(i, thousandths) } }
        mutating func addSkips(_ from: Int, _ to: Int) { for i in from..<to { skip(i) } }

        /// Loop's `from` is the oldest entry (today without one): the start date here.
        var habit: Habit {
            let oldest = entries.keys.max() ?? 0
            return Habit(
                id: "0a0a0a0a", name: "Meditate", frequency: frequency,
                start: LoopScoreListPortTests.today.adding(days: -Int64(oldest)),
                kind: kind, entries: Array(entries.values), created: HabitFixture.created)
        }

        /// Loop's `habit.scores[today.minus(offset)]`: 0 before the oldest entry.
        func score(_ offset: Int) -> Double {
            let t = HabitTimeline(habit, today: LoopScoreListPortTests.today)
            let i = t.count - 1 - offset
            return i >= 0 ? t.scores[i] : 0
        }

        var todayScore: Double { score(0) }
    }

    func expectScores(_ h: LoopHabit, _ expected: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
        for (offset, value) in expected.enumerated() {
            #expect(
                abs(h.score(offset) - value) < Self.e, "offset \(offset): \(h.score(offset)) vs Loop \(value)",
                sourceLocation: sourceLocation)
        }
    }

    static let twentyDaysDone = [
        0.655747, 0.636894, 0.617008, 0.596033, 0.573910, 0.550574, 0.525961, 0.500000,
        0.472617, 0.443734, 0.413270, 0.381137, 0.347244, 0.311495, 0.273788, 0.234017,
        0.192067, 0.147820, 0.101149, 0.051922, 0.000000, 0.000000, 0.000000,
    ]

    // MARK: YesNoScoreListTest

    /// YesNoScoreListTest.test_getValue
    @Test func yesNo_getValue() {
        var h = LoopHabit()
        h.check(0, 20)
        expectScores(h, Self.twentyDaysDone)
    }

    /// YesNoScoreListTest.test_getValueWithSkip
    @Test func yesNo_getValueWithSkip() {
        var h = LoopHabit()
        h.check(0, 20)
        h.skip(5)
        h.skip(10)
        h.skip(11)
        expectScores(
            h,
            [
                0.596033, 0.573910, 0.550574, 0.525961, 0.500000, 0.472617, 0.472617, 0.443734, 0.413270,
                0.381137, 0.347244, 0.347244, 0.347244, 0.311495, 0.273788, 0.234017, 0.192067, 0.147820,
                0.101149, 0.051922, 0.000000, 0.000000, 0.000000,
            ])
    }

    /// YesNoScoreListTest.test_getValueWithSkip2 — nothing is logged today: Loop has 0.041949 today
    /// (a missed day); here today is open and keeps yesterday's 0.044247. The days before match.
    @Test func yesNo_getValueWithSkip2() {
        var h = LoopHabit()
        h.check(5)
        h.skip(4)
        let loop = [0.041949, 0.044247, 0.046670, 0.049226, 0.051922, 0.051922, 0.0]
        for offset in 1..<loop.count { #expect(abs(h.score(offset) - loop[offset]) < Self.e) }
        #expect(abs(h.todayScore - 0.044247) < Self.e)
        // Loop's today is yesterday's score after one missed day.
        #expect(abs(HabitScore.next(previous: h.score(1), value: 0, multiplier: HabitScore.multiplier(timesPerDay: 1)) - loop[0]) < Self.e)
    }

    /// YesNoScoreListTest.test_imperfectNonDaily
    @Test func yesNo_imperfectNonDaily() {
        var h = LoopHabit(frequency: .timesPerWeek(3))
        for k in 0..<100 {
            h.check(7 * k)
            h.check(7 * k + 1)
        }
        #expect(abs(h.todayScore - 2 / 3.0) < Self.e)
        h.frequency = .timesPerWeek(4)
        #expect(abs(h.todayScore - 0.5) < Self.e)
    }

    /// YesNoScoreListTest.test_irregularNonDaily: once a week, on alternating ends of the week.
    @Test func yesNo_irregularNonDaily() {
        var h = LoopHabit(frequency: .timesPerWeek(1))
        for k in 0..<100 {
            h.check(14 * k)
            h.check(14 * k + 13)
        }
        #expect(abs(h.todayScore - 1.0) < 1e-3)
    }

    /// YesNoScoreListTest.shouldAchieveHighScoreInReasonableTime
    @Test func yesNo_shouldAchieveHighScoreInReasonableTime() {
        var daily = LoopHabit()
        for i in 0...89 { daily.check(i) }
        #expect(daily.todayScore > 0.99)

        var weekly = LoopHabit(frequency: .timesPerWeek(1))
        for i in 0...38 { weekly.check(7 * i) }
        #expect(weekly.todayScore > 0.99)

        weekly.frequency = .timesPerMonth(1)
        for i in 0...17 { weekly.check(30 * i) }
        #expect(weekly.todayScore > 0.99)
    }

    /// YesNoScoreListTest.test_recompute
    @Test func yesNo_recompute() {
        var h = LoopHabit()
        #expect(abs(h.todayScore - 0) < Self.e)
        h.check(0, 2)
        #expect(abs(h.todayScore - 0.101149) < Self.e)
        h.frequency = .everyNDays(2)
        #expect(abs(h.todayScore - 0.054816) < Self.e)
    }

    /// YesNoScoreListTest.test_addThenRemove
    @Test func yesNo_addThenRemove() {
        var h = LoopHabit()
        #expect(abs(h.todayScore - 0) < Self.e)
        h.check(0)
        #expect(abs(h.todayScore - 0.051922) < Self.e)
        h.entries[0] = nil
        #expect(abs(h.todayScore - 0) < Self.e)
    }

    // MARK: NumericalAtLeastScoreListTest

    /// NumericalAtLeastScoreListTest.test_getValue
    @Test func atLeast_getValue() {
        var h = LoopHabit.numeric(.atLeast)
        h.add(0, 20, 2000)
        expectScores(h, Self.twentyDaysDone)
    }

    /// NumericalAtLeastScoreListTest.test_recompute
    @Test func atLeast_recompute() {
        var h = LoopHabit.numeric(.atLeast)
        #expect(abs(h.todayScore - 0) < Self.e)
        h.add(0, 2, 2000)
        #expect(abs(h.todayScore - 0.101149) < Self.e)
        h.frequency = .everyNDays(2)
        #expect(abs(h.todayScore - 0.072631) < Self.e)
    }

    /// NumericalAtLeastScoreListTest.shouldAchieveHighScoreInReasonableTime
    @Test func atLeast_shouldAchieveHighScoreInReasonableTime() {
        var daily = LoopHabit.numeric(.atLeast)
        for i in 0...89 { daily.add(i, 2000) }
        #expect(daily.todayScore > 0.99)

        var weekly = LoopHabit.numeric(.atLeast)
        weekly.frequency = .timesPerWeek(1)
        for i in 0...38 { weekly.add(7 * i, 2000) }
        #expect(weekly.todayScore > 0.99)

        weekly.frequency = .timesPerMonth(1)
        for i in 0...17 { weekly.add(30 * i, 2000) }
        #expect(weekly.todayScore > 0.99)
    }

    /// NumericalAtLeastScoreListTest.shouldAchieveComparableScoreToProgress
    @Test func atLeast_shouldAchieveComparableScoreToProgress() {
        var h = LoopHabit.numeric(.atLeast)
        h.add(0, 500, 1000)
        #expect(abs(h.todayScore - 0.5) < Self.e)
        h.add(0, 500, 500)
        #expect(abs(h.todayScore - 0.25) < Self.e)
    }

    /// NumericalAtLeastScoreListTest.overeachievingIsntRelevant (10 000 miles, within our 1 000 000 limit)
    @Test func atLeast_overeachievingIsntRelevant() {
        var h = LoopHabit.numeric(.atLeast)
        h.add(0, 10_000_000)
        #expect(abs(h.todayScore - 0.051922) < Self.e)
    }

    // MARK: NumericalAtLeastScoreListWithSkipTest

    /// NumericalAtLeastScoreListWithSkipTest.test_getValue
    @Test func atLeastWithSkip_getValue() {
        var h = LoopHabit.numeric(.atLeast)
        h.add(0, 10, 2000)
        h.addSkips(10, 11)
        h.add(11, 15, 2000)
        h.addSkips(15, 16)
        h.add(16, 20, 2000)
        expectScores(
            h,
            [
                0.617008, 0.596033, 0.573910, 0.550574, 0.525961, 0.500000, 0.472617, 0.443734, 0.413270,
                0.381137, 0.347244, 0.347244, 0.311495, 0.273788, 0.234017, 0.192067, 0.192067, 0.147820,
                0.101149, 0.051922, 0.000000, 0.000000, 0.000000,
            ])
    }

    /// NumericalAtLeastScoreListWithSkipTest.skipsShouldNotAffectScore
    @Test func atLeastWithSkip_skipsShouldNotAffectScore() {
        var h = LoopHabit.numeric(.atLeast)
        h.add(0, 500, 1000)
        let initial = h.todayScore
        h.addSkips(500, 1000)
        #expect(abs(h.todayScore - initial) < Self.e)
        h.add(0, 300, 1000)
        h.addSkips(300, 500)
        h.add(500, 700, 1000)
        #expect(abs(h.todayScore - initial) < Self.e)
    }

    // MARK: NumericalAtMostScoreListTest

    /// NumericalAtMostScoreListTest.test_getValue
    @Test func atMost_getValue() {
        var h = LoopHabit.numeric(.atMost)
        h.add(20, 1000)
        h.add(0, 20, 5000)
        expectScores(
            h,
            [
                0.344253, 0.363106, 0.382992, 0.403967, 0.426090, 0.449426, 0.474039, 0.500000, 0.527383,
                0.556266, 0.586730, 0.618863, 0.652756, 0.688505, 0.726212, 0.765983, 0.807933, 0.852180,
                0.898851, 0.948078, 1.0, 0.0, 0.0,
            ])
    }

    /// NumericalAtMostScoreListTest.test_recompute
    @Test func atMost_recompute() {
        var h = LoopHabit.numeric(.atMost)
        #expect(abs(h.todayScore - 1.0) < Self.e)
        h.add(0, 2, 5000)
        #expect(abs(h.todayScore - 0.898850) < Self.e)
        h.frequency = .everyNDays(2)
        #expect(abs(h.todayScore - 0.927369) < Self.e)
    }

    /// NumericalAtMostScoreListTest.shouldAchieveComparableScoreToProgress
    @Test func atMost_shouldAchieveComparableScoreToProgress() {
        var h = LoopHabit.numeric(.atMost)
        h.add(0, 500, 3000)
        #expect(abs(h.todayScore - 0.5) < Self.e)
        h.add(0, 500, 3500)
        #expect(abs(h.todayScore - 0.25) < Self.e)
    }

    /// NumericalAtMostScoreListTest.undereachievingIsntRelevant — nothing logged today: Loop scores
    /// today as a good day (0.950773); here today is open and keeps yesterday's 0.948078.
    @Test func atMost_undereachievingIsntRelevant() {
        var h = LoopHabit.numeric(.atMost)
        h.add(1, 10_000_000)
        #expect(abs(h.todayScore - 0.948078) < Self.e)
        #expect(
            abs(HabitScore.next(previous: h.todayScore, value: 1, multiplier: HabitScore.multiplier(timesPerDay: 1)) - 0.950773) < Self.e)
    }

    /// NumericalAtMostScoreListTest.overeachievingIsntRelevant
    @Test func atMost_overeachievingIsntRelevant() {
        var h = LoopHabit.numeric(.atMost)
        h.add(0, 5000)
        h.add(1, 0)
        #expect(abs(h.todayScore - 0.948077) < Self.e)
        h.add(1, 1000)
        #expect(abs(h.todayScore - 0.948077) < Self.e)
    }

    /// At most: a day with nothing logged is a good day (Loop's UNKNOWN counts as 0 in the sum).
    @Test func atMost_emptyDaysAreGoodDays() {
        var h = LoopHabit.numeric(.atMost)
        h.add(10, 5000)  // one bad day, then nine days with nothing logged, today open
        let m = HabitScore.multiplier(timesPerDay: 1)
        var expected = 1.0 * m  // v = 0 on the bad day
        for _ in 1...9 { expected = expected * m + (1 - m) }
        #expect(abs(h.todayScore - expected) < Self.e)
    }

    // MARK: ScoreTest

    /// ScoreTest.test_compute_withDailyHabit
    @Test func score_compute_withDailyHabit() {
        let m = HabitScore.multiplier(timesPerDay: 1)
        for (previous, check, expected) in [
            (0.0, 1.0, 0.051922), (0.5, 1, 0.525961), (0.75, 1, 0.762981),
            (0, 0, 0.0), (0.5, 0, 0.474039), (0.75, 0, 0.711058),
        ] {
            #expect(abs(HabitScore.next(previous: previous, value: check, multiplier: m) - expected) < Self.e)
        }
    }

    /// ScoreTest.test_compute_withNonDailyHabit
    @Test func score_compute_withNonDailyHabit() {
        let m = HabitScore.multiplier(timesPerDay: 1 / 3.0)
        for (previous, check, expected) in [
            (0.0, 1.0, 0.030314), (0.5, 1, 0.515157), (0.75, 1, 0.757578),
            (0, 0, 0.0), (0.5, 0, 0.484842), (0.75, 0, 0.727263),
        ] {
            #expect(abs(HabitScore.next(previous: previous, value: check, multiplier: m) - expected) < Self.e)
        }
    }
}
