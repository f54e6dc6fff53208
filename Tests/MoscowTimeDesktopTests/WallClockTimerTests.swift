// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import TestSupport
import Testing

@testable import MoscowTimeDesktop

/// Whether this process may set CLOCK_REALTIME (needs CAP_SYS_TIME, and a sandbox that allows it).
/// The probe sets the clock to the value it just read, which moves it back by microseconds at most.
enum ClockControl {
    static let canSetRealtimeClock: Bool = {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return clock_settime(CLOCK_REALTIME, &now) == 0
    }()

    /// Sets the clock to its own current value: still a "clock was set" event for the kernel.
    static func touchRealtimeClock() -> Int32 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return clock_settime(CLOCK_REALTIME, &now) == 0 ? 0 : errno
    }
}

@Suite("WallClockTimer", .serialized)
@MainActor
struct WallClockTimerTests {
    @Test func firesAtAFutureDeadline() {
        var firedAt: Int64?
        var clockChanges = 0
        let timer = WallClockTimer(onFire: { firedAt = wallClockNanoseconds() }, onClockChange: { clockChanges += 1 })
        let now = wallClockNow()
        // 300 ms ahead, expressed as seconds + nanoseconds.
        var seconds = now.seconds
        var nanoseconds = now.nanoseconds + 300_000_000
        if nanoseconds >= 1_000_000_000 {
            seconds += 1
            nanoseconds -= 1_000_000_000
        }
        let deadline = seconds * 1_000_000_000 + Int64(nanoseconds)
        timer.arm(atUnixSeconds: seconds, nanoseconds: nanoseconds)
        #expect(timer.armedDeadline == seconds)

        spinMainLoop(seconds: 2) { firedAt != nil }

        let fired = try! #require(firedAt)
        let lateness = Double(fired - deadline) / 1_000_000
        #expect(lateness >= 0, "fired \(-lateness) ms early")
        #expect(lateness < 50, "fired \(lateness) ms late")
        #expect(timer.armedDeadline == nil)
        #expect(clockChanges == 0)
    }

    @Test func aPastDeadlineFiresAtOnce() {
        var fired = 0
        let timer = WallClockTimer(onFire: { fired += 1 }, onClockChange: {})
        let start = monotonicMilliseconds()
        timer.arm(atUnixSeconds: wallClockNow().seconds - 3600)
        spinMainLoop(seconds: 1) { fired > 0 }
        #expect(fired == 1)
        #expect(monotonicMilliseconds() - start < 100)
        // Fired once, not again.
        spinMainLoop(seconds: 0.2)
        #expect(fired == 1)
    }

    @Test func theEpochItselfStillFires() {
        // it_value {0, 0} would mean "disarm" to the kernel; the timer must treat it as a past deadline.
        var fired = false
        let timer = WallClockTimer(onFire: { fired = true }, onClockChange: {})
        timer.arm(atUnixSeconds: 0)
        #expect(spinMainLoop(seconds: 1) { fired })
    }

    @Test func disarmPreventsFiring() {
        var fired = false
        let timer = WallClockTimer(onFire: { fired = true }, onClockChange: {})
        let now = wallClockNow()
        timer.arm(atUnixSeconds: now.seconds, nanoseconds: now.nanoseconds + 150_000_000)
        timer.disarm()
        #expect(timer.armedDeadline == nil)
        spinMainLoop(seconds: 0.5)
        #expect(!fired)
    }

    @Test func rearmingReplacesTheDeadline() {
        var fired = 0
        let timer = WallClockTimer(onFire: { fired += 1 }, onClockChange: {})
        let now = wallClockNow()
        timer.arm(atUnixSeconds: now.seconds + 3600)
        timer.arm(atUnixSeconds: now.seconds, nanoseconds: now.nanoseconds + 100_000_000)
        #expect(spinMainLoop(seconds: 1) { fired == 1 })
    }

    @Test(
        .enabled(
            if: ClockControl.canSetRealtimeClock,
            "clock_settime(CLOCK_REALTIME) is not permitted here (EPERM); the ECANCELED path cannot be provoked"))
    func aClockStepReportsClockChange() {
        var fired = 0
        var clockChanges = 0
        let timer = WallClockTimer(onFire: { fired += 1 }, onClockChange: { clockChanges += 1 })
        let deadline = wallClockNow().seconds + 600
        timer.arm(atUnixSeconds: deadline)
        spinMainLoop(seconds: 0.05)

        #expect(ClockControl.touchRealtimeClock() == 0)
        #expect(spinMainLoop(seconds: 2) { clockChanges > 0 })
        #expect(clockChanges == 1)
        #expect(fired == 0)
        // The deadline is still ahead, so the kernel keeps the timer armed.
        #expect(timer.armedDeadline == deadline)

        // After re-arming, a second step is reported again.
        timer.arm(atUnixSeconds: deadline)
        #expect(ClockControl.touchRealtimeClock() == 0)
        #expect(spinMainLoop(seconds: 2) { clockChanges == 2 })
        timer.disarm()
    }
}
