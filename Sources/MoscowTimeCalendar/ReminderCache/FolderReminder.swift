// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// A reminder of a calendar folder with the file it is in (where a Dismiss is written back).
public struct FolderReminder: Sendable, Equatable {
    public var reminder: CalendarReminder
    /// The file's path.
    public var file: String

    public init(_ reminder: CalendarReminder, file: String) {
        self.reminder = reminder
        self.file = file
    }
}
