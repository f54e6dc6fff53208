// SPDX-License-Identifier: GPL-3.0-or-later
import MoscowTimeDomain

/// Strict RFC 8259 parser over UTF-8 bytes. Errors carry the line and column so that a broken
/// store can be reported precisely ("…store.json: line 12, column 7: expected ',' or '}'").
public struct JSONParseError: Error, Equatable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    /// The catalogue key of what is wrong (`N_`), worded where it is shown.
    public let reason: String
    public var message: Message {
        Message(
            "line {line}, column {column}: {reason}", ["line": String(line), "column": String(column)], parts: ["reason": Message(reason)])
    }
    public var description: String { message.english }
}

/// Builds a `JSONDocument`: the one implementation of the grammar, whatever reads the result.
public struct JSONParser {
    /// The document, read in place: no bounds-checked Array access and no retain per byte
    /// (this loop reads every byte of a 3 MB store on each `agent-cli list`).
    private let bytes: UnsafeBufferPointer<UInt8>
    private var i = 0
    private var depth = 0
    private var nodes: [JSONDocument.Node] = []
    private var strings: [String] = []

    public static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue { try document(bytes).value }

    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue { try parse(Array(text.utf8)) }

    public static func document(_ bytes: [UInt8]) throws(JSONParseError) -> JSONDocument {
        let result: Result<JSONDocument, JSONParseError> = bytes.withUnsafeBufferPointer { buffer in
            var p = JSONParser(bytes: buffer)
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { p.i = 3 }  // tolerate a UTF-8 BOM from editors
            do throws(JSONParseError) {
                // Offsets and counts are kept in 32 bits (a store is read up to 256 MiB).
                guard buffer.count < Int(UInt32.max) else { throw p.error(N_("document too large")) }
                p.nodes.reserveCapacity(buffer.count / 12)
                try p.value()
                p.skipSpace()
                guard p.i == buffer.count else { throw p.error(N_("unexpected text after the document")) }
                return .success(JSONDocument(bytes: bytes, nodes: p.nodes, strings: p.strings))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    public static func document(_ text: String) throws(JSONParseError) -> JSONDocument { try document(Array(text.utf8)) }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private func error(_ reason: String) -> JSONParseError {
        var line = 1
        var col = 1
        for b in bytes[..<min(i, bytes.count)] {
            if b == 10 {
                line += 1
                col = 1
            } else if b & 0xC0 != 0x80 {
                col += 1
            }
        }
        return JSONParseError(line: line, column: col, reason: reason)
    }

    private mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    private mutating func leaf(_ kind: JSONDocument.Kind, _ first: UInt32 = 0, _ second: UInt32 = 0) {
        nodes.append(JSONDocument.Node(kind: kind, first: first, second: second, next: UInt32(nodes.count + 1)))
    }

    private mutating func value() throws(JSONParseError) {
        skipSpace()
        guard i < bytes.count else { throw error(N_("unexpected end of document")) }
        switch bytes[i] {
        case UInt8(ascii: "{"): try object()
        case UInt8(ascii: "["): try array()
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "t"):
            try literal("true")
            leaf(.true)
        case UInt8(ascii: "f"):
            try literal("false")
            leaf(.false)
        case UInt8(ascii: "n"):
            try literal("null")
            leaf(.null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let bits = try number().bitPattern
            leaf(.number, UInt32(truncatingIfNeeded: bits), UInt32(truncatingIfNeeded: bits >> 32))
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
        // Counted only on success: the callers' `defer` that undoes it is set up after this returns.
        guard depth < 64 else { throw error(N_("nesting too deep")) }
        depth += 1
    }

    /// A container's node, its count and end filled in once its contents are read.
    private mutating func open(_ kind: JSONDocument.Kind) -> Int {
        nodes.append(JSONDocument.Node(kind: kind, first: 0, second: 0, next: 0))
        return nodes.count - 1
    }

    private mutating func close(_ at: Int, count: Int) {
        nodes[at].second = UInt32(count)
        nodes[at].next = UInt32(nodes.count)
    }

    private mutating func object() throws(JSONParseError) {
        try enter()
        defer { depth -= 1 }
        i += 1
        let at = open(.object)
        var count = 0
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
            i += 1
            close(at, count: 0)
            return
        }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error(N_("expected a member name in double quotes")) }
            try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw error(N_("expected ':'")) }
            i += 1
            try value()
            count += 1
            skipSpace()
            guard i < bytes.count else { throw error(N_("unexpected end of document")) }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if bytes[i] == UInt8(ascii: "}") {
                i += 1
                close(at, count: count)
                return
            }
            throw error(N_("expected ',' or '}'"))
        }
    }

