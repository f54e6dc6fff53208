// SPDX-License-Identifier: GPL-3.0-or-later
import Glibc

/// Alarm ids: 8 random lowercase hex digits, addressed on the command line by any unique prefix
/// (as git does with commits) or by the exact label.
public enum AlarmID {
    public static func isValid(_ id: String) -> Bool { hexValue(id) != nil }

    /// A fresh id not in `taken`.
    public static func make(avoiding taken: Set<String>) -> String {
        var rng = SystemRandomNumberGenerator()
        while true {
            let n = UInt32.random(in: .min ... .max, using: &rng)
            let hex = String(n, radix: 16)
            let id = String(repeating: "0", count: 8 - hex.count) + hex
            if !taken.contains(id) { return id }
        }
    }

    /// The shortest prefix (at least 4 digits) that tells `id` apart from every other id.
    public static func shortForm(_ id: String, among ids: [String]) -> String {
        // One pass over the ids, comparing bytes (ids are ASCII): the longest prefix shared with
        // another id, plus one digit. (`next` calls this for each row it prints.)
        let mine = Array(id.utf8)
        var shared = 0
        for other in ids where other != id {
            var n = 0
            for b in other.utf8 {
                guard n < mine.count, mine[n] == b else { break }
                n += 1
            }
            shared = max(shared, n)
        }
        return String(id.prefix(min(8, max(4, shared + 1))))
    }

    /// `shortForm` of every id in `ids`, in the same order, computed at once in O(n log n): after
    /// sorting, the ids sharing the longest prefix with an id are its neighbours. (`shortForm` per
    /// row is O(n²): seconds for `agent-cli list` with 10 000 alarms.)
    public static func shortForms(_ ids: [String]) -> [String] {
        // Valid ids are 32-bit numbers in hex: sort numbers and count shared hex digits with XOR.
        // Each is sorted with its position in one 64-bit key (no closure per comparison), and the
        // short forms are written from the numbers (no Substring per row).
        var keys: [UInt64] = []
        var values: [UInt32] = []
        keys.reserveCapacity(ids.count)
        values.reserveCapacity(ids.count)
        for (k, id) in ids.enumerated() {
            guard let v = hexValue(id) else { break }
            keys.append(UInt64(v) << 32 | UInt64(k))
            values.append(v)
        }
        if keys.count == ids.count {
            // C's qsort: the standard library's sort made its scratch array's type by name, a search
            // of all of agent-cli's conformance records (a twentieth of `list` of 100 alarms).
            keys.withUnsafeMutableBufferPointer { b in
                guard let base = b.baseAddress else { return }
                qsort(base, b.count, MemoryLayout<UInt64>.stride) { x, y in
                    let a = x!.load(as: UInt64.self)
                    let b = y!.load(as: UInt64.self)
                    return a < b ? -1 : (a > b ? 1 : 0)
                }
            }
            var length = [Int](repeating: 4, count: ids.count)  // at least 4 digits
            var k = 0
            while k < keys.count {  // runs of equal ids share one length
                var end = k + 1
                while end < keys.count, keys[end] >> 32 == keys[k] >> 32 { end += 1 }
                let v = UInt32(keys[k] >> 32)
                var shared = 0
                if k > 0 { shared = (UInt32(keys[k - 1] >> 32) ^ v).leadingZeroBitCount / 4 }
                if end < keys.count { shared = max(shared, (UInt32(keys[end] >> 32) ^ v).leadingZeroBitCount / 4) }
                for j in k..<end { length[Int(truncatingIfNeeded: keys[j] & 0xFFFF_FFFF)] = min(8, max(4, shared + 1)) }
                k = end
            }
            return ids.indices.map { hexPrefix(values[$0], length[$0]) }
        }
        let sorted = Set(ids).map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
        func common(_ a: [UInt8], _ b: [UInt8]) -> Int {
            var n = 0
            while n < a.count, n < b.count, a[n] == b[n] { n += 1 }
            return n
        }
        var length: [String: Int] = [:]
        for (k, id) in sorted.enumerated() {
            var shared = 0
            if k > 0 { shared = common(id, sorted[k - 1]) }
            if k + 1 < sorted.count { shared = max(shared, common(id, sorted[k + 1])) }
            length[String(decoding: id, as: UTF8.self)] = min(8, max(4, shared + 1))
        }
        return ids.map { String($0.prefix(length[$0]!)) }
    }

    /// The number a valid id spells; nil for an invalid one.
    static func hexValue(_ id: String) -> UInt32? {
        guard id.utf8.count == 8 else { return nil }
        var id = id
        return id.withUTF8 { u -> UInt32? in  // in place: iterating a small String's utf8 is slow
            var v: UInt32 = 0
            for b in u {
                switch b {
                case 48...57: v = v << 4 | UInt32(b - 48)
                case 97...102: v = v << 4 | UInt32(b - 87)
                default: return nil
                }
            }
            return v
        }
    }

    /// The first `count` of the 8 lowercase hex digits of `value`: the id's own prefix.
    static func hexPrefix(_ value: UInt32, _ count: Int) -> String {
        String(unsafeUninitializedCapacity: count) { buffer in
            for k in 0..<count {
                let nibble = UInt8(truncatingIfNeeded: value >> (28 - 4 * UInt32(k))) & 0xF
                buffer[k] = nibble < 10 ? 48 + nibble : 87 + nibble
            }
            return count
        }
    }
}
