// SPDX-License-Identifier: GPL-3.0-or-later
import TestSupport
import Testing

@testable import MoscowTimeDomain

/// The evening notice: when it is due, and which ring it names.
@Suite(.timeLimit(.minutes(1)))
struct PreNoticeTests {
    typealias F = CoreFixtures

    func settings(_ time: TimeOfDay?) -> Settings {
        var s = Settings()
        s.preNotice = time
        return s
    }

    @Test("off by default; otherwise today's time if ahead, else tomorrow's")
    func nextTime() {
        #expect(Settings().preNotice == nil)
        #expect(PreNotice.nextTime(after: F.at("2026-11-25T17:00:00Z"), settings: settings(nil), zone: F.moscow) == nil)
        let nine = settings(F.time(21, 0))
        #expect(PreNotice.nextTime(after: F.at("2026-11-25T17:00:00Z"), settings: nine, zone: F.moscow) == F.at("2026-11-25T18:00:00Z"))
        #expect(PreNotice.nextTime(after: F.at("2026-11-25T18:00:00Z"), settings: nine, zone: F.moscow) == F.at("2026-11-26T18:00:00Z"))
    }

    @Test("re-armed a moment after its time, a notice not fired yet is kept; once fired, tomorrow's")
    func timeToArm() {
        let nine = settings(F.time(21, 0))
        let tonight = F.at("2026-11-25T18:00:00Z")
        let tomorrow = F.at("2026-11-26T18:00:00Z")
        #expect(PreNotice.timeToArm(now: tonight - 1, lastFired: nil, settings: nine, zone: F.moscow) == tonight)
        // The agent was busy when the clock reached 21:00 and re-arms at 21:00:05: still tonight's.
        #expect(PreNotice.timeToArm(now: tonight + 5, lastFired: nil, settings: nine, zone: F.moscow) == tonight)
        #expect(PreNotice.timeToArm(now: tonight + 5, lastFired: tonight - 86_400, settings: nine, zone: F.moscow) == tonight)
        #expect(PreNotice.timeToArm(now: tonight + 5, lastFired: tonight, settings: nine, zone: F.moscow) == tomorrow)
        // Long past (the agent started at 22:00): tomorrow's, not a late one tonight.
        #expect(PreNotice.timeToArm(now: tonight + 3600, lastFired: nil, settings: nine, zone: F.moscow) == tomorrow)
        #expect(PreNotice.timeToArm(now: tonight, lastFired: nil, settings: settings(nil), zone: F.moscow) == nil)
    }

    @Test("names tomorrow's first ring of an alarm that wakes the computer, through the one rule")
    func find() {
        let now = F.at("2026-11-25T18:00:00Z")  // Wednesday 21:00 in Moscow
        var quiet = F.alarm("0000000a", .weekly(days: [.thursday], time: F.time(5, 0)))
        quiet.wake = false
        var work = F.alarm("0000000b", .workdays(time: F.time(6, 30)))
        work.modified = now - 86_400
        let late = F.alarm("0000000c", .once(date: F.day(2026, 11, 25), time: F.time(23, 30)))  // tonight: not tomorrow
        var doc = F.document([quiet, work, late])
        doc.writtenAt = now - 86_400
        let n = PreNotice.find(doc, state: AgentState(), zone: F.moscow, now: now)
        #expect(n == PreNotice(alarmID: "0000000b", label: work.label, at: F.at("2026-11-26T03:30:00Z")))
        // Skipped tomorrow: the notice names the next one that rings tomorrow, here none.
        doc.alarms[1].skippedDays = [F.day(2026, 11, 26)]
        #expect(PreNotice.find(doc, state: AgentState(), zone: F.moscow, now: now) == nil)
        // New Year's Eve: the next working day is not tomorrow.
        let eve = F.at("2026-12-30T18:00:00Z")
        doc.alarms[1].skippedDays = []
        #expect(PreNotice.find(doc, state: AgentState(), zone: F.moscow, now: eve) == nil)
    }

    @Test("the words, in Russian")
    func words() {
        let n = PreNotice(alarmID: "0000000b", label: "Работа", at: F.at("2026-11-26T03:30:00Z"))
        let w = PreNoticeText(n, Localizer(.ru), zone: F.moscow)
        #expect(w.summary == "Завтра в 06:30 — Работа" && w.skipLabel == "Пропустить" && w.okLabel == "Хорошо")
        #expect(w.body.hasPrefix("Четверг, 26 ноября 2026."))
    }
}
