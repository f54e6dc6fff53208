// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// A folder's cached readings merged over the window all of them hold: what a folder its watcher
/// saw no change in answers without its files' entries being decoded (the cache's first block).
/// A volatile reading (racily new, or bounded) is not merged: its file is named to be read again.
public struct FolderSummary: Sendable, Equatable {
    public var window: Range<Instant>
    public var otherActions = 0
    /// File names, sorted.
    public var unreadable: [String] = []
    /// The files whose readings are volatile, not merged here (every reading looks at them), sorted.
    public var volatile: [String] = []
    /// With their files' names, sorted by instant.
    public var reminders: [FolderReminder] = []

    public init(window: Range<Instant>) { self.window = window }

    /// The merge of `entries` but the volatile ones; nil when their windows do not meet.
    public init?(_ entries: [String: CachedReading]) {
        let readable = entries.values.filter { !$0.unreadable && !$0.volatile }
        let from = readable.map(\.window.lowerBound).max() ?? Instant(secondsSinceEpoch: 0)
        let to = readable.map(\.window.upperBound).min() ?? CachedFolderReader.endOfTime
        guard from < to else { return nil }
        window = from..<to
        for (name, e) in entries.sorted(by: { $0.key < $1.key }) {
            if e.volatile {
                volatile.append(name)
            } else if e.unreadable {
                unreadable.append(name)
            } else {
                otherActions += e.otherActions
                reminders += e.reminders(in: window).map { FolderReminder($0, file: name) }
            }
        }
        reminders.sort { $0.reminder.at < $1.reminder.at }
    }

    /// This summary, whose files named in `entries` were taken out, with `entries` merged in over
    /// the window all hold; nil when that window is empty.
    func merging(_ entries: [String: CachedReading]) -> FolderSummary? {
        let readable = entries.values.filter { !$0.unreadable && !$0.volatile }
        let from = max(window.lowerBound, readable.map(\.window.lowerBound).max() ?? window.lowerBound)
        let to = min(window.upperBound, readable.map(\.window.upperBound).min() ?? window.upperBound)
        guard from < to else { return nil }
        var s = self
        s.window = from..<to
        s.reminders.removeAll { !s.window.contains($0.reminder.at) }
        for (name, e) in entries.sorted(by: { $0.key < $1.key }) {
            if e.volatile {
                s.volatile.append(name)
            } else if e.unreadable {
                s.unreadable.append(name)
            } else {
                s.otherActions += e.otherActions
                s.reminders += e.reminders(in: s.window).map { FolderReminder($0, file: name) }
            }
        }
        s.reminders.sort { $0.reminder.at < $1.reminder.at }
        s.unreadable.sort()
        s.volatile.sort()
        return s
    }

    /// The folder's reading over `wanted` but the volatile files', when this holds it.
    public func reading(_ folder: String, over wanted: Range<Instant>) -> FolderReading? {
        guard window.lowerBound <= wanted.lowerBound, wanted.upperBound <= window.upperBound else { return nil }
        var out = FolderReading()
        out.otherActions = otherActions
        out.unreadable = unreadable.map { folder + "/" + $0 }
        out.reminders = reminders.filter { wanted.contains($0.reminder.at) }.map {
            FolderReminder($0.reminder, file: folder + "/" + $0.file)
        }
        return out
    }
}
