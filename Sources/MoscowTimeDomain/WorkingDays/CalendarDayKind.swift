// SPDX-License-Identifier: GPL-3.0-or-later
/// What a production calendar says of one day that is not an ordinary one. The words are the
/// data file's (`data/calendar/ru.txt`) and the store's.
public enum CalendarDayKind: String, Hashable, Sendable, CaseIterable {
    /// A public holiday (Labour Code art. 112): a day off.
    case holiday
    /// A day off that is not itself a holiday: moved from a weekend, or declared by decree.
    case off
    /// A shortened working day before a holiday (one hour less): still a working day.
    case short
    /// A Saturday or Sunday made a working day by a transfer.
    case work

    public var isWorking: Bool { self == .short || self == .work }
}

/// One listed day of a production calendar: its kind and, for a transfer, the day it came from.
public struct CalendarDay: Hashable, Sendable {
    public var kind: CalendarDayKind
    public var from: CivilDate?

    public init(_ kind: CalendarDayKind, from: CivilDate? = nil) {
        self.kind = kind
        self.from = from
    }
}
