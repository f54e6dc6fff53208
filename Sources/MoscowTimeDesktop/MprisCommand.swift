// SPDX-License-Identifier: GPL-3.0-or-later
/// A transport button pressed on our MPRIS player (a lock screen, a media key, `playerctl`).
/// Previous, Seek, SetPosition, OpenUri, Raise and Quit do nothing and are not reported.
public enum MprisCommand: String, Sendable {
    case play = "Play"
    case pause = "Pause"
    case playPause = "PlayPause"
    case stop = "Stop"
    case next = "Next"
}
