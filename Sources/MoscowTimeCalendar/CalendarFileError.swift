// SPDX-License-Identifier: GPL-3.0-or-later
/// A file that is not valid iCalendar, or one of our own items in it that is damaged: where and why.
public struct CalendarFileError: Error, Sendable, CustomStringConvertible {
    /// 1-based physical line in the file; nil when the problem is the file as a whole.
    public let line: Int?
    public let reason: String

    public init(line: Int?, _ reason: String) { self.line = line; self.reason = reason }

    public var description: String { line.map { "line \($0): \(reason)" } ?? reason }
}
