// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import SystemPackage
import TestSupport
import Testing

@testable import MoscowTimeStore

/// Discovery lists a folder in `readdir`'s order and stops at a collection's first item; what it
/// finds is what the sorted listing finds, items counted or not.
@Suite("Local calendar discovery")
struct LocalCalendarsTests {
    static let names = ["a.ics", "b.ICS", ".hidden.ics", "displayname", "color", "notes.txt", "x.ics~", "é.ics", "ics", "c.ics.bak"]

    @Test("finds what the sorted listing finds", arguments: [1, 2, 3, 4] as [UInt64])
    func differential(seed: UInt64) throws {
        let root = try TemporaryFolder()
        var rng = SplitMix(seed: seed)
        let folders = (0..<12).map { root.path + "/f\($0)" }
        defer { Self.remove(folders) }
        for (i, folder) in folders.enumerated() {
            mkdir(folder, 0o755)
            // Half the folders only the odd names: some of them are no collection.
            for name in Self.names where rng.next() % 3 == 0 { try Self.make(folder + "/" + name) }
            for k in 0..<Int(rng.next() % 40) where i % 2 == 0 && rng.next() % 2 == 0 { try Self.make(folder + "/\(k).ics") }
        }
        let found = LocalCalendars.discover(roots: [root.path], added: [])
        #expect(found == Self.reference(folders))
        #expect(found.contains { $0.items > 0 } && found.count < folders.count, "seed \(seed) made every kind")
        let uncounted = LocalCalendars.discover(roots: [], added: folders, counting: false)
        #expect(uncounted == found.map { LocalCalendar(folder: $0.folder, name: $0.name, color: $0.color, items: 0) })
    }

    /// What discovery found when it sorted every folder's names and counted the sorted list.
    static func reference(_ folders: [String]) -> [LocalCalendar] {
        folders.filter { f in LocalCalendars.entries(f).contains { $0.hasSuffix(".ics") || $0 == "displayname" } }
            .map { f in
                let name = LocalCalendars.text(f + "/displayname") ?? String(f.split(separator: "/").last!)
                return LocalCalendar(
                    folder: f, name: name, color: LocalCalendars.text(f + "/color"), items: LocalCalendars.itemFiles(f).count)
            }
            .sorted { ($0.name.lowercased(), $0.folder) < ($1.name.lowercased(), $1.folder) }
    }

    static func make(_ path: String) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw Errno(rawValue: errno) }
        defer { close(fd) }
        let text = Array("cal \(path.split(separator: "/").dropLast().last ?? "")\n".utf8)
        _ = Glibc.write(fd, text, text.count)
    }

    static func remove(_ folders: [String]) {
        for folder in folders {
            for name in names + (0..<40).map({ "\($0).ics" }) { unlink(folder + "/" + name) }
            rmdir(folder)
        }
    }
}
