import CGLib

/// Aligns columns by display width, so Cyrillic, CJK and emoji labels line up in a terminal.
public struct TextTable {
    public var header: [String]
    public var rows: [[String]] = []

    public init(header: [String]) { self.header = header }

    public mutating func add(_ row: [String]) { rows.append(row) }

    public func render() -> String {
        var widths = header.map(Self.displayWidth)
        for r in rows { for (i, c) in r.enumerated() where i < widths.count { widths[i] = max(widths[i], Self.displayWidth(c)) } }
        var out = ""
        for r in [header] + rows {
            var line = ""
            for (i, c) in r.enumerated() {
                line += c
                if i < r.count - 1 { line += String(repeating: " ", count: widths[i] - Self.displayWidth(c) + 2) }
            }
            out += line + "\n"
        }
        return out
    }

    /// Terminal columns taken by `s`: wide (East Asian, emoji) characters count 2, combining marks 0.
    public static func displayWidth(_ s: String) -> Int {
        var w = 0
        for u in s.unicodeScalars {
            if u.value == 0x200D || (0xFE00...0xFE0F).contains(u.value) { continue } // ZWJ, variation selectors
            if g_unichar_iszerowidth(gunichar(u.value)) != 0 { continue }
            w += g_unichar_iswide(gunichar(u.value)) != 0 ? 2 : 1
        }
        return w
    }
}
