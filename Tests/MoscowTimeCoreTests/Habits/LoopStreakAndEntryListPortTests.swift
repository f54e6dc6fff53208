// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain

/// Loop Habit Tracker's unit tests with concrete expected values, ported from iSoron/uhabits,
/// uhabits-core/src/jvmTest/java/org/isoron/uhabits/core/models/StreakListTest.kt and
/// EntryListTest.kt (`day(n)` is today minus n days).
struct LoopStreakAndEntryListPortTests {
    typealias L = LoopIntervals
    static let today = CivilDate(year: 2026, month: 11, day: 22)!
    func day(_ n: Int) -> Int64 { Self.today.daysSinceEpoch - Int64(n) }

    /// HabitFixtures.createLongHabit's checks (offsets from today), made daily as StreakListTest does.
    static let longHabitMarks = [
        0, 1, 3, 5, 7, 8, 9, 10, 12, 14, 15, 17, 19, 20, 26, 27, 28, 50, 51, 52, 53, 54, 58, 60,
        63, 65, 70, 71, 72, 73, 74, 75, 80, 81, 83, 89, 90, 91, 95, 102, 103, 108, 109, 120,
    ]

    func habit(_ frequency: HabitFrequency, _ entries: [(Int, HabitEntry.Status)]) -> Habit {
        let oldest = entries.map(\.0).max() ?? 0
        return Habit(
            id: "0a0a0a0a", name: "Meditate", frequency: frequency, start: Self.today.adding(days: -Int64(oldest)),
            entries: entries.map { HabitEntry(date: Self.today.adding(days: -Int64($0.0)), status: $0.1) },
            created: HabitFixture.created)
    }

    /// StreakListTest.testGetBest
    @Test func streakList_getBest() {
        let h = habit(.daily, Self.longHabitMarks.map { ($0, .done) })
        let s = HabitStreaks(HabitTimeline(h, today: Self.today))
        #expect(s.best(4).map(\.length) == [4, 3, 5, 6])
        #expect(s.best(2).map(\.length) == [5, 6])
    }

    /// StreakListTest.testGetBest_withUnknowns
    @Test func streakList_getBest_withUnknowns() {
        let h = habit(.daily, [(0, .done)])  // Loop's NO at day 5 is "nothing logged" here
        let s = HabitStreaks(
            HabitTimeline(
                Habit(
                    id: h.id, name: h.name, start: Self.today.adding(days: -5), entries: h.entries,
                    created: h.created), today: Self.today))
        #expect(s.best(5).map(\.length) == [1])
    }

    /// The rule, from Loop's StreakList (a SKIP's value 3 is > 0): a skipped day keeps the
    /// streak and counts in its length.
    @Test func skipKeepsTheStreakAndCountsInIt() {
        let h = habit(.daily, [(5, .done), (4, .done), (3, .skipped), (2, .done), (1, .done), (0, .done)])
        let s = HabitStreaks(HabitTimeline(h, today: Self.today))
        #expect(s.current == 6 && s.longest == 6)
    }

    /// A once-a-week habit done every 7 days is one streak of days (Loop's computed YES_AUTO days
    /// fill the week), counted up to today: 20 weeks from day 133 → 134 days.
    @Test func weeklyHabitIsOneStreakOfDays() {
        let s = HabitStreaks(HabitTimeline(habit(.timesPerWeek(1), (0..<20).map { (7 * $0, .done) }), today: Self.today))
        #expect(s.runs.count == 1)
        #expect(s.current == 134 && s.longest == 134)
    }

    /// Done on alternating ends of the week (13 days apart, then 1): Loop's `snapIntervalsTogether`
    /// slides each older interval back to close the gap, so all but the newest fortnight form one
    /// streak (days 7…139, back to the oldest check);
    /// days 1…6 stay uncovered and today's check starts a new streak.
    @Test func weeklyHabitOnAlternatingEndsAsInLoop() {
        var entries: [(Int, HabitEntry.Status)] = []
        for k in 0..<10 {
            entries.append((14 * k, .done))
            entries.append((14 * k + 13, .done))
        }
        let s = HabitStreaks(HabitTimeline(habit(.timesPerWeek(1), entries), today: Self.today))
        #expect(s.runs.map(\.length) == [133, 1])
        #expect(s.current == 1 && s.longest == 133)
    }

    /// EntryListTest.testComputeBoolean
    @Test func entryList_computeBoolean() {
        let original = [L.Entry(day(4), L.yesManual), L.Entry(day(9), L.yesManual), L.Entry(day(10), L.yesManual)]
        let expected = [
            L.Entry(day(2), L.yesAuto), L.Entry(day(3), L.yesAuto), L.Entry(day(4), L.yesManual),
            L.Entry(day(7), L.yesAuto), L.Entry(day(8), L.yesAuto), L.Entry(day(9), L.yesManual),
            L.Entry(day(10), L.yesManual), L.Entry(day(11), L.yesAuto), L.Entry(day(12), L.yesAuto),
        ]
        #expect(L.computed(original, times: 1, days: 3) == expected)
        #expect(L.computed([], times: 1, days: 3) == [])
    }

