// SPDX-License-Identifier: GPL-3.0-or-later
import TestSupport
import Testing

@testable import MoscowTimeStore

@Suite(.timeLimit(.minutes(1)))
struct JSONTests {
    func parse(_ text: String) throws(JSONParseError) -> JSONValue { try JSONParser.parse(text) }

    func parseError(_ text: String) -> JSONParseError? {
        do {
            _ = try JSONParser.parse(text)
            return nil
        } catch { return error }
    }

    @Test func scalarsAndStructure() throws {
        let v = try parse(#" { "a": [1, -2.5, 1e3, true, false, null, "x"], "b": {}, "c": [] } "#)
        #expect(v["a"] == .array([.number(1), .number(-2.5), .number(1000), .bool(true), .bool(false), .null, .string("x")]))
        #expect(v["b"] == .object([]))
        #expect(v["c"] == .array([]))
        #expect(v["missing"] == nil)
        #expect(v["a"]?.arrayValue?.first?.intValue == 1)
        #expect(v["a"]?.arrayValue?[1].intValue == nil)  // not integral
        #expect(v["a"]?.arrayValue?[1].doubleValue == -2.5)
    }

    @Test func objectMemberOrderIsKept() throws {
        let v = try parse(#"{"z": 1, "a": 2, "m": 3}"#)
        guard case .object(let members) = v else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.0) == ["z", "a", "m"])
        #expect(JSONWriter.compact(v) == #"{"z":1,"a":2,"m":3}"#)
    }

    @Test(arguments: [
        "Подъём", "Чай ☕", "👨‍👩‍👧‍👦 family", "quote \" backslash \\ slash /", "line\nbreak\ttab\r",
        "\u{01}\u{1F}\u{7F}", "", "日本語", "e\u{301}", "\u{2028}\u{2029}", "a\u{0}b",
    ])
    func stringsRoundTrip(text: String) throws {
        let v = JSONValue.object([("label", .string(text)), ("list", .array([.string(text)]))])
        for written in [JSONWriter.pretty(v), JSONWriter.compact(v)] {
            #expect(try parse(written) == v)
            #expect(!written.utf8.contains { $0 < 0x20 && $0 != 0x0A })  // control characters are escaped
        }
    }

    @Test func nonASCIIIsWrittenAsIs() {
        #expect(JSONWriter.compact(.string("Чай ☕")) == "\"Чай ☕\"")
        #expect(JSONWriter.compact(.string("a\"b\\c\nd\u{01}")) == #""a\"b\\c\nd\u0001""#)
        // What a terminal would act on is escaped beside text written as is.
        #expect(JSONWriter.compact(.string("é\u{7F}\u{85}\u{202E}x")) == #""é\u007f\u0085\u202ex""#)
    }

    @Test func escapesAndSurrogatePairs() throws {
        #expect(try parse(#""\u041f\u043e\u0434\u044a\u0451\u043c""#) == .string("Подъём"))
        #expect(try parse(#""\ud83d\ude00""#) == .string("😀"))
        #expect(try parse(#""\uD83C\uDDF7\uD83C\uDDFA""#) == .string("🇷🇺"))
        #expect(try parse(#""\"\\\/\b\f\n\r\t""#) == .string("\"\\/\u{8}\u{C}\n\r\t"))
        #expect(try parse(#""mixed Чай \u2615 and \n""#) == .string("mixed Чай ☕ and \n"))
        #expect(parseError(#""\ud83d""#) != nil)  // lone high surrogate
        #expect(parseError(#""\ud83dx""#) != nil)
        #expect(parseError(#""\ude00""#) != nil)  // lone low surrogate
        #expect(parseError(#""\ud83d\u0041""#) != nil)  // high followed by a non-surrogate
        #expect(parseError(#""\x41""#) != nil)
        #expect(parseError(#""\u12G4""#) != nil)
        #expect(parseError("\"raw\nnewline\"") != nil)
        #expect(parseError("\"unterminated") != nil)
        #expect(parseError("\"unterminated\\") != nil)
    }

