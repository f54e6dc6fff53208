// SPDX-License-Identifier: GPL-3.0-or-later
import Testing

@testable import MoscowTimeCalendar

/// The sync state keeps other programs' event texts within bounds; the rest is read again.
@Suite("Adopted events' texts in the sync state")
struct AdoptedTextsBoundTests {
    @Test("each within 64 KiB and all within 4 MiB, in the order of the ids")
    func bounded() {
        let small = String(repeating: "x", count: 60 * 1024)
        var texts = ["big": String(repeating: "y", count: SyncState.adoptedTextLimit + 1)]
        for k in 0..<100 { texts[String(format3(k))] = small }
        let kept = SyncState.kept(texts)
        #expect(!kept.contains { $0.key == "big" })
        #expect(kept.reduce(0) { $0 + $1.value.utf8.count } <= SyncState.adoptedTextsLimit)
        #expect(kept.count == SyncState.adoptedTextsLimit / small.utf8.count)
        #expect(kept.map(\.key) == (0..<kept.count).map(format3))
    }

    func format3(_ k: Int) -> String { String(repeating: "0", count: 3 - String(k).count) + String(k) }
}
