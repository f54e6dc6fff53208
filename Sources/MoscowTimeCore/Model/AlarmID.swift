// SPDX-License-Identifier: GPL-3.0-or-later
/// Alarm ids: 8 random lowercase hex digits, addressed on the command line by any unique prefix
/// (as git does with commits) or by the exact label.
public enum AlarmID {
    public static func isValid(_ id: String) -> Bool {
        id.utf8.count == 8 && id.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

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
        let values = ids.map(hexValue)
        if !values.contains(nil) {
            var distinct: [UInt32] = [], group = [Int](repeating: 0, count: ids.count)
            for i in ids.indices.sorted(by: { values[$0]! < values[$1]! }) {
                if distinct.last != values[i]! { distinct.append(values[i]!) }
                group[i] = distinct.count - 1
            }
            var shared = [Int](repeating: 0, count: distinct.count)
            for k in distinct.indices.dropFirst() {
                let common = (distinct[k - 1] ^ distinct[k]).leadingZeroBitCount / 4
                shared[k - 1] = max(shared[k - 1], common); shared[k] = max(shared[k], common)
            }
            return ids.indices.map { String(ids[$0].prefix(min(8, max(4, shared[group[$0]] + 1)))) }
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

    private static func hexValue(_ id: String) -> UInt32? { isValid(id) ? UInt32(id, radix: 16) : nil }
}
