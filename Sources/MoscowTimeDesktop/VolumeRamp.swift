// SPDX-License-Identifier: GPL-3.0-or-later
/// A gentle start: a ring's volume rises from `floorDB` (quiet) to full volume over `durationMs`,
/// linearly in dB, so that it sounds like an even rise (-30 dB is about 3 % of full amplitude).
///
/// How it is played: libcanberra has no volume ramp, only a volume per play (canberra.volume, dB
/// relative to the stream's normal volume). So each play starts at the curve's volume for where the
/// ring's ramp has come (a looping sound rises in steps from one repetition to the next even
/// without more), and the `moscowtime-sound` helper then raises its own PulseAudio stream along the
/// same curve while it plays (its `ramp_db` mirrors `volumeDB`), so that a long single file rises
/// too. See Sources/moscowtime-sound/main.c.
public struct VolumeRamp: Sendable, Equatable {
    /// The quiet start: -30 dB, about 3 % of full amplitude.
    public static let defaultFloorDB: Double = -30

    public var durationMs: Int64
    public var floorDB: Double

    public init(durationMs: Int64, floorDB: Double = VolumeRamp.defaultFloorDB) {
        self.durationMs = max(0, durationMs)
        self.floorDB = min(0, floorDB)
    }

    /// A ramp of `seconds` (the alarm's `rampSeconds`), nil for 0 (no ramp: full volume at once).
    public static func seconds(_ seconds: Int) -> VolumeRamp? {
        seconds > 0 ? VolumeRamp(durationMs: Int64(seconds) * 1000) : nil
    }

    /// The volume (dB, 0 = full) `ms` milliseconds after the ring started.
    public func volumeDB(atMilliseconds ms: Int64) -> Double {
        guard durationMs > 0, ms < durationMs else { return 0 }
        guard ms > 0 else { return floorDB }
        return floorDB * (1 - Double(ms) / Double(durationMs))
    }

    /// Whether the ramp is still rising `ms` milliseconds after the ring started.
    public func isRising(atMilliseconds ms: Int64) -> Bool { ms < durationMs }
}
