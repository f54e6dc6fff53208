// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// The store's `sync` member (schema 2):
///
///     "sync": {"account": {"url": "https://dav.example/", "user": "me", "passwordCommand": "pass caldav"},
///              "deletedAlarms": {"3f9a0c12": "2026-11-20T07:00:00Z"}, "deletedHabits": {…},
///              "dayLogged": {"<habit id>": {"2026-11-20": "2026-11-20T07:00:03Z"}},
///              "dayRemoved": {"<habit id>": {"2026-11-21": "2026-11-21T08:00:00Z"}}}
///
/// Members are written in sorted order so the file does not change between identical writes.
enum SyncCoding {
    static func encode(_ s: SyncMetadata) -> JSONValue {
        var m: [(String, JSONValue)] = []
        if let a = s.account {
            var am: [(String, JSONValue)] = [("url", .string(a.url))]
            if let u = a.user { am.append(("user", .string(u))) }
            if let c = a.passwordCommand { am.append(("passwordCommand", .string(c))) }
            m.append(("account", .object(am)))
        }
        func days(_ d: [String: [CivilDate: Instant]]) -> JSONValue {
            .object(
                d.keys.sorted().compactMap { id in
                    let byDay = d[id]!
                    guard !byDay.isEmpty else { return nil }
                    return (id, .object(byDay.keys.sorted().map { ($0.description, .string(ISO8601.utcString(byDay[$0]!))) }))
                })
        }
        if !s.deletedAlarms.isEmpty { m.append(("deletedAlarms", encodeInstants(s.deletedAlarms))) }
        if !s.deletedHabits.isEmpty { m.append(("deletedHabits", encodeInstants(s.deletedHabits))) }
        if !s.dayLogged.isEmpty { m.append(("dayLogged", days(s.dayLogged))) }
        if !s.dayRemoved.isEmpty { m.append(("dayRemoved", days(s.dayRemoved))) }
        return .object(m)
    }

    static func decode(_ r: FieldReader) throws(DocumentDecodingError) -> SyncMetadata {
        var s = SyncMetadata()
        if r.has("account") {
            let a = try r.object("account")
            s.account = SyncAccount(
                url: try a.string("url"), user: try a.optionalString("user"),
                passwordCommand: try a.optionalString("passwordCommand"))
        }
        func days(_ key: String) throws(DocumentDecodingError) -> [String: [CivilDate: Instant]] {
            guard r.has(key) else { return [:] }
            let o = try r.object(key)
            guard case .object(let members) = o.value else { return [:] }
            var out: [String: [CivilDate: Instant]] = [:]
            for (id, v) in members {
                guard AlarmID.isValid(id) else { throw o.fail(id, Message("expected a habit id of 8 lowercase hex digits")) }
                let byDay = try o.object(id)
                guard case .object(let dayMembers) = byDay.value else { continue }
                var map: [CivilDate: Instant] = [:]
                map.reserveCapacity(dayMembers.count)
                for (day, t) in dayMembers {
                    guard let d = CivilDate(iso: Substring(day)) else { throw byDay.fail(day, Message("expected a date like 2026-12-31")) }
                    guard let at = t.stringValue.flatMap(ISO8601.parse) else {
                        throw byDay.fail(day, Message("expected an ISO 8601 instant"))
                    }
                    map[d] = at
                }
                out[id] = map
            }
            return out
        }
        s.deletedAlarms = try decodeInstants(r, "deletedAlarms")
        s.deletedHabits = try decodeInstants(r, "deletedHabits")
        s.dayLogged = try days("dayLogged")
        s.dayRemoved = try days("dayRemoved")
        return s
    }

    /// An object of item id → instant (`{"3f9a0c12": "2026-11-20T07:00:00Z"}`), in sorted order.
    static func encodeInstants(_ d: [String: Instant]) -> JSONValue {
        .object(d.keys.sorted().map { ($0, .string(ISO8601.utcString(d[$0]!))) })
    }

    static func decodeInstants(_ r: FieldReader, _ key: String) throws(DocumentDecodingError) -> [String: Instant] {
        guard r.has(key) else { return [:] }
        let o = try r.object(key)
        guard case .object(let members) = o.value else { return [:] }
        var out: [String: Instant] = [:]
        for (id, v) in members {
            guard AlarmID.isValid(id) else { throw o.fail(id, Message("expected an id of 8 lowercase hex digits")) }
            guard let t = v.stringValue.flatMap(ISO8601.parse) else { throw o.fail(id, Message("expected an ISO 8601 instant")) }
            out[id] = t
        }
        return out
    }
}
