// SPDX-License-Identifier: GPL-3.0-or-later
import TestSupport
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// The one rule for the next ring (`NextRing`): the engine rings what `next` promised, whatever
/// clock stamped the edit, and decisions read the alarm as it is now. Each case from a user's
/// morning: an edit stamped by a fast or slow clock, a one-time alarm moved while it rang, a
/// restored backup, a changed zone, a pause.
@Suite(.timeLimit(.minutes(1)))
struct NextRingTests {
    typealias F = CoreFixtures

    /// 07:00 in Moscow on Saturday 2026-11-21.
    let seven = CoreFixtures.at("2026-11-21T04:00:00Z")
    let id = "a1b2c3d4"

    /// The document as the agent and agent-cli read it: written to the store file at `written`.
    func document(_ alarms: [Alarm], written: Instant, zone: String = "Europe/Moscow") -> StoreDocument {
        var doc = F.document(alarms, zone: zone)
        doc.writtenAt = written
        return doc
    }

    func once(at t: Instant, modified: Instant, id: String? = nil) -> Alarm {
        let local = F.moscow.local(t)
        return Alarm(
            id: id ?? self.id, label: "Once", schedule: .once(date: local.date, time: local.timeOfDay),
            created: modified, modified: modified)
    }

    func daily(_ h: Int, _ m: Int, modified: Instant) -> Alarm {
        Alarm(id: id, label: "Daily", schedule: F.everyDay(h, m), created: modified, modified: modified)
    }

    /// What `next` shows, from the same document and state the agent has.
    func promised(_ doc: StoreDocument, _ state: AlarmBook, now: Instant) -> Instant? {
        UpcomingTriggers.list(doc, state: AgentState(alarms: state), zone: F.moscow, now: now, count: 1).first?.at
    }

