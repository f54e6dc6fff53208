// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Glibc
import Testing

@testable import MoscowTimeDomain
@testable import MoscowTimeStore

/// A calendar file other programs also write is replaced only when it still holds what was read,
/// keeps its mode, and leaves no temporary file; a symlink in its place is refused.
@Suite(.timeLimit(.minutes(1)))
struct SharedFileRewriteTests {
    func file(_ text: String, mode: mode_t = 0o644) -> (ScratchDirectory, String) {
        let dir = ScratchDirectory("shared-rewrite")
        let path = dir.path + "/event.ics"
        ScratchDirectory.write(path, text)
        chmod(path, mode)
        return (dir, path)
    }

    func entries(_ dir: ScratchDirectory) -> [String] { (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [] }

    @Test func replacedWhenUnchangedKeepingItsMode() throws {
        let (dir, path) = file("a\r\n", mode: 0o640)
        let (bytes, mode) = try SharedFileRewrite.read(path, limit: 1 << 20)
        #expect(bytes == Array("a\r\n".utf8) && mode == 0o640)
        try SharedFileRewrite.replace(path, expected: bytes, with: Array("b\r\n".utf8), mode: mode)
        let after = try SharedFileRewrite.read(path, limit: 1 << 20)
        #expect(after.bytes == Array("b\r\n".utf8) && after.mode == 0o640)
        #expect(entries(dir) == ["event.ics"])
    }

    @Test func leftAloneWhenAnotherProgramChangedItMeanwhile() throws {
        let (dir, path) = file("a\n")
        let (bytes, mode) = try SharedFileRewrite.read(path, limit: 1 << 20)
        ScratchDirectory.write(path, "khal's\n")
        #expect { try SharedFileRewrite.replace(path, expected: bytes, with: Array("ours\n".utf8), mode: mode) } throws: {
            ($0 as? StoreError)?.description.contains("changed by another program") == true
        }
        #expect(try SharedFileRewrite.read(path, limit: 1 << 20).bytes == Array("khal's\n".utf8))
        #expect(entries(dir) == ["event.ics"])
    }

    @Test("a killed rewrite's temporary file is removed by the next one once a minute old; a fresh one, others' and a symlink stay")
    func leftoversOfAKilledRewriteAreRemoved() throws {
        let (dir, path) = file("a\n")
        let stale = path + ".tmp-00000000deadbeef"
        let fresh = path + ".tmp-00000000feedf00d"
        let notOurs = path + ".tmp-backup"
        let link = path + ".tmp-0123456789abcdef"
        for p in [stale, fresh, notOurs] { ScratchDirectory.write(p, "half") }
        #expect(symlink(path, link) == 0)
        var old = [timespec(tv_sec: time(nil) - 120, tv_nsec: 0), timespec(tv_sec: time(nil) - 120, tv_nsec: 0)]
        #expect(utimensat(AT_FDCWD, stale, &old, 0) == 0)
        let (bytes, mode) = try SharedFileRewrite.read(path, limit: 1 << 20)
        try SharedFileRewrite.replace(path, expected: bytes, with: Array("b\n".utf8), mode: mode)
        #expect(
            Set(entries(dir)) == ["event.ics", "event.ics.tmp-00000000feedf00d", "event.ics.tmp-backup", "event.ics.tmp-0123456789abcdef"])
    }

    @Test func aSymlinkInItsPlaceIsRefused() throws {
        let (dir, path) = file("a\n")
        let link = dir.path + "/link.ics"
        #expect(symlink(path, link) == 0)
        #expect { try SharedFileRewrite.read(link, limit: 1 << 20) } throws: {
            ($0 as? StoreError)?.description.contains("symbolic link") == true
        }
    }
}
