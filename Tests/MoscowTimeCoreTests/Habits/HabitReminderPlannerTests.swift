// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain

/// The agent's habit reminders, decided without I/O. 2026-11-21 is a Saturday; Moscow is UTC+3.
struct HabitReminderPlannerTests {
    typealias F = HabitFixture
    let zone = Zone(identifier: "Europe/Moscow")!
    var planner: HabitReminderPlanner { HabitReminderPlanner(zone: zone, lateWindowMinutes: 15) }

    /// "2026-11-21 08:00" in Moscow, plus seconds.
    func at(_ s: String, plus seconds: Int64 = 0) -> Instant {
        let p = s.split(separator: " ")
        return zone.instant(F.day(String(p[0])), TimeOfDay(text: p[1])!) + seconds
    }

    func doc(_ habits: Habit...) -> StoreDocument { StoreDocument(settings: Settings(), alarms: [], habits: habits) }

    let read = HabitFixture.habit(start: "2026-11-01", reminders: ["08:00", "20:00"])

    @Test func remindsAtTheTimeOnce() {
        let before = planner.evaluate(doc(read), state: HabitReminderState(), now: at("2026-11-21 07:59"))
        #expect(before.show.isEmpty && before.nextWake == at("2026-11-21 08:00"))

        let p = planner.evaluate(doc(read), state: before.state, now: at("2026-11-21 08:00"))
        #expect(
            p.show == [
                HabitReminder(
                    habitID: "0a0a0a0a", name: "Read", day: F.day("2026-11-21"),
                    time: TimeOfDay(hour: 8, minute: 0)!, due: at("2026-11-21 08:00"))
            ])
        #expect(p.stateChanged && p.state.handled["0a0a0a0a@08:00"] == at("2026-11-21 08:00"))
        #expect(p.nextWake == at("2026-11-21 20:00"))

