// SPDX-License-Identifier: GPL-3.0-or-later
/// The production calendars shipped with the program (`data/calendar/<country>.txt`, compiled in
/// by the CatalogueCompiler plugin as `EmbeddedCalendars`), read once per process.
public enum ShippedCalendars {
    public static func years(of country: HolidayCountry) -> [Int: CalendarYear] {
        switch country {
        case .ru: return russia
        case .none: return [:]
        }
    }

    /// The shipped text itself (the tests read it through the one parser).
    public static func text(of country: HolidayCountry) -> String? {
        EmbeddedCalendars.base64[country.rawValue].flatMap(Base64.decode).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The shipped years of `country` with their listed days, put together once per process on
    /// first use (`WorkingCalendar` without the user's own years).
    static func tables(of country: HolidayCountry) -> WorkingCalendar.Tables {
        switch country {
        case .ru: return russiaTables
        case .none: return noTables
        }
    }

    private static let russiaTables = WorkingCalendar.Tables(country: .ru, shipped: russia, user: [:])
    private static let noTables = WorkingCalendar.Tables(country: .none, shipped: [:], user: [:])

    /// A shipped file that does not parse fails the suite (`WorkingCalendarTests.shipped`); were it to
    /// happen in a build anyway, every year is "not known yet" rather than the program failing.
    private static let russia: [Int: CalendarYear] = text(of: .ru).flatMap { try? CalendarText.parse($0) } ?? [:]
}
