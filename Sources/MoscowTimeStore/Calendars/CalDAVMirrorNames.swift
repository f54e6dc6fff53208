// SPDX-License-Identifier: GPL-3.0-or-later
/// Safe file names for a CalDAV collection's mirror: one folder a collection, one `.ics` file a
/// resource, derived from their URLs. A name from the server is used only when it is plainly a file
/// name (letters, digits, `-`, `_`, `.`, `@`, not starting with a dot, at most 100 bytes); any other
/// becomes a hash of the URL, so `../x`, `%2F` or a control character never reach a path.
public enum CalDAVMirrorNames {
    /// `<last part>-<hash>` (the hash keeps two collections called `work` on two paths apart).
    public static func folder(for url: String) -> String {
        let last = lastPart(url)
        let hash = String(fnv(url).prefix(8))
        return (isSafe(last) && !last.isEmpty ? last + "-" : "") + hash
    }

    /// The resource's own name when safe (`.ics` added when it has none), else `h-<hash>.ics`.
    public static func file(for href: String) -> String {
        let last = lastPart(href)
        guard isSafe(last), !last.isEmpty else { return "h-" + fnv(href) + ".ics" }
        return last.hasSuffix(".ics") ? last : last + ".ics"
    }

    public static func lastPart(_ url: String) -> String {
        String(url.split(separator: "/", omittingEmptySubsequences: true).last ?? "")
    }

    static func isSafe(_ name: String) -> Bool {
        guard name.utf8.count <= 100, !name.hasPrefix(".") else { return false }
        return name.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x5F || b == 0x2E
                || b == 0x40
        }
    }

    /// FNV-1a, 64 bits, as 16 hex digits: enough to tell names and texts apart, not a secret.
    public static func fnv(_ text: String) -> String { fnv(Array(text.utf8)) }

    public static func fnv(_ bytes: [UInt8]) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
