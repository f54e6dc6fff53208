// SPDX-License-Identifier: GPL-3.0-or-later
import GLibSupport
import MoscowTimeDesktop
import Testing

@testable import MoscowTimeAgent
@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// The agent's presenters against an in-memory notification server and sound backend: what is
/// shown, with which buttons and markup, which sounds play and stop, and where answers go.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct PresenterTests {
    let zone = Zone(identifier: "Europe/Moscow")!
    /// 07:00 in Moscow on Saturday 2026-11-21.
    let seven = ISO8601.parse("2026-11-21T04:00:00Z")!

    func ring(_ id: String = "a1b2c3d4", label: String = "Подъём <b>&</b>", sound: String = "alarm-clock-elapsed") -> RingingAlarm {
        RingingAlarm(
            alarmID: id, label: label, due: seven, startedAt: seven, endsAt: seven + 300, isLate: false,
            snoozeCount: 0, snoozeMinutes: 10, sound: sound)
    }

    struct Rig {
        let server: FakeNotificationServer
        let sound: FakeSoundPlayer
        let factory: NotificationFactory
        let alarms: RingPresenter
        let habits: HabitReminderPresenter
    }

    func rig(caps: [String] = ["actions", "body", "body-markup"]) -> Rig {
        let server = FakeNotificationServer(caps: caps)
        let sound = FakeSoundPlayer()
        let keys = SoundKeys()
        let factory = NotificationFactory(server: server)
        let text = AlarmNotificationText(Localizer(.en), zone: zone)
        return Rig(
            server: server, sound: sound, factory: factory,
            alarms: RingPresenter(
                notifier: server, sound: sound, soundKeys: keys, factory: factory, text: text,
                clock: FixedClock(instant: seven)),
            habits: HabitReminderPresenter(notifier: server, sound: sound, soundKeys: keys, factory: factory))
    }

    // MARK: alarms

    @Test func ringShowsACriticalNotificationWithButtonsAndLoopsTheSound() throws {
        let r = rig()
        r.alarms.ring(ring())
        let n = try #require(r.server.onScreen.first)
        #expect(r.server.onScreen.count == 1)
        #expect(n.content.summary == "Подъём <b>&</b>")  // the summary is never markup
        #expect(n.content.urgency == .critical)
        #expect(n.content.category == NotificationFactory.alarmCategory)
        #expect(n.content.expireTimeoutMs == 0)
        #expect(n.content.suppressSound)
        // Exactly two buttons: no `default` action, which some servers draw as a third button.
        #expect(n.actionIDs == ["snooze", "stop"])
        #expect(n.content.actions.map(\.label) == ["Snooze", "Stop"])
        #expect(n.content.body.hasSuffix("\nSnooze: 10 min"))
        #expect(n.content.imagePath == nil)  // no icon files given to this factory
        #expect(Array(r.sound.looping.values) == [.themeSound("alarm-clock-elapsed")])
    }

    @Test func theSoundRisesOverTheAlarmsRampAndZeroMeansFullAtOnce() throws {
        let r = rig()
        let gentle = RingingAlarm(
            alarmID: "a1b2c3d4", label: "Gentle", due: seven, startedAt: seven, endsAt: seven + 300, isLate: false,
            snoozeCount: 0, snoozeMinutes: 10, sound: "alarm-clock-elapsed", rampSeconds: 45)
        let sudden = RingingAlarm(
            alarmID: "b1b2c3d4", label: "Sudden", due: seven, startedAt: seven, endsAt: seven + 300, isLate: false,
            snoozeCount: 0, snoozeMinutes: 10, sound: "alarm-clock-elapsed", rampSeconds: 0)
        r.alarms.ring(gentle)
        r.alarms.ring(sudden)
        let ramps = Array(r.sound.ramps.values)
        #expect(ramps.count == 2)
        #expect(ramps.contains(VolumeRamp(durationMs: 45_000)))
        #expect(ramps.contains(nil))
    }

    @Test func bodyIsEscapedOnlyForServersThatReadMarkup() throws {
        let missed = [MissedAlarm(alarmID: "a1", label: "Чай <i>&</i>", due: seven, reason: .tooLate)]
        let markup = rig()
        markup.alarms.reportMissed(missed)
        let plain = rig(caps: ["actions", "body"])
        plain.alarms.reportMissed(missed)
        let escaped = try #require(markup.server.onScreen.first).content.body
        let raw = try #require(plain.server.onScreen.first).content.body
        #expect(raw.contains("Чай <i>&</i>"))
        #expect(escaped.contains("Чай &lt;i&gt;&amp;&lt;/i&gt;"))
        #expect(escaped == Markup.escape(raw))
        #expect(Markup.escape("a <b> & \"c\"") == "a &lt;b&gt; &amp; &quot;c&quot;")
    }

    @Test func withoutButtonsTheBodySaysHowToAnswerFromTheCLI() throws {
        let r = rig(caps: ["body"])
        r.alarms.ring(ring())
        let n = try #require(r.server.onScreen.first)
        #expect(n.actionIDs.isEmpty)
        #expect(n.content.body.contains("agent-cli snooze a1b2c3d4"))
        #expect(n.content.body.contains("agent-cli stop a1b2c3d4"))
    }

    @Test func silenceClosesTheNotificationAndStopsItsSound() throws {
        let r = rig()
        r.alarms.ring(ring("a1"))
        r.alarms.ring(ring("b2", sound: "/home/u/bell.oga"))
        #expect(r.sound.looping.count == 2)
        let keyB = try #require(r.sound.looping.first { $0.value == .file("/home/u/bell.oga") }?.key)
        r.alarms.silence("b2")
        #expect(r.sound.stopped == [keyB])
        #expect(Array(r.sound.looping.values) == [.themeSound("alarm-clock-elapsed")])
        #expect(r.server.onScreen.map(\.content.summary) == ["Подъём <b>&</b>"])
        #expect(r.alarms.ringingIDs == ["a1"])
    }

    @Test func shownRingNotificationsAreReportedForTheStateFile() throws {
        let r = rig()
        var changes = 0
        r.alarms.onShownChanged = { changes += 1 }
        #expect(r.alarms.shownNotifications().isEmpty)
        r.alarms.ring(ring("a1"))
        r.alarms.ring(ring("b2"))
        #expect(changes == 2)
        #expect(r.alarms.shownNotifications() == RingNotifications(server: ":1.7", ids: ["a1": 1, "b2": 2]))
        r.alarms.silence("a1")
        #expect(changes == 3)
        #expect(r.alarms.shownNotifications() == RingNotifications(server: ":1.7", ids: ["b2": 2]))
        r.alarms.closeAll()
        #expect(r.alarms.shownNotifications().isEmpty)
    }

    @Test func leftoversOfADeadAgentAreClosedOnTheirOwnServer() {
        let r = rig()
        r.alarms.closeLeftovers(RingNotifications(server: ":1.3", ids: ["b2": 9, "a1": 4], reminders: ["h1": 6]))
        #expect(r.server.leftoverCloses.map(\.id) == [4, 9, 6])
        #expect(r.server.leftoverCloses.allSatisfy { $0.server == ":1.3" })
        // Nothing known of the server: nothing is closed (ids are only meaningful to their server).
        r.alarms.closeLeftovers(RingNotifications(server: "", ids: ["a1": 4]))
        #expect(r.server.leftoverCloses.count == 3)
    }

    @Test func onlyStopStopsADismissalSnoozesByDefault() throws {
        let r = rig()
        var snoozed: [String] = []
        var stopped: [String] = []
        r.alarms.onSnooze = { snoozed.append($0) }
        r.alarms.onStop = { stopped.append($0) }
        for id in ["a1", "b2", "c3"] { r.alarms.ring(ring(id)) }
        let shown = r.server.onScreen
        shown[0].press("snooze")
        shown[1].serverCloses(.dismissed)  // closed, or a click on the body: half asleep, perhaps
        shown[2].press("stop")
        #expect(snoozed == ["a1", "b2"])
        #expect(stopped == ["c3"])
    }

    @Test func withDismissStopADismissalStops() throws {
        let r = rig()
        r.alarms.dismiss = .stop
        var snoozed: [String] = []
        var stopped: [String] = []
        r.alarms.onSnooze = { snoozed.append($0) }
        r.alarms.onStop = { stopped.append($0) }
        for id in ["a1", "b2"] { r.alarms.ring(ring(id)) }
        let shown = r.server.onScreen
        shown[0].press("snooze")
        shown[1].serverCloses(.dismissed)
        #expect(snoozed == ["a1"])
        #expect(stopped == ["b2"])
    }

    @Test func notificationsCarryTheIconFileAsTheirImage() throws {
        let server = FakeNotificationServer(caps: ["actions", "body"])
        let icons = IconFiles(themePath: "/src/data/icons", layout: .flat)
        let factory = NotificationFactory(server: server, icons: icons)
        let alarms = RingPresenter(
            notifier: server, sound: FakeSoundPlayer(), soundKeys: SoundKeys(), factory: factory,
            text: AlarmNotificationText(Localizer(.en), zone: zone), clock: FixedClock(instant: seven))
        alarms.ring(ring())
        alarms.reportMissed([MissedAlarm(alarmID: "b2", label: "Early", due: seven, reason: .tooLate)])
        #expect(
            server.onScreen.map(\.content.imagePath) == [
                "/src/data/icons/org.moscowtime.Agent-ringing.svg",
                "/src/data/icons/org.moscowtime.Agent.svg",
            ])
    }

    @Test func closedByTheServerWhileRingingIsNotAStop() throws {
        let r = rig()
        var stopped: [String] = []
        r.alarms.onStop = { stopped.append($0) }
        r.alarms.ring(ring())
        try #require(r.server.onScreen.first).serverCloses(.expired)
        #expect(stopped.isEmpty)
        #expect(r.alarms.ringingIDs == ["a1b2c3d4"])  // shown again shortly, still ringing
    }

    @Test func ourOwnCloseOfAnEarlierShowIsNotTakenForADismissal() throws {
        let r = rig()
        var stopped: [String] = []
        r.alarms.onStop = { stopped.append($0) }
        r.alarms.ring(ring())
        r.alarms.silence("a1b2c3d4")
        r.alarms.ring(ring())
        #expect(r.server.shown.count == 2 && r.server.shown[0].closedByUs)
        // A late report about the first show (even one saying "dismissed") is not about the second.
        r.server.shown[0].serverCloses(.dismissed)
        #expect(stopped.isEmpty)
        r.alarms.dismiss = .stop
        r.server.shown[1].serverCloses(.dismissed)
        #expect(stopped == ["a1b2c3d4"])
    }

    @Test func missedAlarmsShareOneNotificationUpdatedInPlace() throws {
        let r = rig()
        r.alarms.reportMissed([MissedAlarm(alarmID: "a1", label: "Early", due: seven, reason: .tooLate)])
        r.alarms.reportMissed([MissedAlarm(alarmID: "b2", label: "Later", due: seven + 60, reason: .sleep)])
        #expect(r.server.shown.count == 1)
        let n = try #require(r.server.onScreen.first)
        #expect(n.updates == 1)
        #expect(n.content.summary == "Missed alarms")
        #expect(n.content.body.contains("Early") && n.content.body.contains("Later"))
        #expect(n.content.category == NotificationFactory.missedCategory)
        #expect(n.actionIDs.isEmpty)
        #expect(r.sound.looping.isEmpty)
    }

    @Test func withoutAServerTheSoundStillPlaysAndTheRingIsShownWhenOneAppears() throws {
        let r = rig()
        r.server.failing = true
        r.alarms.ring(ring())
        #expect(r.server.shown.isEmpty)
        #expect(r.sound.looping.count == 1)  // the sound does not wait for a notification
        r.server.failing = false
        r.server.onServerAppeared?()
        #expect(r.server.onScreen.map(\.content.urgency) == [.critical])
        #expect(r.sound.looping.count == 1)
    }

    /// A server restarted while an alarm rings: the alarm was shown again before the new server's
    /// capabilities could be asked (no answer: no buttons). Once the server is known to have
    /// buttons, the alarm is shown again with Snooze and Stop (issue 36: 1 run in 6 had none).
    @Test func anAlarmShownBeforeTheServersCapabilitiesWereKnownGetsItsButtons() throws {
        let r = rig()
        r.server.caps = []
        r.alarms.ring(ring())
        let bare = try #require(r.server.onScreen.first)
        #expect(bare.actionIDs.isEmpty)
        r.server.caps = ["actions", "body"]
        r.server.onServerAppeared?()
        #expect(bare.closedByUs)
        let shown = try #require(r.server.onScreen.first)
        #expect(r.server.onScreen.count == 1 && shown.actionIDs == ["snooze", "stop"])
        #expect(r.sound.looping.count == 1)
        // A server that has no buttons leaves the alarm as it is shown.
        let r2 = rig()
        r2.server.caps = ["body"]
        r2.alarms.ring(ring())
        r2.server.onServerAppeared?()
        #expect(r2.server.shown.count == 1 && r2.server.onScreen.count == 1)
    }

    @Test func capabilitiesAreAskedOnceUntilTheServerChanges() {
        let r = rig()
        r.alarms.ring(ring("a1"))
        r.alarms.ring(ring("b2"))
        r.alarms.reportMissed([MissedAlarm(alarmID: "c3", label: "x", due: seven, reason: .tooLate)])
        #expect(r.server.capabilityQueries == 1)
        r.server.onServerVanished?()
        r.server.onServerAppeared?()
        r.alarms.ring(ring("d4"))
        #expect(r.server.capabilityQueries == 2)
    }

    // MARK: habit reminders

    func habitDocument() -> StoreDocument {
        var settings = Settings()
        settings.language = .en
        settings.habitSound = "message-new-instant"
        let habit = Habit(
            id: "0a0a0a0a", name: "Read <20 pages>", frequency: .daily, reminders: [TimeOfDay(hour: 8, minute: 0)!],
            start: CivilDate(year: 2026, month: 11, day: 1)!, created: seven - 86_400 * 30)
        return StoreDocument(settings: settings, alarms: [], habits: [habit])
    }

    func reminder() -> HabitReminder {
        HabitReminder(
            habitID: "0a0a0a0a", name: "Read <20 pages>", day: CivilDate(year: 2026, month: 11, day: 21)!,
            time: TimeOfDay(hour: 8, minute: 0)!, due: seven + 3600)
    }

    @Test func habitReminderHasDoneSkipLaterAndPlaysOnce() throws {
        let r = rig()
        r.alarms.ring(ring())
        #expect(r.habits.show(reminder(), document: habitDocument(), zone: zone, now: seven + 3600))
        let n = try #require(r.server.onScreen.last)
        #expect(n.content.category == NotificationFactory.habitCategory)
        #expect(n.content.urgency == .normal)
        #expect(n.actionIDs == ["done", "skip", "later"])
        #expect(n.content.actions.last?.label == "Later")
        #expect(n.content.body.hasSuffix("\nLater: in 30 min"))
        #expect(r.sound.playedOnce.map(\.source) == [.themeSound("message-new-instant")])
        // One key allocator: the habit's sound never shares a key with a ringing alarm's loop.
        #expect(!r.sound.looping.keys.contains(r.sound.playedOnce[0].key))
        #expect(r.habits.shownHabitIDs == ["0a0a0a0a"])
    }

    @Test func habitButtonsGoToTheScheduler() throws {
        let r = rig()
        var answers: [HabitAnswer] = []
        r.habits.onAnswer = { answer, rem in
            #expect(rem == reminder())
            answers.append(answer)
        }
        r.habits.show(reminder(), document: habitDocument(), zone: zone, now: seven + 3600)
        let n = try #require(r.server.onScreen.first)
        n.press("default")  // a click on the body is not an answer
        n.press("later")
        n.press("done")
        n.press("skip")
        #expect(answers == [.later, .done, .skip])
    }

    @Test func aNewReminderReplacesTheOldOneAndCloseClosesIt() throws {
        let r = rig()
        r.habits.show(reminder(), document: habitDocument(), zone: zone, now: seven + 3600)
        r.habits.show(reminder(), document: habitDocument(), zone: zone, now: seven + 3700)
        #expect(r.server.shown.count == 2 && r.server.onScreen.count == 1)
        r.habits.close("0a0a0a0a")
        #expect(r.server.onScreen.isEmpty)
        #expect(r.habits.shownHabitIDs.isEmpty)
        // A habit gone from the document is not shown.
        #expect(!r.habits.show(reminder(), document: StoreDocument(), zone: zone, now: seven + 3700))
    }

    @Test func todaySummaryIsReplacedInPlace() throws {
        let r = rig()
        let summary = TodaySummary(notifier: r.server, factory: r.factory)
        let doc = habitDocument()
        let s = AgentScheduler(document: doc, state: AgentState(), zone: zone)
        summary.show(TrayText(TraySnapshot(scheduler: s, now: seven)))
        summary.show(TrayText(TraySnapshot(scheduler: s, now: seven + 60)))
        #expect(r.server.shown.count == 1)
        let n = try #require(r.server.onScreen.first)
        #expect(n.updates == 1)
        #expect(n.content.urgency == .low && n.content.transient)
        #expect(n.content.category == NotificationFactory.summaryCategory)
        #expect(n.content.body.contains("Read &lt;20 pages&gt;"))
    }
}
