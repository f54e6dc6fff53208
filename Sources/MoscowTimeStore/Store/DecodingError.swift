// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// A document that parses as JSON but does not describe valid data: names the field and the problem.
/// The problem is a catalogue message, worded in the reader's language where it is shown.
public struct DocumentDecodingError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let reason: Message
    public init(path: String, reason: Message) {
        self.path = path
        self.reason = reason
    }

    /// "FIELD: why" (the field's path is JSON, the same in every language).
    public var message: Message {
        path.isEmpty ? reason : Message("{field}: {reason}", ["field": path], parts: ["reason": reason])
    }
    public var description: String { message.english }
}

/// Typed access to a JSON object with the path of each field, for precise errors.
struct FieldReader {
    let value: JSONValue
    /// The object's members, taken out of `value` once rather than at every field read.
    private let members: [(String, JSONValue)]
    private let location: FieldLocation
    /// Where the object is, as errors name it: `alarms[3].schedule`.
    var path: String { location.path }

    init(_ value: JSONValue, path: String) throws(DocumentDecodingError) {
        try self.init(value, .text(path))
    }

    /// The object at `array[index]`; its path is spelled out only if an error needs it.
    init(_ value: JSONValue, in array: String, at index: Int) throws(DocumentDecodingError) {
        try self.init(value, .element(array, index))
    }

    private init(_ value: JSONValue, _ location: FieldLocation) throws(DocumentDecodingError) {
        guard case .object(let members) = value else {
            throw DocumentDecodingError(path: location.path, reason: Message("expected an object"))
        }
        self.value = value
        self.members = members
        self.location = location
    }

    /// The member `key` (the first, as `JSONValue`'s subscript); nil when absent.
    private func member(_ key: String) -> JSONValue? {
        // Lengths first: most names asked for are absent, and a length is one load where a String
        // comparison is a call (a fifth of decoding 10 000 alarms).
        let length = key.utf8.count
        for k in members.indices where members[k].0.utf8.count == length && members[k].0 == key { return members[k].1 }
        return nil
    }

    /// The member `key` unless it is absent or null (each optional field is looked up once).
    private func present(_ key: String) -> JSONValue? {
        guard let v = member(key), !v.isNull else { return nil }
        return v
    }

    func fail(_ key: String, _ reason: Message) -> DocumentDecodingError {
        DocumentDecodingError(path: path.isEmpty ? key : "\(path).\(key)", reason: reason)
    }

    func has(_ key: String) -> Bool { present(key) != nil }

    func string(_ key: String) throws(DocumentDecodingError) -> String {
        guard let s = member(key)?.stringValue else { throw fail(key, Message("expected a string")) }
        return s
    }
    func optionalString(_ key: String) throws(DocumentDecodingError) -> String? {
        guard let v = present(key) else { return nil }
        guard let s = v.stringValue else { throw fail(key, Message("expected a string")) }
        return s
    }
    func bool(_ key: String, default d: Bool? = nil) throws(DocumentDecodingError) -> Bool {
        let v = present(key)
        if v == nil, let d { return d }
        guard let b = v?.boolValue else { throw fail(key, Message("expected true or false")) }
        return b
    }
    func int(_ key: String, in range: ClosedRange<Int>) throws(DocumentDecodingError) -> Int {
        try int(member(key), key, in: range)
    }
    func optionalInt(_ key: String, in range: ClosedRange<Int>) throws(DocumentDecodingError) -> Int? {
        guard let v = present(key) else { return nil }
        return try int(v, key, in: range)
    }
    private func int(_ v: JSONValue?, _ key: String, in range: ClosedRange<Int>) throws(DocumentDecodingError) -> Int {
        guard let n = v?.intValue else { throw fail(key, Message("expected a whole number")) }
        guard range.contains(n) else {
            throw fail(
                key,
                Message("{n} is outside {min}…{max}", ["n": String(n), "min": String(range.lowerBound), "max": String(range.upperBound)]))
        }
        return n
    }
    func instant(_ key: String) throws(DocumentDecodingError) -> Instant {
        guard let t = ISO8601.parse(try string(key)) else {
            throw fail(key, Message("expected an ISO 8601 instant like 2026-11-21T18:00:00Z"))
        }
        guard Limits.instantSeconds.contains(t.secondsSinceEpoch) else {
            throw fail(key, Message("instant out of range (years 2000 to 2199)"))
        }
        return t
    }
    func date(_ key: String) throws(DocumentDecodingError) -> CivilDate {
        guard let d = CivilDate(iso: Substring(try string(key))) else { throw fail(key, Message("expected a date like 2026-12-31")) }
        return d
    }
    func time(_ key: String) throws(DocumentDecodingError) -> TimeOfDay {
        guard let t = TimeOfDay(text: Substring(try string(key))) else { throw fail(key, Message("expected a time like 07:30")) }
        return t
    }
    func array(_ key: String, optional: Bool = false) throws(DocumentDecodingError) -> [JSONValue] {
        if optional, !has(key) { return [] }
        guard let a = member(key)?.arrayValue else { throw fail(key, Message("expected an array")) }
        return a
    }
    func object(_ key: String) throws(DocumentDecodingError) -> FieldReader {
        guard let v = member(key) else { throw fail(key, Message("missing")) }
        return try FieldReader(v, location.member(key))
    }
}
