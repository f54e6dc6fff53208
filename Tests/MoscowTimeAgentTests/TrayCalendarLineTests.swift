// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDesktop
import Testing

@testable import MoscowTimeAgent
@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// The tray's line for the next calendar reminder: in the menu under the next rings, greyed out,
/// and in the tooltip, in the user's language; none without one.
@MainActor
@Suite
struct TrayCalendarLineTests {
    let zone = Zone(identifier: "Europe/Moscow")!
    /// 09:00 in Moscow on Monday 2026-11-30.
    let nine = ISO8601.parse("2026-11-30T06:00:00Z")!

    func text(language: LanguageSetting = .en, calendar: Bool = true) -> TrayText {
        var doc = StoreDocument()
        doc.settings.language = language
        let next = TraySnapshot.CalendarNext(at: nine + 6300, summary: "Dentist", calendar: "Home")
        let scheduler = AgentScheduler(document: doc, state: AgentState(), zone: zone)
        return TrayText(TraySnapshot(scheduler: scheduler, now: nine, calendarNext: calendar ? next : nil))
    }

    func labels(_ t: TrayText) -> [(String, Bool)] {
        var menu = TrayMenu()
        return menu.items(t).compactMap { item in
            guard case .string(let label)? = item.properties["label"] else { return nil }
            return (label, item.properties["enabled"] != .bool(false))
        }
    }

    @Test func theNextCalendarReminderIsALineOfTheMenuAndTheTooltip() {
        let t = text()
        #expect(t.calendarLine == "Calendar: Mon 10:45 Dentist — Home")
        let menu = labels(t)
        let line = menu.firstIndex { $0.0 == "Calendar: Mon 10:45 Dentist — Home" }
        #expect(line == 1 && menu[0].0 == "No upcoming alarms." && menu[1].1 == false)
        #expect(t.appearance.toolTipText.split(separator: "\n").contains("Calendar: Mon 10:45 Dentist — Home"))
    }

    @Test func inRussian() {
        #expect(text(language: .ru).calendarLine == "Календарь: пн 10:45 Dentist — Home")
    }

    @Test func noneWithoutOne() {
        let t = text(calendar: false)
        #expect(t.calendarLine == nil)
        #expect(!labels(t).contains { $0.0.hasPrefix("Calendar:") })
    }
}
