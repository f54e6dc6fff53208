// SPDX-License-Identifier: GPL-3.0-or-later
import CSoup
import MoscowTimeStore

/// HTTP through libsoup, one blocking request at a time. The sync runs start to end in its own
/// process (`moscowtime-calendar`), so blocking is what it wants. (Six uploads in flight were tried:
/// 5–10 % faster against Radicale, whose own per-PUT work dominates, and an upload hung about once in
/// twenty syncs under load; not worth it.) Counts requests for the benchmark and `sync status`.
final class HTTPClient {
    struct Response {
        let status: Int
        let body: [UInt8]
        let etag: String?
        let location: String?
    }

    struct Request {
        var method: String
        var url: String
        var headers: [(String, String)] = []
        var body: [UInt8]? = nil
        var contentType = "application/xml; charset=utf-8"  // not UI
    }

    private let session: UnsafeMutablePointer<SoupSession>
    private let authorization: String?
    private(set) var requests = 0
    /// The server's clock: the `Date` of the first answer that had one (seconds since the epoch).
    private(set) var serverDate: Int64?

    /// When the whole sync's time is up (`g_get_monotonic_time()` microseconds), and its length.
    private let syncDeadline: Int
    let syncSeconds: Int
    private let watchdog = RequestWatchdog()

    init(user: String?, password: String?, syncSeconds: Int = SyncDeadline.seconds()) {
        self.syncSeconds = syncSeconds
        syncDeadline = g_get_monotonic_time() + syncSeconds * 1_000_000
        session = soup_session_new()
        soup_session_set_timeout(session, 30)
        soup_session_set_idle_timeout(session, 30)
        soup_session_set_user_agent(session, "MoscowTime-Agent/1 (CalDAV)")
        if let user, let password {
            let raw = Array("\(user):\(password)".utf8)
            let encoded = raw.withUnsafeBufferPointer { g_base64_encode($0.baseAddress, gsize($0.count)) }!
            authorization = "Basic " + String(cString: encoded)
            g_free(encoded)
        } else {
            authorization = nil
        }
    }

    deinit { g_object_unref(session) }

    func send(
        _ method: String, _ url: String, headers: [(String, String)] = [], body: [UInt8]? = nil,
        // not UI: protocol text
        contentType: String = "application/xml; charset=utf-8"
    ) throws(SyncError) -> Response {  // not UI
        try send(Request(method: method, url: url, headers: headers, body: body, contentType: contentType))
    }

    /// Sends `r` and reads its answer, within `SyncDeadline.requestSeconds` and the whole sync's
    /// deadline and up to `AnswerLimits.maximumBytes` (see `RequestWatchdog`, `AnswerLimits`).
    func send(_ r: Request) throws(SyncError) -> Response {
        let start = g_get_monotonic_time()
        guard start < syncDeadline else { throw SyncError(.unreachable, .syncDeadline(seconds: syncSeconds)) }
        let msg = try message(r)
        defer { g_object_unref(UnsafeMutableRawPointer(msg)) }
        requests += 1
        let cancellable = g_cancellable_new()!
        defer { g_object_unref(cancellable) }
        let deadline = min(start + SyncDeadline.requestSeconds * 1_000_000, syncDeadline)
        watchdog.arm(cancellable, deadline: deadline)
        defer { watchdog.disarm() }
        var error: UnsafeMutablePointer<GError>?
        let body = read(msg, cancellable, &error)
        if let error, error.pointee.domain == g_io_error_quark(), error.pointee.code == G_IO_ERROR_CANCELLED.rawValue {
            g_error_free(error)
            if deadline == syncDeadline { throw SyncError(.unreachable, .syncDeadline(seconds: syncSeconds)) }
            throw SyncError(.unreachable, .timedOut(method: r.method, url: r.url, seconds: SyncDeadline.requestSeconds))
        }
        guard let body else { return try response(msg, nil, error, r.url) }
        switch body {
        case .tooLarge: throw SyncError(.badAnswer, .answerTooLarge(method: r.method, url: r.url, limit: AnswerLimits.maximumBytes))
        case .bytes(let bytes): return try response(msg, bytes, error, r.url)
        }
    }

    private enum Body {
        case bytes([UInt8])
        case tooLarge
    }

    /// The answer's body, read a chunk at a time and given up beyond the limit (nil with `error` set
    /// when the request or a read failed).
    private func read(
        _ msg: OpaquePointer, _ cancellable: UnsafeMutablePointer<GCancellable>,
        _ error: inout UnsafeMutablePointer<GError>?
    ) -> Body? {
        guard let stream = soup_session_send(session, msg, cancellable, &error) else { return nil }
        defer {
            // A body left unread closes the connection rather than being drained.
            g_input_stream_close(stream, nil, nil)
            g_object_unref(stream)
        }
        // 0 when the server did not say (chunked); a declared length over the limit is refused unread.
        let length = Int(soup_message_headers_get_content_length(soup_message_get_response_headers(msg)))
        if length > AnswerLimits.maximumBytes { return .tooLarge }
        var out: [UInt8] = []
        out.reserveCapacity(max(0, length))
        var chunk = [UInt8](repeating: 0, count: AnswerLimits.chunkBytes)
        while true {
            let n = chunk.withUnsafeMutableBytes { g_input_stream_read(stream, $0.baseAddress, gsize($0.count), cancellable, &error) }
            if n < 0 { return nil }
            if n == 0 { return .bytes(out) }
            if out.count + n > AnswerLimits.maximumBytes { return .tooLarge }
            out.append(contentsOf: chunk[0..<n])
        }
    }

    private func message(_ r: Request) throws(SyncError) -> OpaquePointer {
        guard let msg = soup_message_new(r.method, r.url) else { throw SyncError(.setup, .invalidURL(r.url)) }
        let h = soup_message_get_request_headers(msg)
        if let authorization { soup_message_headers_append(h, "Authorization", authorization) }
        for (k, v) in r.headers { soup_message_headers_append(h, k, v) }
        if let body = r.body {
            let bytes = body.withUnsafeBufferPointer { g_bytes_new($0.baseAddress, gsize($0.count)) }
            soup_message_set_request_body_from_bytes(msg, r.contentType, bytes)
            g_bytes_unref(bytes)
        }
        return msg
    }

    /// The answer to `msg` (consumes `error`).
    private func response(
        _ msg: OpaquePointer, _ body: [UInt8]?,
        _ error: UnsafeMutablePointer<GError>?, _ url: String
    ) throws(SyncError) -> Response {
        if let error {
            defer { g_error_free(error) }
            let text = String(cString: error.pointee.message)
            if error.pointee.domain == g_tls_error_quark() {
                throw SyncError(.certificate, .certificateRefused(url: url, detail: text))
            }
            throw SyncError(.unreachable, .unreachable(url: url, detail: text))
        }
        let out = body ?? []
        let status = Int(soup_message_get_status(msg).rawValue)
        let rh = soup_message_get_response_headers(msg)
        let etag = soup_message_headers_get_one(rh, "ETag").map { String(cString: $0) }
        let location = soup_message_headers_get_one(rh, "Location").map { String(cString: $0) }
        if serverDate == nil, let date = soup_message_headers_get_one(rh, "Date"),
            let parsed = soup_date_time_new_from_http_string(date)
        {
            serverDate = Int64(g_date_time_to_unix(parsed))
            g_date_time_unref(parsed)
        }
        if status == 401 {
            throw SyncError(.authentication, .authenticationRefused(url: url))
        }
        return Response(status: status, body: out, etag: etag, location: location)
    }
}