    @Test func aLabelEditedWhileRingingIsShownWithoutANewRing() {
        let doc = document([daily(7, 0, modified: seven - 86_400)], written: seven - 86_400)
        let e = AlarmEngine(document: doc, state: AlarmBook(), zone: F.moscow)
        #expect(e.evaluate(now: seven).rings.count == 1)
        var edited = doc
        edited.alarms[0].label = "Подъём"
        edited.alarms[0].modified = seven + 30
        let effects = e.replaceDocument(edited, zone: F.moscow, now: seven + 30)
        #expect(
            effects.effects.contains {
                if case .relabel(let r) = $0 { return r.label == "Подъём" && r.due == seven }
                return false
            })
        #expect(effects.rings.isEmpty)
        #expect(e.ringing[id]?.label == "Подъём")
        #expect(
            e.replaceDocument(edited, zone: F.moscow, now: seven + 31).effects.allSatisfy {
                if case .relabel = $0 { return false }
                return true
            })
    }

    @Test func anEditStampedByAFastClockRingsWhenNextSaid() {
        // Stamped 10 minutes ahead of this machine's clock; due in 2 minutes.
        let now = seven - 120
        let doc = document([once(at: seven, modified: now + 600)], written: now)
        let e = AlarmEngine(document: doc, state: AlarmBook(), zone: F.moscow)
        #expect(e.evaluate(now: now).nothingShown)
        #expect(promised(doc, e.state, now: now) == seven)
        #expect(e.nextWake(now: now) == seven)
        #expect(e.evaluate(now: seven).rings.map(\.due) == [seven])
    }

    @Test func anEditStampedByASlowClockDoesNotRingThePastOccurrence() {
        // Stamped 10 minutes behind; it moved a daily alarm to 5 minutes ago.
        let now = seven + 300
        let doc = document([daily(7, 0, modified: now - 600)], written: now)
        let e = AlarmEngine(document: doc, state: AlarmBook(), zone: F.moscow)
        #expect(e.evaluate(now: now).nothingShown)  // neither rung late nor reported missed
        #expect(promised(doc, e.state, now: now) == seven + 86_400)
        #expect(e.nextWake(now: now) == seven + 86_400)
    }

    @Test func anEditNotYetTakenInCountsFromTheStoresLastWrite() {
        // agent-cli wrote at 06:59:59 for 07:00; the agent, on a loaded machine, reads it at 07:00:03.
        let doc = document([once(at: seven, modified: seven - 1)], written: seven - 1)
        let e = AlarmEngine(document: doc, state: AlarmBook(), zone: F.moscow)
        #expect(promised(doc, e.state, now: seven - 1) == seven)
        #expect(e.evaluate(now: seven + 3).rings.map(\.due) == [seven])
    }

    @Test func aTimerDueBeforeItsCommandFinishedWritingStillRings() {
        // `timer 1s` stamped at 06:59:59; reading, encoding and writing the store on a loaded machine
        // took until 07:00:01, past the timer's own second. The agent reads it at 07:00:02.
        let doc = document([once(at: seven, modified: seven - 1)], written: seven + 1)
        let e = AlarmEngine(document: doc, state: AlarmBook(), zone: F.moscow)
        #expect(e.evaluate(now: seven + 2).rings.map(\.due) == [seven])
    }

    @Test func aStampUpToAMinuteBeforeTheWriteIsTheArrivalAndAnOlderOneIsNot() {
        let limit = NextRing.stampedBeforeWrite
        for (stampedBefore, rings) in [(limit, true), (limit + 1, false)] {
            let written = seven + 10
            let doc = document([once(at: seven, modified: written - stampedBefore)], written: written)
            let e = AlarmEngine(document: doc, state: AlarmBook(), zone: F.moscow)
            #expect(e.evaluate(now: written + 1).rings.map(\.due) == (rings ? [seven] : []), "stamped \(stampedBefore) s before")
        }
    }

    @Test func aClockSteppedBackBehindTheVersionStillRings() {
        // The version was taken in at 07:10 by a clock then 10 minutes fast; NTP stepped it back.
        var state = AlarmBook()
        let alarm = once(at: seven, modified: seven + 600)
        state.markSeen(id, SeenVersion(modified: alarm.modified, zone: "Europe/Moscow", since: seven + 600))
        let doc = document([alarm], written: seven + 600)
        let e = AlarmEngine(document: doc, state: state, zone: F.moscow)
        #expect(promised(doc, e.state, now: seven - 60) == seven)
        #expect(e.nextWake(now: seven - 60) == seven)
        #expect(e.evaluate(now: seven).rings.map(\.due) == [seven])
    }

    @Test func aOneTimeAlarmMovedToTomorrowWhileRingingStaysOnWhenStopped() throws {
        let doc = document([once(at: seven, modified: seven - 3600)], written: seven - 3600)
        let e = AlarmEngine(document: doc, state: AlarmBook(), zone: F.moscow)
        #expect(e.evaluate(now: seven).rings.count == 1)
        let tomorrow = seven + 86_400
        let moved = document([once(at: tomorrow, modified: seven + 30)], written: seven + 30)
        _ = e.replaceDocument(moved, zone: F.moscow, now: seven + 30)
        #expect(promised(moved, e.state, now: seven + 40) == tomorrow)
        let stopped = try e.stop(id, now: seven + 40)
        #expect(!stopped.contains(.disableAlarm(id)))
        #expect(e.nextWake(now: seven + 40) == tomorrow)
        // The same for a snoozed one.
        let f = AlarmEngine(document: doc, state: AlarmBook(), zone: F.moscow)
        _ = f.evaluate(now: seven)
        _ = try f.snooze(id, now: seven + 10)
        _ = f.replaceDocument(moved, zone: F.moscow, now: seven + 30)
        #expect(!(try f.stop(id, now: seven + 40)).contains(.disableAlarm(id)))
        // Unmoved, it is switched off.
        let g = AlarmEngine(document: doc, state: AlarmBook(), zone: F.moscow)
        _ = g.evaluate(now: seven)
        #expect(try g.stop(id, now: seven + 40).contains(.disableAlarm(id)))
    }

    @Test func aOneTimeAlarmMadeDailyWhileRingingStaysOnWhenItTimesOutSleepsOrIsCutShort() throws {
        let doc = document([once(at: seven, modified: seven - 3600)], written: seven - 3600)
        let daily = document([daily(7, 0, modified: seven + 30)], written: seven + 30)
        // Left to time out.
        let e = AlarmEngine(document: doc, state: AlarmBook(), zone: F.moscow)
        _ = e.evaluate(now: seven)
        _ = e.replaceDocument(daily, zone: F.moscow, now: seven + 30)
        let out = e.evaluate(now: seven + 5 * 60)
        #expect(out.missed.map(\.reason) == [.unanswered])
        #expect(!out.contains(.disableAlarm(id)))
        // The lid closed on it.
        let f = AlarmEngine(document: doc, state: AlarmBook(), zone: F.moscow)
        _ = f.evaluate(now: seven)
        _ = f.replaceDocument(daily, zone: F.moscow, now: seven + 30)
        #expect(!f.silenceForSleep(now: seven + 40).contains(.disableAlarm(id)))
        // Cut short by a crash and run out before the next agent.
        let g = AlarmEngine(document: doc, state: AlarmBook(), zone: F.moscow)
        _ = g.evaluate(now: seven)
        let h = AlarmEngine(document: daily, state: g.state, zone: F.moscow)
        #expect(!h.resumeInterrupted(now: seven + 3600).contains(.disableAlarm(id)))
        // The once alarm unchanged is switched off in each case.
        let i = AlarmEngine(document: doc, state: AlarmBook(), zone: F.moscow)
        _ = i.evaluate(now: seven)
        #expect(i.evaluate(now: seven + 5 * 60).contains(.disableAlarm(id)))
    }

    @Test func aRestoredBackupRingsNothingLateAndReportsNothingMissed() {
        // Imported with the agent running: stamps from last week, one alarm 5 minutes past, a
        // once alarm from yesterday.
        let lastWeek = seven - 7 * 86_400
        let now = seven + 300
        let doc = document(
            [daily(7, 0, modified: lastWeek), once(at: seven - 86_400, modified: lastWeek, id: "b1b2c3d4")],
            written: now)
        let e = AlarmEngine(document: StoreDocument(), state: AlarmBook(), zone: F.moscow)
        #expect(e.replaceDocument(doc, zone: F.moscow, now: now).nothingShown)
        #expect(promised(doc, e.state, now: now) == seven + 86_400)
    }

    @Test func aChangedZoneRingsNothingAtOnceAndReportsNothingMissed() {
        // 08:00 daily; at 07:30 Moscow the zone becomes Asia/Yekaterinburg (+2 h: 09:30 there).
        let alarm = daily(8, 0, modified: seven - 86_400)
        let moscow = document([alarm], written: seven - 86_400)
        let e = AlarmEngine(document: moscow, state: AlarmBook(), zone: F.moscow)
        _ = e.evaluate(now: seven + 1800)
        let yekaterinburg = Zone(identifier: "Asia/Yekaterinburg")!
        let moved = document([alarm], written: seven + 1800, zone: "Asia/Yekaterinburg")
        #expect(e.replaceDocument(moved, zone: yekaterinburg, now: seven + 1801).nothingShown)
        let next = UpcomingTriggers.list(moved, state: AgentState(alarms: e.state), zone: yekaterinburg, now: seven + 1801, count: 1)
        #expect(next.first?.at == e.nextWake(now: seven + 1801))
    }

    @Test func aPauseIsInEveryPromise() throws {
        let doc = document([daily(7, 0, modified: seven - 86_400)], written: seven - 86_400)
        let e = AlarmEngine(document: doc, state: AlarmBook(), zone: F.moscow)
        _ = e.evaluate(now: seven - 7200)
        _ = e.pause(until: seven + 3600)  // 05:00 until 08:00: today's 07:00 is reported, not rung
        let state = AgentState(alarms: e.state)
        #expect(promised(doc, e.state, now: seven - 7200) == seven + 86_400)
        #expect(WakePlanner.plan(doc, state: state, zone: F.moscow, now: seven - 7200)?.trigger == seven + 86_400)
        #expect(e.evaluate(now: seven).missed.map(\.reason) == [.paused])
        // A snooze ending inside a pause is not promised either (it will be reported).
        var book = AlarmBook()
        book.setSnooze(id, Snooze(until: seven + 600, due: seven))
        book.pausedUntil = seven + 3600
        #expect(promised(doc, book, now: seven + 60) == seven + 86_400)
    }

    @Test func aSnoozeSupersededByANearerOccurrenceIsNotPromised() {
        // Every day at 07:00 and 07:05 is not expressible; a timer-like once at 07:05 and a snooze to 07:10.
        let doc = document([once(at: seven + 300, modified: seven - 3600)], written: seven - 3600)
        var book = AlarmBook()
        book.setSnooze(id, Snooze(until: seven + 600, due: seven - 60))
        #expect(promised(doc, book, now: seven) == seven + 300)
        let e = AlarmEngine(document: doc, state: book, zone: F.moscow)
        #expect(e.evaluate(now: seven + 300).rings.map(\.due) == [seven + 300])
        #expect(e.state[id].snooze == nil)
    }

    @Test func theSnoozeLengthIsTheAlarmsAsItIsNow() throws {
        var alarm = daily(7, 0, modified: seven - 86_400)
        let e = AlarmEngine(document: document([alarm], written: seven - 86_400), state: AlarmBook(), zone: F.moscow)
        _ = e.evaluate(now: seven)
        alarm.snoozeMinutes = 1
        alarm.modified = seven + 20
        _ = e.replaceDocument(document([alarm], written: seven + 20), zone: F.moscow, now: seven + 20)
        _ = try e.snooze(id, now: seven + 30)
        #expect(e.state[id].snooze?.until == seven + 90)
    }

    @Test func anAgentStartingWithoutARecordStillRingsWhatCameDueWhileNoneRan() {
        // The agent was down from 06:00; another alarm was edited at 07:03 (the store's last write);
        // the agent starts at 07:05 with no state. 07:00 rings late, as it did before the rule.
        let alarm = daily(7, 0, modified: seven - 7 * 86_400)
        let doc = document([alarm], written: seven + 180)
        let s = AgentScheduler(document: doc, state: AgentState(), zone: F.moscow)
        #expect(s.handle(.started, now: seven + 300).rings.map(\.due) == [seven])
        // Taken in on a reload instead, the same version counts from the write: nothing rings.
        let e = AlarmEngine(document: doc, state: AlarmBook(), zone: F.moscow)
        #expect(e.evaluate(now: seven + 300).nothingShown)
    }

    @Test func theVersionTakenInSurvivesARestart() throws {
        let doc = document([daily(7, 0, modified: seven + 600)], written: seven - 60)
        let e = AlarmEngine(document: doc, state: AlarmBook(), zone: F.moscow)
        _ = e.evaluate(now: seven - 60)
        let text = JSONWriter.pretty(AgentStateCoding.encode(AgentState(alarms: e.state)))
        let back = try AgentStateCoding.decode(try JSONParser.parse(text))
        #expect(back.alarms.seen[id] == SeenVersion(modified: seven + 600, zone: "Europe/Moscow", since: seven - 60))
        // An alarm on working days keeps the production calendar it was seen with.
        let workdays = F.alarm(id, .workdays(time: F.time(7, 0)), modified: "2026-11-21T04:10:00Z")
        let w = AlarmEngine(document: document([workdays], written: seven - 60), state: AlarmBook(), zone: F.moscow)
        _ = w.evaluate(now: seven - 60)
        let calendar = try #require(w.state.seen[id]?.calendar)
        #expect(calendar == WorkingCalendar.russia.fingerprint && calendar != WorkingCalendar.plainWeek.fingerprint)
        let text2 = JSONWriter.pretty(AgentStateCoding.encode(AgentState(alarms: w.state)))
        #expect(try AgentStateCoding.decode(try JSONParser.parse(text2)).alarms.seen[id] == w.state.seen[id])
    }
}

