// SPDX-License-Identifier: GPL-3.0-or-later
import CSoup

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

    init(user: String?, password: String?) {
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

    func send(_ method: String, _ url: String, headers: [(String, String)] = [], body: [UInt8]? = nil,
              contentType: String = "application/xml; charset=utf-8") throws(SyncError) -> Response {  // not UI
        try send(Request(method: method, url: url, headers: headers, body: body, contentType: contentType))
    }

    func send(_ r: Request) throws(SyncError) -> Response {
        let msg = try message(r)
        defer { g_object_unref(UnsafeMutableRawPointer(msg)) }
        requests += 1
        var error: UnsafeMutablePointer<GError>?
        let data = soup_session_send_and_read(session, msg, nil, &error)
        return try response(msg, data, error, r.url)
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

    /// The answer to `msg` (consumes `data` and `error`).
    private func response(_ msg: OpaquePointer, _ data: OpaquePointer?,
                          _ error: UnsafeMutablePointer<GError>?, _ url: String) throws(SyncError) -> Response {
        if let error {
            defer { g_error_free(error) }
            if let data { g_bytes_unref(data) }
            let text = String(cString: error.pointee.message)
            if error.pointee.domain == g_tls_error_quark() {
                throw SyncError(.certificate, .certificateRefused(url: url, detail: text))
            }
            throw SyncError(.unreachable, .unreachable(url: url, detail: text))
        }
        var out: [UInt8] = []
        if let data {
            var size: gsize = 0
            if let p = g_bytes_get_data(data, &size), size > 0 {
                out = Array(UnsafeRawBufferPointer(start: p, count: Int(size)))
            }
            g_bytes_unref(data)
        }
        let status = Int(soup_message_get_status(msg).rawValue)
        let rh = soup_message_get_response_headers(msg)
        let etag = soup_message_headers_get_one(rh, "ETag").map { String(cString: $0) }
        let location = soup_message_headers_get_one(rh, "Location").map { String(cString: $0) }
        if serverDate == nil, let date = soup_message_headers_get_one(rh, "Date"),
           let parsed = soup_date_time_new_from_http_string(date) {
            serverDate = Int64(g_date_time_to_unix(parsed))
            g_date_time_unref(parsed)
        }
        if status == 401 {
            throw SyncError(.authentication, .authenticationRefused(url: url))
        }
        return Response(status: status, body: out, etag: etag, location: location)
    }
}
