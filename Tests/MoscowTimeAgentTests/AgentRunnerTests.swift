// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDesktop
import Testing

@testable import MoscowTimeAgent
@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// The runner between the core's scheduler and the desktop: events in, effects carried out, in
/// order — against the in-memory notification server and sound backend and a real store in a
/// scratch directory. It decides nothing; these check that what the core decided happens.
@MainActor
@Suite(.timeLimit(.minutes(5)), .serialized)
struct AgentRunnerTests {
    let zone = Zone(identifier: "Europe/Moscow")!
    /// 07:00 in Moscow on Saturday 2026-11-21.
    let seven = ISO8601.parse("2026-11-21T04:00:00Z")!

    /// A clock the test moves.
    final class SteppingClock: WallClock, @unchecked Sendable {
        var instant: Instant
        init(_ instant: Instant) { self.instant = instant }
        func now() -> Instant { instant }
    }

    struct Rig {
        let directory: String
        let paths: StorePaths
        let clock: SteppingClock
        let server: FakeNotificationServer
        let sound: FakeSoundPlayer
        let documents: DocumentSource
        let runner: AgentRunner
        var store: DocumentStore { DocumentStore(paths: paths) }
        var state: AgentState { (try? AgentStateStore(paths: paths).load()) ?? AgentState() }

        func remove() {
            for f in [paths.document, paths.backup, paths.lock, paths.agentState] { unlink(f) }
            for d in [paths.dataDirectory, paths.stateDirectory, directory + "/data", directory + "/state", directory] { rmdir(d) }
        }
    }

    func rig(_ alarms: [Alarm], habits: [Habit] = [], now: Instant) throws -> Rig {
        var template = Array("/tmp/mt-runner-XXXXXX".utf8CString)
        let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        let paths = StorePaths(dataDirectory: directory + "/data/moscowtime", stateDirectory: directory + "/state/moscowtime")
        let clock = SteppingClock(now)
        let store = DocumentStore(paths: paths, clock: { clock.now() })
        try store.update { doc in
            doc.alarms = alarms
            doc.habits = habits
        }
        let server = FakeNotificationServer()
        let sound = FakeSoundPlayer()
        let keys = SoundKeys()
        let factory = NotificationFactory(server: server)
        let doc = try store.load()
        let documents = DocumentSource(store: store)
        let runner = AgentRunner(
            scheduler: AgentScheduler(document: doc, state: AgentState(), zone: zone), documents: documents,
            stateStore: AgentStateStore(paths: paths),
            alarms: RingPresenter(
                notifier: server, sound: sound, soundKeys: keys, factory: factory,
                text: AlarmNotificationText(Localizer(.en), zone: zone), clock: clock),
            habits: HabitReminderPresenter(notifier: server, sound: sound, soundKeys: keys, factory: factory), clock: clock)
        return Rig(directory: directory, paths: paths, clock: clock, server: server, sound: sound, documents: documents, runner: runner)
    }

    func daily(_ id: String, label: String, modified: Instant) -> Alarm {
        Alarm(
            id: id, label: label, schedule: .weekly(days: Weekday.all, time: TimeOfDay(hour: 7, minute: 0)!),
            created: modified, modified: modified)
    }

    @Test("an alarm that comes due rings: the state is saved first, then the notification and the sound")
    func ringsAndSavesFirst() throws {
        let r = try rig([daily("a1b2c3d4", label: "Подъём", modified: seven - 86_400)], now: seven - 60)
        defer { r.remove() }
        r.runner.start()
        #expect(r.server.onScreen.isEmpty && r.runner.armedAt == seven)
        r.clock.instant = seven
        r.runner.handle(.timePassed, "test")
        #expect(r.server.onScreen.map(\.content.summary) == ["Подъём"])
        #expect(r.sound.looping.count == 1)
        #expect(r.state.handled["a1b2c3d4"] == seven)  // persisted: a crash now never rings it twice
        #expect(r.runner.armedAt == seven + 300)  // the ring's timeout
    }

