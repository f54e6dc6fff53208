// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import TestSupport
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// Which instant the agent arms to wake the machine: the earliest ring of a wake-enabled alarm,
/// less the lead; re-planned on edits, snoozes and pauses; nil when nothing wants waking.
@Suite struct WakePlannerTests {
    typealias F = CoreFixtures
    // Saturday 2026-11-21, 15:00 in Moscow.
    let now = F.at("2026-11-21T12:00:00Z")

    func plan(_ doc: StoreDocument, _ state: AgentState = AgentState(), now: Instant? = nil, lead: Int64 = 60) -> WakePlan? {
        WakePlanner.plan(doc, state: state, zone: F.moscow, now: now ?? self.now, leadSeconds: lead)
    }

    @Test func earliestWakeEnabledAlarmLessTheLead() {
        let doc = F.document([F.alarm("0000aaaa", F.everyDay(7, 0)), F.alarm("0000bbbb", F.everyDay(6, 30))])
        let p = plan(doc)
        #expect(p == WakePlan(wakeAt: F.at("2026-11-22T03:29:00Z"), trigger: F.at("2026-11-22T03:30:00Z"), alarmID: "0000bbbb"))
        #expect(plan(doc, lead: 300)?.wakeAt == F.at("2026-11-22T03:25:00Z"))
    }

    @Test func timersDoNotWakeByDefaultAlarmsDoAndEachCanSay() {
        var timer = F.alarm("0000aaaa", .timer(fireAt: now + 600, duration: 600))
        let alarm = F.alarm("0000bbbb", F.everyDay(7, 0))
        #expect(plan(F.document([timer, alarm]))?.alarmID == "0000bbbb")
        timer.wake = true
        #expect(plan(F.document([timer, alarm])) == WakePlan(wakeAt: now + 540, trigger: now + 600, alarmID: "0000aaaa"))
        var quiet = alarm
        quiet.wake = false
        #expect(plan(F.document([quiet])) == nil, "cleared when no alarm wants waking")
        // The setting flips the default for alarms; an explicit --wake still wins.
        let off = F.document([alarm, F.alarm("0000cccc", F.everyDay(9, 0))]) { $0.wakeAlarms = false }
        #expect(plan(off) == nil)
        var wanted = F.alarm("0000cccc", F.everyDay(9, 0))
        wanted.wake = true
        #expect(plan(F.document([alarm, wanted]) { $0.wakeAlarms = false })?.alarmID == "0000cccc")
    }

    @Test func disabledAndHandledOccurrencesDoNotCount() {
        let doc = F.document([F.alarm("0000aaaa", F.everyDay(7, 0), enabled: false), F.alarm("0000bbbb", F.everyDay(8, 0))])
        #expect(plan(doc)?.alarmID == "0000bbbb")
        // At 07:00:30 Moscow the 07:00 ring was handled: the next is tomorrow's.
        let morning = F.at("2026-11-22T04:00:30Z")
        var state = AgentState()
        state.alarms.markHandled("0000bbbb", at: F.at("2026-11-22T05:00:00Z"))
        #expect(plan(doc, state, now: F.at("2026-11-22T05:00:30Z"))?.trigger == F.at("2026-11-23T05:00:00Z"))
        #expect(plan(doc, now: morning)?.trigger == F.at("2026-11-22T05:00:00Z"))
    }

    @Test func anEditReplansFromTheNewTime() {
        var a = F.alarm("0000aaaa", F.everyDay(7, 0))
        let before = plan(F.document([a]))
        a.schedule = F.everyDay(5, 45)
        a.modified = now
        let after = plan(F.document([a]))
        #expect(before?.trigger == F.at("2026-11-22T04:00:00Z"))
        #expect(after?.trigger == F.at("2026-11-22T02:45:00Z") && after?.wakeAt == F.at("2026-11-22T02:44:00Z"))
    }

