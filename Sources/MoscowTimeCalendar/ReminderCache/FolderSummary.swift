// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// A folder's cached readings merged over the window all of them hold: what a folder its watcher
/// saw no change in answers without its files' entries being decoded (the cache's first block).
/// None is written while a reading is volatile (it must be read again).
public struct FolderSummary: Sendable, Equatable {
    public var window: Range<Instant>
    public var otherActions = 0
    /// File names, sorted.
    public var unreadable: [String] = []
    /// With their files' names, sorted by instant.
    public var reminders: [FolderReminder] = []

    public init(window: Range<Instant>) { self.window = window }

    /// The merge of `entries`; nil when one is volatile or their windows do not meet.
    public init?(_ entries: [String: CachedReading]) {
        guard !entries.values.contains(where: \.volatile) else { return nil }
        let readable = entries.values.filter { !$0.unreadable }
        let from = readable.map(\.window.lowerBound).max() ?? Instant(secondsSinceEpoch: 0)
        let to = readable.map(\.window.upperBound).min() ?? CachedFolderReader.endOfTime
        guard from < to else { return nil }
        window = from..<to
        for (name, e) in entries.sorted(by: { $0.key < $1.key }) {
            if e.unreadable {
                unreadable.append(name)
            } else {
                otherActions += e.otherActions
                reminders += e.reminders(in: window).map { FolderReminder($0, file: name) }
            }
        }
        reminders.sort { $0.reminder.at < $1.reminder.at }
    }

    /// The folder's reading over `wanted`, when this holds it.
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
