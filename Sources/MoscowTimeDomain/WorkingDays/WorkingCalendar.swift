// SPDX-License-Identifier: GPL-3.0-or-later
/// Which days are working days: what "workdays" alarms and habits follow.
///
/// With a country (`holidays ru`) a year the official production calendar covers follows it
/// (transfers, working Saturdays); a year it does not cover yet is Monday–Friday less the fixed
/// public holidays (`FixedHolidays`), and says so (`isKnown`). The user's own years (`agent-cli
/// holidays import`) replace the shipped ones. With `holidays none` it is the plain Monday–Friday.
public struct WorkingCalendar: Sendable {
    public let country: HolidayCountry
    /// The years known, the shipped and the user's together.
    public var years: [Int: CalendarYear] { tables.years }
    /// The listed days by day number, for the scan of `OccurrenceCalculator`.
    private var listed: [Int64: CalendarDayKind] { tables.listed }

    /// The years and their listed days.
    struct Tables: Sendable {
        let years: [Int: CalendarYear]
        let listed: [Int64: CalendarDayKind]
        let fingerprint: UInt64

        init(country: HolidayCountry, shipped: [Int: CalendarYear], user: [Int: CalendarYear]) {
            let years = country == .none ? [:] : shipped.merging(user) { _, own in own }
            self.years = years
            var listed: [Int64: CalendarDayKind] = [:]
            for y in years.values { for (date, day) in y.days { listed[date.daysSinceEpoch] = day.kind } }
            self.listed = listed
            fingerprint = Self.fingerprint(country: country, years: years.keys.sorted(), listed: listed)
        }

        /// FNV-1a over the country, the years known and each listed day with whether it is worked:
        /// the same for the same working days in every process (it is kept in the agent's state).
        static func fingerprint(country: HolidayCountry, years: [Int], listed: [Int64: CalendarDayKind]) -> UInt64 {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            func mix(_ v: Int64) {
                var x = UInt64(bitPattern: v)
                for _ in 0..<8 {
                    h = (h ^ (x & 0xff)) &* 0x100_0000_01b3
                    x >>= 8
                }
            }
            for b in country.rawValue.utf8 { mix(Int64(b)) }
            for y in years { mix(Int64(y)) }
            for day in listed.keys.sorted() { mix(day &* 2 + (listed[day]!.isWorking ? 1 : 0)) }
            return h
        }
    }

    /// Nil: the shipped calendar of `country` alone, read when first asked (`ShippedCalendars.tables`).
    /// Every command loads a document, and most never ask (a list of weekly alarms, `--version`
    /// aside); reading the shipped data was a quarter of `agent-cli list` of a hundred alarms.
    private let own: Tables?
    private var tables: Tables { own ?? ShippedCalendars.tables(of: country) }

    public init(country: HolidayCountry, shipped: [Int: CalendarYear], user: [Int: CalendarYear] = [:]) {
        self.country = country
        own = Tables(country: country, shipped: shipped, user: user)
    }

    /// The calendar the settings choose, with the user's own years.
    public init(country: HolidayCountry, user: [Int: CalendarYear] = [:]) {
        self.country = country
        own = user.isEmpty ? nil : Tables(country: country, shipped: ShippedCalendars.years(of: country), user: user)
    }

    /// The same for two calendars with the same working days: what an alarm on working days saw
    /// (`SeenVersion`); another calendar is another version of it, as another zone is.
    public var fingerprint: UInt64 { tables.fingerprint }

    /// Russia's shipped calendar, as the `holidays` setting's default gives it.
    public static let russia = WorkingCalendar(country: .ru)

    /// Monday–Friday, nothing else.
    public static let plainWeek = WorkingCalendar(country: .none, shipped: [:])

    public func isWorkingDay(_ date: CivilDate) -> Bool {
        isWorkingDay(dayNumber: date.daysSinceEpoch)
    }

    /// As above, by `CivilDate.daysSinceEpoch`.
    public func isWorkingDay(dayNumber day: Int64) -> Bool {
        if let kind = listed[day] { return kind.isWorking }
        let weekday = Int(((day % 7) + 7 + 3) % 7)  // 0 = Monday; day 0 was a Thursday
        guard weekday < 5 else { return false }
        guard country != .none else { return true }
        let date = CivilDate(daysSinceEpoch: day)
        return years[date.year] != nil || !FixedHolidays.isHoliday(date, in: country)
    }

    /// What the calendar lists for `date`: a day of a known year, or a fixed holiday of a year
    /// not known yet. Nil for an ordinary day.
    public func day(_ date: CivilDate) -> CalendarDay? {
        if let y = years[date.year] { return y.days[date] }
        return country != .none && FixedHolidays.isHoliday(date, in: country) ? CalendarDay(.holiday) : nil
    }

    /// Whether the official calendar of `year` is known (always, with no country).
    public func isKnown(year: Int) -> Bool { country == .none || years[year] != nil }

    /// The year whose official calendar is missing and matters now: this year, or in December the
    /// coming one. Nil when both are known (or no country is set).
    public func missingYear(today: CivilDate) -> Int? {
        if !isKnown(year: today.year) { return today.year }
        if today.month == 12, !isKnown(year: today.year + 1) { return today.year + 1 }
        return nil
    }

    /// How many working days `year` has.
    public func workingDayCount(of year: Int) -> Int {
        guard let first = CivilDate(year: year, month: 1, day: 1), let last = CivilDate(year: year, month: 12, day: 31) else { return 0 }
        return (first.daysSinceEpoch...last.daysSinceEpoch).filter { isWorkingDay(dayNumber: $0) }.count
    }

    /// The days of `year` that differ from the plain week, sorted: the listed ones, or the fixed
    /// holidays of a year not known yet.
    public func listedDays(of year: Int) -> [(date: CivilDate, day: CalendarDay)] {
        if let y = years[year] { return y.days.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
        guard country != .none else { return [] }
        return FixedHolidays.dates(of: year, in: country).map { ($0, CalendarDay(.holiday)) }
    }
}