    @Test func aSnoozeIsWokenFor() {
        let doc = F.document([F.alarm("0000aaaa", F.everyDay(7, 0))])
        var state = AgentState()
        state.alarms.setSnooze("0000aaaa", Snooze(until: now + 600, due: now - 60))
        #expect(plan(doc, state) == WakePlan(wakeAt: now + 540, trigger: now + 600, alarmID: "0000aaaa"))
        // A ring closer than the lead: wake now rather than at a past instant.
        state.alarms.setSnooze("0000aaaa", Snooze(until: now + 20, due: now - 60))
        #expect(plan(doc, state)?.wakeAt == now)
    }

    @Test func nothingInsideAPauseTheFirstRingAfterItCounts() {
        let doc = F.document([F.alarm("0000aaaa", F.everyDay(7, 0)), F.alarm("0000bbbb", F.everyDay(9, 0))])
        var state = AgentState()
        state.pausedUntil = F.at("2026-11-22T05:30:00Z")  // Sunday 08:30 Moscow: 07:00 is paused, 09:00 rings
        #expect(plan(doc, state)?.trigger == F.at("2026-11-22T06:00:00Z"))
        state.pausedUntil = F.at("2026-11-22T06:00:00Z")  // ends exactly at 09:00: that ring rings
        #expect(plan(doc, state)?.trigger == F.at("2026-11-22T06:00:00Z"))
        state.alarms.setSnooze("0000aaaa", Snooze(until: now + 600, due: now - 60))  // inside the pause: reported, not rung
        #expect(plan(doc, state)?.alarmID == "0000bbbb")
        state.pausedUntil = now - 1  // a pause that has ended changes nothing
        #expect(plan(doc, state)?.alarmID == "0000aaaa")
    }

    /// Differential check against the engine: at the planned trigger the engine rings that alarm,
    /// and at no earlier minute does it ring any wake-enabled alarm.
    @Test(arguments: 0..<40)
    func theEngineRingsWhatThePlanWakesFor(seed: Int) {
        var rng = SplitMix(seed: UInt64(seed) &+ 77)
        var alarms: [Alarm] = []
        for k in 0..<Int(1 + rng.next() % 5) {
            var a = F.alarm(String(format8: k), F.everyDay(Int(rng.next() % 24), Int(rng.next() % 12) * 5))
            a.wake = [nil, true, false][Int(rng.next() % 3)]
            a.enabled = rng.next() % 5 != 0
            alarms.append(a)
        }
        let doc = F.document(alarms)
        guard let p = plan(doc) else {
            #expect(!alarms.contains { $0.enabled && $0.effectiveWake(doc.settings) })
            return
        }
        let engine = AlarmEngine(document: doc, state: AgentState(), zone: F.moscow)
        _ = engine.evaluate(now: now)
        let rung = engine.evaluate(now: p.trigger).effects.compactMap { e -> String? in
            if case .ring(let r) = e { return r.alarmID } else { return nil }
        }
        #expect(rung.contains(p.alarmID), "\(p) \(rung)")
        #expect(p.trigger - p.wakeAt == 60)
        let wakers = Set(alarms.filter { $0.enabled && $0.effectiveWake(doc.settings) }.map(\.id))
        let fresh = AlarmEngine(document: doc, state: AgentState(), zone: F.moscow)
        _ = fresh.evaluate(now: now)
        var t = now + 60
        while t < p.trigger {
            let early = fresh.evaluate(now: t).effects.contains {
                if case .ring(let r) = $0 { return wakers.contains(r.alarmID) } else { return false }
            }
            #expect(!early, "a wake-enabled alarm rang at \(t), before the planned \(p.trigger)")
            t = t + 300
        }
    }
}

extension String {
    /// An 8-hex-digit alarm id for index `k`.
    init(format8 k: Int) {
        let h = String(k, radix: 16)
        self = String(repeating: "0", count: 8 - h.count) + h
    }
}

/// The per-alarm wake choice and the default setting in the store (schema 4; older files read as is).
@Suite struct WakeStorageTests {
    typealias F = CoreFixtures

