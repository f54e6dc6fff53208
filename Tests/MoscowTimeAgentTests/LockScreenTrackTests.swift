// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDesktop
import Testing

@testable import MoscowTimeAgent
@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// What the lock screen's media controls show while alarms ring.
@Suite("LockScreenTrack")
struct LockScreenTrackTests {
    let seven = ISO8601.parse("2026-11-21T04:00:00Z")!

    func ring(_ id: String, label: String = "Подъём", due: Int64 = 0, started: Int64 = 0) -> RingingAlarm {
        RingingAlarm(
            alarmID: id, label: label, due: seven + due, startedAt: seven + started, endsAt: seven + started + 300,
            isLate: false, snoozeCount: 0, snoozeMinutes: 10, sound: "alarm-clock-elapsed")
    }

    func shownID(_ rings: [RingingAlarm]) -> String? {
        LockScreenTrack.shown(Dictionary(uniqueKeysWithValues: rings.map { ($0.alarmID, $0) }))?.alarmID
    }

    @Test func nothingRingingShowsNothing() {
        #expect(shownID([]) == nil)
    }

    @Test func theAlarmThatBeganLastIsShown() {
        // b began ringing later though due earlier (a snooze ended, say)
        #expect(shownID([ring("a", due: 60, started: 60), ring("b", due: -600, started: 120)]) == "b")
        #expect(shownID([ring("a", started: 120), ring("b", started: 60)]) == "a")
    }

    @Test func tiesAreBrokenByDueThenIdNeverByDictionaryOrder() {
        #expect(shownID([ring("a", due: 30), ring("b", due: 0)]) == "a")
        for _ in 0..<20 {
            #expect(shownID([ring("x"), ring("y"), ring("m")]) == "y")
        }
    }

    @Test func theTrackIsTheLabelByTheApplication() {
        let track = LockScreenTrack.track(ring("a1b2c3d4", label: "Подъём <b>&</b>"))
        #expect(
            track
                == MprisTrack(
                    trackID: "/org/moscowtime/Agent1/Alarm/a1b2c3d4", title: "Подъём <b>&</b>",
                    artists: ["MoscowTime"]))
        let icons = IconFiles(themePath: "/usr/share/icons", layout: .hicolorTheme)
        #expect(
            LockScreenTrack.track(ring("a"), icons: icons).artFile
                == "/usr/share/icons/hicolor/scalable/apps/org.moscowtime.Agent-ringing.svg")
    }
}
