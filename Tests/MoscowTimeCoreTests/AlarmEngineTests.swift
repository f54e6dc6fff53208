// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// The agent's alarm state machine, driven with an injected "now" (it is pure).
@Suite(.timeLimit(.minutes(1)))
struct AlarmEngineTests {
    typealias F = CoreFixtures

    /// 07:00 in Moscow on Saturday 2026-11-21.
    let seven = CoreFixtures.at("2026-11-21T04:00:00Z")
    let id = "a1b2c3d4"

    func engine(
        _ alarms: [Alarm], zone: Zone = CoreFixtures.moscow, state: AgentState = AgentState(),
        configure: (inout Settings) -> Void = { _ in }
    ) -> AlarmEngine {
        AlarmEngine(document: F.document(alarms, zone: zone.identifier, configure: configure), state: state, zone: zone)
    }

    /// A daily alarm created the day before (so that no earlier occurrence counts as missed).
    func daily(_ h: Int = 7, _ m: Int = 0, id: String? = nil, label: String = "Подъём ☀️") -> Alarm {
        F.alarm(id ?? self.id, F.everyDay(h, m), label: label, created: "2026-11-20T12:00:00Z")
    }

    /// The state as the agent would find it after a restart: written to JSON text and read back.
    func persisted(_ state: AgentState) throws -> AgentState {
        let text = JSONWriter.pretty(AgentStateCoding.encode(state))
        return try AgentStateCoding.decode(try JSONParser.parse(text))
    }

    func persisted(_ alarms: AlarmBook) throws -> AgentState { try persisted(AgentState(alarms: alarms)) }

    // MARK: ringing once

    @Test func dueAlarmSavesStateThenRings() throws {
        let e = engine([daily()])
        #expect(e.evaluate(now: seven - 1).nothingShown)
        let effects = e.evaluate(now: seven)
        #expect(effects.effects.count == 1)
        #expect(effects.stateChanged)  // persisted before anything is shown
        let r = try #require(effects.rings.first)
        #expect(r.alarmID == id)
        #expect(r.label == "Подъём ☀️")
        #expect(r.due == seven)
        #expect(r.startedAt == seven)
        #expect(r.endsAt == seven + 5 * 60)
        #expect(!r.isLate)
        #expect(r.snoozeCount == 0)
        #expect(r.snoozeMinutes == 10)
        #expect(r.sound == "alarm-clock-elapsed")
        #expect(e.state.handled[id] == seven)
        #expect(e.ringing[id] == r)
    }

    @Test func theRingCarriesTheRampAndARestartKeepsIt() throws {
        // The setting (30 s by default, here 2 min) unless the alarm has its own.
        var own = daily(id: "0000beef")
        own.rampSeconds = 0
        let e = engine([daily(), own]) { $0.rampSeconds = 120 }
        let rings = e.evaluate(now: seven).rings
        #expect(rings.first { $0.alarmID == id }?.rampSeconds == 120)
        #expect(rings.first { $0.alarmID == "0000beef" }?.rampSeconds == 0)
        #expect(engine([daily()]).evaluate(now: seven).rings.first?.rampSeconds == 30)
        let back = try persisted(e.state)
        #expect(back.alarms[id].ringing?.rampSeconds == 120)
        // A ramp out of range in the state file drops that ring (it counts as handled), as other damage does.
        var json = AgentStateCoding.encode(AgentState(alarms: e.state))
        let text = JSONWriter.pretty(json).replacing("\"rampSeconds\": 120", with: "\"rampSeconds\": 100000")
        json = try JSONParser.parse(text)
        #expect(text.contains("100000"))
        #expect(try AgentStateCoding.decode(json).alarms[id].ringing == nil)
    }

    @Test func evaluatingAgainDoesNotRingTwice() {
        let e = engine([daily()])
        #expect(e.evaluate(now: seven).rings.count == 1)
        #expect(e.evaluate(now: seven).isEmpty)
        #expect(e.evaluate(now: seven + 1).isEmpty)
        #expect(e.evaluate(now: seven + 200).isEmpty)
    }