    @Test("the document read at start knows how far back its habit history goes: a clock set back past it reads the file again")
    func historyKeptAtStartIsKnown() throws {
        let habit = Habit(id: "0b0b0b0b", name: "Read", start: CivilDate(year: 2026, month: 1, day: 1)!, created: seven - 86_400)
        let r = try rig([], habits: [habit], now: seven)
        defer { r.remove() }
        let zone = Zone(identifier: "Europe/Moscow")!
        #expect(r.documents.loadAtStart(state: HabitReminderState(), zone: zone, now: seven) != nil)
        #expect(!r.documents.lacksHistory(state: HabitReminderState(), zone: zone, now: seven))
        #expect(r.documents.lacksHistory(state: HabitReminderState(), zone: zone, now: seven - 30 * 86_400))
    }

    @Test("a decision that changed the state is saved before its first effect is carried out")
    func savedBeforeTheFirstEffect() throws {
        let r = try rig([daily("a1b2c3d4", label: "Подъём", modified: seven - 86_400)], now: seven - 60)
        defer { r.remove() }
        r.runner.start()
        var handledWhenShown: [String: Instant]?
        r.server.onPresent = { handledWhenShown = r.state.handled }
        r.clock.instant = seven
        r.runner.handle(.timePassed, "test")
        #expect(r.server.onScreen.count == 1)
        #expect(handledWhenShown == ["a1b2c3d4": seven])  // on disk before the notification was shown
    }

    @Test("the clock moves on while a decision is carried out: what came due meanwhile still rings")
    func clockMovesWhileCarryingOut() throws {
        // The 07:00 alarm rings; its notification takes two seconds to show (a slow server, a busy
        // disk under the state save). A timer due at 07:00:01 came due meanwhile: the timer must
        // be armed for it, not for what comes after 07:00:02.
        let timer = Alarm(
            id: "0000000b", label: "Tea", schedule: .timer(fireAt: seven + 1, duration: 61), created: seven - 60)
        let r = try rig([daily("a1b2c3d4", label: "Подъём", modified: seven - 86_400), timer], now: seven - 60)
        defer { r.remove() }
        r.runner.start()
        r.clock.instant = seven
        r.server.onPresent = { r.clock.instant = seven + 2 }
        r.runner.handle(.timePassed, "test")
        r.server.onPresent = nil
        #expect(r.server.onScreen.map(\.content.summary) == ["Подъём"])
        let armed = try #require(r.runner.armedAt)
        #expect(armed <= seven + 2)  // a deadline passed already fires at once
        r.runner.handle(.timePassed, "test")
        #expect(r.server.onScreen.map(\.content.summary) == ["Подъём", "Tea"])
        #expect(r.state.handled["0000000b"] == seven + 1)
    }

    @Test("the clock stepped back over a timer's expiry: the timer is armed again for the alarm")
    func clockSteppedBackOverTheExpiry() throws {
        // The 07:00 timer expires, and the clock is stepped back to 06:59:30 (NTP, just after a
        // resume) before the agent reads it: the kernel reports the step and drops the expiry, so
        // the timer holds nothing. The alarm is still to come and must have its timer again.
        let r = try rig([daily("a1b2c3d4", label: "Подъём", modified: seven - 86_400)], now: seven - 60)
        defer { r.remove() }
        r.runner.start()
        #expect(r.runner.timer.armedDeadline == seven.secondsSinceEpoch)
        r.runner.timer.disarm()  // what WallClockTimer does on such a step
        r.clock.instant = seven - 30
        r.runner.handle(.clockChanged, "test")
        #expect(r.runner.timer.armedDeadline == seven.secondsSinceEpoch)
        #expect(r.server.onScreen.isEmpty)
    }

    @Test("an event handled as the evening notice comes due keeps the notice's timer for tonight")
    func preNoticeKeptWhenReArmedLate() throws {
        let nine = seven + 14 * 3600  // 21:00 in Moscow
        let r = try rig([daily("a1b2c3d4", label: "Подъём", modified: seven - 86_400)], now: nine - 1)
        defer { r.remove() }
        try r.store.update { $0.settings.preNotice = TimeOfDay(hour: 21, minute: 0) }
        r.runner.start()
        r.runner.reload()
        let presenter = PreNoticePresenter(runner: r.runner, notifier: r.server, factory: NotificationFactory(server: r.server))
        r.runner.observe(presenter)
        #expect(presenter.armedFor == nine)
        // An event at 20:59:59 whose effects end at 21:00:02: the notice has not fired yet.
        r.clock.instant = nine + 2
        r.runner.handle(.timePassed, "test")
        #expect(presenter.armedFor == nine)
    }