/// For random documents (alarms of every kind, edits stamped by clocks up to an hour off either
/// way), states (handled occurrences, snoozes, a pause) and start times: each alarm's first ring
/// by the engine, driven only by its own `nextWake`, is the ring `next` promised at the start.
@Suite(.timeLimit(.minutes(1)))
struct NextRingAgreementTests {
    typealias F = CoreFixtures

    @Test func theEngineRingsExactlyWhatNextPromised() {
        var rng = SplitMix(seed: 2026_11_25)
        for round in 0..<300 {
            let now = F.at("2026-11-21T00:00:00Z") + Int64.random(in: 0...(200 * 86_400), using: &rng)
            let doc = randomDocument(now: now, &rng)
            let state = randomState(doc, now: now, &rng)
            let zone = Zone(identifier: doc.settings.zone)!
            let e = AlarmEngine(document: doc, state: state, zone: zone)
            // The agent takes the document in; what was due already rings or is reported now.
            _ = e.evaluate(now: now)
            let promised = UpcomingTriggers.list(
                doc, state: AgentState(alarms: e.state), zone: zone, now: now,
                count: doc.alarms.count + 5)
            var firstPromise: [String: Instant] = [:]
            for t in promised where firstPromise[t.alarm.id] == nil { firstPromise[t.alarm.id] = t.at }
            let horizon = now + 3 * 86_400
            var rung: [String: Instant] = [:]
            var t = now
            while let wake = e.nextWake(now: t), wake <= horizon {
                t = max(wake, t + 1)
                for r in e.evaluate(now: t).rings where rung[r.alarmID] == nil { rung[r.alarmID] = t }
            }
            for alarm in doc.alarms {
                let p = firstPromise[alarm.id].flatMap { $0 <= horizon ? $0 : nil }
                #expect(rung[alarm.id] == p, "round \(round), \(alarm.schedule), modified \(alarm.modified), now \(now)")
            }
        }
    }

