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
        var length = 4
        while length < 8, ids.contains(where: { $0 != id && $0.hasPrefix(id.prefix(length)) }) { length += 1 }
        return String(id.prefix(length))
    }
}
