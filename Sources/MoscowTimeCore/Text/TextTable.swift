// SPDX-License-Identifier: GPL-3.0-or-later
import CGLib

/// Aligns columns by display width, so Cyrillic, CJK and emoji labels line up in a terminal.
public struct TextTable {
    public var header: [String]
    public var rows: [[String]] = []

    public init(header: [String]) { self.header = header }

    public mutating func add(_ row: [String]) { rows.append(row) }

    public func render() -> String { String(decoding: renderUTF8(), as: UTF8.self) }

    /// The table as UTF-8 bytes, ready for `write(2)`: a long listing is assembled without
    /// String appends (slow per call) and without validating the result again.
    public func renderUTF8() -> [UInt8] {
        let all = [header] + rows
        let cellWidths = all.map { $0.map(Self.displayWidth) } // each cell measured once
        var widths = cellWidths[0]
        for r in cellWidths.dropFirst() { for (i, w) in r.enumerated() where i < widths.count { widths[i] = max(widths[i], w) } }
        var out: [UInt8] = []
        out.reserveCapacity(all.count * (widths.reduce(0, +) + 2 * widths.count + 8))
        for (r, row) in all.enumerated() {
            for (i, c) in row.enumerated() {
                out.append(contentsOf: c.utf8)
                if i < row.count - 1 {
                    let gap = i < widths.count ? widths[i] - cellWidths[r][i] + 2 : 2
                    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: gap))
                }
            }
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }

    /// Terminal columns taken by `s`: wide (East Asian, emoji) characters count 2, combining marks 0.
    public static func displayWidth(_ s: String) -> Int {
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return s.utf8.count } // printable ASCII
        var w = 0
        for u in s.unicodeScalars {
            if u.value >= 0x20, u.value < 0x7F { w += 1; continue } // printable ASCII: no table lookups
            if u.value == 0x200D || (0xFE00...0xFE0F).contains(u.value) { continue } // ZWJ, variation selectors
            if g_unichar_iszerowidth(gunichar(u.value)) != 0 { continue }
            w += g_unichar_iswide(gunichar(u.value)) != 0 ? 2 : 1
        }
        return w
    }
}
