// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// The agent's one scheduler: alarms and habit reminders composed, driven with an injected "now".
/// 2026-11-21 is a Saturday; Moscow is UTC+3, so 07:00 there is 04:00Z.
@Suite(.timeLimit(.minutes(1)))
struct AgentSchedulerTests {
    typealias F = CoreFixtures
    typealias H = HabitFixture

    let seven = CoreFixtures.at("2026-11-21T04:00:00Z")
    let id = "a1b2c3d4"
    let habitID = "0a0a0a0a"

    func daily(_ h: Int = 7, _ m: Int = 0, id: String? = nil, label: String = "Подъём") -> Alarm {
        F.alarm(id ?? self.id, F.everyDay(h, m), label: label, created: "2026-11-20T12:00:00Z")
    }

    /// A habit with a 08:00 reminder, defined long ago.
    func reading(_ entries: [String: String] = [:], archived: Bool = false) -> Habit {
        H.habit(start: "2026-11-01", reminders: ["08:00"], archived: archived, entries)
    }

    func document(_ alarms: [Alarm] = [], habits: [Habit] = [], configure: (inout Settings) -> Void = { _ in }) -> StoreDocument {
        var d = F.document(alarms, configure: configure)
        d.habits = habits
        return d
    }

    func scheduler(_ doc: StoreDocument, state: AgentState = AgentState()) -> AgentScheduler {
        AgentScheduler(document: doc, state: state, zone: F.moscow)
    }

    /// The state as a restarted agent reads it: JSON text and back.
    func persisted(_ s: AgentState) throws -> AgentState {
        try AgentStateCoding.decode(try JSONParser.parse(JSONWriter.pretty(AgentStateCoding.encode(s))))
    }

    var eight: Instant { seven + 3600 }

    // MARK: alarms

    @Test func ringsOnceSavingFirst() throws {
        let s = scheduler(document([daily()]))
        #expect(s.handle(.started, now: seven - 60).nothingShown)
        #expect(s.nextWake(now: seven - 60) == seven)
        let effects = s.handle(.timePassed, now: seven)
        #expect(effects.stateChanged)
        let r = try #require(effects.rings.first)
        #expect(effects.effects.count == 1)
        #expect(r.alarmID == id && r.due == seven && !r.isLate)
        #expect(s.ringing[id] == r)
        #expect(s.state.alarms[id].state == .ringing(r))
        // Time passing, a clock step, a resume: never twice.
        #expect(s.handle(.timePassed, now: seven + 1).isEmpty)
        #expect(s.handle(.clockChanged, now: seven + 2).isEmpty)
        #expect(s.handle(.resumed, now: seven + 3).isEmpty)
        // The next wake is the ring's timeout (5 minutes), not tomorrow.
        #expect(s.nextWake(now: seven + 3) == seven + 300)
    }

    @Test func unansweredRingTimesOutAsMissed() {
        let s = scheduler(document([daily()]))
        _ = s.handle(.timePassed, now: seven)
        let effects = s.handle(.timePassed, now: seven + 300)
        #expect(effects.contains(.silence(alarmID: id, reason: .unanswered)))
        #expect(effects.missed.map(\.reason) == [.unanswered])
        #expect(s.ringing.isEmpty)
        #expect(s.state.alarms[id].isReady)
        #expect(s.nextWake(now: seven + 300) == seven + 86_400)
    }

    @Test func snoozeThenRingAgainThenStop() throws {
        let s = scheduler(document([daily()]))
        _ = s.handle(.timePassed, now: seven)
        let snoozed = try s.perform(.snooze(alarmID: id, minutes: nil), now: seven + 30)
        let until = seven + 30 + 600
        #expect(snoozed.stateChanged)
        #expect(snoozed.contains(.silence(alarmID: id, reason: .snoozed(until: until))))
        #expect(s.state.alarms[id].state == .snoozed(Snooze(until: until, due: seven, count: 1)))
        #expect(s.nextWake(now: seven + 30) == until)
        #expect(s.handle(.timePassed, now: until - 1).isEmpty)

        let again = s.handle(.timePassed, now: until)
        let r = try #require(again.rings.first)
        // Still "due 07:00", not late: it rings when the snooze said it would.
        #expect(r.due == seven && r.snoozeCount == 1 && !r.isLate)

        let stopped = try s.perform(.stop(alarmID: id), now: until + 5)
        #expect(stopped.stateChanged)
        #expect(stopped.contains(.silence(alarmID: id, reason: .stopped)))
        #expect(s.state.alarms[id].isReady)
        #expect(s.state.handled[id] == seven)
    }