    /// The runtime asks for the next wake only after carrying out a decision (a save on a busy
    /// disk, a slow notification server): a moment after the engine decided, up to a minute and a
    /// half here. Every occurrence `next` promised still rings (late by that moment at most), and
    /// none rings twice.
    @Test func askedLateTheEngineStillRingsEveryOccurrencePromised() {
        var rng = SplitMix(seed: 2026_11_27)
        let lag: Int64 = 90  // within the late window
        for round in 0..<300 {
            let now = F.at("2026-11-21T00:00:00Z") + Int64.random(in: 0...(200 * 86_400), using: &rng)
            // Alarms a few minutes apart and timers between them, so that the moment often passes one.
            var doc = round.isMultiple(of: 2) ? randomDocument(now: now, &rng) : clusteredDocument(now: now, &rng)
            doc.writtenAt = now - 60
            let state = randomState(doc, now: now, &rng)
            let zone = Zone(identifier: doc.settings.zone)!
            let e = AlarmEngine(document: doc, state: state, zone: zone)
            _ = e.evaluate(now: now)
            let horizon = now + 3 * 86_400
            // Every ring promised in the horizon, but a pending snooze's (it rings its first due).
            let promised = UpcomingTriggers.list(doc, state: AgentState(alarms: e.state), zone: zone, now: now, count: 200)
                .filter { $0.at <= horizon - lag && $0.snoozedFrom == nil }
            var rung: [String: [(at: Instant, due: Instant)]] = [:]
            var t = now
            for _ in 0..<10_000 {
                let asked = t + Int64.random(in: 0...lag, using: &rng)
                guard let wake = e.nextWake(now: asked), wake <= horizon else { break }
                t = max(wake, asked, t + 1)  // a timer armed in the past fires at once
                for r in e.evaluate(now: t).rings { rung[r.alarmID, default: []].append((t, r.due)) }
                // Asked at once, after the evaluation it asks for nothing already due: the timer
                // that fired is re-armed later, never left as it was (nor made to fire again at once).
                if let again = e.nextWake(now: t) { #expect(again > t, "round \(round): evaluated at \(t), next wake \(again)") }
            }
            for alarm in doc.alarms {
                let context = "round \(round), \(alarm.schedule), modified \(alarm.modified), now \(now)"
                let rings = rung[alarm.id] ?? []
                for p in promised where p.alarm.id == alarm.id {
                    let ring = rings.first { $0.due == p.at }
                    #expect(ring != nil, "\(context): \(p.at) did not ring; rang \(rings.map(\.due))")
                    if let ring { #expect(ring.at - p.at <= lag, "\(context): \(p.at) rang at \(ring.at)") }
                }
                let dues = rings.map(\.due)
                #expect(Set(dues).count == dues.count, "\(context): an occurrence rang twice: \(dues)")
            }
        }
    }

    /// Daily alarms within a few minutes of one another and timers among them, soon after `now`.
    func clusteredDocument(now: Instant, _ rng: inout SplitMix) -> StoreDocument {
        let start = now + Int64.random(in: 60...7200, using: &rng)
        let local = F.moscow.local(start)
        var alarms: [Alarm] = []
        for k in 0..<Int.random(in: 2...6, using: &rng) {
            let minute = (local.hour * 60 + local.minute + Int.random(in: 0...4, using: &rng)) % 1440
            let schedule: Schedule =
                Bool.random(using: &rng)
                ? .weekly(days: Weekday.all, time: TimeOfDay(hour: minute / 60, minute: minute % 60)!)
                : .timer(fireAt: start + Int64.random(in: 0...300, using: &rng), duration: 60)
            alarms.append(Alarm(id: "c000000\(k)", label: "c\(k)", schedule: schedule, created: now - 60, modified: now - 60))
        }
        return F.document(alarms)
    }

    func randomDocument(now: Instant, _ rng: inout SplitMix) -> StoreDocument {
        var alarms: [Alarm] = []
        for k in 0..<Int.random(in: 1...6, using: &rng) {
            let time = TimeOfDay(hour: Int.random(in: 0...23, using: &rng), minute: Int.random(in: 0...59, using: &rng))!
            let day = F.moscow.local(now).date.adding(days: Int64.random(in: -2...3, using: &rng))
            let schedule: Schedule
            switch Int.random(in: 0...3, using: &rng) {
            case 0: schedule = .once(date: day, time: time)
            case 1: schedule = .timer(fireAt: now + Int64.random(in: -3600...7200, using: &rng), duration: 60)
            case 2: schedule = .everyNDays(interval: Int.random(in: 2...4, using: &rng), start: day, time: time)
            default:
                let days = WeekdaySet(Weekday.allCases.filter { _ in Bool.random(using: &rng) })
                schedule = .weekly(days: days.isEmpty ? [.monday] : days, time: time)
            }
            let stamp = now + Int64.random(in: -3600...3600, using: &rng)  // another clock, either way
            alarms.append(
                Alarm(
                    id: "a000000\(k)", label: "r\(k)", schedule: schedule,
                    enabled: Int.random(in: 0...5, using: &rng) > 0, created: stamp, modified: stamp))
        }
        var doc = F.document(alarms, zone: ["Europe/Moscow", "America/New_York", "Asia/Tokyo"].randomElement(using: &rng)!)
        doc.writtenAt = now - Int64.random(in: 0...600, using: &rng)
        return doc
    }

    func randomState(_ doc: StoreDocument, now: Instant, _ rng: inout SplitMix) -> AlarmBook {
        var book = AlarmBook()
        for alarm in doc.alarms {
            if Bool.random(using: &rng) { book.markHandled(alarm.id, at: now - Int64.random(in: 0...86_400, using: &rng)) }
            if Int.random(in: 0...3, using: &rng) == 0 {
                book.setSnooze(alarm.id, Snooze(until: now + Int64.random(in: -600...3600, using: &rng), due: now - 600))
            }
        }
        if Int.random(in: 0...3, using: &rng) == 0 { book.pausedUntil = now + Int64.random(in: 60...20_000, using: &rng) }
        return book
    }
}
