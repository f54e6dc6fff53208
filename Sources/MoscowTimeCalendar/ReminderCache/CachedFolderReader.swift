// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import MoscowTimeStore

/// Reads a calendar folder's reminders over a window through its `ReminderCache`: a file whose
/// stamp is unchanged and whose cached window holds the wanted one is not read; any other is read
/// and its reading kept. The answer is the full reading's (`readAll`), which the differential test
/// (`CachedFolderReaderTests`) checks after random changes.
///
/// A file is read over more than the window asked, so that the window moving with the clock
/// re-reads only what repeats: one that cannot repeat (no RRULE or RDATE, or no VALARM at all) is
/// read from a day before the window to the end of time, its few reminders known for good; one
/// that can, over the window and a week more, read again once a week.
public struct CachedFolderReader {
    public let zone: Zone
    public let floating: Zone?

    public init(zone: Zone, floating: Zone?) {
        self.zone = zone
        self.floating = floating
    }

    static let before: Int64 = 86_400
    static let ahead: Int64 = 7 * 86_400
    /// 10000-01-01: "for good" (the reader's instants end before).
    static let endOfTime = Instant(secondsSinceEpoch: 253_402_300_800)

    /// `files`: the folder's files (paths), in its order; the cache is keyed by their last component.
    /// `now`: the real clock in nanoseconds, for `CalendarFileStamp.racy`.
    public func read(
        _ files: [String], window: Range<Instant>, cache: inout ReminderCache, now: Int64 = CalendarFileStamp.realNanoseconds()
    ) -> FolderReading {
        var out = FolderReading()
        var kept: [String: CachedReading] = [:]
        for path in files {
            let name = String(path.split(separator: "/").last ?? Substring(path))
            guard let stamp = CalendarFileStamp(path: path) else {
                out.unreadable.append(path)  // gone since the folder was listed
                continue
            }
            var entry = cache.entries[name]
            var answer: ArraySlice<CalendarReminder>
            if let e = entry, e.answers(window, stamp: stamp) {
                answer = e.reminders(in: window)
            } else {
                let (fresh, exact) = read(path, stamp: stamp, window: window, now: now)
                entry = fresh
                answer = exact.map { ArraySlice($0) } ?? fresh.reminders(in: window)
                out.filesRead += 1
            }
            guard let entry else { continue }
            kept[name] = entry
            if entry.unreadable {
                out.unreadable.append(path)
            } else {
                out.otherActions += entry.otherActions
                out.reminders += answer.map { FolderReminder($0, file: path) }
            }
        }
        cache.entries = kept
        out.filesLooked = files.count
        return out
    }

    /// One file read afresh: its entry, and — when the reading over the wider window met a bound
    /// that depends on the window — the reading over `window` itself, which is then the answer.
    func read(_ path: String, stamp: CalendarFileStamp, window: Range<Instant>, now: Int64)
        -> (CachedReading, exact: [CalendarReminder]?)
    {
        let racy = stamp.racy(nowNanoseconds: now)
        guard let bytes = try? UserFile.read(path, limit: CalendarLimits.maximumFileBytes) else {
            return (unreadable(stamp, volatile: true), nil)
        }
        let wide = Self.readingWindow(bytes, for: window)
        guard let reading = try? ReminderReader.read(bytes, zone: zone, floating: floating, window: wide) else {
            return (unreadable(stamp, volatile: racy), nil)
        }
        let bounded = reading.skipped.contains { Self.dependsOnWindow($0.reason) }
        let entry = CachedReading(
            stamp: stamp, window: wide, unreadable: false, volatile: racy || bounded, otherActions: reading.otherActions,
            reminders: reading.reminders.sorted { $0.at < $1.at })
        guard bounded else { return (entry, nil) }
        let exact = try? ReminderReader.read(bytes, zone: zone, floating: floating, window: window)
        return (entry, exact?.reminders ?? [])
    }

    func unreadable(_ stamp: CalendarFileStamp, volatile: Bool) -> CachedReading {
        CachedReading(
            stamp: stamp, window: Instant(secondsSinceEpoch: 0)..<Self.endOfTime, unreadable: true, volatile: volatile, otherActions: 0,
            reminders: [])
    }

    /// The window a file is read over for `window` (see the type's comment).
    static func readingWindow(_ bytes: [UInt8], for window: Range<Instant>) -> Range<Instant> {
        let from = window.lowerBound - before
        guard ReminderReader.mentionsAlarm(bytes), mayRepeat(bytes) else { return from..<max(endOfTime, window.upperBound) }
        return from..<(window.upperBound + ahead)
    }

    static func dependsOnWindow(_ reason: ReminderSkip.Reason) -> Bool {
        switch reason {
        case .tooManySteps, .tooManyReminders: true
        default: false
        }
    }

    /// Whether RRULE or RDATE occurs in the unfolded text, in any case: an item without either
    /// has the same reminders over any window that holds them.
    static func mayRepeat(_ bytes: [UInt8]) -> Bool {
        var unfolded: [UInt8] = []
        unfolded.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 13, i + 2 < bytes.count, bytes[i + 1] == 10, bytes[i + 2] == 32 || bytes[i + 2] == 9 {
                i += 3
            } else if b == 10, i + 1 < bytes.count, bytes[i + 1] == 32 || bytes[i + 1] == 9 {
                i += 2
            } else {
                unfolded.append(b | 0x20)  // letters in lower case; nothing else can equal one
                i += 1
            }
        }
        return contains(unfolded, "rrule") || contains(unfolded, "rdate")
    }

    static func contains(_ text: [UInt8], _ word: String) -> Bool {
        let w = Array(word.utf8)
        guard text.count >= w.count else { return false }
        for i in 0...(text.count - w.count) where text[i] == w[0] && text[i..<(i + w.count)].elementsEqual(w) { return true }
        return false
    }
}