    @Test func snoozeMinutesOverrideAndStopCancelsASnooze() throws {
        let s = scheduler(document([daily()]))
        _ = s.handle(.timePassed, now: seven)
        _ = try s.perform(.snooze(alarmID: id, minutes: 3), now: seven)
        #expect(s.state.snoozes[id]?.until == seven + 180)
        let effects = try s.perform(.stop(alarmID: id), now: seven + 60)
        #expect(effects == AgentDecision(stateChanged: true))  // nothing rang, so nothing to silence
        #expect(s.state.snoozes.isEmpty)
        #expect(s.nextWake(now: seven + 60) == seven + 86_400)
    }

    @Test func wrongActionsThrowAndChangeNothing() throws {
        let s = scheduler(document([daily()]))
        _ = s.handle(.timePassed, now: seven - 10)
        let before = s.state
        #expect(throws: EngineError.notRinging(id)) { try s.perform(.snooze(alarmID: id, minutes: nil), now: seven - 5) }
        #expect(throws: EngineError.notRingingOrSnoozed(id)) { try s.perform(.stop(alarmID: id), now: seven - 5) }
        #expect(throws: EngineError.unknownAlarm("ffffffff")) { try s.perform(.stop(alarmID: "ffffffff"), now: seven - 5) }
        #expect(s.state == before)
    }

    @Test func lateWithinTheWindowRingsMarkedLateOutsideIsMissed() throws {
        // Asleep through 07:00, back at 07:10: inside the 15-minute window, rings marked late.
        let s = scheduler(document([daily()]))
        let r = try #require(s.handle(.resumed, now: seven + 600).rings.first)
        #expect(r.isLate && r.due == seven)

        // Back at 07:20: missed, reported once, never rung.
        let t = scheduler(document([daily()]))
        let effects = t.handle(.resumed, now: seven + 1200)
        #expect(effects.rings.isEmpty)
        #expect(effects.missed.map(\.reason) == [.tooLate])
        #expect(effects.stateChanged)
        #expect(t.handle(.timePassed, now: seven + 1300).isEmpty)
    }

    @Test func aRingCutShortByACrashRingsOnForTheRestOfItsDuration() throws {
        let s = scheduler(document([daily()]))
        let r = try #require(s.handle(.timePassed, now: seven).rings.first)
        // kill -9 at 07:00:20; the new agent starts at 07:01.
        let restarted = scheduler(document([daily()]), state: try persisted(s.state))
        #expect(restarted.ringing[id] == r)
        let effects = restarted.handle(.started, now: seven + 60)
        #expect(effects == AgentDecision(effects: [.ring(r)]), "rings on, same occurrence, nothing to save")
        #expect(effects.rings.first?.endsAt == seven + 300, "only for what is left of its 5 minutes")
        #expect(restarted.nextWake(now: seven + 60) == seven + 300)
        // Unanswered to the end: reported once, as any ring.
        let end = restarted.handle(.timePassed, now: seven + 300)
        #expect(end.missed.map(\.reason) == [.unanswered])
        #expect(restarted.handle(.timePassed, now: seven + 301).isEmpty)
    }

    @Test func aRingCutShortWhoseDurationRanOutIsReportedOnceAsMissed() throws {
        let s = scheduler(document([daily()]))
        _ = s.handle(.timePassed, now: seven)
        let restarted = scheduler(document([daily()]), state: try persisted(s.state))
        let effects = restarted.handle(.started, now: seven + 301)
        #expect(effects.stateChanged)
        #expect(effects.rings.isEmpty)
        #expect(effects.missed.map(\.reason) == [.interrupted])
        #expect(effects.missed.map(\.due) == [seven])
        #expect(restarted.ringing.isEmpty)
        // A second restart reports nothing more.
        let again = scheduler(document([daily()]), state: try persisted(restarted.state))
        #expect(again.handle(.started, now: seven + 400).isEmpty)
        #expect(again.nextWake(now: seven + 400) == seven + 86_400)
    }

    @Test func aOneTimeRingCutShortAndRunOutIsSwitchedOff() throws {
        let once = F.alarm(
            id, .once(date: F.day(2026, 11, 21), time: F.time(7, 0)), label: "Поезд",
            created: "2026-11-20T12:00:00Z")
        let s = scheduler(document([once]))
        #expect(s.handle(.timePassed, now: seven).rings.count == 1)
        let restarted = scheduler(document([once]), state: try persisted(s.state))
        let effects = restarted.handle(.started, now: seven + 3600)
        #expect(effects.missed.map(\.reason) == [.interrupted])
        #expect(effects.contains(.disableAlarm(id)))
    }

