// SPDX-License-Identifier: GPL-3.0-or-later
/// What the agent needs of a sound backend; `SoundPlayer` is the real one (libcanberra), tests use a
/// fake. Keys are chosen by the caller and must be unique among the sounds playing at once
/// (the agent hands them out from one `SoundKeys`).
@MainActor
public protocol SoundPlaying: AnyObject {
    /// Called with a human-readable cause when a sound cannot play.
    var onProblem: (@MainActor (String) -> Void)? { get set }
    /// "<driver>: ok", "<driver>: unavailable: …" or "<driver>: not opened yet", for status output.
    var backendState: String { get }
    /// Plays `source` again and again until `stop(key:)`, rising to full volume along `volumeRamp`
    /// (nil: full volume at once).
    func startLoop(key: UInt32, source: SoundSource, volumeRamp: VolumeRamp?)
    /// Plays `source` once.
    func playOnce(key: UInt32, source: SoundSource)
    func stop(key: UInt32)
}

extension SoundPlayer: SoundPlaying {}

/// Hands out the keys of one `SoundPlaying`, so that every presenter's sounds stay apart.
@MainActor
public final class SoundKeys {
    private var next: UInt32 = 1

    public init() {}

    public func make() -> UInt32 {
        let key = next
        next = next == .max ? 1 : next + 1
        return key
    }
}
