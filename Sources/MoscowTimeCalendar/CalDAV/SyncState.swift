// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain
import MoscowTimeStore

/// What this machine knows of the server since the last sync, in `$XDG_STATE_HOME/moscowtime/
/// sync-state.json`: per item the resource URL, its ETag and a hash of the version both sides
/// agreed on — that is how "only one side changed" is told from "both changed". Losing the file
/// is safe: the next sync compares everything and merges by time.
///
/// Next to that hash of the iCalendar text, `model` is a hash of the local version it was rendered
/// from (`SyncModelDigest`, salted with what else the rendering reads: `AlarmSyncKind.renderContext`,
/// `HabitSyncKind.renderContext`): while an item's version hashes the same, its rendering is the
/// same, and a sync with nothing to do renders nothing.
public struct SyncState: Sendable, Equatable {
    public struct Item: Sendable, Equatable {
        public var url: String
        public var etag: String?
        public var hash: String
        /// The hash of the version `hash` was rendered from, with the rendering's context; nil
        /// when not known (the item is then rendered and compared, and this filled in).
        public var model: String? = nil
    }

    public var accountURL = ""
    public var alarmsCollection = ""
    public var habitsCollection = ""
    /// Each collection's RFC 6578 sync-token as of the read step of the last sync that merged, when
    /// the server offers them: the next sync asks only for what changed since.
    public var alarmsSyncToken: String?
    public var habitsSyncToken: String?
    public var alarms: [String: Item] = [:]
    public var habits: [String: Item] = [:]
    public var lastSync: Instant?
    /// Why the last attempt failed (nil after a sync that worked).
    public var lastFailure: SyncFailureRecord?
    public var lastErrorAt: Instant?
    public var conflicts = 0
    public var lastRequests = 0
    /// Seconds this machine's clock was off the server's at the last sync, when beyond
    /// `ServerClock.marginSeconds` (nothing is pruned meanwhile); nil when they agreed.
    public var clockSkew: Int64?
    /// The server sent no `Date` at the last sync, so the clock could not be checked (and nothing
    /// was pruned).
    public var serverClockUnknown = false
    /// Resources the last sync could not read and left out (`CalendarWarning.skippedResource`),
    /// kept as `SyncFailure.invalidResource` records so they are worded when shown.
    public var skipped: [Skipped] = []
    public struct Skipped: Sendable, Equatable {
        public let url: String
        public let reason: SkippedResource
        public init(url: String, reason: SkippedResource) {
            self.url = url
            self.reason = reason
        }

        /// As `sync-state.json` keeps it: the `SyncFailure` it would have been.
        var failure: SyncFailure {
            switch reason {
            case .invalid(let e): return .invalidResource(url: url, e)
            case .larger(let limit): return .answerTooLarge(method: "REPORT", url: url, limit: limit)  // not UI
            case .unreadableAnswer: return .unreadableMultistatus(method: "REPORT", url: url)  // not UI
            }
        }

        init?(_ f: SyncFailure) {
            switch f {
            case .invalidResource(let url, let e): self.init(url: url, reason: .invalid(e))
            case .answerTooLarge(_, let url, let limit): self.init(url: url, reason: .larger(limit: limit))
            case .unreadableMultistatus(_, let url): self.init(url: url, reason: .unreadableAnswer)
            default: return nil
            }
        }
    }
    /// Our alarms whose server copy another program changed into a schedule alarms cannot express
    /// (`CalendarWarning.alarmNotExpressible`): each rings here as before, and its server copy is
    /// left alone, until the copy changes again or `sync --keep-local ID` sends this machine's.
    /// `sync status` and `status` name them while they last.
    public var held: [Held] = []
    public struct Held: Sendable, Equatable {
        public var id: String
        public var label: String
        public var url: String
        public var etag: String?
        public var rule: String?
        /// Edited here since the server copy was changed: a conflict only the user can settle.
        public var changedHere = false
        /// This machine has the alarm (another program's new event that cannot be one is not taken).
        public var here = true
    }
    /// Alarms taken from another program's event (a phone's, Thunderbird's): id → the event's UID,
    /// which the alarm's copy on the server keeps (`CalendarImporter.read(adopting:)`).
    public var adoptedUIDs: [String: String] = [:]
    /// The server's text of each adopted alarm's event as both sides last agreed on it, by id: the
    /// other program's data, which a change made here patches rather than replaces
    /// (`AdoptedEventPatch`). At most `adoptedTextLimit` bytes each and `adoptedTextsLimit` in all
    /// in the file; an event not kept (and any after the file is lost) is read from the server again
    /// at each sync, so that a change made here still patches it.
    public var adoptedTexts: [String: String] = [:]
    public static let adoptedTextLimit = 64 * 1024
    /// All of them together: 4 MiB (a thousand ordinary events, a few KiB each, fit many times over).
    public static let adoptedTextsLimit = 4 * 1024 * 1024

