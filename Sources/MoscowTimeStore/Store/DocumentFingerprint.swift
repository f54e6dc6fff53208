// SPDX-License-Identifier: GPL-3.0-or-later

/// A hash of the store file's bytes, as the agent and its sync driver compare them: equal bytes,
/// equal fingerprints. Hashing the decoded document cost a walk of every habit day, about a fifth
/// of the agent's start with a user's five years of habits; `Hasher` over the bytes still cost 6.6
/// instructions a byte (SipHash). This takes eight bytes at a time, about one instruction a byte.
/// It guards nothing against an adversary: two different files that collided would only leave one
/// local change to the next periodic sync.
public enum DocumentFingerprint {
    /// `bytes` nil: there is no file.
    public static func of(_ bytes: [UInt8]?) -> Int {
        guard let bytes else { return 0 }
        return bytes.withUnsafeBytes { raw in
            // 64-bit multiply–rotate mixing (the core of MurmurHash64A-like hashes), seeded by the length.
            let k1: UInt64 = 0x87c3_7b91_1142_53d5
            let k2: UInt64 = 0x4cf5_ad43_2745_937f
            var h: UInt64 = 0x9e37_79b9_7f4a_7c15 ^ UInt64(raw.count)
            let words = raw.count / 8
            for i in 0..<words {
                let w = raw.loadUnaligned(fromByteOffset: i * 8, as: UInt64.self)
                h = ((h ^ (w &* k1)).rotatedLeft(31)) &* k2
            }
            var tail: UInt64 = 0
            for i in stride(from: raw.count - 1, through: words * 8, by: -1) { tail = tail << 8 | UInt64(raw[i]) }
            h = ((h ^ (tail &* k1)).rotatedLeft(31)) &* k2
            h ^= h >> 33
            h &*= 0xff51_afd7_ed55_8ccd
            h ^= h >> 33
            return Int(truncatingIfNeeded: h)
        }
    }
}

extension UInt64 {
    fileprivate func rotatedLeft(_ n: UInt64) -> UInt64 { self << n | self >> (64 - n) }
}
