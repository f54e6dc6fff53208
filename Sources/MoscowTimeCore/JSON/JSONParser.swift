// SPDX-License-Identifier: GPL-3.0-or-later
/// Strict RFC 8259 parser over UTF-8 bytes. Errors carry the line and column so that a broken
/// store can be reported precisely ("…store.json: line 12, column 7: expected ',' or '}'").
public struct JSONParseError: Error, Equatable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    /// The catalogue key of what is wrong (`N_`), worded where it is shown.
    public let reason: String
    public var message: Message {
        Message("line {line}, column {column}: {reason}", ["line": String(line), "column": String(column)], parts: ["reason": Message(reason)])
    }
    public var description: String { message.english }
}

public struct JSONParser {
    private let bytes: [UInt8]
    private var i = 0
    private var depth = 0

    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var p = JSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { p.i = 3 } // tolerate a UTF-8 BOM from editors
        let v = try p.value()
        p.skipSpace()
        guard p.i == bytes.count else { throw p.error(N_("unexpected text after the document")) }
        return v
    }

    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue { try parse(Array(text.utf8)) }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ reason: String) -> JSONParseError {
        var line = 1, col = 1
        for b in bytes[..<min(i, bytes.count)] {
            if b == 10 { line += 1; col = 1 } else if b & 0xC0 != 0x80 { col += 1 }
        }
        return JSONParseError(line: line, column: col, reason: reason)
    }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    private mutating func value() throws(JSONParseError) -> JSONValue {
        skipSpace()
        guard i < bytes.count else { throw error(N_("unexpected end of document")) }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error(N_("unexpected character"))
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONParseError) {
        let n = word.utf8CodeUnitCount
        guard i + n <= bytes.count else { throw error(N_("unexpected end of document")) }
        let p = word.utf8Start
        for k in 0..<n where bytes[i + k] != p[k] { throw error(N_("unexpected character")) }
        i += n
    }

    private mutating func enter() throws(JSONParseError) {
        depth += 1
        guard depth <= 64 else { throw error(N_("nesting too deep")) }
    }

    private mutating func object() throws(JSONParseError) -> JSONValue {
        try enter(); defer { depth -= 1 }
        i += 1
        var members: [(String, JSONValue)] = []
        members.reserveCapacity(8) // the store's objects have up to about 8 members
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error(N_("expected a member name in double quotes")) }
            let key = try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error(N_("expected ':'")) }
            i += 1
            members.append((key, try value()))
            skipSpace()
            guard i < bytes.count else { throw error(N_("unexpected end of document")) }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(members) }
            throw error(N_("expected ',' or '}'"))
        }
    }

    private mutating func array() throws(JSONParseError) -> JSONValue {
        try enter(); defer { depth -= 1 }
        i += 1
        var items: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
        while true {
            items.append(try value())
            skipSpace()
            guard i < bytes.count else { throw error(N_("unexpected end of document")) }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw error(N_("expected ',' or ']'"))
        }
    }

    private mutating func number() throws(JSONParseError) -> Double {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        func digits(_ p: inout JSONParser) -> Int {
            let s = p.i
            while p.i < p.bytes.count, p.bytes[p.i] >= 48, p.bytes[p.i] <= 57 { p.i += 1 }
            return p.i - s
        }
        let intDigits = digits(&self)
        guard intDigits > 0 else { throw error(N_("invalid number")) }
        if intDigits > 1, bytes[start + (bytes[start] == UInt8(ascii: "-") ? 1 : 0)] == 48 { throw error(N_("invalid number (leading zero)")) }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") { i += 1; guard digits(&self) > 0 else { throw error(N_("invalid number")) } }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits(&self) > 0 else { throw error(N_("invalid number")) }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let d = Double(text) else { throw error(N_("invalid number")) }
        return d
    }

    private mutating func string() throws(JSONParseError) -> String {
        i += 1
        let start = i
        // Fast path: no escapes.
        var bits: UInt8 = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let end = i
                let s: String? = bytes.withUnsafeBufferPointer { all in
                    let buf = UnsafeBufferPointer(rebasing: all[start..<end])
                    // Pure ASCII (ids, times, instants, keys) is valid UTF-8 as is: skip the
                    // generic validation, which was a sixth of loading a 10 000-alarm store.
                    return bits < 0x80 ? String(decoding: buf, as: UTF8.self) : String(validating: buf, as: UTF8.self)
                }
                guard let s else { throw error(N_("invalid UTF-8 in string")) }
                i += 1
                return s
            }
            bits |= b
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw error(N_("control character in string")) }
            i += 1
        }
        var out = Array(bytes[start..<i])
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                i += 1
                guard let s = String(validating: out, as: UTF8.self) else { throw error(N_("invalid UTF-8 in string")) }
                return s
            case UInt8(ascii: "\\"):
                i += 1
                guard i < bytes.count else { break }
                let e = bytes[i]; i += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                            throw error(N_("unpaired surrogate"))
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error(N_("unpaired surrogate")) }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw error(N_("invalid \\u escape")) }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw error(N_("invalid escape"))
                }
            default:
                if b < 0x20 { throw error(N_("control character in string")) }
                out.append(b); i += 1
            }
        }
        throw error(N_("unterminated string"))
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error(N_("invalid \\u escape")) }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]; i += 1
            let d: UInt32
            switch c {
            case 48...57: d = UInt32(c - 48)
            case 65...70: d = UInt32(c - 55)
            case 97...102: d = UInt32(c - 87)
            default: throw error(N_("invalid \\u escape"))
            }
            v = v << 4 | d
        }
        return v
    }
}