    private mutating func array() throws(JSONParseError) {
        try enter()
        defer { depth -= 1 }
        i += 1
        let at = open(.array)
        var count = 0
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
            i += 1
            close(at, count: 0)
            return
        }
        while true {
            try value()
            count += 1
            skipSpace()
            guard i < bytes.count else { throw error(N_("unexpected end of document")) }
            if bytes[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if bytes[i] == UInt8(ascii: "]") {
                i += 1
                close(at, count: count)
                return
            }
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
        if intDigits > 1, bytes[start + (bytes[start] == UInt8(ascii: "-") ? 1 : 0)] == 48 {
            throw error(N_("invalid number (leading zero)"))
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits(&self) > 0 else { throw error(N_("invalid number")) }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits(&self) > 0 else { throw error(N_("invalid number")) }
        }
        if let d = Self.exactDouble(UnsafeBufferPointer(rebasing: bytes[start..<i])) { return d }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        guard let d = Double(text) else { throw error(N_("invalid number")) }
        return d
    }

    /// 10^0 … 10^22: every one is exactly a Double.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The value of a number already checked against the JSON grammar, when it can be had exactly
    /// without `strtod` (Clinger's fast path): at most 2^53 as digits and a power of ten up to 10^22
    /// are both exact, and one IEEE multiplication or division rounds correctly. Nil otherwise.
    /// (Habit entries are such numbers: "7.3", "8"; `Double(String)` took a seventh of `habit stats`.)
    static func exactDouble(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var k = 0
        let negative = text[0] == UInt8(ascii: "-")
        if negative { k = 1 }
        var mantissa: UInt64 = 0
        var digitCount = 0
        var exponent = 0
        var inFraction = false
        while k < text.count {
            let b = text[k]
            if b >= 48, b <= 57 {
                if mantissa != 0 || b != 48 { digitCount += 1 }
                guard digitCount <= 19 else { return nil }
                mantissa = mantissa &* 10 &+ UInt64(b - 48)
                if inFraction { exponent -= 1 }
            } else if b == UInt8(ascii: ".") {
                inFraction = true
            } else {
                break  // an exponent follows
            }
            k += 1
        }
        if k < text.count {  // [eE][+-]?digits
            k += 1
            var sign = 1
            if text[k] == UInt8(ascii: "+") {
                k += 1
            } else if text[k] == UInt8(ascii: "-") {
                sign = -1
                k += 1
            }
            guard text.count - k <= 3 else { return nil }
            var e = 0
            while k < text.count {
                e = e * 10 + Int(text[k] - 48)
                k += 1
            }
            exponent += sign * e
        }
        guard mantissa <= 1 << 53, exponent >= -22, exponent <= 22 else { return nil }
        let m = Double(mantissa)
        let value = exponent >= 0 ? m * powersOfTen[exponent] : m / powersOfTen[-exponent]
        return negative ? -value : value
    }

    /// A string's node: plain ASCII stays in the bytes; other text is made into a String here,
    /// where it is checked.
    private mutating func string() throws(JSONParseError) {
        i += 1
        let start = i
        // Fast path: no escapes.
        var bits: UInt8 = 0
        // Eight bytes at a time while none of them ends the fast path (a quote, a backslash, a
        // control character); whether any is beyond ASCII is gathered on the way.
        var high: UInt64 = 0
        while i + 8 <= bytes.count {
            let w = UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)
            guard !Self.hasByte(w, UInt8(ascii: "\"")), !Self.hasByte(w, UInt8(ascii: "\\")), !Self.hasByteBelow(w, 0x20) else { break }
            high |= w
            i += 8
        }
        if high & 0x8080_8080_8080_8080 != 0 { bits = 0x80 }
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let end = i
                if bits < 0x80 {
                    // Pure ASCII (ids, times, instants, names) is valid UTF-8 as is.
                    leaf(.bytes, UInt32(start), UInt32(end))
                } else {
                    guard let s = Self.validString(UnsafeBufferPointer(rebasing: bytes[start..<end])) else {
                        throw error(N_("invalid UTF-8 in string"))
                    }
                    text(s)
                }
                i += 1
                return
            }
            bits |= b
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw error(N_("control character in string")) }
            i += 1
        }
        try escapedString(from: start)
    }

    /// The rest of a string that has escapes, from its first byte: decoded, and checked as UTF-8.
    private mutating func escapedString(from start: Int) throws(JSONParseError) {
        var out = Array(bytes[start..<i])
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                i += 1
                guard let s = String(validating: out, as: UTF8.self) else { throw error(N_("invalid UTF-8 in string")) }
                text(s)
                return
            case UInt8(ascii: "\\"):
                i += 1
                guard i < bytes.count else { break }
                try unescape(into: &out)
            default:
                if b < 0x20 { throw error(N_("control character in string")) }
                out.append(b)
                i += 1
            }
        }
        throw error(N_("unterminated string"))
    }

    /// The escape after a backslash, appended to `out` as UTF-8 (a surrogate pair as one scalar).
    private mutating func unescape(into out: inout [UInt8]) throws(JSONParseError) {
        let e = bytes[i]
        i += 1
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
    }

    private mutating func text(_ s: String) {
        leaf(.string, UInt32(strings.count))
        strings.append(s)
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101

    /// Whether any of the eight bytes of `w` is `b` (a zero byte of `w ^ b…b`: the subtraction
    /// borrows into the high bit only there, or past a byte that already had it).
    @inline(__always) static func hasByte(_ w: UInt64, _ b: UInt8) -> Bool {
        hasByteBelow(w ^ (ones &* UInt64(b)), 1)
    }

    /// Whether any of the eight bytes of `w` is below `n` (at most 0x80).
    @inline(__always) static func hasByteBelow(_ w: UInt64, _ n: UInt8) -> Bool {
        (w &- ones &* UInt64(n)) & ~w & (ones &* 0x80) != 0
    }

    /// `bytes` as a String if they are valid UTF-8. Decoding repairs invalid sequences (with U+FFFD,
    /// which changes the bytes) and valid text comes back byte for byte: one fast decode and a
    /// compare cost a fifth of `String(validating:)` (a Cyrillic label: ~250 against ~1 400 instructions).
    static func validString(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var s = String(decoding: bytes, as: UTF8.self)
        let same = s.withUTF8 { u in
            guard u.count == bytes.count else { return false }
            for k in 0..<u.count where u[k] != bytes[k] { return false }
            return true
        }
        return same ? s : nil
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error(N_("invalid \\u escape")) }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            i += 1
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
