// SPDX-License-Identifier: GPL-3.0-or-later
import TestSupport
import Testing

@testable import MoscowTimeDomain

/// The agent's scheduler keeps the habits' recent history only (`StoreDocument.keepingHabitHistory`).
/// Property: on random habits of every frequency and kind, with random histories, reminder states
/// and instants, everything that decides reminders answers as on the whole document — the
/// planner's plan, the scheduler's effects and next wake, as time goes on — and per day `isOpen`,
/// `isDue` and the day's progress from the first day kept on.
struct SchedulerHistoryTests {
    typealias F = HabitFixture
    let zone = Zone(identifier: "Europe/Moscow")!
    let today = CivilDate(year: 2026, month: 11, day: 21)!

    func frequency(_ rng: inout SplitMix) -> HabitFrequency {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: return .daily
        case 1:
            let days = WeekdaySet(Weekday.allCases.filter { _ in Bool.random(using: &rng) })
            return days.isEmpty ? .weekdays([.monday]) : .weekdays(days)
        case 2: return .everyNDays([2, 3, 10, 45, 365][Int.random(in: 0..<5, using: &rng)])
        case 3: return .timesPerWeek(Int.random(in: 1...6, using: &rng))
        case 4: return .timesPerMonth(Int.random(in: 1...30, using: &rng))
        default:
            let y = [3, 5, 14, 60, 365][Int.random(in: 0..<5, using: &rng)]
            return HabitFrequency.make(times: Int.random(in: 2..<y, using: &rng), inDays: y) ?? .daily
        }
    }

    func kind(_ rng: inout SplitMix) -> HabitKind {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return .yesNo
        case 1: return .numeric(HabitGoal(unit: "glasses", target: 8))
        case 2: return .numeric(HabitGoal(unit: "cups", target: 2, direction: .atMost))
        default: return .numeric(HabitGoal(unit: "km", target: 20, per: .period))
        }
    }

    func habit(_ k: Int, _ rng: inout SplitMix) -> Habit {
        let start = today.adding(days: -Int64.random(in: 0...1500, using: &rng))
        let k2 = kind(&rng)
        let density = Double.random(in: 0.05...0.95, using: &rng)
        var entries: [HabitEntry] = []
        var day = start
        while day <= today.adding(days: 3) {
            if Double.random(in: 0..<1, using: &rng) < density {
                switch Int.random(in: 0..<10, using: &rng) {
                case 0: entries.append(.skipped(day))
                case 1: entries.append(.noted(day, note: "n"))
                default: entries.append(k2.goal == nil ? .done(day) : .done(day, amount: Double(Int.random(in: 0...12, using: &rng))))
                }
            }
            day = day.adding(days: 1)
        }
        let times = ["07:00", "08:30", "12:00", "20:00", "23:45"].filter { _ in Int.random(in: 0..<3, using: &rng) == 0 }
        return Habit(
            id: "0000000\(k)", name: "H\(k)", frequency: frequency(&rng),
            reminders: times.map { TimeOfDay(text: Substring($0))! }, start: start,
            archived: Int.random(in: 0..<10, using: &rng) == 0, kind: k2, entries: entries,
            created: F.created,
            modified: zone.instant(today.adding(days: -Int64.random(in: 0...3, using: &rng)), TimeOfDay(hour: 6, minute: 0)!))
    }

    /// Reminders left open or postponed, some of them days old.
    func state(_ habits: [Habit], _ rng: inout SplitMix) -> HabitReminderState {
        var s = HabitReminderState()
        for h in habits where !h.reminders.isEmpty && Int.random(in: 0..<3, using: &rng) == 0 {
            let day = today.adding(days: -Int64.random(in: 0...20, using: &rng))
            let time = h.reminders[0]
            let due = zone.instant(day, time)
            if Bool.random(using: &rng) {
                s.open[h.id] = HabitReminder(habitID: h.id, name: h.name, day: day, time: time, due: due)
            } else {
                s.later[h.id] = HabitLater(until: due + 600, due: due, day: day, time: time)
            }
        }
        return s
    }

    @Test(arguments: 0..<40) func remindersAsOnTheWholeDocument(seed: UInt64) {
        var rng = SplitMix(seed: 0x5EED_0000 + seed)
        let habits = (0..<6).map { habit($0, &rng) }
        let whole = StoreDocument(settings: Settings(), alarms: [], habits: habits)
        var state = AgentState()
        state.habitReminders = self.state(habits, &rng)
        var now = zone.instant(today, TimeOfDay(hour: Int.random(in: 0...23, using: &rng), minute: Int.random(in: 0...59, using: &rng))!)

        let first = StoreDocument.schedulerFirstDay(state: state.habitReminders, zone: zone, now: now)
        let kept = whole.keepingHabitHistory(from: first)
        #expect(kept.habits.map(\.entries.count).reduce(0, +) <= whole.habits.map(\.entries.count).reduce(0, +))

        for (h, k) in zip(whole.habits, kept.habits) {
            var day = first
            while day <= today.adding(days: 400) {
                #expect(h.isOpen(on: day) == k.isOpen(on: day), "\(h.frequency) \(day)")
                #expect(h.isDue(on: day) == k.isDue(on: day), "\(h.frequency) \(day)")
                #expect(HabitText.progress(h, on: day) == HabitText.progress(k, on: day))
                day = day.adding(days: 1)
            }
        }

        let planner = HabitReminderPlanner(zone: zone, lateWindowMinutes: 15)
        #expect(
            planner.evaluate(whole, state: state.habitReminders, now: now) == planner.evaluate(kept, state: state.habitReminders, now: now))

        // The scheduler, from start through three days of wake-ups, on each document.
        let a = AgentScheduler(document: whole, state: state, zone: zone)
        let b = AgentScheduler(document: kept, state: state, zone: zone)
        #expect(a.handle(.started, now: now) == b.handle(.started, now: now))
        for _ in 0..<40 {
            let wake = a.nextWake(now: now)
            #expect(wake == b.nextWake(now: now))
            guard let next = wake, next < now + 3 * 86_400 else { break }
            now = next
            #expect(a.handle(.timePassed, now: now) == b.handle(.timePassed, now: now))
            #expect(a.state == b.state)
        }
    }

    @Test func keepsOnlyTheDaysDueNessReads() {
        let daily = F.habit(start: "2021-11-22", F.run("2021-11-22", 1826))
        let monthly = F.habit(.timesPerMonth(3), start: "2021-11-22", id: "0b0b0b0b", name: "Swim", F.run("2021-11-22", 1826))
        let doc = StoreDocument(settings: Settings(), alarms: [], habits: [daily, monthly])
        let kept = doc.keepingHabitHistory(from: F.day("2026-11-20"))
        #expect(kept.habits[0].entries.first?.date == F.day("2026-11-13"), "the day before, less the margin")
        #expect(kept.habits[1].entries.first?.date == F.day("2026-10-14"), "and a month more for a monthly target")
        #expect(kept.habits.map(\.achievements) == doc.habits.map(\.achievements))
        #expect(kept.alarms == doc.alarms && kept.settings == doc.settings)
    }
}