    /// The texts the file keeps, by id: each within `adoptedTextLimit`, in the order of the ids
    /// while they fit in `adoptedTextsLimit`.
    static func kept(_ texts: [String: String]) -> [(key: String, value: String)] {
        var total = 0
        var out: [(key: String, value: String)] = []
        for id in texts.keys.sorted() {
            let size = texts[id]!.utf8.count
            guard size <= adoptedTextLimit, total + size <= adoptedTextsLimit else { continue }
            total += size
            out.append((id, texts[id]!))
        }
        return out
    }
    /// When a sync last found a collection empty that held this machine's items, and how many it
    /// kept and sent again (`CalendarWarning.serverLostItems`).
    public var serverLostAt: Instant?
    public var serverLostCount = 0

    public init() {}

    public static func path(_ paths: StorePaths) -> String { paths.syncState }
    public static func conflictLogPath(_ paths: StorePaths) -> String { paths.stateDirectory + "/sync-conflicts.log" }

    public static func load(_ paths: StorePaths) throws(StoreError) -> SyncState {
        let file = path(paths)
        guard let bytes = try UserFile.readIfPresent(file) else { return SyncState() }
        guard let json = try? JSONParser.parse(bytes) else { return SyncState() }  // a damaged cache: start over
        var s = SyncState()
        s.accountURL = json["accountURL"]?.stringValue ?? ""
        s.alarmsCollection = json["alarmsCollection"]?.stringValue ?? ""
        s.habitsCollection = json["habitsCollection"]?.stringValue ?? ""
        s.alarmsSyncToken = json["alarmsSyncToken"]?.stringValue
        s.habitsSyncToken = json["habitsSyncToken"]?.stringValue
        func items(_ key: String) -> [String: Item] {
            guard case .object(let members)? = json[key] else { return [:] }
            var out: [String: Item] = [:]
            for (id, v) in members {
                guard let url = v["url"]?.stringValue, let hash = v["hash"]?.stringValue else { continue }
                out[id] = Item(url: url, etag: v["etag"]?.stringValue, hash: hash, model: v["model"]?.stringValue)
            }
            return out
        }
        s.alarms = items("alarms")
        s.habits = items("habits")
        s.lastSync = json["lastSync"]?.stringValue.flatMap(ISO8601.parse)
        // Typed since this version; an older one stored its English text under "lastError".
        if let f = json["lastFailure"], let code = f["code"]?.stringValue {
            let values = f["values"]?.arrayValue?.compactMap(\.stringValue) ?? []
            s.lastFailure =
                SyncFailure(code: code, values: values).map(SyncFailureRecord.typed)
                ?? .text(([code] + values).joined(separator: " "))  // a newer version's code: shown as it is
        } else if let text = json["lastError"]?.stringValue {
            s.lastFailure = .text(text)
        }
        s.lastErrorAt = json["lastErrorAt"]?.stringValue.flatMap(ISO8601.parse)
        s.conflicts = json["conflicts"]?.intValue ?? 0
        s.lastRequests = json["lastRequests"]?.intValue ?? 0
        s.clockSkew = json["clockSkew"]?.intValue.map(Int64.init)
        s.serverClockUnknown = json["serverClockUnknown"]?.boolValue ?? false
        for f in json["skipped"]?.arrayValue ?? [] {
            guard let code = f["code"]?.stringValue,
                let failure = SyncFailure(code: code, values: f["values"]?.arrayValue?.compactMap(\.stringValue) ?? []),
                let item = Skipped(failure)
            else { continue }
            s.skipped.append(item)
        }
        for h in json["held"]?.arrayValue ?? [] {
            guard let id = h["id"]?.stringValue, let url = h["url"]?.stringValue else { continue }
            s.held.append(
                Held(
                    id: id, label: h["label"]?.stringValue ?? "", url: url, etag: h["etag"]?.stringValue,
                    rule: h["rule"]?.stringValue, changedHere: h["changedHere"]?.boolValue ?? false,
                    here: h["here"]?.boolValue ?? true))
        }
        if case .object(let members)? = json["adoptedUIDs"] {
            for (id, v) in members { if let uid = v.stringValue { s.adoptedUIDs[id] = uid } }
        }
        if case .object(let members)? = json["adoptedTexts"] {
            for (id, v) in members where s.adoptedUIDs[id] != nil { if let text = v.stringValue { s.adoptedTexts[id] = text } }
        }
        s.serverLostAt = json["serverLostAt"]?.stringValue.flatMap(ISO8601.parse)
        s.serverLostCount = json["serverLostCount"]?.intValue ?? 0
        return s
    }

