// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// What one calendar folder asks for over a window: every reminder of its files there, with its
/// file, the VALARMs not rung here, and the files that cannot be read.
public struct FolderReading: Sendable, Equatable {
    public var reminders: [FolderReminder] = []
    public var otherActions = 0
    /// Paths, in the folder's order.
    public var unreadable: [String] = []
    /// How many files were read (parsed or found without a VALARM) rather than taken from the cache.
    public var filesRead = 0
    /// How many files' stamps were looked at (the others taken from the cache's summary unseen).
    public var filesLooked = 0

    public init() {}
}