    @Test func aStoppedOrSnoozedRingNeverRingsTwiceAfterARestart() throws {
        let s = scheduler(document([daily(), daily(id: "b1b2c3d4", label: "Второй")]))
        #expect(s.handle(.timePassed, now: seven).rings.count == 2)
        _ = try s.perform(.stop(alarmID: id), now: seven + 10)
        _ = try s.perform(.snooze(alarmID: "b1b2c3d4", minutes: 5), now: seven + 10)
        let restarted = scheduler(document([daily(), daily(id: "b1b2c3d4", label: "Второй")]), state: try persisted(s.state))
        #expect(restarted.ringing.isEmpty)
        #expect(restarted.handle(.started, now: seven + 20).isEmpty)
        // The snooze rings once at its end, and only then.
        #expect(restarted.handle(.timePassed, now: seven + 310).rings.map(\.alarmID) == ["b1b2c3d4"])
    }

    @Test func aRingCutShortForAnAlarmDeletedMeanwhileIsDropped() throws {
        let s = scheduler(document([daily()]))
        _ = s.handle(.timePassed, now: seven)
        let restarted = scheduler(document([]), state: try persisted(s.state))
        let effects = restarted.handle(.started, now: seven + 30)
        #expect(effects == AgentDecision(stateChanged: true))
        #expect(restarted.ringing.isEmpty && restarted.nextWake(now: seven + 30) == nil)
    }

    @Test func ringNotificationsArePersistedForTheSuccessor() throws {
        let s = scheduler(document([daily()]))
        _ = s.handle(.timePassed, now: seven)
        #expect(s.noteRingNotifications(RingNotifications(server: ":1.42", ids: [id: 17])))
        #expect(!s.noteRingNotifications(RingNotifications(server: ":1.42", ids: [id: 17])), "unchanged: no save")
        let restarted = scheduler(document([daily()]), state: try persisted(s.state))
        #expect(restarted.ringNotifications == RingNotifications(server: ":1.42", ids: [id: 17]))
        #expect(restarted.noteRingNotifications(RingNotifications()))
        #expect(try persisted(restarted.state).ringNotifications.isEmpty)
    }

    @Test func snoozeSurvivesARestart() throws {
        let s = scheduler(document([daily()]))
        _ = s.handle(.timePassed, now: seven)
        _ = try s.perform(.snooze(alarmID: id, minutes: nil), now: seven)
        let restarted = scheduler(document([daily()]), state: try persisted(s.state))
        #expect(restarted.state.snoozes[id] == Snooze(until: seven + 600, due: seven, count: 1))
        #expect(restarted.handle(.started, now: seven + 60).isEmpty)
        #expect(restarted.handle(.timePassed, now: seven + 600).rings.map(\.snoozeCount) == [1])
    }

    @Test func pauseReportsInsteadOfRingingUntilResumed() throws {
        let s = scheduler(document([daily(), daily(9, 0, id: "b1b2c3d4")]))
        let paused = try s.perform(.pause(until: seven + 1800), now: seven - 60)
        #expect(paused == AgentDecision(stateChanged: true))
        #expect(s.state.pausedUntil == seven + 1800)
        let effects = s.handle(.timePassed, now: seven)
        #expect(effects.rings.isEmpty)
        #expect(effects.missed.map(\.reason) == [.paused])
        // The pause ends by itself at its instant …
        #expect(s.nextWake(now: seven) == seven + 1800)
        _ = s.handle(.timePassed, now: seven + 1800)
        #expect(s.state.pausedUntil == nil)
        // … and a resume lifts it early.
        _ = try s.perform(.pause(until: seven + 4 * 3600), now: seven + 1900)
        _ = try s.perform(.pause(until: nil), now: seven + 2000)
        #expect(s.handle(.timePassed, now: seven + 7200).rings.map(\.alarmID) == ["b1b2c3d4"])
    }

