// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import GLibSupport
import MoscowTimeStore
import Testing

@testable import MoscowTimeAgent
@testable import MoscowTimeDomain

/// The agent's writes into calendar files, through `moscowtime-calendar acknowledge` children.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct CalendarReminderWriteBackTests {
    final class Count { var value = 0 }

    @Test("a helper that cannot start ends its write once, and the next write still runs")
    func aHelperThatCannotStartEndsOnce() {
        let writer = CalendarReminderWriteBack(helper: "/nonexistent/moscowtime-calendar")
        let ring = CalendarRing(
            .object([
                ("at", .string("2026-11-30T06:45:00Z")), ("calendar", .string("Home")), ("uid", .string("a@test")),
                ("summary", .string("Dentist")), ("start", .string("2026-11-30T07:00:00Z")), ("end", .string("2026-11-30T07:30:00Z")),
                ("file", .string("/nonexistent/a.ics")), ("writeBack", .bool(true)),
            ]))!
        let first = Count()
        let second = Count()
        writer.write(ring, .dismiss) { written in
            #expect(!written)
            first.value += 1
        }
        writer.write(ring, .dismiss) { _ in second.value += 1 }
        spin(until: { second.value > 0 })
        // Whatever the loop still holds runs before this marker.
        let marker = Count()
        MainLoopSource.idle { marker.value = 1 }
        spin(until: { marker.value > 0 })
        #expect(first.value == 1)
        #expect(second.value == 1)
    }

    private func spin(until done: () -> Bool) {
        let deadline = g_get_monotonic_time() + 10_000_000
        while !done(), g_get_monotonic_time() < deadline { g_main_context_iteration(nil, 1) }
    }
}
