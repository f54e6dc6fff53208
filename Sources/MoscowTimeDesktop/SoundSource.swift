// SPDX-License-Identifier: GPL-3.0-or-later
/// What to play: a sound-theme event id (e.g. "alarm-clock-elapsed", "bell") or an audio file path.
public enum SoundSource: Sendable, Equatable {
    case themeSound(String)
    case file(String)

    /// For messages: the event id or the path.
    public var name: String {
        switch self {
        case .themeSound(let id): id
        case .file(let path): path
        }
    }
}
