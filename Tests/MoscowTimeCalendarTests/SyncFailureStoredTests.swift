// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc
import MoscowTimeDomain
import MoscowTimeStore
import Testing

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
        .invalidResource(
            url: "http://a/c/z.ics", CalendarFileError(line: 3, .habitName(LabelRules.issue(String(repeating: "x", count: 300))!))),
        .invalidResource(
            url: "http://a/c/z.ics",
            CalendarFileError(
                line: 9,
                .dayBeforeStart(
                    day: CivilDate(year: 2026, month: 1, day: 2)!,
                    start: CivilDate(year: 2026, month: 2, day: 1)!))),
        .invalidResource(url: "http://a/c/h.ics", CalendarFileError(line: 5, .dayOutOfRange(CivilDate(year: 2200, month: 1, day: 1)!))),
        .invalidResource(url: "http://a/c/n.ics", CalendarFileError(line: 19, .nestedTooDeep(limit: CalendarLimits.maximumNesting))),
        .invalidResource(url: "http://a/c/n.ics", CalendarFileError(line: 4, .lineTooLong(limit: CalendarLimits.maximumLineBytes))),
        .invalidResource(url: "http://a/c/n.ics", CalendarFileError(line: 1_000_004, .tooManyLines(limit: CalendarLimits.maximumLines))),
        .invalidResource(url: "http://a/c/n.ics", CalendarFileError(line: 9, .tooManyComponents(limit: CalendarLimits.maximumComponents))),
        .invalidResource(
            url: "http://a/c/n.ics", CalendarFileError(line: nil, .fileTooLarge(size: 17 << 20, limit: CalendarLimits.maximumFileBytes))),
        .invalidResource(url: "http://a/c/n.ics", CalendarFileError(line: 6, .zoneNotInDatabase("../../tmp/x"))),
        .unknownZone("Mars/Olympus"),
        .timedOut(method: "PROPFIND", url: "http://a/c/", seconds: 60), .syncDeadline(seconds: 300),
        .answerTooLarge(method: "REPORT", url: "http://a/c/", limit: 32 << 20), .answerWithDTD(method: "PROPFIND", url: "http://a/c/"),
        .endedByAgent(seconds: 300), .crashed(signal: 11),
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

    @Test("skipped resources and a server that lost its data are kept in sync-state.json")
    func skippedAndLost() throws {
        let p = paths()
        var s = SyncState()
        s.skipped = [
            SyncState.Skipped(url: "http://a/c/x.ics", reason: .invalid(CalendarFileError(line: 4, .nestedTooDeep(limit: 16)))),
            SyncState.Skipped(url: "http://a/c/y.ics", reason: .larger(limit: 32 << 20)),
        ]
        s.serverLostAt = Instant(secondsSinceEpoch: 1_795_000_000)
        s.serverLostCount = 3
        try s.save(p)
        #expect(try SyncState.load(p) == s)
    }
}
