// SPDX-License-Identifier: GPL-3.0-or-later
/// A JSON document tree with ordered object members, so that what we write is stable and diffable.
///
/// The store has its own small JSON reader and writer instead of Foundation's JSONDecoder because
/// `agent-cli list` must start cold in well under 80 ms with 10 000 alarms: JSONDecoder alone took
/// about 65 ms for such a document on this machine kind, this parser about 15 ms.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first(where: { $0.0 == key })?.1
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }
    public var arrayValue: [JSONValue]? {
        if case .array(let a) = self { return a }
        return nil
    }
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
    /// Integral numbers only.
    public var intValue: Int? {
        guard case .number(let d) = self else { return nil }
        return Self.integral(d)
    }

    /// `d` as an Int when it is a whole number that fits (what `intValue` accepts).
    static func integral(_ d: Double) -> Int? {
        guard d.rounded() == d, abs(d) < 9e15 else { return nil }
        return Int(d)
    }
    public var doubleValue: Double? {
        if case .number(let d) = self { return d }
        return nil
    }

    var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    public static func int(_ v: Int) -> JSONValue { .number(Double(v)) }
    public static func optional(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
}