    @Test func clockSteppedBackDoesNotRingTwiceForwardRingsOnce() {
        let s = scheduler(document([daily()]))
        #expect(s.handle(.timePassed, now: seven).rings.count == 1)
        _ = try? s.perform(.stop(alarmID: id), now: seven + 10)
        // NTP steps the clock back an hour: 07:00 comes again but was handled.
        #expect(s.handle(.clockChanged, now: seven - 3600).isEmpty)
        #expect(s.handle(.timePassed, now: seven).isEmpty)
        // Stepped forward by a day: tomorrow's 07:00 rings once.
        #expect(s.handle(.clockChanged, now: seven + 86_400 + 5).rings.map(\.due) == [seven + 86_400])
    }

    @Test func sleepSilencesWhatRings() throws {
        let s = scheduler(document([daily()]))
        _ = s.handle(.timePassed, now: seven)
        let effects = s.handle(.goingToSleep, now: seven + 20)
        #expect(effects.contains(.silence(alarmID: id, reason: .sleep)))
        #expect(effects.missed.map(\.reason) == [.sleep])
        #expect(effects.stateChanged, "saved before the sleep inhibitor is released")
        #expect(s.ringing.isEmpty)
        #expect(try persisted(s.state).alarms.ringing.isEmpty, "not rung on after resume or a restart")
        #expect(s.handle(.resumed, now: seven + 40).isEmpty)
    }

    @Test func documentChangeWithdrawsDeletedAndDisabledAlarms() {
        let s = scheduler(document([daily()]))
        _ = s.handle(.timePassed, now: seven)
        var off = daily()
        off.enabled = false
        let effects = s.handle(.documentChanged(document([off]), zone: F.moscow), now: seven + 10)
        #expect(effects.contains(.silence(alarmID: id, reason: .withdrawn)))
        #expect(s.ringing.isEmpty)
        let gone = s.handle(.documentChanged(document([]), zone: F.moscow), now: seven + 20)
        #expect(gone == AgentDecision(stateChanged: true))  // its handled occurrence is forgotten
        #expect(s.state.alarms.tracks.isEmpty)
        #expect(s.nextWake(now: seven + 20) == nil)
    }

    @Test func oneTimeAlarmIsDisabledAfterItsRing() throws {
        let once = F.alarm(id, .once(date: F.day(2026, 11, 21), time: F.time(7, 0)), created: "2026-11-20T12:00:00Z")
        let s = scheduler(document([once]))
        _ = s.handle(.timePassed, now: seven)
        let effects = try s.perform(.stop(alarmID: id), now: seven + 5)
        #expect(effects.contains(.disableAlarm(id)))
    }

    // MARK: habit reminders

    @Test func habitReminderShownOnceAndWakeIsTheEarliestOfBoth() throws {
        let s = scheduler(document([daily(9, 0)], habits: [reading()]))
        // Yesterday's 08:00 is long past at the first start: dropped, not shown.
        #expect(s.handle(.started, now: seven).shownReminders.isEmpty)
        #expect(s.nextWake(now: seven) == eight)  // habit 08:00 before the alarm's 09:00
        let effects = s.handle(.timePassed, now: eight)
        #expect(effects.stateChanged)
        let r = try #require(effects.shownReminders.first)
        #expect(r.habitID == habitID && r.due == eight && !r.isLate)
        #expect(s.openReminders[habitID] == r)
        #expect(s.handle(.timePassed, now: eight + 5).isEmpty)
        #expect(s.nextWake(now: eight + 5) == seven + 2 * 3600)
    }

