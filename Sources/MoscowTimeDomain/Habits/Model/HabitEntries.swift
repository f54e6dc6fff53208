// SPDX-License-Identifier: GPL-3.0-or-later
/// Day lookups and edits on a habit's sorted entry list. Binary search keeps "the entry of a day"
/// O(log n) for five years of daily entries.
extension Habit {
    /// Index of the entry on `date`, or where it would be inserted.
    func entryIndex(on date: CivilDate) -> (index: Int, found: Bool) {
        let key = date.daysSinceEpoch
        var low = 0
        var high = entries.count
        while low < high {
            let mid = (low + high) / 2
            let d = entries[mid].date.daysSinceEpoch
            if d == key { return (mid, true) }
            if d < key { low = mid + 1 } else { high = mid }
        }
        return (low, false)
    }

    public func entry(on date: CivilDate) -> HabitEntry? {
        let (i, found) = entryIndex(on: date)
        return found ? entries[i] : nil
    }

    /// Puts `entry` in place of the day's entry, if any.
    public mutating func setEntry(_ entry: HabitEntry) {
        let (i, found) = entryIndex(on: entry.date)
        if found { entries[i] = entry } else { entries.insert(entry, at: i) }
    }

    /// Removes the day's entry; returns it, or nil when there was none.
    @discardableResult
    public mutating func removeEntry(on date: CivilDate) -> HabitEntry? {
        let (i, found) = entryIndex(on: date)
        return found ? entries.remove(at: i) : nil
    }

    /// Entries in `first...last`, by binary search on both ends.
    public func entries(from first: CivilDate, through last: CivilDate) -> ArraySlice<HabitEntry> {
        guard first <= last else { return entries[0..<0] }
        let a = entryIndex(on: first).index
        var b = entryIndex(on: last)
        if b.found { b.index += 1 }
        return entries[a..<max(a, b.index)]
    }
}
