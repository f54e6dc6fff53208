// SPDX-License-Identifier: GPL-3.0-or-later
/// The calendar period an "X per week/month" habit is counted in: an ISO week (Monday–Sunday, as
/// weeks start in Russia) or a calendar month.
public struct HabitPeriod: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case week, month

        /// Days a trailing window spans for the strength score (Loop's Y: 7, or 30 for a month).
        public var windowDays: Int { self == .week ? 7 : 30 }
    }

    public let kind: Kind
    public let first: CivilDate
    public let last: CivilDate

    /// The period containing `date`.
    public init(_ kind: Kind, containing date: CivilDate) {
        self.kind = kind
        switch kind {
        case .week:
            first = date.adding(days: -Int64(date.weekday.rawValue - 1))
            last = first.adding(days: 6)
        case .month:
            first = CivilDate(year: date.year, month: date.month, day: 1)!
            last = CivilDate(year: date.year, month: date.month, day: CivilDate.daysIn(month: date.month, year: date.year))!
        }
    }

    public var next: HabitPeriod { HabitPeriod(kind, containing: last.adding(days: 1)) }

    public func contains(_ date: CivilDate) -> Bool { first <= date && date <= last }
}
