// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// Typed access to a JSON object of a `JSONDocument`, with the path of each field, for precise errors.
struct FieldReader {
    let document: JSONDocument
    /// The object's node in `document`.
    let node: Int
    private let location: FieldLocation
    /// Its members' names, as `JSONDocument.names(of:)`.
    private let names: UInt64
    /// Where the object is, as errors name it: `alarms[3].schedule`.
    var path: String { location.path }

    init(_ document: JSONDocument, path: String) throws(DocumentDecodingError) {
        try self.init(document, JSONDocument.root, .text(path))
    }

    /// A reader of the tree `value` (documents read as trees: the agent's state).
    init(_ value: JSONValue, path: String) throws(DocumentDecodingError) {
        try self.init(JSONDocument(value), JSONDocument.root, .text(path))
    }

    private init(_ document: JSONDocument, _ node: Int, _ location: FieldLocation) throws(DocumentDecodingError) {
        guard document.kind(node) == .object else {
            throw DocumentDecodingError(path: location.path, reason: Message("expected an object"))
        }
        self.document = document
        self.node = node
        self.location = location
        names = document.names(of: node)
    }

    /// The object as a tree (for the few readers that walk its members themselves).
    var value: JSONValue { document.value(at: node) }

    /// The node of member `key` (the first, as `JSONValue`'s subscript); nil when absent.
    private func member(_ key: String) -> Int? { document.member(key, of: node, names: names) }

    /// The member `key` unless it is absent or null (each optional field is looked up once).
    private func present(_ key: String) -> Int? {
        guard let v = member(key), document.kind(v) != .null else { return nil }
        return v
    }

    func fail(_ key: String, _ reason: Message) -> DocumentDecodingError {
        DocumentDecodingError(path: path.isEmpty ? key : "\(path).\(key)", reason: reason)
    }

    func has(_ key: String) -> Bool { present(key) != nil }

    func string(_ key: String) throws(DocumentDecodingError) -> String {
        guard let v = member(key), let s = document.string(v) else { throw fail(key, Message("expected a string")) }
        return s
    }
    func optionalString(_ key: String) throws(DocumentDecodingError) -> String? {
        guard let v = present(key) else { return nil }
        guard let s = document.string(v) else { throw fail(key, Message("expected a string")) }
        return s
    }
    func bool(_ key: String, default d: Bool? = nil) throws(DocumentDecodingError) -> Bool {
        let v = present(key)
        if v == nil, let d { return d }
        guard let v, let b = document.bool(v) else { throw fail(key, Message("expected true or false")) }
        return b
    }
    func int(_ key: String, in range: ClosedRange<Int>) throws(DocumentDecodingError) -> Int {
        try int(member(key), key, in: range)
    }
    func optionalInt(_ key: String, in range: ClosedRange<Int>) throws(DocumentDecodingError) -> Int? {
        guard let v = present(key) else { return nil }
        return try int(v, key, in: range)
    }
    private func int(_ v: Int?, _ key: String, in range: ClosedRange<Int>) throws(DocumentDecodingError) -> Int {
        guard let v, let n = document.number(v).flatMap(JSONValue.integral) else { throw fail(key, Message("expected a whole number")) }
        guard range.contains(n) else {
            throw fail(
                key,
                Message("{n} is outside {min}…{max}", ["n": String(n), "min": String(range.lowerBound), "max": String(range.upperBound)]))
        }
        return n
    }
    /// A number member's value; nil when it is absent or not a number.
    func number(_ key: String) -> Double? { member(key).flatMap(document.number) }
    /// `parse` of member `key`'s text, read in place; "expected a string" when it is not text.
    private func text<T>(_ key: String, _ parse: (UnsafeBufferPointer<UInt8>) -> T?) throws(DocumentDecodingError) -> T? {
        guard let v = member(key), let result = document.withText(v, parse) else { throw fail(key, Message("expected a string")) }
        return result
    }
    func instant(_ key: String) throws(DocumentDecodingError) -> Instant {
        guard let t = try text(key, ISO8601.parse(utf8:)) else {
            throw fail(key, Message("expected an ISO 8601 instant like 2026-11-21T18:00:00Z"))
        }
        guard Limits.instantSeconds.contains(t.secondsSinceEpoch) else {
            throw fail(key, Message("instant out of range (years 2000 to 2199)"))
        }
        return t
    }
    func date(_ key: String) throws(DocumentDecodingError) -> CivilDate {
        guard let d = try text(key, CivilDate.init(isoBytes:)) else { throw fail(key, Message("expected a date like 2026-12-31")) }
        return d
    }
    func time(_ key: String) throws(DocumentDecodingError) -> TimeOfDay {
        // The store's own HH:MM in place; any other form TimeOfDay reads, through its String.
        if let t = try text(key, TimeOfDay.init(hhmm:)) { return t }
        guard let t = TimeOfDay(text: Substring(try string(key))) else { throw fail(key, Message("expected a time like 07:30")) }
        return t
    }
    /// Reads the items of array `key` in order, each the result of `parse` on its text in place
    /// (nil for an item that is not text, or that `parse` refuses).
    func forEachText<T>(
        _ key: String, parse: (UnsafeBufferPointer<UInt8>) -> T?, _ body: (Int, T?) throws(DocumentDecodingError) -> Void
    ) throws(DocumentDecodingError) {
        guard let v = try items(key, optional: false) else { return }
        var k = 0
        try document.forEachChild(v) { (item) throws(DocumentDecodingError) in
            try body(k, document.withText(item, parse) ?? nil)
            k += 1
        }
    }
    /// The items of array `key`, each as text (nil for an item that is not a string).
    func strings(_ key: String, optional: Bool = false) throws(DocumentDecodingError) -> [String?] {
        guard let v = try items(key, optional: optional) else { return [] }
        return document.children(v).map(document.string)
    }
    /// Reads the members of object `key` in order, each name and value as it is; false (and
    /// nothing read) when `key` is absent or not an object.
    func forEachMember(
        _ key: String, _ body: (_ name: JSONItem, _ value: JSONItem) throws(DocumentDecodingError) -> Void
    ) throws(DocumentDecodingError) -> Bool {
        guard let v = member(key), document.kind(v) == .object else { return false }
        try document.forEachChild(v) { (value) throws(DocumentDecodingError) in
            try body(JSONItem(document: document, node: value - 1), JSONItem(document: document, node: value))
        }
        return true
    }
    /// Reads the items of array `key` as objects, in order, each named `key[k]` in errors (an item
    /// that is not an object fails when its turn comes).
    func forEachObject(
        _ key: String, optional: Bool = false, _ body: (Int, FieldReader) throws(DocumentDecodingError) -> Void
    ) throws(DocumentDecodingError) {
        guard let v = try items(key, optional: optional) else { return }
        var k = 0
        try document.forEachChild(v) { (item) throws(DocumentDecodingError) in
            try body(k, try FieldReader(document, item, path.isEmpty ? .element(key, k) : .text("\(path).\(key)[\(k)]")))
            k += 1
        }
    }
    /// The node of array `key`; nil when it is optional and absent or null.
    private func items(_ key: String, optional: Bool) throws(DocumentDecodingError) -> Int? {
        if optional, !has(key) { return nil }
        guard let v = member(key), document.kind(v) == .array else { throw fail(key, Message("expected an array")) }
        return v
    }
    func object(_ key: String) throws(DocumentDecodingError) -> FieldReader {
        guard let v = member(key) else { throw fail(key, Message("missing")) }
        return try FieldReader(document, v, location.member(key))
    }
}
