// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
import Glibc
import MoscowTimeCore
@testable import MoscowTimeCalendar

/// The last sync failure is stored as a code with its values, so it is worded when shown (in the
/// reader's language); a state written by an older version holds English text, read as it is.
@Suite("sync failure, stored")
struct SyncFailureStoredTests {
    static let failures: [SyncFailure] = [
        .invalidURL("htp:/x"), .certificateRefused(url: "https://a/", detail: "Unacceptable TLS certificate"),
        .unreachable(url: "http://127.0.0.1:9/", detail: "Could not connect: Connection refused"),
        .authenticationRefused(url: "http://a/"), .notMultistatus(method: "PROPFIND", url: "http://a/", status: 404),
        .unreadableMultistatus(method: "REPORT", url: "http://a/c/"), .notACalendar(url: "http://a/c/"),
        .unexpectedStatus(method: "PUT", url: "http://a/c/x.ics", status: 500), .cannotCreateCalendar(url: "http://a/c/", status: 403),
        .listedWithoutETag(href: "/c/x.ics"), .changeWithoutETag(href: "/c/y.ics"), .listedNotReturned(url: "http://a/c/z.ics"),
        .invalidResource(url: "http://a/c/z.ics", CalendarFileError(line: 7, .endClosesOther(end: "VTODO", begin: "VEVENT", beginLine: 4))),
        .invalidResource(url: "http://a/c/z.ics", CalendarFileError(line: nil, .libical(nil))),
        .invalidResource(url: "http://a/c/z.ics", CalendarFileError(line: 3, .habitName(LabelRules.issue(String(repeating: "x", count: 300))!))),
        .invalidResource(url: "http://a/c/z.ics", CalendarFileError(line: 9, .dayBeforeStart(day: CivilDate(year: 2026, month: 1, day: 2)!,
                                                                                            start: CivilDate(year: 2026, month: 2, day: 1)!))),
        .unknownZone("Mars/Olympus"),
    ]

    @Test("every failure comes back from its code and values", arguments: failures)
    func roundTrip(_ f: SyncFailure) {
        let (code, values) = f.stored
        #expect(SyncFailure(code: code, values: values) == f)
    }

    @Test("an unknown code or values that do not fit are not guessed at")
    func unknown() {
        #expect(SyncFailure(code: "fromTheFuture", values: ["x"]) == nil)
        #expect(SyncFailure(code: "notMultistatus", values: ["PROPFIND", "http://a/", "many"]) == nil)
        #expect(SyncFailure(code: "unreachable", values: ["only one"]) == nil)
    }

    func paths() -> StorePaths {
        var template = Array("/tmp/mt-syncstate-XXXXXX".utf8CString)
        let dir = String(cString: mkdtemp(&template)!)
        return StorePaths(dataDirectory: dir + "/data", stateDirectory: dir + "/state")
    }

    @Test("sync-state.json keeps the typed failure; an older version's English text is read as it is")
    func file() throws {
        let p = paths()
        var s = SyncState()
        s.lastFailure = .typed(.authenticationRefused(url: "http://a/"))
        try s.save(p)
        #expect(try SyncState.load(p).lastFailure == .typed(.authenticationRefused(url: "http://a/")))
        try UserFile.writeAtomically(#"{"lastError": "cannot reach http://a/: Connection refused"}"#, to: SyncState.path(p))
        #expect(try SyncState.load(p).lastFailure == .text("cannot reach http://a/: Connection refused"))
        try UserFile.writeAtomically(#"{"lastFailure": {"code": "fromTheFuture", "values": ["x", "y"]}}"#, to: SyncState.path(p))
        #expect(try SyncState.load(p).lastFailure == .text("fromTheFuture x y"))
    }
}
