// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// A day read from an imported habit file (a habit's start, an entry's or an achievement's date):
/// YYYY-MM-DD within `Limits.alarmDates`, the days the store, export and sync accept, so an import
/// never brings in a habit that cannot be exported (a start of 9999-12-31 became DTSTART:00000000).
enum HabitDayField {
    case start, date

    func parse(_ text: String) throws(InputError) -> CivilDate {
        guard let day = CivilDate(iso: Substring(text)) else {
            throw InputError(
                self == .start ? "invalid start \"{value}\": expected YYYY-MM-DD" : "invalid date \"{value}\": expected YYYY-MM-DD",
                ["value": text])
        }
        guard Limits.alarmDates.contains(day) else {
            throw InputError(
                self == .start
                    ? "invalid start \"{value}\": expected a date from {first} to {last}"
                    : "invalid date \"{value}\": expected a date from {first} to {last}",
                ["value": text, "first": Limits.alarmDates.lowerBound.description, "last": Limits.alarmDates.upperBound.description])
        }
        return day
    }
}
