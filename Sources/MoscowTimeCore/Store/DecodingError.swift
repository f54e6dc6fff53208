// SPDX-License-Identifier: GPL-3.0-or-later
/// A document that parses as JSON but does not describe valid data: names the field and the problem.
/// The problem is a catalogue message, worded in the reader's language where it is shown.
public struct DocumentDecodingError: Error, Equatable, CustomStringConvertible {
    public let path: String
    public let reason: Message
    public init(path: String, reason: Message) { self.path = path; self.reason = reason }

    /// "FIELD: why" (the field's path is JSON, the same in every language).
    public var message: Message {
        path.isEmpty ? reason : Message("{field}: {reason}", ["field": path], parts: ["reason": reason])
    }
    public var description: String { message.english }
}

/// Typed access to a JSON object with the path of each field, for precise errors.
struct FieldReader {
    let path: String
    let value: JSONValue

    init(_ value: JSONValue, path: String) throws(DocumentDecodingError) {
        guard case .object = value else { throw DocumentDecodingError(path: path, reason: Message("expected an object")) }
        self.value = value; self.path = path
    }

    func fail(_ key: String, _ reason: Message) -> DocumentDecodingError {
        DocumentDecodingError(path: path.isEmpty ? key : "\(path).\(key)", reason: reason)
    }

    func has(_ key: String) -> Bool { value[key].map { !$0.isNull } ?? false }

    func string(_ key: String) throws(DocumentDecodingError) -> String {
        guard let s = value[key]?.stringValue else { throw fail(key, Message("expected a string")) }
        return s
    }
    func optionalString(_ key: String) throws(DocumentDecodingError) -> String? {
        guard has(key) else { return nil }
        return try string(key)
    }
    func bool(_ key: String, default d: Bool? = nil) throws(DocumentDecodingError) -> Bool {
        if !has(key), let d { return d }
        guard let b = value[key]?.boolValue else { throw fail(key, Message("expected true or false")) }
        return b
    }
    func int(_ key: String, in range: ClosedRange<Int>) throws(DocumentDecodingError) -> Int {
        guard let n = value[key]?.intValue else { throw fail(key, Message("expected a whole number")) }
        guard range.contains(n) else { throw fail(key, Message("{n} is outside {min}…{max}", ["n": String(n), "min": String(range.lowerBound), "max": String(range.upperBound)])) }
        return n
    }
    func optionalInt(_ key: String, in range: ClosedRange<Int>) throws(DocumentDecodingError) -> Int? {
        guard has(key) else { return nil }
        return try int(key, in: range)
    }
    func instant(_ key: String) throws(DocumentDecodingError) -> Instant {
        guard let t = ISO8601.parse(try string(key)) else { throw fail(key, Message("expected an ISO 8601 instant like 2026-11-21T18:00:00Z")) }
        guard Limits.instantSeconds.contains(t.secondsSinceEpoch) else { throw fail(key, Message("instant out of range (years 2000 to 2199)")) }
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
        guard let a = value[key]?.arrayValue else { throw fail(key, Message("expected an array")) }
        return a
    }
    func object(_ key: String) throws(DocumentDecodingError) -> FieldReader {
        guard let v = value[key] else { throw fail(key, Message("missing")) }
        return try FieldReader(v, path: path.isEmpty ? key : "\(path).\(key)")
    }
}
