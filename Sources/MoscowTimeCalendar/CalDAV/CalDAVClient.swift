// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import MoscowTimeStore

/// The CalDAV requests sync needs (RFC 4791, RFC 4918): find the calendar home, make a collection,
/// list members with their ETags, fetch many at once (calendar-multiget), and PUT with
/// If-Match/If-None-Match so a concurrent change on the server is never overwritten blindly.
final class CalDAVClient {
    let http: HTTPClient
    let base: String

    init(url: String, user: String?, password: String?, syncSeconds: Int = SyncDeadline.seconds()) {
        http = HTTPClient(user: user, password: password, syncSeconds: syncSeconds)
        base = url.hasSuffix("/") ? url : url + "/"
    }

    var requests: Int { http.requests }
    var serverDate: Instant? { http.serverDate.map { Instant(secondsSinceEpoch: $0) } }

    /// `/path` or a full URL from the server → a full URL.
    func absolute(_ href: String) -> String {
        if href.hasPrefix("http://") || href.hasPrefix("https://") { return href }
        let parts = base.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count >= 3 else { return href }
        let origin = parts[0..<3].joined(separator: "/")
        return origin + (href.hasPrefix("/") ? href : "/" + href)
    }

    func multistatus(_ method: String, _ url: String, depth: String, body: String) throws(SyncError) -> [DAVResponse] {
        let r = try http.send(method, url, headers: [("Depth", depth)], body: Array(body.utf8))
        guard r.status == 207 else {
            throw SyncError(r.status == 404 ? .setup : .badAnswer, .notMultistatus(method: method, url: url, status: r.status))
        }
        return try parse(r.body, method, url).responses
    }

    /// A 207 answer's multistatus, or why it is refused.
    func parse(_ body: [UInt8], _ method: String, _ url: String) throws(SyncError) -> (responses: [DAVResponse], syncToken: String?) {
        if DAVElement.declaresDTD(body) { throw SyncError(.badAnswer, .answerWithDTD(method: method, url: url)) }
        do {
            return try DAVResponse.syncMultistatus(body)
        } catch .textTooLong {
            throw SyncError(.badAnswer, .answerTooLarge(method: method, url: url, limit: DAVElement.maximumTextBytes))
        } catch {
            throw SyncError(.badAnswer, .unreadableMultistatus(method: method, url: url))
        }
    }