        let again = planner.evaluate(doc(read), state: p.state, now: at("2026-11-21 08:01"))
        #expect(again.show.isEmpty && !again.stateChanged)
    }

    @Test func silentOnceTheDayIsDoneOrSkipped() {
        for spec in ["done", "skip"] {
            var h = read
            h.setEntry(F.entry(F.day("2026-11-21"), spec))
            let s = planner.evaluate(doc(h), state: HabitReminderState(), now: at("2026-11-21 07:00")).state
            let p = planner.evaluate(doc(h), state: s, now: at("2026-11-21 20:00"))
            #expect(p.show.isEmpty && p.dropped.isEmpty)
            #expect(p.state.handled["0a0a0a0a@20:00"] == at("2026-11-21 20:00"))
            #expect(planner.nextWake(doc(h), state: HabitReminderState(), now: at("2026-11-21 07:00")) == at("2026-11-22 08:00"))
        }
    }

    @Test func notForArchivedOrNotDueHabits() {
        var archived = read
        archived.archived = true
        let p = planner.evaluate(doc(archived), state: HabitReminderState(), now: at("2026-11-21 08:00"))
        #expect(p.show.isEmpty && p.nextWake == nil)

        let mondays = F.habit(.weekdays([.monday]), start: "2026-11-01", reminders: ["08:00"])
        let q = planner.evaluate(doc(mondays), state: HabitReminderState(), now: at("2026-11-21 08:00"))
        #expect(q.show.isEmpty && q.nextWake == at("2026-11-23 08:00"))

        let future = F.habit(start: "2026-12-01", reminders: ["08:00"])
        #expect(planner.evaluate(doc(future), state: HabitReminderState(), now: at("2026-11-21 08:00")).nextWake == at("2026-12-01 08:00"))
    }

    @Test func lateWithinTheWindowDroppedBeyondIt() {
        let onTime = planner.evaluate(doc(read), state: HabitReminderState(), now: at("2026-11-21 08:00", plus: 60))
        #expect(onTime.show.first?.isLate == false)
        let late = planner.evaluate(doc(read), state: HabitReminderState(), now: at("2026-11-21 08:10"))
        #expect(late.show.first?.isLate == true)
        let tooLate = planner.evaluate(doc(read), state: HabitReminderState(), now: at("2026-11-21 08:16"))
        #expect(tooLate.show.isEmpty && tooLate.dropped.map(\.time) == [TimeOfDay(hour: 8, minute: 0)!])
        #expect(planner.evaluate(doc(read), state: tooLate.state, now: at("2026-11-21 08:17")).dropped.isEmpty)
    }

    @Test func onlyTheLatestOfSeveralPassedTimes() {
        let h = F.habit(start: "2026-11-01", reminders: ["08:00", "08:05"])
        let p = planner.evaluate(doc(h), state: HabitReminderState(), now: at("2026-11-21 08:06"))
        #expect(p.show.map(\.time) == [TimeOfDay(hour: 8, minute: 5)!])
        #expect(p.state.handled.count == 2)
    }

    @Test func nothingFromBeforeTheLastDefinitionChange() {
        var h = read
        h.modified = at("2026-11-21 08:30")
        let p = planner.evaluate(doc(h), state: HabitReminderState(), now: at("2026-11-21 08:31"))
        #expect(p.show.isEmpty && p.dropped.isEmpty)
        #expect(p.nextWake == at("2026-11-21 20:00"))
    }

    @Test func laterShowsItAgainWhileTheDayIsOpen() {
        var state = planner.evaluate(doc(read), state: HabitReminderState(), now: at("2026-11-21 08:00")).state
        let shown = planner.evaluate(doc(read), state: HabitReminderState(), now: at("2026-11-21 08:00")).show[0]
        #expect(planner.postpone(shown, minutes: 30, now: at("2026-11-21 08:01"), state: &state) == at("2026-11-21 08:31"))

        let waiting = planner.evaluate(doc(read), state: state, now: at("2026-11-21 08:20"))
        #expect(waiting.show.isEmpty && waiting.nextWake == at("2026-11-21 08:31"))
        let again = planner.evaluate(doc(read), state: state, now: at("2026-11-21 08:31"))
        #expect(again.show.count == 1 && again.show[0].isPostponed && !again.show[0].isLate)
        #expect(again.show[0].due == at("2026-11-21 08:00"))
        #expect(again.state.later.isEmpty)

        var done = read
        done.setEntry(.done(F.day("2026-11-21")))
        let quiet = planner.evaluate(doc(done), state: state, now: at("2026-11-21 08:31"))
        #expect(quiet.show.isEmpty && quiet.state.later.isEmpty)
    }

    @Test func laterLapsesAtMidnightAndYieldsToANewerReminder() {
        let late = F.habit(start: "2026-11-01", reminders: ["23:50"])
        var state = HabitReminderState()
        let r = planner.evaluate(doc(late), state: state, now: at("2026-11-21 23:50"))
        state = r.state
        planner.postpone(r.show[0], minutes: 30, now: at("2026-11-21 23:50"), state: &state)
        let p = planner.evaluate(doc(late), state: state, now: at("2026-11-22 00:20"))
        #expect(p.show.isEmpty && p.state.later.isEmpty)

        var s2 = planner.evaluate(doc(read), state: HabitReminderState(), now: at("2026-11-21 08:00")).state
        let first = planner.evaluate(doc(read), state: HabitReminderState(), now: at("2026-11-21 08:00")).show[0]
        planner.postpone(first, minutes: 120, now: at("2026-11-21 19:00"), state: &s2)
        let newer = planner.evaluate(doc(read), state: s2, now: at("2026-11-21 20:00"))
        #expect(newer.show.map(\.time) == [TimeOfDay(hour: 20, minute: 0)!] && newer.state.later.isEmpty)
    }

    @Test func numericProgressAndOpenUntilTheTarget() {
        let water = F.habit(start: "2026-11-01", kind: F.glasses, reminders: ["20:00"], ["2026-11-21": "3"])
        let p = planner.evaluate(doc(water), state: HabitReminderState(), now: at("2026-11-21 20:00"))
        #expect(p.show.first?.progress == "3 / 8 glasses")
    }

    @Test func perWeekHabitMetThisWeekWaitsForNextWeek() {
        let run = F.habit(.timesPerWeek(2), start: "2026-11-01", reminders: ["08:00"], ["2026-11-16": "done", "2026-11-18": "done"])
        let p = planner.evaluate(doc(run), state: HabitReminderState(), now: at("2026-11-21 08:00"))
        #expect(p.show.isEmpty && p.nextWake == at("2026-11-23 08:00"))
    }

    @Test func forgetsDeletedHabitsAndTimes() {
        var s = HabitReminderState()
        s.handled["0a0a0a0a@09:00"] = at("2026-11-20 09:00")
        s.handled["deadbeef@08:00"] = at("2026-11-20 08:00")
        s.later["deadbeef"] = HabitLater(
            until: at("2026-11-21 09:00"), due: at("2026-11-21 08:00"), day: F.day("2026-11-21"), time: TimeOfDay(hour: 8, minute: 0)!)
        let p = planner.evaluate(doc(read), state: s, now: at("2026-11-21 07:00"))
        #expect(p.state.later.isEmpty && p.stateChanged)
        #expect(Set(p.state.handled.keys) == ["0a0a0a0a@08:00", "0a0a0a0a@20:00"])  // yesterday's, passed over
    }

    @Test func aReminderInADaylightSavingGapRingsAfterTheGap() {
        let berlin = Zone(identifier: "Europe/Berlin")!
        let planner = HabitReminderPlanner(zone: berlin, lateWindowMinutes: 15)
        let h = F.habit(start: "2026-03-01", reminders: ["02:30"])
        let afterGap = ISO8601.parse("2026-03-29T01:00:00Z")!  // 03:00 CEST: 02:30 does not exist
        let wake = planner.nextWake(doc(h), state: HabitReminderState(), now: ISO8601.parse("2026-03-28T23:00:00Z")!)
        #expect(wake == afterGap)
        let p = planner.evaluate(doc(h), state: HabitReminderState(), now: afterGap)
        #expect(p.show.count == 1 && p.show[0].due == afterGap)
    }
}
