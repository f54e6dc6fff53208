// SPDX-License-Identifier: GPL-3.0-or-later
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
        // Each cell measured once, into one flat array (row r's cells start at rowStart[r]).
        var cellWidths: [Int] = []
        var rowStart: [Int] = []
        cellWidths.reserveCapacity((rows.count + 1) * header.count)
        rowStart.reserveCapacity(rows.count + 1)
        var widths = header.map(Self.displayWidth)
        rowStart.append(0)
        cellWidths.append(contentsOf: widths)
        for row in rows {
            rowStart.append(cellWidths.count)
            for (i, c) in row.enumerated() {
                let w = Self.displayWidth(c)
                cellWidths.append(w)
                if i < widths.count, w > widths[i] { widths[i] = w }
            }
        }
        let spaces = [UInt8](repeating: UInt8(ascii: " "), count: (widths.max() ?? 0) + 2)
        var out: [UInt8] = []
        out.reserveCapacity((rows.count + 1) * (widths.reduce(0, +) + 2 * widths.count + 8))
        func write(_ row: [String], _ r: Int) {
            for (i, c) in row.enumerated() {
                Self.append(c, to: &out)
                if i < row.count - 1 {
                    let gap = i < widths.count ? widths[i] - cellWidths[rowStart[r] + i] + 2 : 2
                    out.append(contentsOf: spaces[..<gap])
                }
            }
            out.append(UInt8(ascii: "\n"))
        }
        write(header, 0)
        for (k, row) in rows.enumerated() { write(row, k + 1) }
        return out
    }

    private static func append(_ s: String, to out: inout [UInt8]) {
        if s.utf8.withContiguousStorageIfAvailable({ out.append(contentsOf: $0) }) == nil { out.append(contentsOf: s.utf8) }
    }

    /// Terminal columns taken by `s`: wide (East Asian, emoji) characters count 2, combining marks 0.
    public static func displayWidth(_ s: String) -> Int {
        let ascii =
            s.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
            ?? s.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        if ascii { return s.utf8.count }  // printable ASCII
        var w = 0
        for u in s.unicodeScalars {
            if u.value >= 0x20, u.value < 0x7F {
                w += 1
                continue
            }  // printable ASCII: no table lookups
            w += DisplayWidth.of(u.value)
        }
        return w
    }
}
