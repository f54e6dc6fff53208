// SPDX-License-Identifier: GPL-3.0-or-later
/// What our MPRIS player shows as its current track (the lock screen's media controls).
public struct MprisTrack: Equatable, Sendable {
    /// mpris:trackid, a D-Bus object path that names this track (never under /org/mpris).
    public var trackID: String
    /// xesam:title
    public var title: String
    /// xesam:artist (MPRIS makes it a list).
    public var artists: [String]
    /// An image file for mpris:artUrl (an absolute path; the player makes it a file: URI), or nil.
    public var artFile: String?

    public init(trackID: String, title: String, artists: [String], artFile: String? = nil) {
        self.trackID = trackID
        self.title = title
        self.artists = artists
        self.artFile = artFile
    }

    /// `prefix` (an object path) with `name` appended as one element: D-Bus allows only
    /// [A-Za-z0-9_] there, so every other byte is written `_xx` (and `_` itself `_5f`), which keeps
    /// different names apart.
    public static func objectPath(_ prefix: String, _ name: String) -> String {
        let hex = Array("0123456789abcdef".utf8)
        var element: [UInt8] = []
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                element.append(byte)
            default:
                element += [UInt8(ascii: "_"), hex[Int(byte >> 4)], hex[Int(byte & 0xf)]]
            }
        }
        if element.isEmpty { element = Array("_".utf8) }
        return prefix + "/" + String(decoding: element, as: UTF8.self)
    }
}
