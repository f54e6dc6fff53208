// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib
import Testing

@testable import MoscowTimeDesktop

@Suite("MprisTrack")
struct MprisTrackTests {
    @Test(arguments: ["a1b2c3d4", "", "_", "with space", "Будильник", "a/b", "x_2f", "..", "9lives"])
    func anyNameMakesAValidObjectPath(_ name: String) {
        let path = MprisTrack.objectPath("/org/moscowtime/Agent1/Alarm", name)
        #expect(g_variant_is_object_path(path) != 0, "\(path)")
        #expect(path.hasPrefix("/org/moscowtime/Agent1/Alarm/"))
    }

    @Test func differentNamesGetDifferentPaths() {
        let names = ["a/b", "a_2fb", "a_b", "a.b", "ab", "a b", "_", ""]
        let paths = names.map { MprisTrack.objectPath("/p", $0) }
        #expect(Set(paths).count == names.count, "\(paths)")
        #expect(MprisTrack.objectPath("/p", "a1b2c3d4") == "/p/a1b2c3d4")
        #expect(MprisTrack.objectPath("/p", "a/b") == "/p/a_2fb")
        #expect(MprisTrack.objectPath("/p", "a_b") == "/p/a_5fb")
    }
}