    @Test func restartDoesNotRefireAHandledOccurrence() throws {
        let first = engine([daily()])
        #expect(first.evaluate(now: seven).rings.count == 1)
        let state = try persisted(first.state)
        // The ring is written down as it is: the successor rings it on (see AgentSchedulerTests),
        // but evaluating never rings the handled occurrence anew.
        #expect(state.alarms == first.state)
        #expect(state.alarms[id].ringing == first.ringing[id])
        #expect(state.handled[id] == seven)
        let second = engine([daily()], state: state)
        #expect(second.evaluate(now: seven + 10).isEmpty)
        #expect(try second.stop(id, now: seven + 20).stateChanged)
        #expect(second.evaluate(now: seven + 14 * 60).isEmpty)
        // The next occurrence still rings.
        #expect(second.evaluate(now: seven + 86_400).rings.map(\.due) == [seven + 86_400])
    }

    // MARK: late and missed

    @Test func lateWithinTheWindowRingsMarkedLate() throws {
        let e = engine([daily()])
        let r = try #require(e.evaluate(now: seven + 10 * 60).rings.first)
        #expect(r.isLate)
        #expect(r.due == seven)
        #expect(r.startedAt == seven + 600)
        // A few seconds late is not "late".
        #expect(engine([daily()]).evaluate(now: seven + 30).rings.first?.isLate == false)
        // The window's edge is inclusive.
        #expect(engine([daily()]).evaluate(now: seven + 15 * 60).rings.count == 1)
    }

    @Test func tooLateIsReportedNotRung() {
        let e = engine([daily()])
        let effects = e.evaluate(now: seven + 15 * 60 + 1)
        #expect(effects.rings.isEmpty)
        #expect(effects.stateChanged)
        #expect(effects.missed == [MissedAlarm(alarmID: id, label: "Подъём ☀️", due: seven, reason: .tooLate)])
        #expect(e.evaluate(now: seven + 15 * 60 + 2).isEmpty)  // reported once
    }

    @Test func lateWindowSettingIsHonoured() {
        let e = engine([daily()]) { $0.lateWindowMinutes = 0 }
        #expect(e.evaluate(now: seven + 1).missed.map(\.reason) == [.tooLate])
        let wide = engine([daily()]) { $0.lateWindowMinutes = 120 }
        #expect(wide.evaluate(now: seven + 100 * 60).rings.count == 1)
    }

    @Test func clockSteppedBackwardsDoesNotRefire() {
        let e = engine([daily()])
        #expect(e.evaluate(now: seven).rings.count == 1)
        _ = try? e.stop(id, now: seven + 5)
        #expect(e.evaluate(now: seven - 3600).isEmpty)  // NTP stepped the clock back an hour
        #expect(e.evaluate(now: seven - 1).isEmpty)
        #expect(e.evaluate(now: seven).isEmpty)  // the same 07:00 again
        #expect(e.evaluate(now: seven + 60).isEmpty)
        #expect(e.evaluate(now: seven + 86_400).rings.map(\.due) == [seven + 86_400])
    }

