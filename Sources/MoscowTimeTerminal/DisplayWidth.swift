// SPDX-License-Identifier: GPL-3.0-or-later
/// The terminal columns a Unicode scalar takes: 0 for combining marks and format characters, 2 for
/// East Asian wide characters and emoji, else 1; GLib's rule (`g_unichar_iszerowidth`,
/// `g_unichar_iswide`), kept as a table generated from it (`scripts/generate-display-widths`) so
/// that the terminal module, like the domain, calls no C library. TextWidthTests compares every scalar.
enum DisplayWidth {
    static func of(_ v: UInt32) -> Int {
        if v < 0x300 { return 1 }  // nothing before the combining diacritics is narrower or wider
        var low = 0
        var high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].last < v { low = mid + 1 } else { high = mid }
        }
        return low < ranges.count && ranges[low].first <= v ? Int(ranges[low].width) : 1
    }
}
