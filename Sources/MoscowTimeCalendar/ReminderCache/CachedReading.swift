// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// One calendar file's reading as the cache keeps it: the file's stamp when it was read, the
/// window it was read over, and what `ReminderReader` found there (or that it could not be read).
/// Any narrower window's reading is the reminders of this one that fall in it (the reader checks
/// each reminder against its window; `test_a_window_reads_what_a_wider_one_reads_there`), so a
/// file whose stamp did not change is not read again while the wanted window stays inside.
public struct CachedReading: Sendable, Equatable {
    public var stamp: CalendarFileStamp
    public var window: Range<Instant>
    /// The file could not be read, or is not iCalendar: it is named among the unreadable.
    public var unreadable: Bool
    /// Not to be trusted at the next reading: changed too recently for its stamp (`racy`), or read
    /// up to one of the reader's bounds that depend on the window (steps, reminders).
    public var volatile: Bool
    public var otherActions: Int
    /// Sorted by instant.
    public var reminders: [CalendarReminder]

    public init(
        stamp: CalendarFileStamp, window: Range<Instant>, unreadable: Bool, volatile: Bool, otherActions: Int,
        reminders: [CalendarReminder]
    ) {
        self.stamp = stamp
        self.window = window
        self.unreadable = unreadable
        self.volatile = volatile
        self.otherActions = otherActions
        self.reminders = reminders
    }

    /// Whether this reading answers for `wanted` of the file whose stamp is `now`.
    public func answers(_ wanted: Range<Instant>, stamp now: CalendarFileStamp) -> Bool {
        !volatile && stamp == now && window.lowerBound <= wanted.lowerBound && wanted.upperBound <= window.upperBound
    }

    /// The reminders in `wanted`, as a reading over it gives them.
    public func reminders(in wanted: Range<Instant>) -> ArraySlice<CalendarReminder> {
        let first = reminders.partitionPoint { $0.at >= wanted.lowerBound }
        let end = reminders.partitionPoint { $0.at >= wanted.upperBound }
        return reminders[first..<max(first, end)]
    }
}

extension Array {
    /// The first index whose element satisfies `isAbove`, the elements being ordered so that it
    /// holds from some index on.
    fileprivate func partitionPoint(_ isAbove: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if isAbove(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
