// SPDX-License-Identifier: GPL-3.0-or-later
import TestSupport
import Testing

@testable import MoscowTimeStore

/// The parser's shortcuts (numbers without strtod, reused member names, per-depth stacks, UTF-8
/// checked by one decode) against the slow, obvious ways: the same values, the same refusals.
@Suite(.timeLimit(.minutes(1)))
struct JSONParserFastPathTests {
    /// Every number text the grammar allows, read exactly as `Double(String)` (strtod) reads it.
    @Test func numbersMatchStrtod() throws {
        var rng = SplitMix(seed: 2026)
        var texts = [
            "0", "-0", "1", "-1", "0.1", "0.5", "7.3", "-12.5e-1", "1E+2", "1e22", "1e23", "1e-22", "1e-23",
            "9007199254740992", "9007199254740993", "18446744073709551615", "123456789012345678901234",
            "0.000123", "1.7976931348623157e308", "4.9e-324", "2.2250738585072014e-308", "1e400", "1e-400",
            "0.30000000000000004", "123.456", "100000000000000000000000", "0e999", "5e-0001", "1.0e+00",
        ]
        for _ in 0..<5000 {
            var s = rng.next() % 4 == 0 ? "-" : ""
            let intDigits = Int(rng.next() % 12) + 1
            s += String(rng.next() % 9 + 1)
            for _ in 1..<intDigits { s += String(rng.next() % 10) }
            if rng.next() % 2 == 0 { s = (s.hasPrefix("-") ? "-" : "") + "0" }
            if rng.next() % 2 == 0 {
                s += "."
                for _ in 0..<(Int(rng.next() % 18) + 1) { s += String(rng.next() % 10) }
            }
            if rng.next() % 3 == 0 {
                s += ["e", "E"][Int(rng.next() % 2)] + ["", "+", "-"][Int(rng.next() % 3)] + String(rng.next() % 40)
            }
            texts.append(s)
        }
        for text in texts {
            let expected = try #require(Double(text), "\(text)")
            guard case .number(let got) = try JSONParser.parse(text) else {
                Issue.record("\(text) is not a number")
                continue
            }
            #expect(got.bitPattern == expected.bitPattern, "\(text): \(got) != \(expected)")
        }
    }

    /// Any tree the writer writes reads back equal, pretty or compact: member names of every
    /// length around the 16-byte shortcut, repeated, escaped, non-ASCII, starting with digits.
    @Test func randomTreesRoundTrip() throws {
        var rng = SplitMix(seed: 7)
        let names = [
            "id", "label", "schedule", "durationSeconds", "achievementNotifications", "abcdefgh", "abcdefghi",
            "abcdefghijklmnop", "abcdefghijklmnoq", "abcdefghijklmnopq", "bcdefgha", "2026-11-21", "7",
            "ключ", "a\"b", "tab\there", "", " ", "Kind", "\u{212A}ind", "e\u{301}", "\u{E9}",
        ]
        func tree(_ depth: Int) -> JSONValue {
            switch rng.next() % (depth > 4 ? 4 : 6) {
            case 0: return .null
            case 1: return .bool(rng.next() % 2 == 0)
            case 2: return .number(Double(Int64(bitPattern: rng.next()) % 1_000_000) / 10)
            case 3: return .string(names[Int(rng.next() % UInt64(names.count))] + "Чай ☕")
            case 4: return .array((0..<Int(rng.next() % 6)).map { _ in tree(depth + 1) })
            default:
                return .object((0..<Int(rng.next() % 8)).map { _ in (names[Int(rng.next() % UInt64(names.count))], tree(depth + 1)) })
            }
        }
        for _ in 0..<300 {
            let v = tree(0)
            #expect(try JSONParser.parse(JSONWriter.pretty(v)) == v)
            #expect(try JSONParser.parse(JSONWriter.compact(v)) == v)
        }
    }

    /// Names that share a reused slot or the first 8 or 16 bytes still come back as written, in order.
    @Test func memberNamesAreNeverMixedUp() throws {
        var rng = SplitMix(seed: 11)
        var names: [String] = []
        for _ in 0..<400 {
            let n = Int(rng.next() % 20) + 1
            names.append(String((0..<n).map { _ in Character(Unicode.Scalar(UInt8(97 + rng.next() % 3))) }))
        }
        let members = names.enumerated().map { ($0.element, JSONValue.int($0.offset)) }
        let v = try JSONParser.parse(JSONWriter.compact(.object(members)))
        guard case .object(let got) = v else {
            Issue.record("not an object")
            return
        }
        #expect(got.map(\.0) == names)
        #expect(got.map(\.1) == members.map(\.1))
        // Escaped and plain spellings of one name are the same name.
        #expect(try JSONParser.parse(#"{"ab": 1, "a\u0062": 2}"#) == .object([("ab", .int(1)), ("ab", .int(2))]))
    }

    @Test func invalidUTF8InLongerStringsIsRefused() throws {
        let bad: [[UInt8]] = [
            [0xD0, 0x9F, 0xFF], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80],  // overlong, surrogate
            [0xF4, 0x90, 0x80, 0x80], [0xF0, 0x9F, 0x98], [0x80], Array("Чай ☕".utf8.dropLast()),
        ]
        for b in bad {
            let doc = [0x7B, 0x22, 0x6B, 0x22, 0x3A, 0x22] + Array("Подъём ".utf8) + b + [0x22, 0x7D]
            #expect(throws: JSONParseError.self, "\(b)") { try JSONParser.parse(doc) }
        }
        #expect(try JSONParser.parse(#"{"k":"Подъём 👨‍👩‍👧 \uFFFD"}"#)["k"] == .string("Подъём 👨‍👩‍👧 \u{FFFD}"))
    }
}
