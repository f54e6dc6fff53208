// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

extension DocumentStore {
    /// Years of the production calendar the user adds (`agent-cli holidays import`, from the text
    /// form or from an iCalendar file of days off): each replaces the whole year it names.
    /// Returns the document as saved.
    public func addCalendarYears(_ years: [Int: CalendarYear]) throws -> StoreDocument {
        try update { doc -> StoreDocument in
            doc.calendarYears.merge(years) { _, new in new }
            return doc
        }
    }
}
