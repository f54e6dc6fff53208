// SPDX-License-Identifier: GPL-3.0-or-later
import TestSupport
import Testing

@testable import MoscowTimeDomain

/// The base64 decoding of the embedded catalogues and calendars.
struct Base64Tests {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let chunk = Array(bytes[i..<min(i + 3, bytes.count)])
            let v = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << UInt32(16 - 8 * $1.offset) }
            for k in 0..<4 { out.append(k <= chunk.count ? alphabet[Int(v >> UInt32(18 - 6 * k) & 63)] : UInt8(ascii: "=")) }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    @Test("known texts, padding, and what is not base64")
    func known() {
        #expect(Base64.decode("aGVsbG8=") == Array("hello".utf8))
        #expect(Base64.decode("aGVsbG8") == Array("hello".utf8))
        #expect(Base64.decode("0JzQvtGB0LrQstCw") == Array("Москва".utf8))
        #expect(Base64.decode("") == [])
        #expect(Base64.decode("aGVs bG8=") == nil)
        #expect(Base64.decode("aGVsbG8*") == nil)
    }

    @Test("random bytes of every length up to 100 come back")
    func roundTrip() {
        var rng = SplitMix(seed: 0xBA5E_64)
        for n in 0...100 {
            let bytes = (0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) }
            #expect(Base64.decode(Self.encode(bytes)) == bytes, "\(n)")
        }
    }
}
