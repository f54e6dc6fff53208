// SPDX-License-Identifier: GPL-3.0-or-later
/// Loop Habit Tracker's "computed entries" for yes/no habits (`EntryList.recomputeFrom` in
/// uhabits-core): each run of X completions within Y days opens an interval of Y days that is
/// "done automatically" (YES_AUTO) where nothing was checked, intervals slide back to close gaps,
/// and streaks are the days whose computed value is positive (done, automatic or skipped).
///
/// Days are day numbers (`CivilDate.daysSinceEpoch`); lists are newest first, as in Loop.
public enum LoopIntervals {
    public static let unknown = -1, no = 0, yesAuto = 1, yesManual = 2, skip = 3

    public struct Entry: Hashable, Sendable {
        public var day: Int64
        public var value: Int
        public var notes: String
        public init(_ day: Int64, _ value: Int, _ notes: String = "") {
            self.day = day
            self.value = value
            self.notes = notes
        }
    }

    public struct Interval: Hashable, Sendable {
        public var begin: Int64, center: Int64, end: Int64
        public init(_ begin: Int64, _ center: Int64, _ end: Int64) {
            self.begin = begin
            self.center = center
            self.end = end
        }
    }

    /// `EntryList.buildIntervals`: for every X consecutive completions (newest first) closer than
    /// Y days, the interval of Y days starting at the oldest of them. A month (Y = 30 or 31) is the
    /// length of the month the interval starts in (of the next month when it starts on a last day).
    public static func buildIntervals(times num: Int, days den: Int, _ entries: [Entry]) -> [Interval] {
        let (num, den) = num == den ? (1, 1) : (num, den)
        let done = entries.filter { $0.value == yesManual }
        var intervals: [Interval] = []
        guard done.count >= num else { return intervals }
        for i in (num - 1)..<done.count {
            let begin = done[i].day
            let center = done[i - num + 1].day
            var size = den
            if den == 30 || den == 31 {
                let d = CivilDate(daysSinceEpoch: begin)
                let length = CivilDate.daysIn(month: d.month, year: d.year)
                if d.day == length {
                    let n = d.adding(days: 1)
                    size = CivilDate.daysIn(month: n.month, year: n.year)
                } else {
                    size = length
                }
            }
            if center - begin < Int64(size) { intervals.append(Interval(begin, center, begin + Int64(size) - 1)) }
        }
        return intervals
    }

    /// `EntryList.snapIntervalsTogether`: from the second newest on, slide each interval back (at
    /// most to its centre) so that it ends the day before the newer one begins.
    public static func snapIntervalsTogether(_ intervals: inout [Interval]) {
        guard intervals.count > 1 else { return }
        for i in 1..<intervals.count {
            let curr = intervals[i]
            let next = intervals[i - 1]
            let gapNextToCurrent = curr.end - next.begin
            let gapCenterToEnd = curr.end - curr.center
            if gapNextToCurrent >= 0 {
                let shift = min(gapCenterToEnd, gapNextToCurrent + 1)
                intervals[i] = Interval(curr.begin - shift, curr.center, curr.end - shift)
            }
        }
    }

    /// `EntryList.buildEntriesFromInterval`: every day from the oldest to the newest entry or
    /// interval; YES_AUTO inside intervals, the original value where it is a check or a skip (or
    /// where no interval covers it), UNKNOWN elsewhere. Notes are kept.
    public static func buildEntriesFromInterval(_ original: [Entry], _ intervals: [Interval]) -> [Entry] {
        guard var from = original.first?.day else { return [] }
        var to = from
        for e in original {
            from = min(from, e.day)
            to = max(to, e.day)
        }
        for i in intervals {
            from = min(from, i.begin)
            to = max(to, i.end)
        }
        var result = (0...(to - from)).map { Entry(to - $0, unknown) }
        for interval in intervals {
            var current = interval.end
            while current >= interval.begin {
                result[Int(to - current)] = Entry(current, yesAuto)
                current -= 1
            }
        }
        for e in original {
            let offset = Int(to - e.day)
            let value = result[offset].value == unknown || e.value == skip || e.value == yesManual ? e.value : yesAuto
            result[offset] = Entry(e.day, value, e.notes)
        }
        return result
    }

    /// `EntryList.recomputeFrom` for a yes/no habit: the computed entries that are known or carry a
    /// note, newest first.
    public static func computed(_ original: [Entry], times: Int, days: Int) -> [Entry] {
        let sorted = original.sorted { $0.day > $1.day }
        var intervals = buildIntervals(times: times, days: days, sorted)
        snapIntervalsTogether(&intervals)
        return buildEntriesFromInterval(sorted, intervals).filter { $0.value != unknown || !$0.notes.isEmpty }
    }

    /// The days a yes/no habit's computed entries make positive (done, automatic or skipped) when
    /// it has only checks and skips, as sorted day numbers: the union of `computed`'s intervals with
    /// those days. The same result as filtering `computed` for value > 0 (a test checks it), without
    /// building an entry per day: `habit stats` runs this for every habit.
    public static func positiveDays(done: [Int64], skipped: [Int64], times: Int, days: Int) -> [Int64] {
        guard let first = done.first ?? skipped.first else { return [] }
        let doneNewestFirst = done.reversed().map { Entry($0, yesManual) }
        var intervals = buildIntervals(times: times, days: days, doneNewestFirst)
        snapIntervalsTogether(&intervals)
        var low = first
        var high = first
        for d in done {
            low = min(low, d)
            high = max(high, d)
        }
        for d in skipped {
            low = min(low, d)
            high = max(high, d)
        }
        for i in intervals {
            low = min(low, i.begin)
            high = max(high, i.end)
        }
        var covered = [Bool](repeating: false, count: Int(high - low) + 1)
        for i in intervals { for d in i.begin...i.end { covered[Int(d - low)] = true } }
        for d in done { covered[Int(d - low)] = true }
        for d in skipped { covered[Int(d - low)] = true }
        var out: [Int64] = []
        out.reserveCapacity(covered.count)
        for (k, c) in covered.enumerated() where c { out.append(low + Int64(k)) }
        return out
    }
}
