// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain

/// Habit reminders' bookkeeping changes only through its named transitions.
struct HabitReminderStateTests {
    let eight = Instant(secondsSinceEpoch: 1_795_000_000)

    func reminder(_ habitID: String = "0a0a0a0a", due: Instant? = nil) -> HabitReminder {
        HabitReminder(
            habitID: habitID, name: "Read", day: CivilDate(year: 2026, month: 11, day: 21)!,
            time: TimeOfDay(hour: 8, minute: 0)!, due: due ?? eight)
    }

    @Test("a Later comes back once, when its time has come")
    func laterEndsOnce() {
        var s = HabitReminderState()
        s.postpone(reminder(), until: eight + 1800)
        #expect(s.later["0a0a0a0a"] == HabitLater(until: eight + 1800, due: eight, day: reminder().day, time: reminder().time))
        #expect(s.laterEnded("0a0a0a0a", at: eight + 1799) == nil)
        #expect(s.laterEnded("0a0a0a0a", at: eight + 1800)?.until == eight + 1800)
        #expect(s.laterEnded("0a0a0a0a", at: eight + 1801) == nil)
        #expect(s == HabitReminderState())
    }

    @Test("an answer closes the reminder it answers, not a newer one of the same habit")
    func answerClosesItsOwnReminder() {
        var s = HabitReminderState()
        let old = reminder()
        let new = reminder(due: eight + 3600)
        s.show(new)
        s.answer(old)
        #expect(s.open["0a0a0a0a"] == new)
        s.answer(new)
        #expect(s.open.isEmpty)
        s.show(old)
        s.close("0a0a0a0a")
        #expect(s == HabitReminderState())
    }

    @Test("forgetting keeps the bookkeeping of what is still active, and what is on screen")
    func forget() {
        var s = HabitReminderState()
        s.take("0a0a0a0a@08:00", occurrence: eight)
        s.take("deadbeef@08:00", occurrence: eight)
        s.postpone(reminder("deadbeef"), until: eight + 600)
        s.show(reminder("deadbeef"))
        s.forget(except: ["0a0a0a0a@08:00"], habitIDs: ["0a0a0a0a"])
        #expect(s.handled == ["0a0a0a0a@08:00": eight])
        #expect(s.later.isEmpty && s.open["deadbeef"] != nil)
    }
}
