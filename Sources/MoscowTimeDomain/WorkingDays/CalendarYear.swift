// SPDX-License-Identifier: GPL-3.0-or-later
/// One year of a production calendar: the days that differ from the plain week (Monday–Friday
/// working, Saturday and Sunday off), and where the year's dates come from (a decree).
public struct CalendarYear: Hashable, Sendable {
    public let year: Int
    /// The decree or file the dates come from, as written in the data.
    public var source: String
    public var days: [CivilDate: CalendarDay]

    public init(year: Int, source: String = "", days: [CivilDate: CalendarDay] = [:]) {
        self.year = year
        self.source = source
        self.days = days
    }

    /// The years a calendar may describe: those alarms can ring in.
    public static let years = Limits.alarmDates.lowerBound.year...Limits.alarmDates.upperBound.year
}
