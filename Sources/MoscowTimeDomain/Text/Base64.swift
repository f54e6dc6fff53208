// SPDX-License-Identifier: GPL-3.0-or-later
/// Standard base64 (RFC 4648) decoding, for the catalogues embedded at build time; the core does
/// without Foundation.
enum Base64 {
    /// Over the text's bytes in place, into an array of its final size: the shipped calendar (23 kB
    /// of base64) is decoded on every run that loads a document, the catalogue on every Russian one.
    static func decode(_ text: String) -> [UInt8]? {
        var text = text
        return text.withUTF8 { decode(bytes: $0) }
    }

    static func decode(bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var failed = false
        let out = [UInt8](unsafeUninitializedCapacity: bytes.count / 4 * 3 + 3) { buffer, count in
            values.withUnsafeBufferPointer { values in
                var buffer32: UInt32 = 0
                var bits = 0
                var n = 0
                var i = 0
                // Four characters to three bytes at a time while they are plain base64 (all but the end).
                while i + 4 <= bytes.count {
                    let a = values[Int(bytes[i])]
                    let b = values[Int(bytes[i + 1])]
                    let c = values[Int(bytes[i + 2])]
                    let d = values[Int(bytes[i + 3])]
                    guard a | b | c | d < 64 else { break }
                    let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                    buffer[n] = UInt8(truncatingIfNeeded: group >> 16)
                    buffer[n + 1] = UInt8(truncatingIfNeeded: group >> 8)
                    buffer[n + 2] = UInt8(truncatingIfNeeded: group)
                    n += 3
                    i += 4
                }
                for c in bytes[i...] {
                    let v = values[Int(c)]
                    if v >= 64 {
                        if v == padding { continue }
                        failed = true
                        count = 0
                        return
                    }
                    buffer32 = buffer32 << 6 | UInt32(v)
                    bits += 6
                    if bits >= 8 {
                        bits -= 8
                        buffer[n] = UInt8(truncatingIfNeeded: buffer32 >> UInt32(bits))
                        n += 1
                    }
                }
                count = n
            }
        }
        return failed ? nil : out
    }

    private static let padding: UInt8 = 0xFE

    /// Each byte's 6-bit value; `padding` for "=", 0xFF for a byte that is not base64. A table
    /// rather than a range test per byte: the Russian catalogue is 220 kB of base64.
    private static let values: [UInt8] = {
        var t = [UInt8](repeating: 0xFF, count: 256)
        for (k, c) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8.enumerated() { t[Int(c)] = UInt8(k) }
        t[Int(UInt8(ascii: "="))] = padding
        return t
    }()
}
