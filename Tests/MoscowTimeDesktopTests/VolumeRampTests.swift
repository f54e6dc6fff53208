// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeDesktop

/// The ramp's curve: quiet (-30 dB) at the start, linear in dB, full volume (0 dB) from its end on.
/// moscowtime-sound's ramp_db() mirrors it.
@Suite("VolumeRamp")
struct VolumeRampTests {
    @Test func risesLinearlyInDecibelsFromTheFloorToFullVolume() {
        let ramp = VolumeRamp(durationMs: 30_000)
        #expect(ramp.volumeDB(atMilliseconds: 0) == -30)
        #expect(ramp.volumeDB(atMilliseconds: 15_000) == -15)
        #expect(abs(ramp.volumeDB(atMilliseconds: 27_000) + 3) < 1e-9)
        #expect(ramp.volumeDB(atMilliseconds: 30_000) == 0)
        #expect(ramp.volumeDB(atMilliseconds: 3_600_000) == 0)
        #expect(ramp.volumeDB(atMilliseconds: -5) == -30, "a clock read before the start is the start")
        var last = -Double.infinity
        for ms in stride(from: Int64(0), through: 31_000, by: 250) {
            let db = ramp.volumeDB(atMilliseconds: ms)
            #expect(db >= last && db <= 0)
            last = db
        }
        #expect(ramp.isRising(atMilliseconds: 29_999) && !ramp.isRising(atMilliseconds: 30_000))
    }

    @Test func zeroSecondsIsNoRampAndBadValuesAreClamped() {
        #expect(VolumeRamp.seconds(0) == nil)
        #expect(VolumeRamp.seconds(30) == VolumeRamp(durationMs: 30_000))
        let none = VolumeRamp(durationMs: -100, floorDB: 12)
        #expect(none.durationMs == 0 && none.floorDB == 0)
        #expect(none.volumeDB(atMilliseconds: 0) == 0)
        #expect(VolumeRamp(durationMs: 1000, floorDB: -60).volumeDB(atMilliseconds: 500) == -30)
    }
}