    @Test func clockSteppedForwardOverSeveralOccurrencesGivesOneRingPerAlarm() {
        let a = daily(7, 0, id: "aaaa0001")
        let b = daily(6, 58, id: "aaaa0002")
        let e = engine([a, b])
        #expect(e.evaluate(now: seven - 3600).nothingShown)
        // Three days later, at 07:05: only the latest occurrence of each rings.
        let later = seven + 3 * 86_400 + 5 * 60
        let effects = e.evaluate(now: later)
        #expect(effects.rings.map(\.alarmID).sorted() == ["aaaa0001", "aaaa0002"])
        #expect(effects.rings.first { $0.alarmID == "aaaa0001" }?.due == seven + 3 * 86_400)
        #expect(effects.rings.first { $0.alarmID == "aaaa0002" }?.due == seven + 3 * 86_400 - 120)
        #expect(effects.missed.isEmpty)

        // Three days later at noon: one missed entry per alarm, in one report.
        let f = engine([a, b])
        let noon = f.evaluate(now: seven + 3 * 86_400 + 5 * 3600)
        #expect(noon.rings.isEmpty)
        #expect(
            noon.effects.filter {
                if case .reportMissed = $0 { return true }
                return false
            }.count == 1)
        #expect(noon.missed.map(\.alarmID).sorted() == ["aaaa0001", "aaaa0002"])
        #expect(noon.missed.allSatisfy { $0.reason == .tooLate })
    }

    @Test func resumeAfterSleep() {
        // Asleep from 06:00; woken at 07:10 → rings, late.
        let e = engine([daily()])
        #expect(e.evaluate(now: seven - 3600).nothingShown)
        #expect(e.nextWake(now: seven - 3600) == seven)
        let resumed = e.evaluate(now: seven + 10 * 60)
        #expect(resumed.rings.count == 1)
        #expect(resumed.rings.first?.isLate == true)

        // Woken at 09:00 → reported missed, no ring.
        let f = engine([daily()])
        #expect(f.evaluate(now: seven - 3600).nothingShown)
        let late = f.evaluate(now: seven + 2 * 3600)
        #expect(late.rings.isEmpty)
        #expect(late.missed.map(\.reason) == [.tooLate])
        #expect(f.nextWake(now: seven + 2 * 3600) == seven + 86_400)
    }

    // MARK: DST

    @Test func berlinGapAlarmRingsOnceAtTheGapEnd() {
        let a = F.alarm(id, F.everyDay(2, 30), created: "2026-03-28T12:00:00Z")
        let e = engine([a], zone: F.berlin)
        let end = F.at("2026-03-29T01:00:00Z")  // 03:00 CEST, the first instant after the gap
        #expect(e.evaluate(now: F.at("2026-03-28T12:00:00Z")).nothingShown)
        #expect(e.nextWake(now: F.at("2026-03-28T12:00:00Z")) == end)
        #expect(e.evaluate(now: end - 1).isEmpty)
        #expect(e.evaluate(now: end).rings.map(\.due) == [end])
        _ = try? e.stop(id, now: end + 10)
        #expect(e.evaluate(now: end + 30).isEmpty)
        #expect(e.evaluate(now: end + 1800).isEmpty)
        #expect(e.nextWake(now: end + 1800) == F.at("2026-03-30T00:30:00Z"))
    }

    @Test func berlinOverlapAlarmRingsOnce() {
        let e = engine([F.alarm(id, F.everyDay(2, 30), created: "2026-10-24T12:00:00Z")], zone: F.berlin)
        let first = F.at("2026-10-25T00:30:00Z")
        let second = F.at("2026-10-25T01:30:00Z")
        #expect(e.evaluate(now: first).rings.map(\.due) == [first])
        _ = try? e.stop(id, now: first + 10)
        #expect(e.evaluate(now: second).isEmpty)  // the repeated 02:30 does not ring again
        #expect(e.nextWake(now: second) == F.at("2026-10-26T01:30:00Z"))
    }

    // MARK: snooze

    @Test func snoozeSilencesAndRingsAgainWithACount() throws {
        let e = engine([daily()])
        _ = e.evaluate(now: seven)
        let until = seven + 60 + 10 * 60
        #expect(
            try e.snooze(id, now: seven + 60)
                == AgentDecision(stateChanged: true, effects: [.silence(alarmID: id, reason: .snoozed(until: until))]))
        #expect(e.ringing.isEmpty)
        #expect(e.state.snoozes[id] == Snooze(until: until, due: seven, count: 1))
        #expect(e.nextWake(now: seven + 60) == until)
        #expect(e.evaluate(now: until - 1).isEmpty)
        let again = e.evaluate(now: until)
        #expect(again.stateChanged)
        let r = try #require(again.rings.first)
        #expect(r.due == seven)  // still "due 07:00"
        #expect(r.snoozeCount == 1)
        #expect(!r.isLate)
        #expect(e.state.snoozes[id] == nil)

        // Snooze for an explicit 5 minutes: the count goes on.
        let until2 = until + 10 + 300
        #expect(try e.snooze(id, minutes: 5, now: until + 10).effects.last == .silence(alarmID: id, reason: .snoozed(until: until2)))
        #expect(e.evaluate(now: until2).rings.first?.snoozeCount == 2)
    }

    @Test func perAlarmSnoozeMinutes() throws {
        let e = engine([F.alarm(id, F.everyDay(7, 0), snooze: 3)])
        #expect(e.evaluate(now: seven).rings.first?.snoozeMinutes == 3)
        #expect(try e.snooze(id, now: seven).effects.last == .silence(alarmID: id, reason: .snoozed(until: seven + 180)))
    }

    @Test func snoozeSurvivesARestart() throws {
        let e = engine([daily()])
        _ = e.evaluate(now: seven)
        _ = try e.snooze(id, now: seven + 30)
        let until = seven + 30 + 600
        let restarted = engine([daily()], state: try persisted(e.state))
        #expect(restarted.state.snoozes[id] == Snooze(until: until, due: seven, count: 1))
        #expect(restarted.nextWake(now: seven + 60) == until)
        #expect(restarted.evaluate(now: seven + 60).isEmpty)
        let r = restarted.evaluate(now: until).rings.first
        #expect(r?.snoozeCount == 1)
        #expect(r?.due == seven)
    }

    @Test func snoozeErrors() {
        let e = engine([daily()])
        #expect(throws: EngineError.notRinging(id)) { try e.snooze(id, now: seven) }
        #expect(throws: EngineError.unknownAlarm("ffffffff")) { try e.snooze("ffffffff", now: seven) }
        #expect(throws: EngineError.notRingingOrSnoozed(id)) { try e.stop(id, now: seven) }
        #expect(throws: EngineError.unknownAlarm("ffffffff")) { try e.stop("ffffffff", now: seven) }
    }

    // MARK: stop

    @Test func stoppingAOneTimeAlarmDisablesIt() throws {
        let once = F.alarm(id, .once(date: F.day(2026, 11, 21), time: F.time(7, 0)))
        let e = engine([once])
        #expect(e.evaluate(now: seven).rings.count == 1)
        let effects = try e.stop(id, now: seven + 20)
        #expect(effects.contains(.silence(alarmID: id, reason: .stopped)))
        #expect(effects.contains(.disableAlarm(id)))
        #expect(effects.stateChanged)
        #expect(e.ringing.isEmpty)
    }

    @Test func stoppingARepeatingAlarmKeepsItEnabled() throws {
        let e = engine([daily()])
        _ = e.evaluate(now: seven)
        let effects = try e.stop(id, now: seven + 20)
        #expect(effects.contains(.silence(alarmID: id, reason: .stopped)))
        #expect(!effects.contains(.disableAlarm(id)))
    }

    @Test func stoppingAPendingSnoozeCancelsIt() throws {
        let e = engine([daily()])
        _ = e.evaluate(now: seven)
        _ = try e.snooze(id, now: seven + 10)
        #expect(try e.stop(id, now: seven + 20) == AgentDecision(stateChanged: true))
        #expect(e.state.snoozes[id] == nil)
        #expect(e.evaluate(now: seven + 10 + 600).isEmpty)
    }

    // MARK: ring duration

    @Test func unansweredRingTimesOut() {
        let e = engine([daily()])
        _ = e.evaluate(now: seven)
        #expect(e.nextWake(now: seven) == seven + 300)
        #expect(e.evaluate(now: seven + 299).isEmpty)
        let effects = e.evaluate(now: seven + 300)
        #expect(effects.contains(.silence(alarmID: id, reason: .unanswered)))
        #expect(effects.missed == [MissedAlarm(alarmID: id, label: "Подъём ☀️", due: seven, reason: .unanswered)])
        #expect(effects.rings.isEmpty)
        #expect(!effects.contains(.disableAlarm(id)))
        #expect(e.ringing.isEmpty)
        #expect(e.evaluate(now: seven + 301).isEmpty)
    }

    @Test func unansweredTimerIsDisabled() {
        let timer = F.alarm(id, .timer(fireAt: seven, duration: 1500), created: "2026-11-21T03:35:00Z")
        let e = engine([timer]) { $0.ringMinutes = 1 }
        #expect(e.evaluate(now: seven).rings.first?.endsAt == seven + 60)
        let effects = e.evaluate(now: seven + 60)
        #expect(effects.missed.map(\.reason) == [.unanswered])
        #expect(effects.contains(.disableAlarm(id)))
    }

    // MARK: pause, edits, reloads

    @Test func pausedAlarmsAreReportedNotRung() {
        let e = engine([daily()])
        #expect(e.pause(until: seven + 3600) == AgentDecision(stateChanged: true))
        #expect(e.nextWake(now: seven - 60) == seven)
        let effects = e.evaluate(now: seven)
        #expect(effects.rings.isEmpty)
        #expect(effects.missed == [MissedAlarm(alarmID: id, label: "Подъём ☀️", due: seven, reason: .paused)])
        #expect(e.evaluate(now: seven + 60).isEmpty)
        // The pause ends by itself.
        #expect(e.evaluate(now: seven + 3600) == AgentDecision(stateChanged: true))
        #expect(e.state.pausedUntil == nil)
        #expect(e.evaluate(now: seven + 86_400).rings.count == 1)
    }

    @Test func resumingFromPauseEarly() {
        let e = engine([daily()])
        _ = e.pause(until: seven + 3600)
        _ = e.pause(until: nil)
        #expect(e.evaluate(now: seven).rings.count == 1)
    }

    @Test func alarmModifiedAfterAnOccurrenceIsNotReported() {
        // Edited at 07:01 (after the 07:00 occurrence); evaluated at 07:02 and much later.
        let edited = F.alarm(id, F.everyDay(7, 0), created: "2026-01-01T00:00:00Z", modified: "2026-11-21T04:01:00Z")
        #expect(engine([edited]).evaluate(now: seven + 120).nothingShown)
        #expect(engine([edited]).evaluate(now: seven + 3 * 3600).nothingShown)
        // Created at 07:05 for 07:00: nothing until tomorrow.
        let fresh = F.alarm(id, F.everyDay(7, 0), created: "2026-11-21T04:05:00Z")
        let e = engine([fresh])
        #expect(e.evaluate(now: seven + 360).nothingShown)
        #expect(e.nextWake(now: seven + 360) == seven + 86_400)
    }

    @Test func replacingTheDocumentWithdrawsARemovedRingingAlarm() {
        let other = daily(9, 0, id: "bbbb0001")
        let e = engine([daily(), other])
        _ = e.evaluate(now: seven)
        let effects = e.replaceDocument(F.document([other]), zone: F.moscow, now: seven + 30)
        #expect(effects.contains(.silence(alarmID: id, reason: .withdrawn)))
        #expect(effects.stateChanged)
        #expect(effects.rings.isEmpty)
        #expect(e.ringing.isEmpty)
        #expect(e.state.handled[id] == nil)
    }

    @Test func disablingARingingOrSnoozedAlarmWithdrawsIt() throws {
        let e = engine([daily()])
        _ = e.evaluate(now: seven)
        var off = daily()
        off.enabled = false
        off.modified = seven + 20
        #expect(e.replaceDocument(F.document([off]), zone: F.moscow, now: seven + 20).contains(.silence(alarmID: id, reason: .withdrawn)))

        let f = engine([daily()])
        _ = f.evaluate(now: seven)
        _ = try f.snooze(id, now: seven + 10)
        let effects = f.replaceDocument(F.document([off]), zone: F.moscow, now: seven + 20)
        #expect(effects.stateChanged)
        #expect(f.state.snoozes[id] == nil)
        #expect(f.evaluate(now: seven + 10 + 600).isEmpty)
    }

    /// `disable A --until tomorrow` (or a skip of today) while A rings or is snoozed: today's
    /// occurrence is taken back, so it is silenced at once, not rung for its ring time and reported
    /// unanswered, and a pending snooze does not ring again (issue 36). Tomorrow's rings.
    @Test func offUntilTomorrowWithdrawsTheRingingOrSnoozedOccurrence() throws {
        var off = daily()
        off.offUntil = F.day(2026, 11, 22)
        off.modified = seven + 20
        let e = engine([daily()])
        _ = e.evaluate(now: seven)
        let effects = e.replaceDocument(F.document([off]), zone: F.moscow, now: seven + 20)
        #expect(effects.contains(.silence(alarmID: id, reason: .withdrawn)) && effects.rings.isEmpty)
        #expect(e.ringing.isEmpty)
        #expect(e.evaluate(now: seven + 3600).isEmpty)  // not reported unanswered when its ring time ends

        let f = engine([daily()])
        _ = f.evaluate(now: seven)
        _ = try f.snooze(id, now: seven + 10)
        #expect(f.replaceDocument(F.document([off]), zone: F.moscow, now: seven + 20).stateChanged)
        #expect(f.state.snoozes[id] == nil)
        #expect(f.evaluate(now: seven + 10 + 600).isEmpty)
        #expect(f.nextWake(now: seven + 20) == seven + 86_400)

        // An edit that leaves the ringing occurrence's day alone changes nothing of the ring.
        var renamed = daily()
        renamed.skippedDays = [F.day(2026, 11, 23)]
        renamed.modified = seven + 20
        let g = engine([daily()])
        _ = g.evaluate(now: seven)
        #expect(
            !g.replaceDocument(F.document([renamed]), zone: F.moscow, now: seven + 20).contains(.silence(alarmID: id, reason: .withdrawn)))
        #expect(g.ringing.count == 1)
    }

    /// A production-calendar change (`holidays import` making today, a Saturday, a working day) at
    /// 07:10 does not ring at once the working-days alarm of 07:00: `next` promised Monday before
    /// and after. The calendar is part of the version, as the zone is (issue 36).
    @Test func aNewProductionCalendarDoesNotRingAPassedTimeToday() {
        let workdays = F.alarm(id, .workdays(time: F.time(7, 0)), created: "2026-11-20T12:00:00Z")
        let e = engine([workdays])
        #expect(e.evaluate(now: seven + 600).nothingShown)  // Saturday 07:10: not a working day
        var doc = F.document([workdays])
        doc.calendarYears = [2026: CalendarYear(year: 2026, days: [F.day(2026, 11, 21): CalendarDay(.work)])]
        doc.writtenAt = seven + 600
        #expect(doc.workingCalendar.isWorkingDay(F.day(2026, 11, 21)))
        let d = e.replaceDocument(doc, zone: F.moscow, now: seven + 601)
        #expect(d.rings.isEmpty && d.missed.isEmpty)
        #expect(e.nextWake(now: seven + 601) == seven + 2 * 86_400)  // Monday 07:00
        // The same calendar again is the same version: nothing changes.
        #expect(e.replaceDocument(doc, zone: F.moscow, now: seven + 700).nothingShown)
    }

    /// A zone change less than a minute after an alarm was added does not ring it at once: the
    /// change came with the store's write, not with the alarm's own stamp (issue 36).
    @Test func aZoneChangeDoesNotTrustAFreshAlarmsOwnStamp() {
        // Added at 06:59:30 Moscow for 08:00; the zone becomes Samara (+4) at 07:00:10: 08:00 there
        // was 07:00 Moscow, ten seconds ago.
        let fresh = F.alarm(id, F.everyDay(8, 0), created: "2026-11-21T03:59:30Z")
        var doc = F.document([fresh])
        doc.writtenAt = seven - 30
        let e = AlarmEngine(document: doc, state: AgentState(), zone: F.moscow)
        #expect(e.evaluate(now: seven - 20).nothingShown)
        let samara = Zone(identifier: "Europe/Samara")!
        var moved = F.document([fresh], zone: "Europe/Samara")
        moved.writtenAt = seven + 10
        let d = e.replaceDocument(moved, zone: samara, now: seven + 11)
        #expect(d.rings.isEmpty && d.missed.isEmpty)
        #expect(e.nextWake(now: seven + 11) == seven + 86_400)
    }

    @Test func silenceForSleep() {
        let e = engine([F.alarm(id, .once(date: F.day(2026, 11, 21), time: F.time(7, 0)))])
        _ = e.evaluate(now: seven)
        let effects = e.silenceForSleep(now: seven + 30)
        #expect(effects.contains(.silence(alarmID: id, reason: .sleep)))
        #expect(effects.missed.map(\.reason) == [.sleep])
        #expect(effects.contains(.disableAlarm(id)))
        #expect(e.ringing.isEmpty)
    }

    // MARK: nextWake

    @Test func nextWakeIsTheEarliestOfTriggersSnoozesAndTimeouts() throws {
        let a = daily(7, 0, id: "aaaa0001")
        let b = daily(7, 3, id: "aaaa0002")
        let e = engine([a, b])
        #expect(e.nextWake(now: seven - 3600) == seven)
        _ = e.evaluate(now: seven)  // a rings until 07:05
        #expect(e.nextWake(now: seven) == seven + 180)  // b's trigger comes first
        _ = e.evaluate(now: seven + 180)  // b rings until 07:08
        #expect(e.nextWake(now: seven + 180) == seven + 300)  // a's ring timeout
        _ = try e.snooze("aaaa0001", minutes: 1, now: seven + 200)
        #expect(e.nextWake(now: seven + 200) == seven + 260)  // a's snooze end
        // Nothing enabled: no wake.
        #expect(engine([F.alarm(id, F.everyDay(7, 0), enabled: false)]).nextWake(now: seven) == nil)
    }

    @Test("asked after the alarm came due, the next wake is that occurrence, not tomorrow's")
    func nextWakeAskedLateKeepsWhatCameDue() {
        // The runtime decides at 06:59:59 and arms its timer after saving and showing: at 07:00:00
        // or later, the 07:00 occurrence is due and not handled yet. Armed in the past, it fires at once.
        let e = engine([daily()])
        _ = e.evaluate(now: seven - 1)
        #expect(e.nextWake(now: seven - 1) == seven)
        #expect(e.nextWake(now: seven) == seven)
        #expect(e.nextWake(now: seven + 2) == seven)
        let late = e.evaluate(now: seven + 2)
        #expect(late.rings.map(\.due) == [seven])
        #expect(e.nextWake(now: seven + 2) == seven + 2 + 300)  // its ring timeout, the ring handled
        #expect(e.nextWake(now: seven + 9) == seven + 2 + 300)
        // A one-time timer the same way: never passed over.
        let timer = engine([F.alarm(id, .timer(fireAt: seven, duration: 60), created: "2026-11-21T03:59:00Z")])
        _ = timer.evaluate(now: seven - 1)
        #expect(timer.nextWake(now: seven + 1) == seven)
        #expect(timer.evaluate(now: seven + 1).rings.count == 1)
        // Before any evaluation (nothing decided yet), the next occurrence after now.
        #expect(engine([daily()]).nextWake(now: seven + 2) == seven + 86_400)
    }

    @Test("an occurrence left before a skipped one wakes the engine once, not again and again")
    func nextWakeDoesNotLoopOnWhatEvaluationLeaves() {
        // Not evaluated from 06:00 to 08:00 the next day, whose ring is skipped: that skipped ring
        // stands for its turn, so the day before's is not due either. Asked late, the engine wakes
        // for the earlier one once; once evaluated, it looks after now again.
        var a = daily()
        a.skippedDays = [F.day(2026, 11, 22)]
        let e = engine([a])
        _ = e.evaluate(now: seven - 3600)
        let nextDay = seven + 86_400
        #expect(e.nextWake(now: nextDay + 3600) == seven)
        #expect(e.evaluate(now: nextDay + 3600).isEmpty)
        #expect(e.nextWake(now: nextDay + 3600) == nextDay + 86_400)
    }

    @Test func firstStartReportsOnlyTheLatestOccurrenceMissedSinceTheAlarmWasSet() {
        // Set in January, agent never ran: at its first start only yesterday's 07:00 is reported, once.
        let e = engine([F.alarm(id, F.everyDay(7, 0))])
        let effects = e.evaluate(now: seven - 3600)
        #expect(effects.missed == [MissedAlarm(alarmID: id, label: "alarm \(id)", due: seven - 86_400, reason: .tooLate)])
        #expect(e.evaluate(now: seven - 1800).isEmpty)
        #expect(e.evaluate(now: seven).rings.count == 1)
    }

    @Test func disabledAlarmsNeverRing() {
        let e = engine([F.alarm(id, F.everyDay(7, 0), enabled: false)])
        #expect(e.evaluate(now: seven).isEmpty)
        #expect(e.evaluate(now: seven + 60).isEmpty)
    }

    @Test func agentStateCodingRejectsNewerAndDamagedFiles() throws {
        #expect(throws: DocumentDecodingError.self) {
            try AgentStateCoding.decode(try JSONParser.parse(#"{"schemaVersion": 2, "handled": {}}"#))
        }
        // A damaged entry is set aside (and reported), not the whole state: see AgentStateSalvageTests.
        let salvaged = try AgentStateCoding.decodeSalvaging(try JSONParser.parse(#"{"handled": {"a1b2c3d4": "yesterday"}}"#))
        #expect(salvaged.state.handled.isEmpty && salvaged.problems == ["handled.a1b2c3d4: expected an instant in 2000–2199"])
        var s = AgentState()
        s.alarms.markHandled("x", at: seven)
        s.alarms.setSnooze("y", Snooze(until: seven + 600, due: seven, count: 3))
        s.pausedUntil = seven + 7200
        #expect(try persisted(s) == s)
    }
}