    /// The calendar home: from the URL itself, via the current user's principal, or the URL.
    func calendarHome() throws(SyncError) -> String {
        // not UI: the WebDAV request body
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
              <d:prop><d:current-user-principal/><c:calendar-home-set/></d:prop>
            </d:propfind>
            """
        let first = try multistatus("PROPFIND", base, depth: "0", body: body)
        if let home = first.first?.property(DAVElement.caldav, "calendar-home-set")?.find(DAVElement.dav, "href") {
            return absolute(home.text.trimmedXML)
        }
        if let principal = first.first?.property(DAVElement.dav, "current-user-principal")?.find(DAVElement.dav, "href") {
            let p = try multistatus("PROPFIND", absolute(principal.text.trimmedXML), depth: "0", body: body)
            if let home = p.first?.property(DAVElement.caldav, "calendar-home-set")?.find(DAVElement.dav, "href") {
                return absolute(home.text.trimmedXML)
            }
        }
        return base
    }

    /// Makes sure `url` is a calendar collection for `component` (VEVENT or VTODO), creating it.
    func ensureCollection(_ url: String, displayName: String, component: String) throws(SyncError) {
        // not UI: the WebDAV request body
        let probe = try http.send(
            "PROPFIND", url, headers: [("Depth", "0")],
            body: Array(
                // not UI: protocol text
                """
                <?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/></d:prop></d:propfind>
                """.utf8))
        if probe.status == 207 {
            let r = try parse(probe.body, "PROPFIND", url).responses
            guard r.first?.property(DAVElement.dav, "resourcetype")?.child(DAVElement.caldav, "calendar") != nil else {
                throw SyncError(.setup, .notACalendar(url: url))
            }
            return
        }
        guard probe.status == 404 else {
            throw SyncError(.badAnswer, .unexpectedStatus(method: "PROPFIND", url: url, status: probe.status))
        }
        // not UI: the WebDAV request body
        let make = try http.send(
            "MKCALENDAR", url,
            body: Array(
                // not UI: protocol text
                """
                <?xml version="1.0" encoding="utf-8"?>
                <c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
                  <d:set><d:prop>
                    <d:displayname>\(displayName.xmlEscaped)</d:displayname>
                    <c:supported-calendar-component-set><c:comp name="\(component)"/></c:supported-calendar-component-set>
                  </d:prop></d:set>
                </c:mkcalendar>
                """.utf8))
        guard make.status == 201 else { throw SyncError(.setup, .cannotCreateCalendar(url: url, status: make.status)) }
    }

    /// Members of a collection with their ETags (one PROPFIND, Depth 1), keyed by full URL, and
    /// the collection's sync-token (RFC 6578) when the server offers one.
    func list(_ collection: String) throws(SyncError) -> (members: [String: String], syncToken: String?) {
        // not UI: the WebDAV request body
        let responses = try multistatus(
            "PROPFIND", collection, depth: "1",
            // not UI: protocol text
            body: """
                <?xml version="1.0" encoding="utf-8"?><d:propfind xmlns:d="DAV:"><d:prop><d:getetag/><d:resourcetype/><d:sync-token/></d:prop></d:propfind>
                """)
        var out: [String: String] = [:]
        var token: String?
        for r in responses {
            let url = absolute(r.href)
            if url == collection || path(url) == path(collection) {
                token = r.property(DAVElement.dav, "sync-token")?.text.trimmedXML.nonEmpty
                continue
            }
            guard r.property(DAVElement.dav, "resourcetype")?.children.isEmpty ?? true else { continue }
            guard let etag = r.property(DAVElement.dav, "getetag")?.text.trimmedXML, !etag.isEmpty else {
                throw SyncError(.badAnswer, .listedWithoutETag(href: r.href))
            }
            out[url] = etag
        }
        return (out, token)
    }

    /// What changed in a collection since `token` (an RFC 6578 sync-collection REPORT).
    enum Changes {
        /// Members changed or added (their ETags), members removed, and the token to ask with next time.
        case changed([String: String], removed: Set<String>, syncToken: String)
        /// The server no longer knows the token (403/409 `valid-sync-token`), does not do the
        /// report, or cut the answer short: list the collection instead.
        case listInstead
    }

    /// Asks only for ETags, not the data: the answer also names this machine's own uploads of the
    /// last sync, which are recognised by their ETags and need no data.
    func changes(_ collection: String, since token: String) throws(SyncError) -> Changes {
        // not UI: the WebDAV request body
        let r = try http.send(
            "REPORT", collection, headers: [("Depth", "1")],
            body: Array(
                // not UI: protocol text
                """
                <?xml version="1.0" encoding="utf-8"?>
                <d:sync-collection xmlns:d="DAV:">
                  <d:sync-token>\(token.xmlEscaped)</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop>
                </d:sync-collection>
                """.utf8))
        guard r.status == 207 else { return .listInstead }
        let (responses, newToken) = try parse(r.body, "REPORT", collection)
        guard let newToken else { return .listInstead }
        var changed: [String: String] = [:]
        var removed: Set<String> = []
        for m in responses {
            let url = absolute(m.href)
            if url == collection || path(url) == path(collection) {
                if m.status == 507 { return .listInstead }  // truncated (RFC 6578 §3.6)
                continue
            }
            if m.status == 404 {
                removed.insert(url)
                continue
            }
            guard let etag = m.property(DAVElement.dav, "getetag")?.text.trimmedXML, !etag.isEmpty else {
                throw SyncError(.badAnswer, .changeWithoutETag(href: m.href))
            }
            changed[url] = etag
        }
        return .changed(changed, removed: removed, syncToken: newToken)
    }

    /// The calendar data and ETags of `urls` (calendar-multiget), in batches; a batch whose answer
    /// is over `AnswerLimits.maximumBytes` or not readable XML is asked again in halves, down to the
    /// single members whose own answer is so (`unfetchable`), so one bad item does not hide the others.
    /// Halves are asked side by side (a queue), and a server none of whose first three answers
    /// could be read is taken as broken, not as holding bad items: that stops the sync.
    func fetch(_ collection: String, _ urls: [String]) throws(SyncError)
        -> (found: [String: (etag: String, data: [UInt8])], unfetchable: [String: SyncFailure])
    {
        var out: [String: (etag: String, data: [UInt8])] = [:]
        var unfetchable: [String: SyncFailure] = [:]
        var pending = stride(from: 0, to: urls.count, by: 250).map { urls[$0..<min(urls.count, $0 + 250)] }
        var next = 0
        var readable = false
        var unreadable = 0
        while next < pending.count {
            let batch = pending[next]
            next += 1
            let hrefs = batch.map { "<d:href>\(path($0).xmlEscaped)</d:href>" }.joined()
            let responses: [DAVResponse]
            do throws(SyncError) {
                // not UI: the WebDAV request body
                responses = try multistatus(
                    "REPORT", collection, depth: "1",
                    // not UI: protocol text
                    body: """
                        <?xml version="1.0" encoding="utf-8"?>
                        <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
                          <d:prop><d:getetag/><c:calendar-data/></d:prop>\(hrefs)
                        </c:calendar-multiget>
                        """)
            } catch {
                switch error.failure {
                case .answerTooLarge: break
                case .unreadableMultistatus, .answerWithDTD:
                    unreadable += 1
                    if !readable, unreadable >= 3 || urls.count == 1 { throw error }
                default: throw error
                }
                if batch.count == 1 {
                    unfetchable[batch[batch.startIndex]] = error.failure
                    continue
                }
                let middle = batch.startIndex + batch.count / 2
                pending.append(batch[..<middle])
                pending.append(batch[middle...])
                continue
            }
            readable = true
            for r in responses {
                guard let etag = r.property(DAVElement.dav, "getetag")?.text.trimmedXML,
                    let data = r.property(DAVElement.caldav, "calendar-data")?.text
                else { continue }
                out[absolute(r.href)] = (etag, Array(data.utf8))
            }
        }
        return (out, unfetchable)
    }

    enum WriteResult {
        case stored(etag: String?)
        case removed, changedOnServer
    }

    /// PUTs each `(url, text, etag)` — only over `etag` when given, else only if nothing is there
    /// yet — or with no text DELETEs it (only if still at `etag`), one after another; `done` gets
    /// each outcome and says whether to go on.
    func writeAll(
        _ items: [(url: String, text: String?, etag: String?)],
        done: (Int, Result<WriteResult, SyncError>) -> Bool
    ) {
        for (index, u) in items.enumerated() {
            let method = u.text == nil ? "DELETE" : "PUT"
            let request =
                u.text.map {
                    HTTPClient.Request(
                        method: method, url: u.url, headers: [u.etag.map { ("If-Match", $0) } ?? ("If-None-Match", "*")],
                        body: Array($0.utf8), contentType: "text/calendar; charset=utf-8")  // not UI
                } ?? HTTPClient.Request(method: method, url: u.url, headers: u.etag.map { [("If-Match", $0)] } ?? [])
            let result = Result { () throws(SyncError) in try http.send(request) }.flatMap { r -> Result<WriteResult, SyncError> in
                switch (method, r.status) {
                case ("PUT", 200), ("PUT", 201), ("PUT", 204): return .success(.stored(etag: r.etag))
                case ("DELETE", 200), ("DELETE", 204), ("DELETE", 404): return .success(.removed)
                case (_, 412): return .success(.changedOnServer)
                default: return .failure(SyncError(.badAnswer, .unexpectedStatus(method: method, url: u.url, status: r.status)))
                }
            }
            guard done(index, result) else { return }
        }
    }

    /// The path part of a full URL (multiget takes paths).
    func path(_ url: String) -> String {
        let parts = url.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
        return parts.count == 4 ? "/" + parts[3] : url
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
