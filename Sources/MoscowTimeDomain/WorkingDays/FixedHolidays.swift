// SPDX-License-Identifier: GPL-3.0-or-later
/// The public holidays fixed by law, for a year whose production calendar is not published yet:
/// Labour Code of the Russian Federation, art. 112 (1–8 January, 23 February, 8 March, 1 and 9 May,
/// 12 June, 4 November). The transfers of such a year are not known until its decree, so a
/// holiday falling on a weekend moves nothing here.
public enum FixedHolidays {
    static let russia: [(month: Int, day: Int)] = [
        (1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (1, 7), (1, 8),
        (2, 23), (3, 8), (5, 1), (5, 9), (6, 12), (11, 4),
    ]

    public static func isHoliday(_ date: CivilDate, in country: HolidayCountry) -> Bool {
        switch country {
        case .ru: return russia.contains { $0.month == date.month && $0.day == date.day }
        case .none: return false
        }
    }

    public static func dates(of year: Int, in country: HolidayCountry) -> [CivilDate] {
        switch country {
        case .ru: return russia.compactMap { CivilDate(year: year, month: $0.month, day: $0.day) }
        case .none: return []
        }
    }
}