    @Test("the notification's buttons go back through the scheduler: Snooze, then Stop")
    func buttons() throws {
        let r = try rig([daily("a1b2c3d4", label: "Подъём", modified: seven - 86_400)], now: seven)
        defer { r.remove() }
        r.runner.start()
        let shown = try #require(r.server.onScreen.first)
        shown.press("snooze")
        #expect(r.server.onScreen.isEmpty && r.sound.looping.isEmpty)
        #expect(r.state.snoozes["a1b2c3d4"]?.until == seven + 600)
        #expect(r.runner.armedAt == seven + 600)
        r.clock.instant = seven + 600
        r.runner.handle(.timePassed, "test")
        try #require(r.server.onScreen.first).press("stop")
        #expect(r.server.onScreen.isEmpty && r.state.snoozes.isEmpty)
        #expect(r.runner.armedAt == seven + 86_400)
    }

    @Test("a stopped one-time alarm is switched off in the store and taken in as written, not read back")
    func oneTimeSwitchedOff() throws {
        let once = Alarm(
            id: "0000000a", label: "Once",
            schedule: .once(date: CivilDate(year: 2026, month: 11, day: 21)!, time: TimeOfDay(hour: 7, minute: 0)!),
            created: seven - 86_400)
        let r = try rig([once], now: seven)
        defer { r.remove() }
        r.runner.start()
        let reads = r.documents.reads
        try r.runner.perform(.stop(alarmID: "0000000a"))
        #expect(try r.store.load().alarm(id: "0000000a")?.enabled == false)
        #expect(r.runner.scheduler.document.alarm(id: "0000000a")?.enabled == false)
        #expect(r.runner.scheduler.document.writtenAt == seven)  // the file's time, as a read would give
        #expect(r.runner.armedAt == nil)
        r.runner.storeChanged()  // the directory watcher reports that write
        #expect(r.documents.reads == reads)
    }

    @Test("a habit recorded from its reminder is taken in as written: the file is not read again; an outside edit still is")
    func recordedHabitIsNotReadBack() throws {
        let eight = seven + 3600
        let habit = Habit(
            id: "0b0b0b0b", name: "Read", reminders: [TimeOfDay(hour: 8, minute: 0)!],
            start: CivilDate(year: 2026, month: 11, day: 1)!, created: seven - 86_400)
        let r = try rig([], habits: [habit], now: eight)
        defer { r.remove() }
        r.runner.start()
        let reminder = try #require(r.server.onScreen.first)
        let reads = r.documents.reads
        reminder.press("done")
        #expect(try r.store.load().habits.first?.entries.map(\.date.description) == ["2026-11-21"])
        #expect(r.runner.scheduler.document.habits.first?.entries.map(\.date.description) == ["2026-11-21"])
        #expect(!reminder.isShowing)
        r.runner.storeChanged()  // the directory watcher reports that write
        #expect(r.documents.reads == reads, "the store's own update read it once; the runner never")

        // Anyone else's change is read, even one stamped with the same second.
        r.clock.instant = eight + 60
        try DocumentStore(paths: r.paths, clock: { eight }).update { doc in
            doc.alarms.append(daily("a1b2c3d4", label: "Подъём", modified: eight + 60))
        }
        r.runner.storeChanged()
        #expect(r.documents.reads == reads + 1)
        #expect(r.runner.scheduler.document.alarms.map(\.id) == ["a1b2c3d4"])
        #expect(r.runner.armedAt == seven + 86_400)
    }

    @Test("a change read at a Reload (agent-cli asks for one) is not read again when the watcher reports it")
    func reloadedChangeIsNotReadAgain() throws {
        let r = try rig([], now: seven - 3_600)
        defer { r.remove() }
        r.runner.start()
        try DocumentStore(paths: r.paths, clock: { seven - 3_600 }).update { doc in
            doc.alarms.append(daily("a1b2c3d4", label: "Подъём", modified: seven - 3_600))
        }
        let reads = r.documents.reads
        r.runner.reload()  // D-Bus Reload, from the command that wrote it
        #expect(r.documents.reads == reads + 1)
        #expect(r.runner.scheduler.document.alarms.map(\.id) == ["a1b2c3d4"])
        r.runner.storeChanged()  // the directory watcher reports the same write
        #expect(r.documents.reads == reads + 1)
        // A later write is read.
        try DocumentStore(paths: r.paths, clock: { seven - 3_000 }).update { doc in doc.alarms.removeAll() }
        r.runner.storeChanged()
        #expect(r.documents.reads == reads + 2)
        #expect(r.runner.scheduler.document.alarms.isEmpty)
    }

