// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain
import MoscowTimeStore
import Testing

@testable import MoscowTimeCalendar

/// The pieces of a CalDAV collection's mirror that need no server: safe names from hrefs, the
/// CRLFs XML took away, which texts are mirrored, the records kept between syncs, and the
/// discovery answer read as Apple's and CalendarServer's properties say.
@Suite("CalDAV collection mirror")
struct CollectionMirrorTests {
    @Test func aServersNameIsUsedOnlyWhenPlainlyAFileName() {
        #expect(CalDAVMirrorNames.file(for: "/alice/work/abc-123@host.ics") == "abc-123@host.ics")
        #expect(CalDAVMirrorNames.file(for: "/alice/work/event") == "event.ics")
        for bad in ["/alice/work/..", "/alice/work/.hidden.ics", "/alice/work/a%2Fb.ics", "/alice/work/a b.ics", "/w/ä.ics", "/"] {
            let name = CalDAVMirrorNames.file(for: bad)
            #expect(name.hasPrefix("h-") && name.hasSuffix(".ics") && name.count == 22, "\(bad) → \(name)")
        }
        #expect(CalDAVMirrorNames.file(for: "/w/" + String(repeating: "x", count: 120)).hasPrefix("h-"))
        // Two collections with one last part on two paths get two folders.
        let a = CalDAVMirrorNames.folder(for: "http://a/alice/work/")
        let b = CalDAVMirrorNames.folder(for: "http://a/bob/work/")
        #expect(a.hasPrefix("work-") && b.hasPrefix("work-") && a != b)
        #expect(!CalDAVMirrorNames.folder(for: "http://a/alice/../").contains(".."))
    }

    @Test func lineEndsComeBackAsCRLFOnlyWhereXMLTookThem() {
        #expect(CollectionMirror.crlf(Array("A:1\nB:2\n".utf8)) == Array("A:1\r\nB:2\r\n".utf8))
        let kept = Array("A:1\r\nB:2\n".utf8)  // a CR already there: as it is
        #expect(CollectionMirror.crlf(kept) == kept)
    }

    @Test func onlyICalendarWithinTheLimitsIsMirrored() {
        let event =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTAMP:20260101T000000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        #expect(CollectionMirror.readable(Array(event.utf8)))
        #expect(!CollectionMirror.readable(Array("\u{0}\u{FF}junk\n".utf8)))
        #expect(!CollectionMirror.readable(Array("<html>500</html>".utf8)))
        let deep =
            "BEGIN:VCALENDAR\r\n" + String(repeating: "BEGIN:X\r\n", count: 20) + String(repeating: "END:X\r\n", count: 20)
            + "END:VCALENDAR\r\n"
        #expect(!CollectionMirror.readable(Array(deep.utf8)))
        #expect(!CollectionMirror.readable([UInt8](repeating: 65, count: CalendarLimits.maximumFileBytes + 1)))
    }

    @Test func theRecordsAreReadBackAsWritten() throws {
        let dir = "/tmp/mirror-test-\(getpid())"
        defer {
            CalDAVCollections.removeMirror(dir + "/m")
            rmdir(dir)
        }
        var r = MirrorRecord(syncToken: "tok-1")
        r.resources["http://a/w/x.ics"] = .init(file: "x.ics", etag: "\"1\"", hash: "00ff")
        r.resources["http://a/w/bad.ics"] = .init(file: nil, etag: "\"2\"", hash: nil)
        try r.save(dir + "/m.json")
        #expect(MirrorRecord.load(dir + "/m.json") == r)
        #expect(r.files == 1 && r.problem == .resources(count: 1, first: "http://a/w/bad.ics"))

        let paths = StorePaths(dataDirectory: dir + "/data", stateDirectory: dir + "/state")
        defer {
            CalDAVCollections.forget(paths)
            rmdir(paths.stateDirectory)
        }
        let c = CalDAVCollection(
            url: "http://a/w/", name: "Work", color: "#FF0000", components: ["VEVENT"], writable: true, syncToken: "t", ctag: "c",
            items: 3, problem: .status(500))
        try CalDAVCollections.save([c, CalDAVCollection(url: "http://a/h/", name: "Home")], paths)
        #expect(CalDAVCollections.load(paths) == [c, CalDAVCollection(url: "http://a/h/", name: "Home")])
        #expect(CalDAVCollections.calendars(paths).map(\.name) == ["Home", "Work"])
        #expect(CalDAVCollections.calendars(paths).last?.folder == CalDAVCollections.folder(of: "http://a/w/", paths))
    }

    @Test func aCollectionIsUnchangedOnlyByATokenOrCtagBothSidesKnow() {
        let last = CalDAVCollection(url: "u", name: "n", syncToken: "t1", ctag: "c1")
        #expect(CalDAVCollection(url: "u", name: "n", syncToken: "t1", ctag: "c1").unchanged(since: last))
        #expect(!CalDAVCollection(url: "u", name: "n", syncToken: "t2", ctag: "c1").unchanged(since: last))
        #expect(!CalDAVCollection(url: "u", name: "n", syncToken: "t1", ctag: "c2").unchanged(since: last))
        #expect(!CalDAVCollection(url: "u", name: "n").unchanged(since: CalDAVCollection(url: "u", name: "n")))
    }

    @Test func theHomeIsTheAlarmsCollectionsParent() {
        #expect(CollectionsSync.home(of: "http://a/dav/alice/moscowtime-alarms/") == "http://a/dav/alice/")
    }
}
