// SPDX-License-Identifier: GPL-3.0-or-later
import TestSupport
import Testing

@testable import MoscowTimeDomain

/// Skipped days and "off until" enter the one rule for the next ring: what `next` promises after a
/// skip is what the engine rings, for hand-picked cases and for random ones.
@Suite(.timeLimit(.minutes(1)))
struct NextRingSkipTests {
    typealias F = CoreFixtures

    /// 07:00 in Moscow on Saturday 2026-11-21.
    let seven = CoreFixtures.at("2026-11-21T04:00:00Z")
    let day: Int64 = 86_400

    func daily(modified: Instant) -> Alarm {
        Alarm(id: "a1b2c3d4", label: "Daily", schedule: F.everyDay(7, 0), created: modified, modified: modified)
    }

    func document(_ a: Alarm, written: Instant) -> StoreDocument {
        var doc = F.document([a])
        doc.writtenAt = written
        return doc
    }

    @Test("skip takes out the rings next showed, and the engine stays silent on them")
    func skipAgreesWithTheEngine() {
        let now = seven - 3_600
        let a = daily(modified: now - day)
        let rule = NextRing(document: document(a, written: now - day), state: AgentState(), zone: F.moscow, now: now)
        let skipped = rule.skipping(2, of: a, AlarmTrack())
        #expect(skipped.skippedDays == [F.day(2026, 11, 21), F.day(2026, 11, 22)])
        var doc = document(skipped, written: now)
        doc.alarms[0].modified = now
        let e = AlarmEngine(document: doc, state: AlarmBook(), zone: F.moscow)
        #expect(e.nextWake(now: now) == seven + 2 * day)
        #expect(e.evaluate(now: now).nothingShown)
        #expect(e.evaluate(now: seven).nothingShown)  // the skipped ring: neither rung nor reported
        #expect(e.evaluate(now: seven + day).nothingShown)
        #expect(e.evaluate(now: seven + 2 * day).rings.map(\.due) == [seven + 2 * day])
    }

    @Test("a skip while snoozed takes the snooze next shows first; the engine withdraws it, and the next skip is tomorrow's")
    func skipWhileSnoozed() {
        let now = seven + 300
        let a = daily(modified: seven - day)
        let track = AlarmTrack(state: .snoozed(Snooze(until: seven + 600, due: seven, count: 1)), handled: seven)
        var agent = AgentState()
        agent.alarms = AlarmBook(tracks: [a.id: track])
        let rule = NextRing(document: document(a, written: seven - day), state: agent, zone: F.moscow, now: now)
        #expect(rule.next(a, track)?.at == seven + 600)
        let skip = rule.skip(next: 1, of: a, track)
        #expect(skip.added == [F.day(2026, 11, 21)])
        #expect(rule.next(skip.alarm, track)?.at == seven + day)
        let two = rule.skip(next: 2, of: a, track)
        #expect(two.added == [F.day(2026, 11, 21), F.day(2026, 11, 22)])
        #expect(rule.next(two.alarm, track)?.at == seven + 2 * day)

        var doc = document(a, written: seven - day)
        let e = AlarmEngine(document: doc, state: AlarmBook(tracks: [a.id: track]), zone: F.moscow)
        doc.alarms[0] = skip.alarm
        doc.writtenAt = now
        _ = e.replaceDocument(doc, zone: F.moscow, now: now)
        #expect(e.state[a.id].snooze == nil)
        #expect(e.evaluate(now: seven + 600).nothingShown)
        #expect(e.nextWake(now: seven + 600) == seven + day)
    }