    public func save(_ paths: StorePaths) throws(StoreError) {
        var m: [(String, JSONValue)] = [
            ("accountURL", .string(accountURL)), ("alarmsCollection", .string(alarmsCollection)),
            ("habitsCollection", .string(habitsCollection)), ("alarms", Self.json(alarms)), ("habits", Self.json(habits)),
            ("conflicts", .int(conflicts)), ("lastRequests", .int(lastRequests)),
        ]
        if let t = alarmsSyncToken { m.append(("alarmsSyncToken", .string(t))) }
        if let t = habitsSyncToken { m.append(("habitsSyncToken", .string(t))) }
        if let t = lastSync { m.append(("lastSync", .string(ISO8601.utcString(t)))) }
        switch lastFailure {
        case .typed(let f)?: m.append(("lastFailure", Self.json(f)))
        case .text(let text)?: m.append(("lastError", .string(text)))
        case nil: break
        }
        if let t = lastErrorAt { m.append(("lastErrorAt", .string(ISO8601.utcString(t)))) }
        if let k = clockSkew { m.append(("clockSkew", .int(Int(k)))) }
        if serverClockUnknown { m.append(("serverClockUnknown", .bool(true))) }
        if !skipped.isEmpty { m.append(("skipped", .array(skipped.map { Self.json($0.failure) }))) }
        if !adoptedUIDs.isEmpty {
            m.append(("adoptedUIDs", .object(adoptedUIDs.keys.sorted().map { ($0, .string(adoptedUIDs[$0]!)) })))
        }
        let texts = Self.kept(adoptedTexts.filter { adoptedUIDs[$0.key] != nil })
        if !texts.isEmpty { m.append(("adoptedTexts", .object(texts.map { ($0.key, .string($0.value)) }))) }
        if !held.isEmpty { m.append(("held", .array(held.map(Self.json)))) }
        if let t = serverLostAt {
            m.append(("serverLostAt", .string(ISO8601.utcString(t))))
            m.append(("serverLostCount", .int(serverLostCount)))
        }
        try UserFile.writeAtomically(JSONWriter.pretty(.object(m)), to: Self.path(paths))
    }

    private static func json(_ d: [String: Item]) -> JSONValue {
        .object(
            d.keys.sorted().map { id in
                let i = d[id]!
                var m: [(String, JSONValue)] = [("url", .string(i.url)), ("hash", .string(i.hash))]
                if let e = i.etag { m.append(("etag", .string(e))) }
                if let d = i.model { m.append(("model", .string(d))) }
                return (id, .object(m))
            })
    }

    /// A failure as its code and values (`SyncFailure.stored`), worded when shown.
    private static func json(_ f: SyncFailure) -> JSONValue {
        let (code, values) = f.stored
        return .object([("code", .string(code)), ("values", .array(values.map(JSONValue.string)))])
    }

    private static func json(_ h: Held) -> JSONValue {
        var o: [(String, JSONValue)] = [("id", .string(h.id)), ("label", .string(h.label)), ("url", .string(h.url))]
        if let e = h.etag { o.append(("etag", .string(e))) }
        if let r = h.rule { o.append(("rule", .string(r))) }
        if h.changedHere { o.append(("changedHere", .bool(true))) }
        if !h.here { o.append(("here", .bool(false))) }
        return .object(o)
    }

    /// FNV-1a, 64 bits: enough to tell two renderings of an item apart.
    static func hash(_ text: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// The reason stored for the last failed sync: typed, or the English text an older version stored.
public enum SyncFailureRecord: Sendable, Equatable {
    case typed(SyncFailure)
    case text(String)
}