    /// EntryListTest.testAddFromInterval
    @Test func entryList_addFromInterval() {
        let entries = [
            L.Entry(day(1), L.yesManual), L.Entry(day(2), L.no, "Test"), L.Entry(day(4), L.no),
            L.Entry(day(5), L.yesManual), L.Entry(day(10), L.yesManual), L.Entry(day(11), L.no),
        ]
        let intervals = [L.Interval(day(2), day(2), day(1)), L.Interval(day(6), day(5), day(4)), L.Interval(day(10), day(8), day(8))]
        let expected = [
            L.Entry(day(1), L.yesManual), L.Entry(day(2), L.yesAuto, "Test"), L.Entry(day(3), L.unknown),
            L.Entry(day(4), L.yesAuto), L.Entry(day(5), L.yesManual), L.Entry(day(6), L.yesAuto),
            L.Entry(day(7), L.unknown), L.Entry(day(8), L.yesAuto), L.Entry(day(9), L.yesAuto),
            L.Entry(day(10), L.yesManual), L.Entry(day(11), L.no),
        ]
        #expect(L.buildEntriesFromInterval(entries, intervals) == expected)
    }

    /// EntryListTest.testSnapIntervalsTogether1
    @Test func entryList_snapIntervalsTogether1() {
        var original = [
            L.Interval(day(8), day(8), day(2)), L.Interval(day(12), day(12), day(6)),
            L.Interval(day(20), day(20), day(14)), L.Interval(day(27), day(27), day(21)),
        ]
        L.snapIntervalsTogether(&original)
        #expect(
            original == [
                L.Interval(day(8), day(8), day(2)), L.Interval(day(15), day(12), day(9)),
                L.Interval(day(22), day(20), day(16)), L.Interval(day(29), day(27), day(23)),
            ])
    }

    /// EntryListTest.testSnapIntervalsTogether2
    @Test func entryList_snapIntervalsTogether2() {
        var original = [L.Interval(day(6), day(4), day(0)), L.Interval(day(11), day(8), day(5))]
        L.snapIntervalsTogether(&original)
        #expect(original == [L.Interval(day(6), day(4), day(0)), L.Interval(day(13), day(8), day(7))])
    }

    /// EntryListTest.testBuildIntervals1 (weekly)
    @Test func entryList_buildIntervals1() {
        let entries = [L.Entry(day(8), L.yesManual), L.Entry(day(18), L.yesManual), L.Entry(day(23), L.yesManual)]
        #expect(
            L.buildIntervals(times: 1, days: 7, entries) == [
                L.Interval(day(8), day(8), day(2)), L.Interval(day(18), day(18), day(12)), L.Interval(day(23), day(23), day(17)),
            ])
    }

    /// EntryListTest.testBuildIntervals2 (daily)
    @Test func entryList_buildIntervals2() {
        let entries = [L.Entry(day(8), L.yesManual), L.Entry(day(18), L.yesManual), L.Entry(day(23), L.yesManual)]
        #expect(
            L.buildIntervals(times: 1, days: 1, entries) == [
                L.Interval(day(8), day(8), day(8)), L.Interval(day(18), day(18), day(18)), L.Interval(day(23), day(23), day(23)),
            ])
    }

    /// EntryListTest.testBuildIntervals3 (two times per week)
    @Test func entryList_buildIntervals3() {
        let entries = [8, 15, 18, 22, 23].map { L.Entry(day($0), L.yesManual) }
        #expect(
            L.buildIntervals(times: 2, days: 7, entries) == [
                L.Interval(day(18), day(15), day(12)), L.Interval(day(22), day(18), day(16)), L.Interval(day(23), day(22), day(17)),
            ])
    }

    /// EntryListTest.testBuildIntervals4 (1 in 3 days, a skip in between)
    @Test func entryList_buildIntervals4() {
        let entries = [L.Entry(day(10), L.yesManual), L.Entry(day(20), L.skip), L.Entry(day(30), L.yesManual)]
        #expect(
            L.buildIntervals(times: 1, days: 3, entries) == [L.Interval(day(10), day(10), day(8)), L.Interval(day(30), day(30), day(28))])
    }

    /// `positiveDays` (what streaks use) is `computed` filtered for value > 0, on random histories.
    @Test func positiveDaysMatchesComputedEntries() {
        var seed: UInt64 = 12345
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        for _ in 0..<300 {
            let y = [1, 2, 3, 7, 10, 30, 31][next(7)]
            let x = 1 + next(y)
            var done: [Int64] = []
            var skipped: [Int64] = []
            for d in 0..<Int64(40 + next(200)) {
                switch next(10) {
                case 0...3: done.append(day(0) + d)
                case 4: skipped.append(day(0) + d)
                default: break
                }
            }
            let original = done.map { L.Entry($0, L.yesManual) } + skipped.map { L.Entry($0, L.skip) }
            let expected = L.computed(original, times: x, days: y).filter { $0.value > 0 }.map(\.day).sorted()
            #expect(L.positiveDays(done: done, skipped: skipped, times: x, days: y) == expected, "\(x)/\(y)")
        }
    }
}
