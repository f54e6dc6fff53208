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
            var buffer32: UInt32 = 0
            var bits = 0
            var n = 0
            for c in bytes {
                let v: UInt8
                switch c {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): v = c - UInt8(ascii: "A")
                case UInt8(ascii: "a")...UInt8(ascii: "z"): v = c - UInt8(ascii: "a") + 26
                case UInt8(ascii: "0")...UInt8(ascii: "9"): v = c - UInt8(ascii: "0") + 52
                case UInt8(ascii: "+"): v = 62
                case UInt8(ascii: "/"): v = 63
                case UInt8(ascii: "="): continue
                default:
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
        return failed ? nil : out
    }
}