    @Test("at start, a file unchanged since it was read is not read again once the watcher exists")
    func unchangedAtStartIsReadOnce() throws {
        let r = try rig([daily("a1b2c3d4", label: "Подъём", modified: seven - 86_400)], now: seven - 3_600)
        defer { r.remove() }
        _ = r.documents.loadAtStart(state: HabitReminderState(), zone: zone, now: r.clock.instant)
        #expect(r.documents.reads == 1)
        r.runner.start()
        r.runner.catchUpAfterStart()
        #expect(r.documents.reads == 1)
        #expect(r.runner.armedAt == seven)
    }

    @Test("at start, a change made between the first read and the watcher is read")
    func changedAtStartIsRead() throws {
        let r = try rig([daily("a1b2c3d4", label: "Подъём", modified: seven - 86_400)], now: seven - 3_600)
        defer { r.remove() }
        _ = r.documents.loadAtStart(state: HabitReminderState(), zone: zone, now: r.clock.instant)
        // Written in the same second as the file read: a new file all the same.
        try DocumentStore(paths: r.paths, clock: { seven - 3_600 }).update { doc in
            doc.alarms[0].schedule = .weekly(days: Weekday.all, time: TimeOfDay(hour: 6, minute: 30)!)
            doc.alarms[0].modified = seven - 3_600
        }
        r.runner.start()
        r.runner.catchUpAfterStart()
        #expect(r.documents.reads == 2)
        #expect(r.runner.armedAt == seven - 1_800)
    }

    @Test("sync's fingerprint is the file's: the agent's own write and a read of the same file agree")
    func fingerprintIsTheFiles() throws {
        let habit = Habit(id: "0b0b0b0b", name: "Read", start: CivilDate(year: 2026, month: 11, day: 1)!, created: seven - 86_400)
        let r = try rig([], habits: [habit], now: seven)
        defer { r.remove() }
        r.runner.reload()
        let read = try #require(r.documents.fingerprint)
        #expect(try read == r.store.fingerprint())
        r.runner.markDone("0b0b0b0b")  // taken in as written, not read back
        let written = try #require(r.documents.fingerprint)
        #expect(try written != read && written == r.store.fingerprint())
        try DocumentStore(paths: r.paths, clock: { seven + 60 }).update { $0.habits.removeAll() }
        r.runner.storeChanged()
        let reread = try #require(r.documents.fingerprint)
        #expect(try reread == r.store.fingerprint() && reread != written)
    }

    @Test("skip writes the days next promised and the schedule moves on")
    func skip() throws {
        let r = try rig([daily("a1b2c3d4", label: "Подъём", modified: seven - 86_400)], now: seven - 3_600)
        defer { r.remove() }
        r.runner.start()
        let days = try #require(r.runner.skip("a1b2c3d4", count: 2))
        #expect(days.map(\.description) == ["2026-11-21", "2026-11-22"])
        #expect(try r.store.load().alarm(id: "a1b2c3d4")?.skippedDays.count == 2)
        #expect(r.runner.armedAt == seven + 2 * 86_400)
        #expect(r.runner.skip("nope", count: 1) == nil)
    }

    @Test("a habit marked done from the tray is written and taken in as written, not read back")
    func markDone() throws {
        let habit = Habit(id: "0b0b0b0b", name: "Read", start: CivilDate(year: 2026, month: 11, day: 1)!, created: seven - 86_400)
        let r = try rig([], habits: [habit], now: seven)
        defer { r.remove() }
        r.runner.start()
        let reads = r.documents.reads
        r.runner.markDone("0b0b0b0b")
        #expect(try r.store.load().habits.first?.entries.map(\.date.description) == ["2026-11-21"])
        #expect(r.runner.scheduler.document.habits.first?.entries.count == 1)
        #expect(r.documents.reads == reads)
    }
}
