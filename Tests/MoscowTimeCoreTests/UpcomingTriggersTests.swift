// SPDX-License-Identifier: GPL-3.0-or-later
import TestSupport
import Testing

@testable import MoscowTimeDomain

@Suite(.timeLimit(.minutes(1)))
struct UpcomingTriggersTests {
    typealias F = CoreFixtures
    let now = CoreFixtures.at("2026-11-21T12:00:00Z")  // Saturday 15:00 MSK

    func doc() -> StoreDocument {
        F.document([
            F.alarm("aaaa0001", .weekly(days: Weekday.workdays, time: F.time(7, 30))),  // Mon 04:30Z
            F.alarm("aaaa0002", F.everyDay(8, 0)),  // daily 05:00Z
            F.alarm("aaaa0003", .once(date: F.day(2026, 11, 22), time: F.time(9, 0))),  // Sun 06:00Z
            F.alarm("aaaa0004", .timer(fireAt: F.at("2026-11-21T12:25:00Z"), duration: 1500)),
            F.alarm("aaaa0005", F.everyDay(6, 0), enabled: false),
            F.alarm("aaaa0006", .once(date: F.day(2026, 11, 1), time: F.time(9, 0))),  // past
        ])
    }

    @Test func soonestFirstWithRepeats() {
        let list = UpcomingTriggers.list(doc(), zone: F.moscow, now: now, count: 6)
        #expect(list.map(\.alarm.id) == ["aaaa0004", "aaaa0002", "aaaa0003", "aaaa0001", "aaaa0002", "aaaa0001"])
        #expect(list.map(\.at) == list.map(\.at).sorted())
        #expect(
            list.map(\.at) == [
                F.at("2026-11-21T12:25:00Z"), F.at("2026-11-22T05:00:00Z"), F.at("2026-11-22T06:00:00Z"),
                F.at("2026-11-23T04:30:00Z"), F.at("2026-11-23T05:00:00Z"), F.at("2026-11-24T04:30:00Z"),
            ])
        #expect(list.allSatisfy { $0.at > now && $0.snoozedFrom == nil })
    }

    @Test func countIsRespected() {
        #expect(UpcomingTriggers.list(doc(), zone: F.moscow, now: now, count: 0).isEmpty)
        #expect(UpcomingTriggers.list(doc(), zone: F.moscow, now: now, count: 1).map(\.alarm.id) == ["aaaa0004"])
        #expect(UpcomingTriggers.list(doc(), zone: F.moscow, now: now, count: 50).count == 50)
        // Only one-time alarms: no more than they have.
        let once = F.document([F.alarm("bbbb0001", .once(date: F.day(2026, 12, 1), time: F.time(9, 0)))])
        #expect(UpcomingTriggers.list(once, zone: F.moscow, now: now, count: 10).count == 1)
    }

    @Test func disabledAndPastAlarmsAreSkipped() {
        let ids = Set(UpcomingTriggers.list(doc(), zone: F.moscow, now: now, count: 100).map(\.alarm.id))
        #expect(!ids.contains("aaaa0005"))
        #expect(!ids.contains("aaaa0006"))
    }

    @Test func snoozesComeFromTheAgentState() {
        var state = AgentState()
        state.alarms.setSnooze("aaaa0001", Snooze(until: F.at("2026-11-21T12:10:00Z"), due: F.at("2026-11-20T04:30:00Z"), count: 2))
        // An expired snooze is not shown.
        state.alarms.setSnooze("aaaa0002", Snooze(until: F.at("2026-11-21T11:00:00Z"), due: F.at("2026-11-21T05:00:00Z")))
        let list = UpcomingTriggers.list(doc(), state: state, zone: F.moscow, now: now, count: 3)
        #expect(list.count == 3)
        #expect(list[0].alarm.id == "aaaa0001")
        #expect(list[0].at == F.at("2026-11-21T12:10:00Z"))
        #expect(list[0].snoozedFrom == F.at("2026-11-20T04:30:00Z"))
        #expect(list[1].alarm.id == "aaaa0004")
        #expect(list.filter { $0.snoozedFrom != nil }.count == 1)
    }

    @Test func snoozeOfADisabledAlarmIsNotShown() {
        var state = AgentState()
        state.alarms.setSnooze("aaaa0005", Snooze(until: F.at("2026-11-21T12:10:00Z"), due: F.at("2026-11-21T03:00:00Z")))
        let list = UpcomingTriggers.list(doc(), state: state, zone: F.moscow, now: now, count: 10)
        #expect(!list.contains { $0.alarm.id == "aaaa0005" })
    }

    @Test func handledOccurrencesAreSkipped() {
        var state = AgentState()
        // The agent already rang Sunday's 08:00 (clock stepped back afterwards).
        state.alarms.markHandled("aaaa0002", at: F.at("2026-11-22T05:00:00Z"))
        let list = UpcomingTriggers.list(doc(), state: state, zone: F.moscow, now: now, count: 100)
        let daily = list.filter { $0.alarm.id == "aaaa0002" }.map(\.at)
        #expect(daily.first == F.at("2026-11-23T05:00:00Z"))
        #expect(!daily.contains(F.at("2026-11-22T05:00:00Z")))
    }

    @Test func manyAlarmsMergeCorrectly() {
        // 300 alarms at scattered minutes; the merged list equals a brute-force sort.
        var rng = SplitMix(seed: 7)
        var alarms: [Alarm] = []
        for k in 0..<300 {
            let id = "c" + String(String(k, radix: 16).reversed()).padding(7)
            let days = WeekdaySet(Weekday.allCases.filter { _ in rng.next() % 2 == 0 })
            let t = F.time(Int(rng.next() % 24), Int(rng.next() % 60))
            alarms.append(F.alarm(id, .weekly(days: days.isEmpty ? [.monday] : days, time: t)))
        }
        let d = F.document(alarms)
        let list = UpcomingTriggers.list(d, zone: F.moscow, now: now, count: 200)
        let calc = OccurrenceCalculator(zone: F.moscow, calendar: .plainWeek)
        var brute: [(Instant, String)] = []
        for a in alarms {
            var t = now
            for _ in 0..<10 {
                guard let n = calc.next(a.schedule, after: t) else { break }
                brute.append((n, a.id))
                t = n
            }
        }
        brute.sort { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) }
        #expect(list.map(\.at) == brute.prefix(200).map(\.0))
        #expect(list.map(\.alarm.id) == brute.prefix(200).map(\.1))
    }
}

extension String {
    /// Right-pads with "0" to `n` characters.
    fileprivate func padding(_ n: Int) -> String { self + String(repeating: "0", count: max(0, n - count)) }
}