    @Test("a skip drops the skips that have passed and names only the days it adds, in order")
    func skipNamesTheDaysItAdds() {
        let now = seven - 3_600
        var a = daily(modified: now - day)
        a.skippedDays = [F.day(2026, 11, 19), F.day(2026, 11, 22)]
        let rule = NextRing(document: document(a, written: now - day), state: AgentState(), zone: F.moscow, now: now)
        let skip = rule.skip(next: 3, of: a, AlarmTrack())
        // The next three rings: the 22nd is skipped already.
        #expect(skip.added == [F.day(2026, 11, 21), F.day(2026, 11, 23), F.day(2026, 11, 24)])
        #expect(skip.alarm.skippedDays == [F.day(2026, 11, 21), F.day(2026, 11, 22), F.day(2026, 11, 23), F.day(2026, 11, 24)])
    }

    @Test("a skip with no ring left adds nothing")
    func skipWithNoRingLeft() {
        let now = seven - 3_600
        var a = daily(modified: now - day)
        a.schedule = .once(date: F.day(2026, 11, 20), time: F.time(7, 0))
        a.skippedDays = [F.day(2026, 11, 19)]
        let rule = NextRing(document: document(a, written: now - day), state: AgentState(), zone: F.moscow, now: now)
        let skip = rule.skip(next: 2, of: a, AlarmTrack())
        #expect(skip.added.isEmpty)
        #expect(skip.alarm.skippedDays.isEmpty)
    }

    @Test("off until: silent before the day, rings from it on by itself")
    func offUntil() {
        let now = seven - 3_600
        var a = daily(modified: now - day)
        a.offUntil = F.day(2026, 11, 24)
        let rule = NextRing(document: document(a, written: now - day), state: AgentState(), zone: F.moscow, now: now)
        #expect(rule.next(a, AlarmTrack())?.at == seven + 3 * day)
        #expect(rule.due(a, AlarmTrack()) == nil)
        let later = NextRing(document: document(a, written: now - day), state: AgentState(), zone: F.moscow, now: seven + 3 * day)
        #expect(later.due(a, AlarmTrack()) == seven + 3 * day)
        #expect(a.withoutPastSkips(today: F.day(2026, 11, 24)).offUntil == nil)
        #expect(a.withoutPastSkips(today: F.day(2026, 11, 23)).offUntil == F.day(2026, 11, 24))
    }

    @Test("for random skips, next is the first occurrence on a day not skipped (property)")
    func randomSkips() {
        var rng = SplitMix(seed: 0x5C1B)
        let schedules: [Schedule] = [
            F.everyDay(7, 0), .weekly(days: [.monday, .thursday], time: F.time(6, 15)),
            .everyNDays(interval: 3, start: F.day(2026, 11, 1), time: F.time(23, 30)),
            .workdays(time: F.time(6, 30)),
        ]
        let calendar = WorkingCalendar(country: .ru)
        let plain = OccurrenceCalculator(zone: F.moscow, calendar: calendar)
        for _ in 0..<300 {
            let s = schedules.randomElement(using: &rng)!
            let now = seven + Int64.random(in: 0...(60 * day), using: &rng)
            var a = Alarm(id: "a1b2c3d4", label: "A", schedule: s, created: now - day, modified: now - day)
            for _ in 0..<Int.random(in: 0...6, using: &rng) {
                a.skippedDays.insert(F.moscow.local(now).date.adding(days: Int64.random(in: -2...20, using: &rng)))
            }
            if Bool.random(using: &rng) { a.offUntil = F.moscow.local(now).date.adding(days: Int64.random(in: -3...10, using: &rng)) }
            var doc = document(a, written: now - day)
            doc.settings.holidays = .ru
            let rule = NextRing(document: doc, state: AgentState(), zone: F.moscow, now: now)
            var t = now
            var expected: Instant?
            while let x = plain.next(s, after: t), x < now + 90 * day {
                if a.rings(on: F.moscow.local(x).date) {
                    expected = x
                    break
                }
                t = x
            }
            #expect(rule.next(a, AlarmTrack())?.at == expected)
            let e = AlarmEngine(document: doc, state: AlarmBook(), zone: F.moscow)
            #expect(e.nextWake(now: now) == expected)
        }
    }
}