    @Test func doneAndSkipRecordTheRemindersDayAndClose() throws {
        for (answer, action) in [(HabitAnswer.done, HabitCheckIn.Action.done), (.skip, .skip)] {
            let s = scheduler(document(habits: [reading()]))
            let r = try #require(s.handle(.timePassed, now: eight).shownReminders.first)
            let effects = try s.perform(.answer(answer, to: r), now: eight + 60)
            #expect(
                effects
                    == AgentDecision(
                        stateChanged: true,
                        effects: [
                            .recordHabit(action, habitID: habitID, day: H.day("2026-11-21")), .closeHabitReminder(habitID: habitID),
                        ]))
            #expect(s.openReminders.isEmpty)
        }
    }

    @Test func laterShowsTheReminderAgainAfterTheSettingsMinutes() throws {
        let s = scheduler(document(habits: [reading()]) { $0.habitLaterMinutes = 30 })
        let r = try #require(s.handle(.timePassed, now: eight).shownReminders.first)
        let effects = try s.perform(.answer(.later, to: r), now: eight + 60)
        #expect(effects == AgentDecision(stateChanged: true, effects: [.closeHabitReminder(habitID: habitID)]))
        #expect(s.state.habitReminders.later[habitID]?.until == eight + 60 + 1800)
        #expect(s.nextWake(now: eight + 60) == eight + 60 + 1800)
        let again = try #require(s.handle(.timePassed, now: eight + 60 + 1800).shownReminders.first)
        #expect(again.isPostponed && again.due == eight)
    }

    @Test func laterSurvivesARestart() throws {
        let s = scheduler(document(habits: [reading()]))
        let r = try #require(s.handle(.timePassed, now: eight).shownReminders.first)
        _ = try s.perform(.answer(.later, to: r), now: eight)
        let restarted = scheduler(document(habits: [reading()]), state: try persisted(s.state))
        #expect(restarted.handle(.started, now: eight + 10).isEmpty)  // neither the 08:00 again …
        #expect(restarted.nextWake(now: eight + 10) == eight + 1800)
        #expect(restarted.handle(.timePassed, now: eight + 1800).shownReminders.map(\.isPostponed) == [true])  // … nor a lost Later
    }

    @Test func anUnansweredReminderLeftOnScreenByADeadAgentIsShownAgain() throws {
        let s = scheduler(document(habits: [reading()]))
        let r = try #require(s.handle(.timePassed, now: eight).shownReminders.first)
        // The runtime reports it on screen; then the agent dies (kill -9) and a new one starts.
        #expect(s.noteRingNotifications(RingNotifications(server: ":1.9", reminders: [habitID: 12])))
        let restarted = scheduler(document(habits: [reading()]), state: try persisted(s.state))
        #expect(restarted.ringNotifications.reminders == [habitID: 12])  // for the runtime to close
        #expect(restarted.handle(.started, now: eight + 600).shownReminders == [r])  // due 08:00, as before
        #expect(restarted.openReminders[habitID] == r)
        // Answered now, it stays answered across the next restart.
        _ = try restarted.perform(.answer(.done, to: r), now: eight + 700)
        let third = scheduler(document(habits: [reading(["2026-11-21": "done"])]), state: try persisted(restarted.state))
        #expect(third.handle(.started, now: eight + 800).shownReminders.isEmpty)
    }

    @Test func aDismissedOrSettledReminderIsNotBroughtBackAtStart() throws {
        // Dismissed: no longer on screen when the agent died.
        let s = scheduler(document(habits: [reading()]))
        _ = try #require(s.handle(.timePassed, now: eight).shownReminders.first)
        let dismissed = scheduler(document(habits: [reading()]), state: try persisted(s.state))
        #expect(dismissed.handle(.started, now: eight + 600).shownReminders.isEmpty)
        #expect(dismissed.openReminders.isEmpty)
        // On screen, but the day was logged from the CLI while no agent ran.
        #expect(s.noteRingNotifications(RingNotifications(server: ":1.9", reminders: [habitID: 12])))
        let settled = scheduler(document(habits: [reading(["2026-11-21": "skip"])]), state: try persisted(s.state))
        #expect(settled.handle(.started, now: eight + 600).shownReminders.isEmpty)
        #expect(settled.openReminders.isEmpty)
    }

    @Test func aReminderSettledElsewhereIsClosed() throws {
        let s = scheduler(document(habits: [reading()]))
        _ = try #require(s.handle(.timePassed, now: eight).shownReminders.first)
        // Marked done from the CLI: the document changes, the reminder goes.
        let done = s.handle(.documentChanged(document(habits: [reading(["2026-11-21": "done"])]), zone: F.moscow), now: eight + 90)
        #expect(done.contains(.closeHabitReminder(habitID: habitID)))
        #expect(s.openReminders.isEmpty)
        // Archived and deleted habits close too.
        let t = scheduler(document(habits: [reading()]))
        _ = t.handle(.timePassed, now: eight)
        #expect(
            t.handle(.documentChanged(document(habits: [reading(archived: true)]), zone: F.moscow), now: eight + 5)
                .contains(.closeHabitReminder(habitID: habitID)))
    }

    @Test func aReminderTooLateIsDroppedNotShown() {
        let s = scheduler(document(habits: [reading()]))
        let effects = s.handle(.resumed, now: eight + 3600)
        #expect(effects.shownReminders.isEmpty)
        #expect(
            effects.effects.contains {
                if case .dropHabitReminder(let r) = $0 { return r.due == eight }
                return false
            })
        #expect(effects.stateChanged)
    }

    @Test func alarmAndReminderAtOnceSaveOnce() {
        let s = scheduler(document([daily(8, 0)], habits: [reading()]))
        let effects = s.handle(.timePassed, now: eight)
        #expect(effects.stateChanged)
        #expect(effects.rings.count == 1 && effects.shownReminders.count == 1 && effects.effects.count == 2)
    }

    // MARK: the state file

    @Test func stateFileOfEarlierVersionsStillLoads() throws {
        // Written by the agent before the scheduler existed (schema 1).
        let text = #"""
            {"schemaVersion": 1,
             "handled": {"a1b2c3d4": "2026-11-21T04:00:00Z", "b1b2c3d4": "2026-11-20T04:00:00Z"},
             "snoozes": {"a1b2c3d4": {"until": "2026-11-21T04:10:00Z", "due": "2026-11-21T04:00:00Z", "count": 2}},
             "pausedUntil": "2026-11-21T09:00:00Z",
             "habitReminders": {"handled": {"0a0a0a0a@08:00": "2026-11-21T05:00:00Z"}, "later": {}}}
            """#
        let s = try AgentStateCoding.decode(try JSONParser.parse(text))
        #expect(s.alarms[id] == AlarmTrack(state: .snoozed(Snooze(until: seven + 600, due: seven, count: 2)), handled: seven))
        #expect(s.alarms["b1b2c3d4"] == AlarmTrack(state: .ready, handled: seven - 86_400))
        #expect(s.pausedUntil == F.at("2026-11-21T09:00:00Z"))
        #expect(s.habitReminders.handled["0a0a0a0a@08:00"] == eight)
        // And is written back in the same shape.
        let again = JSONWriter.pretty(AgentStateCoding.encode(s))
        #expect(try AgentStateCoding.decode(try JSONParser.parse(again)) == s)
        #expect(again.contains(#""snoozes""#) && again.contains(#""handled""#))
        #expect(s.alarms.ringing.isEmpty && s.ringNotifications.isEmpty)
    }

    @Test func damagedRingingEntriesAreDroppedNotFatal() throws {
        let text = #"""
            {"schemaVersion": 1, "handled": {"a1b2c3d4": "2026-11-21T04:00:00Z", "b1b2c3d4": "2026-11-21T04:00:00Z"},
             "ringing": {"a1b2c3d4": {"label": "Подъём", "due": "2026-11-21T04:00:00Z", "startedAt": "2026-11-21T04:00:00Z",
                                      "endsAt": "2026-11-21T04:05:00Z", "late": false, "snoozeCount": 0, "snoozeMinutes": 10,
                                      "sound": "alarm-clock-elapsed", "oneTime": false},
                         "b1b2c3d4": {"label": "x", "due": "garbage"},
                         "c1c2c3c4": {"label": "x", "due": "2026-11-21T04:00:00Z", "startedAt": "2026-11-21T04:00:00Z",
                                      "endsAt": "2126-11-21T04:05:00Z", "snoozeMinutes": 10, "sound": ""}},
             "notifications": {"server": ":1.9", "ids": {"a1b2c3d4": 5, "b1b2c3d4": -1, "c1c2c3c4": 99999999999}}}
            """#
        let s = try AgentStateCoding.decode(try JSONParser.parse(text))
        #expect(s.alarms.ringing.keys.sorted() == [id], "bad instant and a ring of a century are dropped")
        #expect(s.alarms[id].ringing?.endsAt == seven + 300)
        #expect(s.alarms["b1b2c3d4"] == AlarmTrack(state: .ready, handled: seven), "its handled occurrence is kept")
        #expect(s.ringNotifications == RingNotifications(server: ":1.9", ids: [id: 5]))
    }
}

extension AgentDecision {
    /// Nothing decided: no effect, and nothing to save.
    var isEmpty: Bool { !stateChanged && effects.isEmpty }
    /// Nothing rings and nothing is reported; the state may be saved (an alarm's version taken in).
    var nothingShown: Bool { effects.isEmpty }
    func contains(_ effect: AgentEffect) -> Bool { effects.contains(effect) }
    var rings: [RingingAlarm] {
        effects.compactMap {
            if case .ring(let r) = $0 { return r }
            return nil
        }
    }
    var missed: [MissedAlarm] {
        effects.flatMap { e -> [MissedAlarm] in
            if case .reportMissed(let m) = e { return m }
            return []
        }
    }
    var shownReminders: [HabitReminder] {
        effects.compactMap {
            if case .showHabitReminder(let r) = $0 { return r }
            return nil
        }
    }
}