    @Test func invalidUTF8IsRefused() throws {
        #expect(throws: JSONParseError.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
        #expect(throws: JSONParseError.self) { try JSONParser.parse([0x22, 0xD0, 0x22]) }  // truncated 2-byte sequence
        #expect(throws: JSONParseError.self) { try JSONParser.parse([0x22, 0x5C, 0x6E, 0xC0, 0xAF, 0x22]) }  // overlong, after an escape
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)
        #expect((try? JSONParser.parse(bom)) == .array([.number(1)]))  // BOM tolerated
    }

    @Test func numbers() throws {
        #expect(try parse("0") == .number(0))
        #expect(try parse("-0") == .number(0))
        #expect(try parse("123456789012") == .number(123_456_789_012))
        #expect(try parse("-12.5e-1") == .number(-1.25))
        #expect(try parse("1E+2") == .number(100))
        #expect(try parse("0.5") == .number(0.5))
        for bad in ["01", "-01", "1.", ".5", "+1", "-", "1e", "1e+", "0x10", "NaN", "Infinity", "1.2.3", "- 1"] {
            #expect(parseError(bad) != nil, "\(bad) should be refused")
        }
        // Integral numbers are written without a fraction, others exactly.
        #expect(JSONWriter.compact(.array([.int(42), .number(-7), .number(2.5), .number(0.1)])) == "[42,-7,2.5,0.1]")
        #expect(try parse(JSONWriter.compact(.number(1e20))) == .number(1e20))
        #expect(try parse(JSONWriter.compact(.number(123.456))) == .number(123.456))
    }

    @Test func errorsCarryLineAndColumn() {
        let e = parseError("{\n  \"a\": 1,\n  \"b\" 2\n}")
        #expect(e?.line == 3)
        #expect(e?.column == 7)
        #expect(e?.reason == "expected ':'")
        #expect(e?.description == "line 3, column 7: expected ':'")
        // Columns count characters, not bytes.
        let c = parseError("{\"ключ\" x}")
        #expect(c?.line == 1)
        #expect(c?.column == 9)
        let end = parseError("[1, 2")
        #expect(end?.line == 1)
        #expect(end?.reason == "unexpected end of document")
        let trailing = parseError("{} {}")
        #expect(trailing?.column == 4)
        #expect(trailing?.reason == "unexpected text after the document")
        #expect(parseError("[1,]")?.column == 4)
        #expect(parseError("{\"a\":1,}") != nil)
        #expect(parseError("") != nil)
        #expect(parseError("   ") != nil)
        #expect(parseError("tru") != nil)
        #expect(parseError("nul") != nil)
        #expect(parseError("{'a': 1}") != nil)
    }

    @Test func deepNestingIsRefused() throws {
        let ok = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(try parse(ok) != .null)
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(parseError(deep)?.reason == "nesting too deep")
        // Far deeper input must fail cleanly too (no stack overflow).
        #expect(parseError(String(repeating: "[", count: 200_000))?.reason == "nesting too deep")
        #expect(parseError(String(repeating: "{\"a\":", count: 100_000))?.reason == "nesting too deep")
    }

    @Test func prettyOutputShape() {
        let v = JSONValue.object([
            ("name", .string("x")),
            ("days", .array([.string("mon"), .string("tue")])),
            ("nested", .object([("n", .int(1))])),
            ("objects", .array([.object([("k", .null)])])),
            ("empty", .object([])),
        ])
        #expect(
            JSONWriter.pretty(v) == """
                {
                  "name": "x",
                  "days": ["mon", "tue"],
                  "nested": {
                    "n": 1
                  },
                  "objects": [
                    {
                      "k": null
                    }
                  ],
                  "empty": {}
                }

                """)
    }

    /// Random documents survive write → parse in both styles.
    @Test func randomDocumentsRoundTrip() throws {
        var rng = SplitMix(seed: 2026)
        let alphabet = Array("abcxyz АБВяё☕😀👍🏽\"\\/\n\t\u{1}{}[],:") + ["\u{10FFFF}", "\u{E000}"]
        func text() -> String { String((0..<Int(rng.next() % 12)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }) }
        func value(_ depth: Int) -> JSONValue {
            switch rng.next() % (depth > 4 ? 4 : 6) {
            case 0: return .null
            case 1: return .bool(rng.next() % 2 == 0)
            case 2: return .number(Double(Int64(bitPattern: rng.next()) % 1_000_000_000) / (rng.next() % 2 == 0 ? 1 : 8))
            case 3: return .string(text())
            case 4: return .array((0..<Int(rng.next() % 10)).map { _ in value(depth + 1) })
            default: return .object((0..<Int(rng.next() % 10)).map { _ in (text(), value(depth + 1)) })
            }
        }
        for _ in 0..<300 {
            let v = value(0)
            #expect(try parse(JSONWriter.pretty(v)) == v)
            #expect(try parse(JSONWriter.compact(v)) == v)
            #expect(JSONDocument(v).value == v)  // a tree made a tape (decoders given a tree)
        }
    }

    /// The parser's eight-bytes-at-a-time tests against the bytes one by one.
    @Test func wordTestsAgreeWithTheBytes() {
        var rng = SplitMix(seed: 24)
        let interesting: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0x81, 0xA2, 0xDC, 0xFF]
        for round in 0..<20_000 {
            let bytes = (0..<8).map { _ in round % 2 == 0 ? interesting[Int(rng.next() % 16)] : UInt8(truncatingIfNeeded: rng.next()) }
            let w = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            for b: UInt8 in [0x22, 0x5C, 0x00, 0xFF] { #expect(JSONParser.hasByte(w, b) == bytes.contains(b), "\(bytes) \(b)") }
            for n: UInt8 in [1, 0x20, 0x80] { #expect(JSONParser.hasByteBelow(w, n) == bytes.contains { $0 < n }, "\(bytes) < \(n)") }
        }
    }

    /// A quote, escape, control character, non-ASCII letter or invalid byte at every position of
    /// strings of every length around the eight-byte steps reads as one byte at a time would.
    @Test func everyPositionOfTheFastStringPath() throws {
        for length in 0..<26 {
            for at in 0...length {
                let before = String(repeating: "a", count: at)
                let after = String(repeating: "b", count: length - at)
                #expect(try parse("\"\(before)\\n\(after)\"") == .string(before + "\n" + after))
                #expect(try parse("\"\(before)я\(after)\"") == .string(before + "я" + after))
                #expect(try parse("[\"\(before)\",\"\(after)\"]") == .array([.string(before), .string(after)]))
                #expect(parseError("\"\(before)\u{1}\(after)\"") != nil)
                #expect(throws: JSONParseError.self) { try JSONParser.parse(Array("\"\(before)".utf8) + [0xFF] + Array("\(after)\"".utf8)) }
                #expect(parseError("\"\(before)\(after)") != nil)  // unterminated
            }
        }
    }

    /// An object's name mask never hides a member: random objects of short names from a small
    /// alphabet (many share a bit), asked for random names, answer as a scan of every name does.
    @Test func theNameMaskHidesOnlyAbsentNames() throws {
        var rng = SplitMix(seed: 5)
        let letters = Array("abzé_0")
        func name() -> String { String((0..<Int(rng.next() % 5)).map { _ in letters[Int(rng.next() % UInt64(letters.count))] }) }
        for _ in 0..<2_000 {
            let names = (0..<Int(rng.next() % 9)).map { _ in name() }
            let doc = JSONDocument(try JSONParser.parse(JSONWriter.compact(.object(names.enumerated().map { ($1, .int($0)) }))))
            let parsed = try JSONParser.document(Array(JSONWriter.compact(doc.value).utf8))
            let mask = parsed.names(of: JSONDocument.root)
            for key in names + (0..<6).map({ _ in name() }) {
                let expected = names.firstIndex(of: key).map(Double.init)
                #expect(parsed.member(key, of: JSONDocument.root, names: mask).flatMap(parsed.number) == expected, "\(names) \(key)")
                #expect(doc.member(key, of: JSONDocument.root, names: doc.names(of: JSONDocument.root)).flatMap(doc.number) == expected)
            }
        }
    }

    /// A member is found by its name's bytes: the first of the same name, escaped names, names beyond ASCII.
    @Test func membersAreFoundByName() throws {
        let doc = try JSONParser.document(#"{"id": 1, "i": 2, "idd": 3, "\u0069d": 4, "id": 5, "имя": 6, "": 7, "x\"y": 8}"#)
        let root = JSONDocument.root
        func number(_ key: String) -> Double? {
            let found = doc.member(key, of: root)
            #expect(doc.member(key, of: root, names: doc.names(of: root)) == found, "\(key)")
            return found.flatMap(doc.number)
        }
        #expect(number("id") == 1)
        #expect(number("i") == 2)
        #expect(number("idd") == 3)
        #expect(number("имя") == 6)
        #expect(number("") == 7)
        #expect(number("x\"y") == 8)
        #expect(number("ID") == nil && number("d") == nil && number("idd ") == nil)
        let escapedFirst = try JSONParser.document(#"{"\u0069d": 4, "id": 5}"#)
        #expect(escapedFirst.member("id", of: root).flatMap(escapedFirst.number) == 4)
    }
}