    @Test func wakeRoundTripsAndV1FilesReadWithDefaults() throws {
        var on = F.alarm("0000aaaa", F.everyDay(7, 0))
        on.wake = true
        var off = F.alarm("0000bbbb", F.everyDay(8, 0))
        off.wake = false
        let plain = F.alarm("0000cccc", F.everyDay(9, 0))
        var doc = F.document([on, off, plain])
        doc.settings.wakeAlarms = false
        let json = DocumentCoding.encode(doc)
        #expect(json["schemaVersion"]?.intValue == StoreDocument.currentSchemaVersion)
        #expect(try DocumentCoding.decode(json) == doc)
        let v1 =
            #"{"schemaVersion": 1, "alarms": [{"id": "0000aaaa", "label": "A", "created": "2026-01-01T00:00:00Z", "schedule": {"kind": "weekly", "days": ["mon"], "time": "07:00"}}]}"#
        let migrated = try Migration.standard.migrate(try JSONParser.parse(Array(v1.utf8)))
        #expect(migrated["schemaVersion"]?.intValue == StoreDocument.currentSchemaVersion)
        let read = try DocumentCoding.decode(migrated)
        #expect(read.alarms[0].wake == nil && read.settings.wakeAlarms && read.alarms[0].effectiveWake(read.settings))
    }

    @Test func theWakeSetting() throws {
        var s = Settings()
        for (value, expected) in [("off", false), ("on", true), ("нет", false), ("YES", true)] {
            try SettingsEditor.apply(key: "wake", value: value, to: &s)
            #expect(s.wakeAlarms == expected)
            #expect(SettingsEditor.value(of: "wake", in: s) == (expected ? "on" : "off"))
        }
        #expect(throws: InputError.self) { try SettingsEditor.apply(key: "wake", value: "maybe", to: &s) }
    }
}

@Suite struct WakeHelperTests {
    @Test func answersOfTheHelper() {
        #expect(WakeHelper.capability(fromCheckOutput: "ok realtime-alarm") == .available)
        #expect(
            WakeHelper.capability(fromCheckOutput: "error no-rtc this machine has no real-time clock")
                == .unavailable(code: "no-rtc", reason: "this machine has no real-time clock"))
        #expect(
            WakeHelper.capability(fromCheckOutput: "") == .unavailable(code: "no-answer", reason: "the wake helper gave no usable answer"))
        #expect(
            WakeHelper.capability(fromCheckOutput: "garbage\u{1b}[2J")
                == .unavailable(code: "no-answer", reason: "the wake helper gave no usable answer (garbage\\x1b[2J)"))
    }

    @Test func commandsForPlans() {
        let plan = WakePlan(
            wakeAt: Instant(secondsSinceEpoch: 1_800_000_000), trigger: Instant(secondsSinceEpoch: 1_800_000_060), alarmID: "0000aaaa")
        #expect(WakeHelper.command(for: plan) == "arm 1800000000\n")
        #expect(WakeHelper.command(for: nil) == "clear\n")
    }

    @Test func foundInLibexecBesideBinOrInTheBuildTree() {
        let dir = ScratchDirectory("wake")
        ScratchDirectory.makeDirectories(dir.path + "/bin")
        ScratchDirectory.makeDirectories(dir.path + "/libexec/moscowtime")
        #expect(WakeHelper.path(environment: [:], executableDirectory: dir.path + "/bin") == nil)
        let tree = dir.path + "/bin/moscowtime-wake"
        ScratchDirectory.write(tree, "#!/bin/sh\n")
        chmod(tree, 0o755)
        #expect(WakeHelper.path(environment: [:], executableDirectory: dir.path + "/bin") == tree)
        let installed = dir.path + "/libexec/moscowtime/moscowtime-wake"
        ScratchDirectory.write(installed, "#!/bin/sh\n")
        chmod(installed, 0o755)
        #expect(
            WakeHelper.path(environment: [:], executableDirectory: dir.path + "/bin") == dir.path
                + "/bin/../libexec/moscowtime/moscowtime-wake")
        #expect(WakeHelper.path(environment: ["MOSCOWTIME_WAKE_HELPER": "/nonexistent"], executableDirectory: dir.path + "/bin") == nil)
    }
}
