// SPDX-License-Identifier: GPL-3.0-or-later
/// A fade-in for a looping sound: each repetition plays `stepDB` louder, from `startDB` up to `maxDB`
/// (libcanberra sets volume per play, in dB relative to the stream's normal volume; 0 = unchanged).
public struct VolumeRamp: Sendable, Equatable {
    public var startDB: Double
    public var stepDB: Double
    public var maxDB: Double

    public init(startDB: Double, stepDB: Double, maxDB: Double = 0) {
        self.startDB = startDB
        self.stepDB = stepDB
        self.maxDB = maxDB
    }

    /// Volume of repetition `n` (0-based).
    public func volume(forRepetition n: Int) -> Double {
        min(startDB + stepDB * Double(n), maxDB)
    }
}
